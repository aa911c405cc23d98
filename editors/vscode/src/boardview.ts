// The board panel's parts that need no vscode API, so that the tests run
// them in plain Node: the answer of pgnls/position (editors/lsp-extensions.md),
// what the panel shows of it, the panel's page, and the scheduling that
// keeps at most one request in flight and never shows a stale answer.

/** The request's method and the answer's version this panel reads. */
export const positionMethod = 'pgnls/position';
export const positionVersion = 2;

export type Side = 'white' | 'black';

interface LspPosition {
  line: number;
  character: number;
}

export interface LspRange {
  start: LspPosition;
  end: LspPosition;
}

/** A place the previous and next buttons put the cursor at (its range's start). */
export interface MoveLink {
  san: string;
  range: LspRange;
}

/** pgnls/position's answer, version 2. */
export interface PositionResult {
  version: number;
  fen: string | null;
  sideToMove?: Side;
  moveNumber?: number;
  move: { san: string; moveNumber: number; side: Side; from?: string; to?: string; range: LspRange } | null;
  line: { replaces: string; index: number }[];
  legalMoveCount: number;
  board: string;
  svg: string;
  opening: { eco: string; name: string } | null;
  problem?: string;
  previous?: MoveLink | null;
  next?: MoveLink | null;
}

/** What the panel shows: the page's fields, filled in by its script. */
export interface BoardView {
  /** The move just played ("2. Nf3", "1... e5"), or where the board is. */
  title: string;
  /** The board as a data: URI of the server's SVG; "" for none. */
  image: string;
  /** The image's alternative text: the position in words. */
  alt: string;
  fen: string;
  /** "Black to move, 22 legal moves". */
  status: string;
  /** "Main line", or the variation path. */
  line: string;
  opening: string;
  problem: string;
  /** The SAN the buttons go to ("" for the start position), or undefined when disabled. */
  previous?: string;
  next?: string;
  orientation: Side;
}

/** ordinal writes 1 as "1st", 2 as "2nd", and so on. */
export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][n % 10] ?? 'th';
  return `${n}${suffix}`;
}

/** moveName writes a played move with its number: "2. Nf3", "1... e5". */
export function moveName(m: { san: string; moveNumber: number; side: Side }): string {
  return `${m.moveNumber}${m.side === 'white' ? '.' : '...'} ${m.san}`;
}

/** lineName writes the variation path: "Main line", or each variation by the move it replaces. */
export function lineName(line: { replaces: string; index: number }[]): string {
  if (line.length === 0) {
    return 'Main line';
  }
  return 'Variation: ' + line.map((s) => `${ordinal(s.index)} alternative to ${s.replaces}`).join(' › ');
}

/**
 * viewOf turns an answer into what the panel shows. image is the data: URI
 * of the answer's SVG (made by the caller, which has Buffer or btoa).
 * A null answer is a cursor outside any game.
 */
export function viewOf(r: PositionResult | null, image: string, orientation: Side): BoardView {
  if (r === null) {
    return { title: 'No game at the cursor', image: '', alt: '', fen: '', status: '', line: '', opening: '', problem: '', orientation };
  }
  const side = r.sideToMove === 'black' ? 'Black' : 'White';
  let status = '';
  if (r.fen !== null) {
    status = r.legalMoveCount === 0 ? `${side} to move, no legal move` : `${side} to move, ${r.legalMoveCount} legal move${r.legalMoveCount === 1 ? '' : 's'}`;
  }
  const title = r.move ? moveName(r.move) : r.fen === null ? 'No board' : 'Start of the line';
  return {
    title,
    image: r.fen === null ? '' : image,
    alt: r.fen === null ? '' : `The board after ${title}: ${r.fen}`,
    fen: r.fen ?? '',
    status,
    line: lineName(r.line),
    opening: r.opening ? `${r.opening.eco} ${r.opening.name}` : '',
    problem: r.problem ?? '',
    previous: r.previous ? r.previous.san : undefined,
    next: r.next ? r.next.san : undefined,
    orientation,
  };
}

/** What the page sends the extension: a button or key pressed, or that it is ready. */
export type PageMessage = { type: 'previous' } | { type: 'next' } | { type: 'flip' } | { type: 'ready' };

/** isPageMessage checks a message from the page (the page is the panel's, but its messages are data). */
export function isPageMessage(m: unknown): m is PageMessage {
  const t = (m as { type?: unknown } | null)?.type;
  return t === 'previous' || t === 'next' || t === 'flip' || t === 'ready';
}

/**
 * boardHtml is the panel's page. Its Content Security Policy allows only
 * its own script and style (by nonce) and data: images (the board): no
 * remote or local resource is loaded. It draws in the theme's colours (VS
 * Code's --vscode-* variables). Left and Right (also with Alt) step through
 * the moves, as the buttons do.
 */
export function boardHtml(nonce: string): string {
  const csp = `default-src 'none'; img-src data:; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}';`;
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<title>Board</title>
<style nonce="${nonce}">
  body { color: var(--vscode-foreground); background: var(--vscode-editor-background); font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); padding: 8px 12px; }
  h1 { font-size: 1.2em; font-weight: 600; margin: 0 0 6px; }
  #board { display: block; width: 100%; max-width: 480px; aspect-ratio: 1; border: 1px solid var(--vscode-panel-border, transparent); }
  #board[hidden] { display: none; }
  nav { display: flex; gap: 6px; margin: 8px 0; max-width: 480px; }
  button { flex: 1; color: var(--vscode-button-foreground); background: var(--vscode-button-background); border: none; padding: 4px 8px; cursor: pointer; font: inherit; }
  button:hover:not(:disabled) { background: var(--vscode-button-hoverBackground); }
  button:disabled { opacity: 0.5; cursor: default; }
  button:focus-visible { outline: 1px solid var(--vscode-focusBorder); outline-offset: 1px; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 10px; margin: 0; }
  dt { color: var(--vscode-descriptionForeground); }
  dd { margin: 0; overflow-wrap: anywhere; }
  #fen { font-family: var(--vscode-editor-font-family); user-select: all; }
  #problem { color: var(--vscode-errorForeground); }
  .empty { display: none; }
