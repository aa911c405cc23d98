// The extension in a real VS Code: code-server 4.100.3 (VS Code 1.100.3,
// installed by setup.sh) with the extension from this working tree and the
// pgnls binary built from this checkout, driven in Debian's Chromium through
// playwright-core. Two ways in:
//
// - through the UI, as a person: the game typed key by key into the
//   editor, the status bar, squiggles, the Problems panel, the completion
//   list, the hover, the light bulb's quick fix, the Command Palette's
//   Format Document, Ctrl+S with format on save, the Outline view;
// - through VS Code's extension test runner: the suite in suite/ runs in
//   the extension host with the vscode API, and its exit code comes back to
//   the page.
//
// Negative controls prove that these checks can fail: a pgnls that exits
// at once makes both fail, and a wrong pgnls.path shows the extension's own
// message. Screenshots of every step, and code-server's and the page's
// logs, are kept in test/real/screenshots/ (git-ignored; CI keeps it).

import * as fs from 'fs';
import * as path from 'path';
import { before, test } from 'node:test';
import * as assert from 'node:assert/strict';

import { fixHint } from '../../src/server';
import * as game from './game';
import { extensionDir, openGame, session, shotDir, useHarness } from './harness';
import { Workbench } from './workbench';

const suiteDir = path.join(extensionDir, 'out', 'test', 'real', 'suite');

const h = useHarness();

before(() => {
  if (!fs.existsSync(path.join(suiteDir, 'index.js'))) {
    throw new Error(`the suite is not compiled (${suiteDir}): npm run compile`);
  }
});

/** problemsShowing waits until the Problems panel lists each of want (and returns its entries). */
function problemsShowing(wb: Workbench, want: string[], timeout?: number): Promise<string[]> {
  let rows: string[] = [];
  return wb.until(
    () => `the Problems panel to list ${JSON.stringify(want)}; it lists ${JSON.stringify(rows)}`,
    async () => {
      rows = await wb.problems();
      return want.every((w) => rows.some((r) => r.includes(w))) ? rows : undefined;
    },
    timeout,
  );
}

