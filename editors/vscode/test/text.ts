// Text edits as VS Code applies them: positions in UTF-16 code units, which
// is what JavaScript strings index.

import type { Position, Range, TextEdit } from 'vscode-languageserver-protocol';

export function offsetAt(text: string, pos: Position): number {
  let off = 0;
  for (let line = 0; line < pos.line; line++) {
    const nl = text.indexOf('\n', off);
    if (nl < 0) {
      throw new Error(`line ${pos.line} is past the end`);
    }
    off = nl + 1;
  }
  const end = text.indexOf('\n', off);
  const lineEnd = end < 0 ? text.length : end;
  if (off + pos.character > lineEnd) {
    throw new Error(`character ${pos.character} is past the end of line ${pos.line}`);
  }
  return off + pos.character;
}

export function positionAt(text: string, offset: number): Position {
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  return { line, character: offset - (before.lastIndexOf('\n') + 1) };
}

/** applyEdits applies non-overlapping edits, as a WorkspaceEdit would. */
export function applyEdits(text: string, edits: TextEdit[]): string {
  const withOffsets = edits.map((e) => ({ e, start: offsetAt(text, e.range.start), end: offsetAt(text, e.range.end) }));
  withOffsets.sort((a, b) => b.start - a.start);
  for (let i = 1; i < withOffsets.length; i++) {
    if (withOffsets[i].end > withOffsets[i - 1].start) {
      throw new Error(`overlapping edits: ${JSON.stringify(edits)}`);
    }
  }
  for (const { e, start, end } of withOffsets) {
    text = text.slice(0, start) + e.newText + text.slice(end);
  }
  return text;
}

/** rangeOf is the range of the n-th (0-based) occurrence of needle. */
export function rangeOf(text: string, needle: string, n = 0): Range {
  let at = -1;
  for (let i = 0; i <= n; i++) {
    at = text.indexOf(needle, at + 1);
    if (at < 0) {
      throw new Error(`${JSON.stringify(needle)} occurs fewer than ${n + 1} times`);
    }
  }
  return { start: positionAt(text, at), end: positionAt(text, at + needle.length) };
}
