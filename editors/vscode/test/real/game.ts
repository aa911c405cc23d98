// What the real-VS Code tests type, and what they expect back: one game
// typed key by key with an illegal move (4. Ke3) and a result marker that
// disagrees with its Result tag, then a second game typed on one line to be
// formatted on save. Shared by the UI test (real.test.ts) and the suite that
// runs inside VS Code's extension host (suite/index.ts).

import { execFileSync } from 'child_process';

/** The first game's tag section, typed line by line. */
export const tagSection = ['[Event "Typed"]', '[Site "Here"]', '[Date "2024.01.01"]', '[Round "1"]', '[White "Anand"]', '[Black "Carlsen"]', '[Result "1-0"]', '', ''].join('\n');

/** The movetext up to where completion is asked for, after `2. N`. */
export const movesToKnight = '1. e4 e5 2. N';

/** What completion offers there: every knight move of White's second move. */
export const knightMoves = ['Na3', 'Nc3', 'Ne2', 'Nf3', 'Nh3'];

/** The rest of the movetext: `f3` completes 2. Nf3; 4. Ke3 is illegal; 0-1 contradicts [Result "1-0"]. */
export const movesAfterKnight = 'f3 Nc6 3. Bb5 a6 4. Ke3 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 0-1';

/** The illegal move, and what replaces it. */
export const illegalMove = 'Ke3';
export const legalMove = 'Ba4';
export const illegalMessage = '4.Ke3 is illegal: the king cannot reach e3';

/** The result marker, and the message about it. */
export const wrongResult = '0-1';
export const mismatchMessage = 'the Result tag says 1-0 but the game ends with 0-1';
/** The quick fix applied to it. */
export const resultFix = 'Change the result marker to 1-0';

/** The move hovered, and what its hover shows: the position after it as a board and as FEN. */
export const hoveredMove = 'Bb5';
export const hoverTitle = "3. Bb5 — White's 3rd move, main line";
export const hoverFEN = 'r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3';
/** The fifth rank of the hover's board, with the bishop's new square in brackets. */
export const hoverRank5 = /·\s*\[♗\]\s*·\s*·\s*♟/;

/** The line width the workspace settings give (pgnls.lineWidth), so that formatting wraps the movetext. */
export const lineWidth = 40;

/** The second game, typed on one line after the first; format on save rewrites it. */
export const secondGame = '[Event "Second"] [White "Kasparov"] [Black "Topalov"] [Result "*"] 1.d4 Nf6 2.c4 e6 *';

/** The outline's games, after the second is typed. */
export const outlineNames = ['Anand – Carlsen, Typed 2024.01.01 (1-0)', 'Kasparov – Topalov, Second (*)'];

/** typedGame is the first game as typed: the illegal move in, the wrong result. */
export function typedGame(): string {
  return tagSection + movesToKnight + movesAfterKnight;
}

/** fixedGame is the first game after the illegal move is retyped and the quick fix is applied. */
export function fixedGame(): string {
  return typedGame().replace(illegalMove, legalMove).replace(/0-1$/, '1-0');
}

/** pgnlsFmt is `pgnls fmt --width N` of text: what Format Document and format on save must give. */
export function pgnlsFmt(binary: string, text: string): string {
  return execFileSync(binary, ['fmt', '--width', String(lineWidth), '-'], { input: text, encoding: 'utf8' });
}