test('typed into the real VS Code, a game gets PGN mode, problems, completion, hover, a quick fix, formatting and an outline', { timeout: 10 * 60_000 }, async () => {
  await session(h, 'ui', { pgnlsPath: h.binary, install: true }, async (server, wb, ws) => {
    const page = wb.page;
    await openGame(server, wb, ws);
    await wb.shot('language-mode-pgn');

    await wb.focusEditor();
    await wb.type(game.tagSection + game.movesToKnight);
    await page.keyboard.press('Control+Space');
    const suggestions = await wb.until('the knight moves in the completion list', async () => {
      const rows = await wb.suggestions();
      return game.knightMoves.every((m) => rows.some((r) => r.startsWith(`${m},`))) ? rows : undefined;
    });
    assert.ok(suggestions.every((r) => r.startsWith('N')), `not only knight moves: ${suggestions}`);
    await wb.shot('completion-after-2-N');
    await page.keyboard.press('Escape');

    await wb.type(game.movesAfterKnight);
    assert.equal(await wb.editorText(), game.typedGame(), 'the editor holds what was typed');
    await wb.until('two error squiggles', async () => ((await wb.squiggles()) === 2 ? true : undefined));
    await page.keyboard.press('Control+Shift+M');
    const movetext = game.movesToKnight + game.movesAfterKnight; // line 9
    const problems = await problemsShowing(wb, [
      `${game.illegalMessage} pgnls illegal-move [Ln 9, Col ${movetext.indexOf(game.illegalMove) + 1}]`,
      `${game.mismatchMessage} pgnls result-mismatch [Ln 9, Col ${movetext.lastIndexOf(game.wrongResult) + 1}]`,
    ]);
    assert.equal(problems.length, 2, `the problems: ${problems.join('\n')}`);
    await wb.shot('squiggles-and-problems');

    await wb.word(game.hoveredMove).hover();
    const hover = await wb.until('the hover with the board', async () => {
      const t = await wb.hover().innerText();
      return t.includes(game.hoverFEN) ? t : undefined;
    });
    assert.ok(hover.includes(game.hoverTitle), `the hover's title:\n${hover}`);
    assert.match(hover, game.hoverRank5, 'the board in the hover');
    await wb.shot('hover-board');
    await page.keyboard.press('Escape');

    await wb.word(game.illegalMove).dblclick();
    await wb.type(game.legalMove);
    await wb.until('illegal-move to leave the Problems panel', async () => {
      const rows = await wb.problems();
      return rows.length === 1 && rows[0].includes('pgnls result-mismatch') ? true : undefined;
    });
    await wb.shot('illegal-move-retyped');

    await wb.word(game.wrongResult).click();
    await page.keyboard.press('Control+.');
    const fix = page.locator('.action-widget .monaco-list-row', { hasText: game.resultFix });
    await fix.waitFor({ timeout: 90_000 });
    await wb.shot('quick-fix-menu');
    // Chosen with the keyboard, as the menu's own overlay takes the clicks.
    const focused = page.locator('.action-widget .monaco-list-row.focused');
    for (let i = 0; !(await focused.innerText()).includes(game.resultFix); i++) {
      assert.ok(i < 5, 'the quick fix is not in the menu');
      await page.keyboard.press('ArrowDown');
    }
    await page.keyboard.press('Enter');
    await wb.until('the fixed game in the editor', async () => ((await wb.editorText()) === game.fixedGame() ? true : undefined));
    await wb.until('no problems', async () => ((await wb.problems()).length === 0 && (await wb.squiggles()) === 0 ? true : undefined));
    await wb.shot('quick-fix-applied');

    const formatted = game.pgnlsFmt(h.binary, game.fixedGame());
    assert.notEqual(formatted, game.fixedGame(), 'the formatter would change nothing: the check would prove nothing');
    await wb.command('Format Document');
    await wb.until('the formatted game in the editor', async () => ((await wb.editorText()) === formatted ? true : undefined));
    await wb.shot('format-document');

    await wb.focusEditor();
    await page.keyboard.press('Control+End');
    await wb.type(`\n${game.secondGame}\n`);
    const typed = await wb.editorText();
    assert.equal(typed, `${formatted}\n${game.secondGame}\n`);
    // The server has caught up with the typing: the second game lacks only
    // three roster tags.
    const secondGameLine = typed.split('\n').indexOf(game.secondGame) + 1;
    const missingTags = `missing Seven Tag Roster tags: Site, Date, Round pgnls missing-tag [Ln ${secondGameLine}, Col 1]`;
    await wb.until(`the Problems panel to list only "${missingTags}"`, async () => {
      const rows = await wb.problems();
      return rows.length === 1 && rows[0] === missingTags ? true : undefined;
    });
    await wb.shot('second-game-typed');
    const saved = game.pgnlsFmt(h.binary, typed);
    assert.notEqual(saved, typed, 'the formatter would change nothing: the check would prove nothing');
    await page.keyboard.press('Control+S');
    const file = path.join(ws, 'game.pgn');
    await wb.until('game.pgn saved, formatted', async () => (fs.readFileSync(file, 'utf8') === saved ? true : undefined));
    assert.equal(await wb.editorText(), saved, 'the buffer is formatted as saved');
    await wb.shot('format-on-save');

    const outlinePane = page.locator('.pane', { has: page.locator('.pane-header', { hasText: /^outline$/i }) });
    await outlinePane.locator('.pane-header').click();
    // The games only, not their tags: the pane is short.
    await outlinePane.locator('.pane-header .action-label[aria-label^="Collapse All"]').click({ timeout: 90_000 });
    const outline = outlinePane.locator('.monaco-list-row');
    const names = await wb.until('the games in the Outline', async () => {
      const rows = (await outline.allInnerTexts()).map((r) => r.replace(/\s+/g, ' ').trim());
      return game.outlineNames.every((n) => rows.some((r) => r.startsWith(n))) ? rows : undefined;
    });
    assert.equal(names.filter((r) => game.outlineNames.some((n) => r.startsWith(n))).length, 2, `the outline: ${names.join('\n')}`);
    await wb.shot('outline');
  });
});

interface SuiteResult {
  exitCode: number;
  checks: { name: string; ok: boolean; ms: number; error?: string }[];
}

/**
 * runSuite loads the page with VS Code's extension test runner payload:
 * the extension from the working tree as extensionDevelopmentPath, the
 * compiled suite/ as extensionTestsPath. The suite's exit code reaches the
 * page as window.codeAutomationExit.
 */
