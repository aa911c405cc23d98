// A real VS Code for the tests: code-server 4.100.3 (VS Code 1.100.3's
// server, web workbench and Node extension host, installed by setup.sh),
// started on a free port of 127.0.0.1 with everything it writes kept in one
// folder, and stopped with its whole process group (the extension host and
// pgnls are its children).

import { ChildProcess, spawn } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

import { repoRoot } from '../pgnls-binary';

export const realDir = path.join(repoRoot, 'editors', 'vscode', 'test', 'real');
export const codeServerEntry = path.join(realDir, 'code-server', 'node_modules', 'code-server', 'out', 'node', 'entry.js');

/** The settings every session starts with, in the user settings. */
export const baseUserSettings = {
  // A session's unsaved buffers must not come back in the next one.
  'files.autoSave': 'off',
  'files.hotExit': 'off',
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'extensions.ignoreRecommendations': true,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  // Typing goes in as typed: no closing bracket or quote added, no
  // completion list popping up to take an Enter (completion is asked for
  // with Ctrl+Space, as the test checks it).
  'editor.autoClosingBrackets': 'never',
  'editor.autoClosingQuotes': 'never',
  'editor.autoSurround': 'never',
  'editor.autoIndent': 'none',
  'editor.quickSuggestions': { other: 'off', comments: 'off', strings: 'off' },
  'editor.suggestOnTriggerCharacters': false,
  'editor.acceptSuggestionOnEnter': 'off',
  'editor.wordBasedSuggestions': 'off',
  'editor.minimap.enabled': false,
  // The editor's text is read from the page: no dots for selected spaces.
  'editor.renderWhitespace': 'none',
  'editor.hover.delay': 200,
  '[pgn]': { 'editor.formatOnSave': true },
};

export interface SessionOptions {
  /** The folder that holds everything of this session (created fresh). */
  dir: string;
  /** pgnls.path, written where the README tells users to: the Machine (remote) settings. */
  pgnlsPath: string;
  /** Extensions installed in --extensions-dir: name (publisher.name-version) → folder. */
  extensions?: Record<string, string>;
  /** Added to the extension host's environment (it inherits code-server's). */
  env?: Record<string, string>;
  /** Where code-server's output goes. */
  logFile: string;
}

export class CodeServer {
  private constructor(
    readonly proc: ChildProcess,
    readonly port: number,
    readonly dir: string,
  ) {}

  static async start(opts: SessionOptions): Promise<CodeServer> {
    if (!fs.existsSync(codeServerEntry)) {
      throw new Error(`code-server is not installed (${codeServerEntry}): run test/real/setup.sh (npm run setup:real)`);
    }
    const dir = opts.dir;
    fs.rmSync(dir, { recursive: true, force: true });
    const user = path.join(dir, 'user');
    const exts = path.join(dir, 'exts');
    for (const d of [path.join(user, 'User'), path.join(user, 'Machine'), exts, path.join(dir, 'xdg')]) {
      fs.mkdirSync(d, { recursive: true });
    }
    fs.writeFileSync(path.join(user, 'User', 'settings.json'), JSON.stringify(baseUserSettings, null, 2));
    // pgnls.path where the README tells users of a remote window (SSH, a
    // container, code-server) to set it: the Remote settings, which are
    // this Machine/settings.json. (VS Code does not apply the
    // machine-overridable settings of a desktop's user settings to a
    // remote window.)
    fs.writeFileSync(path.join(user, 'Machine', 'settings.json'), JSON.stringify({ 'pgnls.path': opts.pgnlsPath }, null, 2));
    for (const [name, folder] of Object.entries(opts.extensions ?? {})) {
      fs.symlinkSync(folder, path.join(exts, name));
    }
    const xdg = path.join(dir, 'xdg');
    const env = {
      ...process.env,
      // Nothing written outside dir: code-server writes its config (with a
      // password) under XDG_CONFIG_HOME.
      XDG_CONFIG_HOME: path.join(xdg, 'config'),
      XDG_DATA_HOME: path.join(xdg, 'data'),
      XDG_CACHE_HOME: path.join(xdg, 'cache'),
      // No marketplace: an address where nothing answers.
      EXTENSIONS_GALLERY: JSON.stringify({ serviceUrl: 'http://127.0.0.1:9/gallery', itemUrl: 'http://127.0.0.1:9/item' }),
      ...opts.env,
    };
    const args = [
      codeServerEntry,
      '--auth', 'none',
      '--bind-addr', '127.0.0.1:0',
      '--user-data-dir', user,
      '--extensions-dir', exts,
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--ignore-last-opened',
    ];
    const log = fs.openSync(opts.logFile, 'w');
    const proc = spawn(process.execPath, args, { env, detached: true, stdio: ['ignore', 'pipe', log] });
    const port = await new Promise<number>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`code-server did not start in 120 s; its log: ${opts.logFile}`)), 120_000);
      proc.stdout!.on('data', (chunk: Buffer) => {
        fs.writeSync(log, chunk);
        out += chunk.toString();
        const m = /HTTP server listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(Number(m[1]));
        }
      });
      proc.on('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`code-server exited (${code}) before it listened; its log: ${opts.logFile}`));
      });
    });
    // Keep logging after the port is read.
    proc.stdout!.removeAllListeners('data');
    proc.stdout!.on('data', (chunk: Buffer) => fs.writeSync(log, chunk));
    proc.on('exit', () => fs.closeSync(log));
    const server = new CodeServer(proc, port, dir);
    running.add(server);
    return server;
  }

  /** The address of the page that opens folder (and any extra query parameters). */
  url(folder: string, query = ''): string {
    return `http://127.0.0.1:${this.port}/?folder=${encodeURIComponent(folder)}${query}`;
  }

  /** remoteUri names a file of this machine as the page's extension host sees it. */
  remoteUri(file: string): string {
    return `vscode-remote://127.0.0.1:${this.port}${file}`;
  }

  /** stop ends code-server and every process it started (its process group). */
  async stop(): Promise<void> {
    running.delete(this);
    if (this.proc.exitCode !== null || this.proc.signalCode !== null) {
      return;
    }
    const exited = new Promise<void>((resolve) => this.proc.once('exit', () => resolve()));
    killGroup(this.proc.pid!, 'SIGTERM');
    const timer = setTimeout(() => killGroup(this.proc.pid!, 'SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
    // The extension host and pgnls may outlive their parent by a moment.
    killGroup(this.proc.pid!, 'SIGKILL');
  }
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // already gone
  }
}

// The servers still running if the test process ends early.
const running = new Set<CodeServer>();
process.on('exit', () => {
  for (const s of running) {
    killGroup(s.proc.pid!, 'SIGKILL');
  }
});
