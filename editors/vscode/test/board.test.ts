// The board panel's parts that run without VS Code: what it shows of a
// pgnls/position answer, its page (the Content Security Policy, the
// script run on a stand-in DOM: an answer drawn, the buttons and keys),
// the scheduler that keeps one request in flight, and the request itself
// against the real pgnls binary, stepping through a game with variations
// by its previous and next links as the buttons do.

import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vm from 'vm';
import { after, before, test } from 'node:test';
import * as assert from 'node:assert/strict';
import { pathToFileURL } from 'url';

import { boardHtml, CancelSignal, LatestOnly, lineName, ordinal, PositionResult, positionMethod, positionVersion, viewOf } from '../src/boardview';
import { pgnlsBinary } from './pgnls-binary';
import { Session } from './lsp-session';
import { offsetAt } from './text';
import { initializeParams } from './vscode-client';

const answer: PositionResult = {
  version: 2,
  fen: 'rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2',
  sideToMove: 'black',
  moveNumber: 2,
  move: { san: 'Nf3', moveNumber: 2, side: 'white', from: 'g1', to: 'f3', range: { start: { line: 2, character: 21 }, end: { line: 2, character: 24 } } },
  line: [{ replaces: '1... e5', index: 1 }],
  legalMoveCount: 22,
  board: '',
  svg: '<svg xmlns="http://www.w3.org/2000/svg"></svg>',
  opening: { eco: 'B27', name: 'Sicilian defence' },
  previous: { san: 'c5', range: { start: { line: 2, character: 15 }, end: { line: 2, character: 17 } } },
  next: null,
};

test('viewOf: the move, the line, the side to move, the opening, the links', () => {
  const v = viewOf(answer, 'data:image/svg+xml;base64,AA==', 'black');
  assert.deepEqual(v, {
    title: '2. Nf3',
    image: 'data:image/svg+xml;base64,AA==',
    alt: 'The board after 2. Nf3: rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2',
    fen: answer.fen,
    status: 'Black to move, 22 legal moves',
    line: 'Variation: 1st alternative to 1... e5',
    opening: 'B27 Sicilian defence',
    problem: '',
    previous: 'c5',
    next: undefined,
    orientation: 'black',
  });
  const start = viewOf({ ...answer, move: null, line: [], opening: null, previous: null, next: { san: 'e4', range: answer.previous!.range }, sideToMove: 'white' }, 'x', 'white');
  assert.equal(start.title, 'Start of the line');
  assert.equal(start.line, 'Main line');
  assert.equal(start.previous, undefined, 'no previous at the start');
  assert.equal(start.next, 'e4');
  assert.equal(viewOf({ ...answer, legalMoveCount: 0 }, 'x', 'white').status, 'Black to move, no legal move');
  const unreplayed = viewOf({ ...answer, fen: null, move: null, svg: '', problem: 'not replayed: the FEN tag is not a valid position' }, '', 'white');
  assert.equal(unreplayed.title, 'No board');
  assert.equal(unreplayed.image, '');
  assert.equal(unreplayed.status, '');
  assert.equal(unreplayed.problem, 'not replayed: the FEN tag is not a valid position');
  assert.equal(viewOf(null, '', 'white').title, 'No game at the cursor');
  assert.equal(viewOf({ ...answer, previous: { san: '', range: answer.previous!.range } }, '', 'white').previous, '', 'the start: an enabled button');
});