async function runSuite(name: string, pgnlsPath: string, patienceMs: number): Promise<SuiteResult> {
  const reportFile = path.join(shotDir, `${name}-report.json`);
  fs.rmSync(reportFile, { force: true });
  let exitCode = -1;
  const env = { PGNLS_REAL_REPORT: reportFile, PGNLS_REAL_BIN: h.binary, PGNLS_REAL_PATIENCE_MS: String(patienceMs) };
  await session(h, name, { pgnlsPath, install: false, env }, async (server, wb, ws) => {
    const exited = new Promise<number>((resolve) => {
      void wb.page.exposeFunction('codeAutomationExit', (code: number) => resolve(code));
    });
    const payload = [
      ['extensionDevelopmentPath', server.remoteUri(extensionDir)],
      ['extensionTestsPath', server.remoteUri(suiteDir)],
    ];
    await wb.page.goto(server.url(ws, `&payload=${encodeURIComponent(JSON.stringify(payload))}`));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the suite did not end in 5 minutes; see ${shotDir}/${name}-*`)), 5 * 60_000);
    });
    try {
      exitCode = await Promise.race([exited, timeout]);
    } finally {
      clearTimeout(timer);
    }
    await wb.shot('suite-done');
  });
  const checks = fs.existsSync(reportFile) ? JSON.parse(fs.readFileSync(reportFile, 'utf8')).checks : [];
  return { exitCode, checks };
}

const suiteChecks = 9;

test("VS Code's extension test runner: the suite passes inside the real extension host", { timeout: 10 * 60_000 }, async () => {
  const { exitCode, checks } = await runSuite('suite', h.binary, 90_000);
  const failed = checks.filter((c) => !c.ok);
  assert.deepEqual(failed, [], 'no check fails');
  assert.equal(checks.length, suiteChecks, `every check ran: ${checks.map((c) => c.name).join('; ')}`);
  assert.equal(exitCode, 0, 'the runner reports success');
});

/** A pgnls that exits at once, as a broken build or a wrong binary would. */
function exitingStub(): string {
  const stub = path.join(h.tmp, 'stub', 'pgnls');
  fs.mkdirSync(path.dirname(stub), { recursive: true });
  fs.writeFileSync(stub, '#!/bin/sh\necho "stub pgnls: exits at once" >&2\nexit 3\n', { mode: 0o755 });
  return stub;
}

test('negative control: with a pgnls that exits at once, the UI shows the failure and no problems', { timeout: 10 * 60_000 }, async () => {
  const stub = exitingStub();
  await session(h, 'broken-ui', { pgnlsPath: stub, install: true }, async (server, wb, ws) => {
    await openGame(server, wb, ws);
    await wb.showNotifications();
    const want = `pgnls cannot be started: ${stub} exited with code 3, saying "stub pgnls: exits at once".`;
    await wb.until(`the notification "${want}"`, async () => ((await wb.notifications()).some((t) => t.startsWith(want)) ? true : undefined));
    await wb.focusEditor();
    await wb.type(game.typedGame());
    await wb.page.keyboard.press('Control+Shift+M');
    // The same wait as the UI test's, shorter: it must fail.
    await assert.rejects(problemsShowing(wb, ['pgnls illegal-move'], 20_000), /waited 20 s/, 'no problems without a server');
    assert.equal(await wb.squiggles(), 0, 'no squiggles without a server');
    await wb.shot('no-problems-error-shown');
  });
});

test('negative control: with a pgnls that exits at once, the extension test runner fails', { timeout: 10 * 60_000 }, async () => {
  const { exitCode, checks } = await runSuite('broken-suite', exitingStub(), 20_000);
  assert.notEqual(exitCode, 0, 'the runner reports the failure');
  assert.deepEqual(
    checks.map((c) => c.ok),
    [true, false],
    `the language mode is the extension's own; the first check that needs the server fails: ${JSON.stringify(checks, null, 2)}`,
  );
});

test("a wrong pgnls.path gets the extension's own message, naming the path and the fix", { timeout: 10 * 60_000 }, async () => {
  const missing = path.join(h.tmp, 'nowhere', 'pgnls');
  const notExecutable = path.join(h.tmp, 'not-executable', 'pgnls');
  fs.mkdirSync(path.dirname(notExecutable), { recursive: true });
  fs.copyFileSync(h.binary, notExecutable);
  fs.chmodSync(notExecutable, 0o644);
  await session(h, 'wrong-path', { pgnlsPath: missing, install: true }, async (server, wb, ws) => {
    const notification = (want: string) =>
      wb.until(`the notification "${want}"`, async () => {
        const n = await wb.notifications();
        return n.find((t) => t.includes(want));
      });
    await openGame(server, wb, ws);
    await wb.showNotifications();
    const shown = await notification(`pgnls was not found: pgnls.path is ${missing}, and there is no such file.`);
    assert.ok(shown.includes(fixHint), shown);
    assert.ok(!(await wb.notifications()).some((t) => /couldn't create connection/i.test(t)), "not VS Code's generic message");
    await wb.shot('missing-path');
    await wb.command('Notifications: Clear All Notifications');

    // The README's way to change it: Preferences: Open Remote Settings
    // (JSON). The change restarts the server, with the new path checked.
    await wb.command('Preferences: Open Remote Settings (JSON)');
    await wb.page.locator('.tab.active', { hasText: 'settings.json' }).waitFor({ timeout: 90_000 });
    await wb.focusEditor();
    await wb.page.keyboard.press('Control+A');
    await wb.type(JSON.stringify({ 'pgnls.path': notExecutable }));
    await wb.page.keyboard.press('Control+S');
    const machineSettings = path.join(server.dir, 'user', 'Machine', 'settings.json');
    await wb.until('the Machine settings saved', async () => (fs.readFileSync(machineSettings, 'utf8').includes(notExecutable) ? true : undefined));
    await wb.shot('remote-settings-json');
    await wb.showNotifications();
    const shown2 = await notification(`pgnls cannot be started: pgnls.path is ${notExecutable}, which is not executable (chmod +x ${notExecutable}).`);
    assert.ok(shown2.includes(fixHint), shown2);
    await wb.shot('not-executable-path');
  });
});
