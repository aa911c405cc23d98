// The checks that run inside the real VS Code's extension host, loaded by
// VS Code's own extension test runner (the page's payload names this
// folder as extensionTestsPath and editors/vscode as
// extensionDevelopmentPath). They see the editor through the full vscode
// API: the document typed into with the `type` command (the editor's
// keyboard path), the diagnostics VS Code holds, and the hover, completion,
// code action, formatting and symbol providers as VS Code calls them.
//
// Each check's outcome goes to the JSON file $PGNLS_REAL_REPORT as it ends;
// the first failure stops the run (the later checks build on the earlier
// ones), and run() rejects, which VS Code reports as exit code 1.

import * as fs from 'fs';
import * as vscode from 'vscode';

import * as game from '../game';

interface Check {
  name: string;
  ok: boolean;
  ms: number;
  error?: string;
}

const patience = Number(process.env.PGNLS_REAL_PATIENCE_MS || 90_000);

/** until polls check until it returns a value other than undefined. */
async function until<T>(what: string, check: () => T | undefined | Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + patience;
  for (;;) {
    const v = await check();
    if (v !== undefined) {
      return v;
    }
    if (Date.now() > deadline) {
      throw new Error(`waited ${patience / 1000} s for ${what}`);
    }
    await new Promise((r) => setTimeout(r, 100)); // the poll interval
  }
}

function assert(cond: unknown, message: string): asserts cond {
  if (!cond) {
    throw new Error(message);
  }
}

async function type(text: string): Promise<void> {
  for (const line of text.split(/(\n)/)) {
    if (line !== '') {
      await vscode.commands.executeCommand('type', { text: line });
    }
  }
}

function codeOf(d: vscode.Diagnostic): string | number | undefined {
  return typeof d.code === 'object' ? d.code.value : d.code;
}

/** codes lists uri's diagnostics as the Problems panel names them: pgnls(illegal-move). */
function codes(uri: vscode.Uri): string[] {
  return vscode.languages.getDiagnostics(uri).map((d) => `${d.source}(${codeOf(d)})`);
}