test('lineName and ordinal', () => {
  assert.equal(lineName([]), 'Main line');
  assert.equal(lineName([{ replaces: '1... e5', index: 2 }, { replaces: '2. Nf3', index: 1 }]), 'Variation: 2nd alternative to 1... e5 › 1st alternative to 2. Nf3');
  assert.deepEqual([1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111].map(ordinal), ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd', '101st', '111th']);
});

test("the page's Content Security Policy loads nothing remote and runs only its own script", () => {
  const nonce = 'bm9uY2Vub25jZQ==';
  const html = boardHtml(nonce);
  const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(html)?.[1];
  assert.ok(csp, 'a CSP meta tag');
  const directives = new Map(csp.split(';').map((d) => d.trim()).filter((d) => d !== '').map((d) => [d.split(/\s+/)[0], d.split(/\s+/).slice(1)]));
  assert.deepEqual(directives.get('default-src'), ["'none'"]);
  assert.deepEqual(directives.get('img-src'), ['data:']);
  assert.deepEqual(directives.get('script-src'), [`'nonce-${nonce}'`]);
  assert.deepEqual(directives.get('style-src'), [`'nonce-${nonce}'`]);
  assert.deepEqual([...directives.keys()].sort(), ['default-src', 'img-src', 'script-src', 'style-src']);
  // Every script and style carries the nonce; nothing is loaded from a URL;
  // no inline handler (which the CSP would refuse anyway).
  assert.equal((html.match(/<script/g) ?? []).length, (html.match(new RegExp(`<script nonce="${nonce}">`, 'g')) ?? []).length);
  assert.equal((html.match(/<style/g) ?? []).length, 1);
  assert.ok(html.includes(`<style nonce="${nonce}">`));
  assert.doesNotMatch(html, /\b(src|href)=/);
  assert.doesNotMatch(html, /https?:\/\//);
  assert.doesNotMatch(html, /\son[a-z]+=/);
  // Theme-aware: the colours are the theme's.
  for (const v of ['--vscode-foreground', '--vscode-editor-background', '--vscode-button-background', '--vscode-errorForeground']) {
    assert.ok(html.includes(`var(${v}`), `uses ${v}`);
  }
});

/** A stand-in for the few DOM parts the page's script uses. */
class FakeElement {
  textContent = '';
  hidden = false;
  disabled = false;
  src = '';
  alt = '';
  title = '';
  dataset: Record<string, string> = {};
  private classes = new Set<string>();
  listeners: Record<string, ((e: unknown) => void)[]> = {};
  classList = {
    toggle: (c: string, on: boolean) => (on ? this.classes.add(c) : this.classes.delete(c)),
    contains: (c: string) => this.classes.has(c),
  };
  addEventListener(type: string, f: (e: unknown) => void): void {
    (this.listeners[type] ??= []).push(f);
  }
  fire(type: string, e: unknown = {}): void {
    (this.listeners[type] ?? []).forEach((f) => f(e));
  }
}

/** runPage runs the page's script on stand-ins and returns them. */
function runPage() {
  const html = boardHtml('n');
  const script = /<script nonce="n">([\s\S]*?)<\/script>/.exec(html)![1];
  const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
  const elements = new Map(ids.map((id) => [id, new FakeElement()]));
  const body = new FakeElement();
  const win = new FakeElement();
  const posted: unknown[] = [];
  const context = {
    // postMessage clones, as the real one does (and out of the script's realm).
    acquireVsCodeApi: () => ({ postMessage: (m: unknown) => posted.push(JSON.parse(JSON.stringify(m))) }),
    document: { getElementById: (id: string) => elements.get(id) ?? null, body },
    window: win,
  };
  vm.runInNewContext(script, context);
  const el = (id: string) => elements.get(id)!;
  return { el, body, win, posted, show: (view: unknown) => win.fire('message', { data: { type: 'view', ...(view as object) } }) };
}

test("the page's script draws a view, and its buttons and keys ask for moves", () => {
  const page = runPage();
  assert.deepEqual(page.posted, [{ type: 'ready' }], 'it says it is ready');
  page.show(viewOf(answer, 'data:image/svg+xml;base64,AA==', 'white'));
  assert.equal(page.el('title').textContent, '2. Nf3');
  assert.equal(page.el('board').src, 'data:image/svg+xml;base64,AA==');
  assert.equal(page.el('board').hidden, false);
  assert.match(page.el('board').alt, /^The board after 2\. Nf3: rnbqkbnr/);
  assert.equal(page.el('fen').textContent, answer.fen);
  assert.equal(page.el('status').textContent, 'Black to move, 22 legal moves');
  assert.equal(page.el('opening').textContent, 'B27 Sicilian defence');
  assert.equal(page.el('problem').classList.contains('empty'), true, 'no problem shown');
  assert.equal(page.el('previous').disabled, false);
  assert.equal(page.el('previous').title, 'Previous move: c5 (Left)');
  assert.equal(page.el('next').disabled, true, 'no next move');
  assert.equal(page.body.dataset.updates, '1');

  page.posted.length = 0;
  page.el('previous').fire('click');
  page.el('flip').fire('click');
  const keys: string[] = [];
  for (const [key, mods] of [['ArrowLeft', {}], ['ArrowRight', {}], ['ArrowLeft', { altKey: true }], ['ArrowLeft', { ctrlKey: true }], ['x', {}]] as const) {
    page.win.fire('keydown', { key, ...mods, preventDefault: () => keys.push(key) });
  }
  assert.deepEqual(page.posted, [{ type: 'previous' }, { type: 'flip' }, { type: 'previous' }, { type: 'previous' }], 'Right is off without a next move; Ctrl+Left is not the board’s');
  assert.deepEqual(keys, ['ArrowLeft', 'ArrowLeft'], 'the keys it takes are not passed on');

  page.show({ ...viewOf(null, '', 'white'), problem: 'pgnls/position failed: x' });
  assert.equal(page.el('board').hidden, true);
  assert.equal(page.el('previous').disabled, true);
  assert.equal(page.el('problem').textContent, 'pgnls/position failed: x');
  assert.equal(page.el('problem-label').classList.contains('empty'), false);
  assert.equal(page.body.dataset.updates, '2');
});

/** deferred is a promise with its resolve and reject. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const tick = () => new Promise((r) => setImmediate(r));

test('LatestOnly: one request in flight, the latest sent next, stale answers never shown', async () => {
  const calls: { p: number; cancel: CancelSignal; d: ReturnType<typeof deferred<string>> }[] = [];
  const shown: string[] = [];
  const failed: string[] = [];
  const s = new LatestOnly<number, string>(
    (p, cancel) => {
      const d = deferred<string>();
      calls.push({ p, cancel, d });
      return d.promise;
    },
    (r, p) => shown.push(`${p}:${r}`),
    (err, p) => failed.push(`${p}:${err}`),
  );
  s.want(1);
  assert.equal(calls.length, 1, 'sent at once, without a timer');
  s.want(2);
  s.want(3);
  assert.equal(calls.length, 1, 'not sent while one is in flight');
  assert.equal(calls[0].cancel.cancelled, true, 'the one in flight is cancelled');
  calls[0].d.resolve('one');
  await tick();
  assert.deepEqual(shown, [], 'the stale answer is not shown');
  assert.deepEqual(calls.map((c) => c.p), [1, 3], 'the latest is sent next; 2 never');
  calls[1].d.resolve('three');
  await tick();
  assert.deepEqual(shown, ['3:three']);
  assert.equal(s.busy, false);

  s.want(4);
  s.want(5);
  calls[2].d.reject(new Error('cancelled')); // a cancelled request's error is not shown either
  await tick();
  calls[3].d.reject(new Error('boom'));
  await tick();
  assert.deepEqual(failed, ['5:Error: boom']);
  assert.equal(s.sent, 4);
});

// The request against the real binary, with the params the board sends.
let binary: string;
let session: Session | undefined;
let dir: string;

before(() => {
  binary = pgnlsBinary();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pgnls-board-'));
});

after(() => {
  if (session && session.proc.exitCode === null) {
    session.proc.kill();
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

test('pgnls/position: stepping through a game with a variation by next and previous, as the buttons do', async () => {
  const text = '[Event "Steps"]\n[Result "*"]\n\n1. e4 e5 (1... c5 2. Nf3) 2. Nf3 {é 🏆} Nc6 *\n';
  const file = path.join(dir, 'steps.pgn');
  fs.writeFileSync(file, text);
  const uri = pathToFileURL(file).href;
  session = new Session(binary);
  await session.conn.sendRequest('initialize', initializeParams(dir, { ecoFile: '' }));
  await session.conn.sendNotification('initialized', {});
  await session.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'pgn', version: 1, text } });
  const ask = (line: number, character: number, orientation = 'white') =>
    session!.conn.sendRequest<PositionResult | null>(positionMethod, { textDocument: { uri }, position: { line, character }, orientation });

  let r = (await ask(0, 2))!;
  assert.equal(r.version, positionVersion);
  assert.equal(r.move, null);
  assert.equal(r.previous, null);
  const sans: string[] = [];
  const fens: string[] = [r.fen!];
  while (r.next) {
    const at = r.next.range.start;
    r = (await ask(at.line, at.character))!;
    assert.equal(r.move?.san, text.slice(offsetAt(text, r.move!.range.start), offsetAt(text, r.move!.range.end)), 'the move at the link');
    sans.push(r.move!.san);
    fens.push(r.fen!);
  }
  assert.deepEqual(sans, ['e4', 'e5', 'Nf3', 'Nc6'], 'next follows the main line (UTF-16 columns after the comment)');
  for (let i = fens.length - 2; i >= 0; i--) {
    const at = r.previous!.range.start;
    r = (await ask(at.line, at.character))!;
    assert.equal(r.fen, fens[i], `previous, back to ${i}`);
  }
  assert.deepEqual(r.previous, null, 'back at the start');

  // In the variation: back from its first move is the main line's move
  // before the one it replaces.
  const c5 = text.indexOf('c5');
  const lines = text.slice(0, c5).split('\n');
  r = (await ask(lines.length - 1, lines[lines.length - 1].length))!;
  assert.deepEqual(r.line, [{ replaces: '1... e5', index: 1 }]);
  assert.equal(r.previous?.san, 'e4');
  assert.equal(r.next?.san, 'Nf3');
  const black = (await ask(lines.length - 1, lines[lines.length - 1].length, 'black'))!;
  assert.notEqual(black.svg, r.svg, 'the orientation turns the board');
  await assert.rejects(ask(3, 4, 'up'), /orientation/);
});
