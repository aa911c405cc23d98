// End to end, as VS Code runs pgnls: the real pgnls binary, started as
// vscode-languageclient starts it (`pgnls --stdio`), driven through
// vscode-languageserver-protocol (the library under vscode-languageclient)
// with the initialize request that vscode-languageclient builds, settings
// as the extension passes them, a document opened, edited incrementally,
// hovered, formatted and completed; every answer is checked.

import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { after, before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { pathToFileURL } from 'url';
import type { CompletionItem, CompletionList, Hover, InitializeResult, MarkupContent, TextEdit } from 'vscode-languageserver-protocol';

import { serverSettings } from '../src/server';
import { pgnlsBinary, repoRoot } from './pgnls-binary';
import { Session } from './lsp-session';
import { applyEdits, positionAt, rangeOf } from './text';
import { initializeParams } from './vscode-client';

const testdata = path.join(repoRoot, 'editors', 'testdata');
const original = fs.readFileSync(path.join(testdata, 'opera.pgn'), 'utf8');
// The game with its illegal move corrected, in export format at width 60.
const wantFormatted = fs.readFileSync(path.join(testdata, 'opera.fixed.w60.pgn'), 'utf8');

// The "pgnls" section as VS Code returns it: the extension's own keys (path,
// trace) beside the server's.
function section(over: Record<string, unknown>): Record<string, unknown> {
  return {
    path: '',
    lineWidth: 79,
    maxDiagnostics: 100,
    severity: {},
    ecoFile: '',
    inlayHints: { nagGlyphs: true, plyNumbers: false },
    trace: { server: 'off' },
    ...over,
  };
}

let binary: string;
let session: Session;
let dir: string;
let uri: string;
let text = original;
let version = 1;

before(() => {
  binary = pgnlsBinary();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pgnls-vscode-'));
  fs.writeFileSync(path.join(dir, 'opera.pgn'), original);
  uri = pathToFileURL(path.join(dir, 'opera.pgn')).href;
});

after(async () => {
  if (session && session.proc.exitCode === null) {
    session.proc.kill();
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

// change sends one incremental change, as VS Code does for a keystroke or
// an applied edit, and applies it to text.
async function change(edits: TextEdit[]): Promise<number> {
  const seq = session.lastSeq();
  // VS Code sends the changes of one edit operation last-first, so that each
  // range is valid in the text left by the changes before it.
  const sorted = [...edits].sort((a, b) => b.range.start.line - a.range.start.line || b.range.start.character - a.range.start.character);
  version++;
  await session.conn.sendNotification('textDocument/didChange', {
    textDocument: { uri, version },
    contentChanges: sorted.map((e) => ({ range: e.range, rangeLength: undefined, text: e.newText })),
  });
  text = applyEdits(text, edits);
  return seq;
}

test('initialize with the capabilities vscode-languageclient sends', async () => {
  session = new Session(binary);
  session.settings = { pgnls: section({ lineWidth: 60, severity: { 'str-order': 'hint' } }) };
  const init = initializeParams(dir, serverSettings((k) => (session.settings.pgnls as Record<string, unknown>)[k]));
  assert.deepEqual(init.initializationOptions, {
    lineWidth: 60,
    maxDiagnostics: 100,
    severity: { 'str-order': 'hint' },
    ecoFile: '',
    inlayHints: { nagGlyphs: true, plyNumbers: false },
  });
  const res: InitializeResult = await session.conn.sendRequest('initialize', init);
  const caps = res.capabilities;
  // utf-16 is what VS Code offers (positionEncodings), and the default.
  assert.ok(caps.positionEncoding === undefined || caps.positionEncoding === 'utf-16', `positionEncoding ${caps.positionEncoding}`);
  assert.deepEqual(caps.textDocumentSync, { openClose: true, change: 2 });
  assert.ok(caps.documentFormattingProvider, 'documentFormattingProvider');
  assert.ok(caps.documentRangeFormattingProvider, 'documentRangeFormattingProvider');
  assert.ok(caps.hoverProvider, 'hoverProvider');
  assert.ok(caps.completionProvider?.triggerCharacters?.includes('$'), 'completion after $');
  assert.ok(caps.codeActionProvider, 'codeActionProvider');
  assert.equal(res.serverInfo?.name, 'pgnls');
  await session.conn.sendNotification('initialized', {});
  // vscode-languageclient's SyncConfigurationFeature sends the section at start.
  await session.conn.sendNotification('workspace/didChangeConfiguration', { settings: session.settings });
});

test('open: diagnostics with codes, severities and UTF-16 ranges', async () => {
  await session.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'pgn', version, text } });
  const { pub, diags } = await session.diagnostics(uri, ['str-order', 'illegal-move', 'result-mismatch']);
  if (pub.version !== undefined) {
    assert.equal(pub.version, 1);
  }
  const [order, illegal, mismatch] = diags;
  assert.equal(order.code, 'str-order');
  assert.deepEqual(order.range, { start: { line: 2, character: 0 }, end: { line: 2, character: 14 } });
  assert.equal(order.severity, 4, 'the severity setting (str-order: hint) applies');
  assert.equal(illegal.code, 'illegal-move');
  assert.equal(illegal.severity, 1);
  assert.equal(illegal.source, 'pgnls');
  assert.match(illegal.message, /no queen can reach b4/);
  // Line 9 holds "é" and "🏆" before the move: 97 is the UTF-16 column
  // (96 characters, 100 bytes).
  assert.deepEqual(illegal.range, { start: { line: 8, character: 97 }, end: { line: 8, character: 100 } });
  assert.deepEqual(illegal.range, rangeOf(text, 'Qb4'));
  assert.equal(mismatch.code, 'result-mismatch');
  assert.equal(mismatch.severity, 1);
  assert.deepEqual(mismatch.range, rangeOf(text, '0-1', 0));
  assert.equal(mismatch.range.start.line, 9);
});

test('hover over a NAG', async () => {
  const nag = rangeOf(text, '$14');
  const h: Hover | null = await session.conn.sendRequest('textDocument/hover', {
    textDocument: { uri },
    position: { line: nag.start.line, character: nag.start.character + 1 },
  });
  assert.ok(h, 'a hover');
  const contents = h.contents as MarkupContent;
  assert.equal(contents.kind, 'markdown');
  assert.match(contents.value, /slight advantage/);
  assert.match(contents.value, /⩲/);
  assert.deepEqual(h.range, nag);
});

test('an incremental change re-publishes the diagnostics', async () => {
  const seq = await change([{ range: rangeOf(text, 'Qb4'), newText: 'Qb3' }]);
  const { pub, diags } = await session.diagnostics(uri, ['str-order', 'result-mismatch', 'result-vs-position'], seq);
  if (pub.version !== undefined) {
    assert.equal(pub.version, version);
  }
  const mate = diags.find((d) => d.code === 'result-vs-position')!;
  assert.deepEqual(mate.range, rangeOf(text, '0-1'));
  assert.match(mate.message, /checkmate/);
});

test('format document gives export format, at the lineWidth setting', async () => {
  // What VS Code sends for format on save with the default editor settings.
  const edits: TextEdit[] = await session.conn.sendRequest('textDocument/formatting', {
    textDocument: { uri },
    options: { tabSize: 4, insertSpaces: true, insertFinalNewline: true },
  });
  assert.ok(edits.length > 0, 'edits');
  assert.equal(applyEdits(text, edits), wantFormatted);
  const seq = await change(edits);
  assert.equal(text, wantFormatted);
  // The tags are in order now.
  const { diags } = await session.diagnostics(uri, ['result-mismatch', 'result-vs-position'], seq);
  assert.deepEqual(diags[0].range, rangeOf(text, '0-1'));
  // Formatting formatted text changes nothing.
  const again: TextEdit[] | null = await session.conn.sendRequest('textDocument/formatting', {
    textDocument: { uri },
    options: { tabSize: 4, insertSpaces: true },
  });
  assert.deepEqual(again ?? [], []);
});

test('a settings change reaches the server', async () => {
  const seq = session.lastSeq();
  const asked = session.configurationRequests.length;
  session.settings = { pgnls: section({ severity: { 'result-vs-position': 'off' } }) };
  await session.conn.sendNotification('workspace/didChangeConfiguration', { settings: session.settings });
  await session.diagnostics(uri, ['result-mismatch'], seq);
  assert.ok(session.configurationRequests.length > asked, 'the server asked for the settings');
  assert.ok(session.configurationRequests.slice(asked).every((s) => s === 'pgnls'), `sections asked: ${session.configurationRequests}`);
  // lineWidth is back to 79: the result is what `pgnls fmt` writes.
  const edits: TextEdit[] = await session.conn.sendRequest('textDocument/formatting', {
    textDocument: { uri },
    options: { tabSize: 2, insertSpaces: false },
  });
  const cli = execFileSync(binary, ['fmt', '-'], { input: text, encoding: 'utf8' });
  assert.notEqual(cli, text);
  assert.equal(applyEdits(text, edits), cli);
  await change(edits);
});

test('completion after 1. e4 e5 2. N', async () => {
  const end = positionAt(text, text.length);
  await change([{ range: { start: end, end }, newText: '\n[Event "Completion"]\n\n1. e4 e5 2. N' }]);
  const at = positionAt(text, text.length);
  const res: CompletionList | CompletionItem[] | null = await session.conn.sendRequest('textDocument/completion', {
    textDocument: { uri },
    position: at,
    context: { triggerKind: 1 },
  });
  assert.ok(res, 'completions');
  const items = Array.isArray(res) ? res : res.items;
  assert.deepEqual(items.map((i) => i.label).sort(), ['Na3', 'Nc3', 'Ne2', 'Nf3', 'Nh3']);
  const nf3 = items.find((i) => i.label === 'Nf3')!;
  const edit = nf3.textEdit as TextEdit;
  assert.ok(edit && 'range' in edit, 'a TextEdit');
  assert.ok(applyEdits(text, [edit]).endsWith('\n1. e4 e5 2. Nf3'), applyEdits(text, [edit]));
});

test('no warnings about the settings the extension passes', () => {
  assert.deepEqual(session.messages.filter((m) => /settings/.test(m)), []);
});

test('shutdown and exit: exit status 0', async () => {
  assert.equal(await session.conn.sendRequest('shutdown'), null);
  await session.conn.sendNotification('exit');
  assert.equal(await session.exited, 0);
});
