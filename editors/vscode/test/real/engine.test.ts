// The engine analysis in the real VS Code (code-server, as real.test.ts
// runs it): on a game with a planted blunder (2... Qh4, the queen left to
// the knight), a person clicks the code lens "Analyse this game" over the
// game; Stockfish (the setting pgnls.engine left to find it, as a user's
// would) analyses it, the progress shows, and the blunder comes as an
// information diagnostic on Qh4 in the Problems panel; the light bulb's
// "Mark 2... Qh4 as a blunder: $4" inserts $4. Screenshots of every step go
// to test/real/screenshots/engine-*.
//
// It needs Stockfish (apt-get install stockfish; .ci/run installs it): it
// skips without one, and fails then when PGNLS_REQUIRE_STOCKFISH is set.

import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { after, before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { Browser, chromium } from 'playwright-core';

import { pgnlsBinary, repoRoot } from '../pgnls-binary';
import { CodeServer, realDir } from './code-server';
import { Workbench } from './workbench';

const shotDir = path.join(realDir, 'screenshots');
const chromiumPath = process.env.PGNLS_CHROMIUM || '/usr/bin/chromium';
const extensionDir = path.join(repoRoot, 'editors', 'vscode');
const pkg = JSON.parse(fs.readFileSync(path.join(extensionDir, 'package.json'), 'utf8'));
const installedName = `${pkg.publisher}.${pkg.name}-${pkg.version}`;

/** The game, as editors/testdata/blunder.pgn (the Neovim test's). */
const blunderGame = fs.readFileSync(path.join(repoRoot, 'editors', 'testdata', 'blunder.pgn'), 'utf8');
const movetext = '1. e4 e5 2. Nf3 Qh4 3. Nxh4 *';
const fixedMovetext = '1. e4 e5 2. Nf3 Qh4 $4 3. Nxh4 *';
const nagFix = 'Mark 2... Qh4 as a blunder: $4';

/** stockfish is the installed Stockfish, as pgnls finds it, or undefined. */
function stockfish(): string | undefined {
  for (const dir of [...(process.env.PATH ?? '').split(path.delimiter), '/usr/games']) {
    const p = path.join(dir, 'stockfish');
    try {
      fs.accessSync(p, fs.constants.X_OK);
      return p;
    } catch {
      // not here
    }
  }
  return undefined;
}

let browser: Browser;
let tmp: string;

before(async () => {
  fs.mkdirSync(shotDir, { recursive: true });
  for (const f of fs.readdirSync(shotDir).filter((f) => f.startsWith('engine-'))) {
    fs.rmSync(path.join(shotDir, f), { force: true });
  }
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pgnls-real-engine-'));
  if (!fs.existsSync(chromiumPath)) {
    throw new Error(`no Chromium at ${chromiumPath}: apt-get install --no-install-recommends chromium (or set PGNLS_CHROMIUM)`);
  }
  const xdg = path.join(tmp, 'browser-xdg');
  const env = { ...process.env, XDG_CONFIG_HOME: path.join(xdg, 'config'), XDG_CACHE_HOME: path.join(xdg, 'cache'), XDG_DATA_HOME: path.join(xdg, 'data') };
  browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: ['--no-sandbox'], env });
});

after(async () => {
  await browser?.close();
  if (tmp) {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});

/** The Problems panel's information entries, as shown. */
async function infoProblems(wb: Workbench): Promise<string[]> {
  return wb.page
    .locator('.markers-panel .monaco-list-row[aria-label^="Info"]')
    .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));
}

test('Analyse this game from its code lens: the blunder in the Problems panel, and its fix inserts $4', { timeout: 10 * 60_000 }, async (t) => {
  if (!stockfish()) {
    if (process.env.PGNLS_REQUIRE_STOCKFISH) {
      throw new Error('PGNLS_REQUIRE_STOCKFISH is set, but there is no stockfish on PATH nor in /usr/games');
    }
    t.skip('no Stockfish (apt-get install stockfish): the engine test is skipped');
    return;
  }
  const dir = path.join(tmp, 'engine');
  const server = await CodeServer.start({
    dir,
    pgnlsPath: pgnlsBinary(),
    extensions: { [installedName]: extensionDir },
    logFile: path.join(shotDir, 'engine-code-server.log'),
  });
  // The workspace, in the session's folder (which start makes afresh).
  const ws = path.join(dir, 'ws');
  fs.mkdirSync(path.join(ws, '.vscode'), { recursive: true });
  fs.writeFileSync(path.join(ws, 'blunder.pgn'), blunderGame);
  // 50,000 nodes a position: Stockfish sees the queen lost at once. The
  // inlay hints (the evaluations) are off, so that the editor's text reads
  // as the file's.
  fs.writeFileSync(path.join(ws, '.vscode', 'settings.json'), JSON.stringify({ 'pgnls.engine': { nodes: 50000 }, 'editor.inlayHints.enabled': 'off' }, null, 2));
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  try {
    const page = await context.newPage();
    const wb = new Workbench(page, shotDir, 'engine');
    await wb.load(server.url(ws));
    await wb.openFile('blunder.pgn');
    await wb.until('the language mode PGN', async () => ((await wb.languageMode().innerText()).trim() === 'PGN' ? true : undefined));

    const lens = page.locator('.contentWidgets .codelens-decoration a', { hasText: 'Analyse this game' }).first();
    await lens.waitFor({ timeout: 90_000 });
    await wb.shot('code-lens');
    await lens.click();

    await page.keyboard.press('Control+Shift+M');
    const rows = await wb.until('the blunder in the Problems panel', async () => {
      const r = await infoProblems(wb);
      return r.some((row) => row.includes('pgnls engine-blunder')) ? r : undefined;
    });
    const col = movetext.indexOf('Qh4') + 1;
    const row = rows.find((r) => r.includes('engine-blunder')) ?? '';
    assert.match(row, /^Blunder \(.*\): .* was best pgnls engine-blunder \[Ln 9, Col \d+\]$/, row);
    assert.ok(row.endsWith(`[Ln 9, Col ${col}]`), `the blunder is on Qh4 (column ${col}): ${row}`);
    await wb.until('the code lens to say what it found', async () =>
      (await page.locator('.contentWidgets .codelens-decoration a', { hasText: 'Analyse this game again (1 blunder)' }).count()) > 0 ? true : undefined,
    );
    await wb.shot('blunder-in-problems');

    await wb.word('Qh4').click();
    await page.keyboard.press('Control+.');
    await page.locator('.action-widget .monaco-list-row', { hasText: nagFix }).waitFor({ timeout: 90_000 });
    await wb.shot('blunder-quick-fixes');
    const focused = page.locator('.action-widget .monaco-list-row.focused');
    for (let i = 0; !(await focused.innerText()).includes(nagFix); i++) {
      assert.ok(i < 8, 'the $4 fix is not in the menu');
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await wb.until('$4 after Qh4 in the editor', async () => ((await wb.editorText()).split('\n').includes(fixedMovetext) ? true : undefined));
    await wb.shot('nag-inserted');
  } finally {
    await context.close();
    await server.stop();
  }
});
