// What every real-VS Code test file shares: the pgnls binary, one headless
// Chromium for the file's tests, and sessions, each a fresh code-server
// with a workspace folder, a browser page on it, and its logs and
// screenshots kept in test/real/screenshots/ (git-ignored; CI keeps it).

import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { after, before } from 'node:test';
import { Browser, chromium } from 'playwright-core';

import { pgnlsBinary, repoRoot } from '../pgnls-binary';
import { CodeServer, realDir } from './code-server';
import * as game from './game';
import { Workbench } from './workbench';

export const shotDir = path.join(realDir, 'screenshots');
const chromiumPath = process.env.PGNLS_CHROMIUM || '/usr/bin/chromium';
export const extensionDir = path.join(repoRoot, 'editors', 'vscode');
const pkg = JSON.parse(fs.readFileSync(path.join(extensionDir, 'package.json'), 'utf8'));
/** The folder name VS Code gives an installed extension. */
const installedName = `${pkg.publisher}.${pkg.name}-${pkg.version}`;

/** The state of a test file's run, set by its before hook. */
export interface Harness {
  binary: string;
  browser: Browser;
  tmp: string;
}

/**
 * useHarness registers the test file's before and after hooks: the pgnls
 * binary built, Chromium started with its own files in a temporary folder,
 * and both cleaned up after.
 */
export function useHarness(): Harness {
  const h = {} as Harness;
  before(async () => {
    fs.mkdirSync(shotDir, { recursive: true });
    h.binary = pgnlsBinary();
    if (!fs.existsSync(chromiumPath)) {
      throw new Error(`no Chromium at ${chromiumPath}: apt-get install --no-install-recommends chromium (or set PGNLS_CHROMIUM)`);
    }
    h.tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pgnls-real-'));
    // Chromium's own files (~/.config/chromium, ~/.cache) stay in tmp too.
    const xdg = path.join(h.tmp, 'browser-xdg');
    const env = { ...process.env, XDG_CONFIG_HOME: path.join(xdg, 'config'), XDG_CACHE_HOME: path.join(xdg, 'cache'), XDG_DATA_HOME: path.join(xdg, 'data') };
    h.browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox'], env });
  });
  after(async () => {
    await h.browser?.close();
    if (h.tmp) {
      fs.rmSync(h.tmp, { recursive: true, force: true });
    }
  });
  return h;
}

export interface SessionOptions {
  pgnlsPath: string;
  /** Install the extension from the working tree (the UI sessions); the test runner loads it itself. */
  install: boolean;
  env?: Record<string, string>;
  /** The workspace's files, by name; by default an empty game.pgn. */
  files?: Record<string, string>;
  /** The workspace's settings (.vscode/settings.json); by default pgnls.lineWidth. */
  settings?: Record<string, unknown>;
}

/** workspace makes the workspace folder of a session. */
function workspace(dir: string, opts: SessionOptions): string {
  const ws = path.join(dir, 'ws');
  fs.mkdirSync(path.join(ws, '.vscode'), { recursive: true });
  for (const [name, text] of Object.entries(opts.files ?? { 'game.pgn': '' })) {
    fs.writeFileSync(path.join(ws, name), text);
  }
  const settings = opts.settings ?? { 'pgnls.lineWidth': game.lineWidth };
  fs.writeFileSync(path.join(ws, '.vscode', 'settings.json'), JSON.stringify(settings, null, 2));
  return ws;
}

/**
 * session starts code-server, opens a browser page on it, runs fn, and
 * stops both, keeping code-server's and the page's logs beside the
 * screenshots. The session's files of an earlier run (its name's) go first.
 */
export async function session(h: Harness, name: string, opts: SessionOptions, fn: (server: CodeServer, wb: Workbench, ws: string) => Promise<void>): Promise<void> {
  for (const f of fs.readdirSync(shotDir)) {
    if (f.startsWith(`${name}-`)) {
      fs.rmSync(path.join(shotDir, f), { force: true });
    }
  }
  const dir = path.join(h.tmp, name);
  const server = await CodeServer.start({
    dir,
    pgnlsPath: opts.pgnlsPath,
    extensions: opts.install ? { [installedName]: extensionDir } : {},
    env: opts.env,
    logFile: path.join(shotDir, `${name}-code-server.log`),
  });
  const context = await h.browser.newContext({ viewport: { width: 1400, height: 900 } });
  const consoleLog = fs.openSync(path.join(shotDir, `${name}-page-console.log`), 'w');
  try {
    const page = await context.newPage();
    page.on('console', (m) => fs.writeSync(consoleLog, `${m.type()}: ${m.text()}\n`));
    await fn(server, new Workbench(page, shotDir, name), workspace(dir, opts));
  } finally {
    await context.close();
    fs.closeSync(consoleLog);
    await server.stop();
  }
}

/** openGame loads the workbench on ws, opens a file (game.pgn) and waits for the language mode PGN. */
export async function openGame(server: CodeServer, wb: Workbench, ws: string, file = 'game.pgn'): Promise<void> {
  await wb.load(server.url(ws));
  await wb.openFile(file);
  await wb.until('the language mode PGN in the status bar', async () => ((await wb.languageMode().innerText()).trim() === 'PGN' ? true : undefined));
}