export async function run(): Promise<void> {
  const reportFile = process.env.PGNLS_REAL_REPORT;
  const binary = process.env.PGNLS_REAL_BIN;
  assert(reportFile && binary, 'PGNLS_REAL_REPORT and PGNLS_REAL_BIN must be set');
  const checks: Check[] = [];
  const check = async (name: string, fn: () => Promise<void>) => {
    const start = Date.now();
    try {
      await fn();
      checks.push({ name, ok: true, ms: Date.now() - start });
    } catch (err) {
      checks.push({ name, ok: false, ms: Date.now() - start, error: err instanceof Error ? err.message : String(err) });
      throw err;
    } finally {
      fs.writeFileSync(reportFile, JSON.stringify({ checks }, null, 2));
    }
  };

  const folder = vscode.workspace.workspaceFolders?.[0];
  assert(folder, 'no workspace folder');
  const uri = vscode.Uri.joinPath(folder.uri, 'game.pgn');
  let editor: vscode.TextEditor;
  const text = () => editor.document.getText();
  const find = (s: string, from = 0) => {
    const off = text().indexOf(s, from);
    assert(off >= 0, `${JSON.stringify(s)} is not in the document`);
    return new vscode.Range(editor.document.positionAt(off), editor.document.positionAt(off + s.length));
  };

  await check('a .pgn file opens in the PGN language mode, with the extension active', async () => {
    editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    assert(editor.document.languageId === 'pgn', `language ${editor.document.languageId}`);
    const ext = vscode.extensions.getExtension('pgnls.pgnls');
    assert(ext, 'the extension pgnls.pgnls is not loaded');
    await until('the extension to be active', () => (ext.isActive ? true : undefined));
  });

  await check('completion after `2. N` lists the knight moves', async () => {
    await type(game.tagSection + game.movesToKnight);
    const list = await until('knight moves in the completion list', async () => {
      const got = await vscode.commands.executeCommand<vscode.CompletionList>('vscode.executeCompletionItemProvider', uri, editor.selection.active);
      const labels = got.items.map((i) => (typeof i.label === 'string' ? i.label : i.label.label));
      return labels.length > 0 ? labels : undefined;
    });
    for (const move of game.knightMoves) {
      assert(list.includes(move), `${move} is not offered: ${list.join(' ')}`);
    }
    assert(list.every((l) => l.startsWith('N')), `not only knight moves: ${list.join(' ')}`);
  });

  await check('typing the game shows the illegal move and the result mismatch', async () => {
    await type(game.movesAfterKnight);
    assert(text() === game.typedGame(), `the document is not what was typed:\n${text()}`);
    const diags = await until('illegal-move and result-mismatch', () => {
      const d = vscode.languages.getDiagnostics(uri);
      const illegal = d.find((x) => codeOf(x) === 'illegal-move');
      const mismatch = d.find((x) => codeOf(x) === 'result-mismatch');
      return illegal && mismatch ? { illegal, mismatch } : undefined;
    });
    assert(diags.illegal.message === game.illegalMessage, `illegal-move says ${diags.illegal.message}`);
    assert(diags.illegal.source === 'pgnls' && diags.illegal.severity === vscode.DiagnosticSeverity.Error, 'illegal-move is a pgnls error');
    assert(diags.illegal.range.isEqual(find(game.illegalMove)), `illegal-move at ${JSON.stringify(diags.illegal.range)}`);
    assert(diags.mismatch.message === game.mismatchMessage, `result-mismatch says ${diags.mismatch.message}`);
    assert(diags.mismatch.range.isEqual(find(game.wrongResult, text().lastIndexOf('\n'))), `result-mismatch at ${JSON.stringify(diags.mismatch.range)}`);
  });

  await check('hover over a move shows the board after it', async () => {
    const pos = find(game.hoveredMove).start.translate(0, 1);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, pos);
    const md = hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
    assert(md.includes(game.hoverTitle.replace('3. Bb5', '**3. Bb5**')), `no title in the hover:\n${md}`);
    assert(md.includes(game.hoverFEN), `no FEN in the hover:\n${md}`);
    assert(game.hoverRank5.test(md), `no board in the hover:\n${md}`);
  });

  await check('retyping the illegal move clears its error', async () => {
    editor.selection = new vscode.Selection(find(game.illegalMove).start, find(game.illegalMove).end);
    await type(game.legalMove);
    await until('illegal-move to go', () => (codes(uri).includes('pgnls(illegal-move)') ? undefined : true));
    assert(codes(uri).includes('pgnls(result-mismatch)'), `result-mismatch is gone too: ${codes(uri)}`);
  });

  await check('the quick fix for the result mismatch applies', async () => {
    const range = find(game.wrongResult, text().lastIndexOf('\n'));
    const actions = await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, range, vscode.CodeActionKind.QuickFix.value);
    const fix = actions.find((a) => a.title === game.resultFix);
    assert(fix?.edit, `no quick fix "${game.resultFix}": ${actions.map((a) => a.title).join('; ')}`);
    assert(await vscode.workspace.applyEdit(fix.edit), 'the edit was not applied');
    assert(text() === game.fixedGame(), `after the fix:\n${text()}`);
    await until('no diagnostics', () => (codes(uri).length === 0 ? true : undefined));
  });

  await check('Format Document rewrites the buffer as pgnls fmt does, at the lineWidth setting', async () => {
    const want = game.pgnlsFmt(binary, text());
    assert(want !== text(), 'the formatter would change nothing: the check would prove nothing');
    await vscode.commands.executeCommand('editor.action.formatDocument');
    await until('the formatted text', () => (text() === want ? true : undefined));
  });

  await check('format on save rewrites the buffer, and the file saved', async () => {
    editor.selection = new vscode.Selection(editor.document.positionAt(text().length), editor.document.positionAt(text().length));
    await type(`\n\n${game.secondGame}\n`);
    const want = game.pgnlsFmt(binary, text());
    assert(want !== text(), 'the formatter would change nothing: the check would prove nothing');
    await vscode.commands.executeCommand('workbench.action.files.save');
    await until('the saved, formatted file', () => (!editor.document.isDirty && text() === want ? true : undefined));
    const onDisk = fs.readFileSync(uri.fsPath, 'utf8');
    assert(onDisk === want, `the file on disk is not formatted:\n${onDisk}`);
  });

  await check('the outline lists the games', async () => {
    const symbols = await until('document symbols', async () => {
      const got = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', uri);
      return got && got.length > 0 ? got : undefined;
    });
    const names = symbols.map((s) => s.name);
    assert(JSON.stringify(names) === JSON.stringify(game.outlineNames), `the outline: ${JSON.stringify(names)}`);
  });
}