</style>
</head>
<body>
<h1 id="title">Board</h1>
<img id="board" alt="" hidden>
<nav>
  <button id="previous" type="button" title="Previous move (Left)" disabled>◀ Previous</button>
  <button id="flip" type="button" title="Turn the board">Flip</button>
  <button id="next" type="button" title="Next move (Right)" disabled>Next ▶</button>
</nav>
<dl>
  <dt id="line-label">Line</dt><dd id="line"></dd>
  <dt id="status-label">Position</dt><dd id="status"></dd>
  <dt id="opening-label">Opening</dt><dd id="opening"></dd>
  <dt id="fen-label">FEN</dt><dd id="fen"></dd>
  <dt id="problem-label">Problem</dt><dd id="problem"></dd>
</dl>
<script nonce="${nonce}">
(function () {
  const vscode = acquireVsCodeApi();
  const el = (id) => document.getElementById(id);
  const field = (id, text) => {
    el(id).textContent = text;
    el(id).classList.toggle('empty', text === '');
    el(id + '-label').classList.toggle('empty', text === '');
  };
  const link = (id, label, san) => {
    const b = el(id);
    b.disabled = san === undefined;
    b.dataset.san = san === undefined ? '' : san;
    b.title = label + (san === undefined ? '' : san === '' ? ': the start' : ': ' + san) + (id === 'next' ? ' (Right)' : ' (Left)');
  };
  window.addEventListener('message', (event) => {
    const v = event.data;
    if (!v || v.type !== 'view') {
      return;
    }
    el('title').textContent = v.title;
    const img = el('board');
    img.hidden = v.image === '';
    if (v.image !== '') {
      img.src = v.image;
    }
    img.alt = v.alt;
    img.dataset.orientation = v.orientation;
    field('line', v.line);
    field('status', v.status);
    field('opening', v.opening);
    field('fen', v.fen);
    field('problem', v.problem);
    link('previous', 'Previous move', v.previous);
    link('next', 'Next move', v.next);
    document.body.dataset.updates = String(Number(document.body.dataset.updates || '0') + 1);
  });
  for (const id of ['previous', 'next', 'flip']) {
    el(id).addEventListener('click', () => vscode.postMessage({ type: id }));
  }
  window.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.shiftKey) {
      return;
    }
    const type = e.key === 'ArrowLeft' ? 'previous' : e.key === 'ArrowRight' ? 'next' : undefined;
    if (type && !el(type).disabled) {
      e.preventDefault();
      vscode.postMessage({ type });
    }
  });
  vscode.postMessage({ type: 'ready' });
})();
</script>
</body>
</html>
`;
}

/** A request's cancellation, as the scheduler gives it to send. */
export interface CancelSignal {
  readonly cancelled: boolean;
  onCancel(listener: () => void): void;
}

class Signal implements CancelSignal {
  cancelled = false;
  private listeners: (() => void)[] = [];
  onCancel(listener: () => void): void {
    this.listeners.push(listener);
  }
  cancel(): void {
    if (!this.cancelled) {
      this.cancelled = true;
      this.listeners.forEach((l) => l());
    }
  }
}

/**
 * LatestOnly sends requests for the latest of what it is asked for, with
 * at most one in flight, so that a panel that follows the cursor keeps up
 * with a key held down: asked again while a request is in flight, it
 * cancels that one (the client sends $/cancelRequest), and sends the
 * latest when the one in flight settles; the ones asked for in between are
 * never sent. An answer is shown only when nothing newer was asked for.
 * There is no timer: an idle scheduler sends at once.
 */
export class LatestOnly<P, R> {
  private inFlight: Signal | undefined;
  private pending: { p: P } | undefined;
  /** How many requests were sent (for the tests). */
  sent = 0;

  constructor(
    private readonly send: (p: P, cancel: CancelSignal) => Promise<R>,
    private readonly show: (r: R, p: P) => void,
    private readonly failed: (err: unknown, p: P) => void,
  ) {}

  /** want asks for p, to be shown when it is still the latest. */
  want(p: P): void {
    this.pending = { p };
    if (this.inFlight) {
      this.inFlight.cancel();
      return;
    }
    void this.run();
  }

  /** busy reports that a request is in flight. */
  get busy(): boolean {
    return this.inFlight !== undefined;
  }

  private async run(): Promise<void> {
    while (this.pending) {
      const { p } = this.pending;
      this.pending = undefined;
      const signal = new Signal();
      this.inFlight = signal;
      this.sent++;
      let outcome: { ok: true; r: R } | { ok: false; err: unknown };
      try {
        outcome = { ok: true, r: await this.send(p, signal) };
      } catch (err) {
        outcome = { ok: false, err };
      }
      this.inFlight = undefined;
      if (this.pending || signal.cancelled) {
        continue;
      }
      if (outcome.ok) {
        this.show(outcome.r, p);
      } else {
        this.failed(outcome.err, p);
      }
    }
  }
}
