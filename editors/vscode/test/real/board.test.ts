// The board in a real VS Code (code-server, as real.test.ts), through the UI
// as a person uses it: a game opened, PGN: Show Board run from the Command
// Palette, the panel read from its webview's DOM (the board's picture, the
// move, the line, the FEN) as the cursor is moved by clicks and by its
// previous and next buttons and keys, whose moves of the cursor are read
// from the status bar; and the hover's board as an image with the setting
// pgnls.hover.board "image". Screenshots of each step are kept in
// test/real/screenshots/ (board-NN-*.png).

import { test } from 'node:test';
import * as assert from 'node:assert/strict';
import type { FrameLocator } from 'playwright-core';

import { openGame, session, useHarness } from './harness';
import { Workbench } from './workbench';

const h = useHarness();

const movetext = '1. e4 e5 2. Nf3 d6 (2... Nc6 3. Bb5) 3. d4 Bg4 *';
const gameText = ['[Event "Board"]', '[Site "Here"]', '[Date "2024.01.02"]', '[Round "1"]', '[White "Morphy"]', '[Black "Duke"]', '[Result "*"]', '', movetext, ''].join('\n');
/** The movetext's line, as the status bar counts (from 1). */
const movetextLine = 9;
const startFEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const afterNf3FEN = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2';

/** The status bar's place of the start of the move san (its first occurrence) in the movetext. */
function placeOf(san: string): string {
  const m = new RegExp(` ${san}[ )]`).exec(movetext);
  assert.ok(m, `${san} is not in the movetext`);
  return `Ln ${movetextLine}, Col ${m.index + 2}`;
}

/** The game's editor group: the one with a text editor (the panel's has a webview). */
function gameGroup(wb: Workbench) {
  return wb.page.locator('.editor-group-container', { has: wb.page.locator('.monaco-editor') }).first();
}

/** word is the span that shows a move in the game's editor, wherever the focus is. */
function word(wb: Workbench, text: string) {
  return gameGroup(wb)
    .locator('.view-lines span span')
    .filter({ hasText: new RegExp(`^${text}$`) })
    .first();
}

/** focusGame puts the keyboard in the game's editor, which does not move its cursor. */
async function focusGame(wb: Workbench): Promise<void> {
  await gameGroup(wb).locator('.monaco-editor textarea').first().focus();
}

/** The panel's page: the webview's inner frame. */
function panel(wb: Workbench): FrameLocator {
  return wb.page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
}

interface Shown {
  title: string;
  fen: string;
  line: string;
  image: string;
  orientation: string;
  updates: number;
}

/** shown reads what the panel shows. */
async function shown(wb: Workbench): Promise<Shown> {
  const p = panel(wb);
  const img = p.locator('#board');
  return {
    title: await p.locator('#title').innerText({ timeout: 5_000 }),
    fen: await p.locator('#fen').innerText({ timeout: 5_000 }),
    line: await p.locator('#line').innerText({ timeout: 5_000 }),
    image: (await img.getAttribute('src', { timeout: 5_000 })) ?? '',
    orientation: (await img.getAttribute('data-orientation', { timeout: 5_000 })) ?? '',
    updates: Number((await p.locator('body').getAttribute('data-updates', { timeout: 5_000 })) ?? '0'),
  };
}

/** showing waits until the panel shows the move title (and the FEN, when given), and returns what it shows. */
function showing(wb: Workbench, title: string, fen?: string): Promise<Shown> {
  let last: Shown | undefined;
  return wb.until(
    () => `the board to show ${title}${fen ? ` (${fen})` : ''}; it shows ${JSON.stringify(last && { ...last, image: last.image.slice(0, 40) })}`,
    async () => {
      last = await shown(wb);
      return last.title === title && (fen === undefined || last.fen === fen) && last.image.startsWith('data:image/svg+xml;base64,') ? last : undefined;
    },
  );
}

/**
 * cursorAt waits until the status bar shows the cursor at place ("Ln 9,
 * Col 17"). The status bar shows the cursor of the focused editor only, so
 * the keyboard goes to the editor first (which does not move its cursor).
 */
async function cursorAt(wb: Workbench, place: string): Promise<true> {
  await focusGame(wb);
  const status = wb.page.locator('[id="status.editor.selection"]');
  let last = '';
  return wb.until(
    () => `the cursor at ${place}; the status bar says ${last}`,
    async () => {
      last = (await status.innerText()).trim();
      return last === place ? true : undefined;
    },
  );
}

/** The SVG of a data: URI. */
function svgOf(uri: string): string {
  return Buffer.from(uri.replace(/^data:image\/svg\+xml;base64,/, ''), 'base64').toString('utf8');
}

test('PGN: Show Board opens a panel beside the game that follows the cursor, and its buttons and keys move the cursor', { timeout: 10 * 60_000 }, async () => {
  const settings = { 'pgnls.hover': { board: 'image' }, 'pgnls.ecoFile': '' };
  await session(h, 'board', { pgnlsPath: h.binary, install: true, files: { 'game.pgn': gameText }, settings }, async (server, wb, ws) => {
    const page = wb.page;
    const refused: string[] = [];
    page.on('console', (m) => {
      // The board page's own directives (VS Code's have others).
      if (/Content Security Policy directive: "(default-src 'none'|img-src data:|script-src 'nonce-|style-src 'nonce-)/.test(m.text())) {
        refused.push(m.text());
      }
    });
    await openGame(server, wb, ws);
    await cursorAt(wb, 'Ln 1, Col 1');

    await wb.command('PGN: Show Board');
    const start = await showing(wb, 'Start of the line', startFEN);
    assert.equal(start.line, 'Main line');
    assert.match(svgOf(start.image), /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    assert.equal(start.orientation, 'white');
    // Beside the editor: the editor and the panel side by side, the game's
    // tab still there.
    assert.equal(await page.locator('.editor-group-container').count(), 2, 'two editor groups');
    assert.equal(await page.locator('.tab', { hasText: 'game.pgn' }).count(), 1);
    assert.equal(await page.locator('.tab', { hasText: 'Board' }).count(), 1);
    await wb.shot('board-opened');

    // The cursor moved in the text by a click: the board follows.
    await word(wb, 'Nf3').click();
    const nf3 = await showing(wb, '2. Nf3', afterNf3FEN);
    assert.notEqual(nf3.image, start.image, 'another picture');
    await wb.shot('cursor-on-nf3');

    // The panel's Next button: the cursor goes to the next move, d6.
    await panel(wb).locator('#next').click();
    await cursorAt(wb, placeOf('d6'));
    await showing(wb, '2... d6');
    await panel(wb).locator('#next').click();
    await cursorAt(wb, placeOf('d4'));
    await showing(wb, '3. d4');
    await wb.shot('next-pressed');
    // Left in the panel (the keyboard in it by a click on its title): back
    // to d6.
    await panel(wb).locator('#title').click();
    await page.keyboard.press('ArrowLeft');
    await cursorAt(wb, placeOf('d6'));
    await showing(wb, '2... d6');
    await wb.shot('left-in-the-panel');

    // In the variation, from the editor: Alt+Left and Alt+Right.
    await word(wb, 'Bb5').click();
    const bb5 = await showing(wb, '3. Bb5');
    assert.equal(bb5.line, 'Variation: 1st alternative to 2... d6');
    await focusGame(wb);
    await page.keyboard.press('Alt+ArrowLeft');
    await cursorAt(wb, placeOf('Nc6'));
    await showing(wb, '2... Nc6');
    await page.keyboard.press('Alt+ArrowRight');
    await cursorAt(wb, placeOf('Bb5'));
    await showing(wb, '3. Bb5');
    await wb.shot('alt-arrows-in-the-editor');

    // The board follows the typing: a move typed after Bg4 is shown.
    await word(wb, 'Bg4').click();
    await showing(wb, '3... Bg4');
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowLeft'); // before the result marker
    await wb.type('4. Be2 ');
    await showing(wb, '4. Be2');
    await wb.shot('typed-be2');

    // Flip: the same position with Black at the bottom.
    const before = await shown(wb);
    await panel(wb).locator('#flip').click();
    const flipped = await wb.until('the flipped board', async () => {
      const s = await shown(wb);
      return s.orientation === 'black' ? s : undefined;
    });
    assert.equal(flipped.fen, before.fen);
    assert.notEqual(flipped.image, before.image);
    await wb.shot('flipped');

    assert.deepEqual(refused, [], 'no Content Security Policy refusals');
  });
});

test('the hover shows the board as an image with pgnls.hover.board "image"', { timeout: 10 * 60_000 }, async () => {
  const settings = { 'pgnls.hover': { board: 'image' }, 'pgnls.ecoFile': '' };
  await session(h, 'hover-image', { pgnlsPath: h.binary, install: true, files: { 'game.pgn': gameText }, settings }, async (server, wb, ws) => {
    await openGame(server, wb, ws);
    // The server has answered once: the breadcrumbs name the game (from
    // its document symbols).
    await wb.until('the game in the breadcrumbs', async () => ((await wb.page.locator('.breadcrumbs-control').innerText()).includes('Morphy – Duke') ? true : undefined));
    const img = wb.hover().locator('img');
    let seen = '(no hover)';
    let polls = 0;
    const src = await wb.until(() => `an image in the hover; the hover was ${seen}`, async () => {
      const s = (await img.count()) > 0 ? await img.first().getAttribute('src') : null;
      if (s && s.startsWith('data:image/svg+xml;base64,')) {
        return s;
      }
      if (await wb.hover().isVisible()) {
        seen = (await wb.hover().innerHTML()).slice(0, 1500);
      }
      // Hovered again every 3 s (the poll is every 250 ms), until the
      // server, still starting, has answered.
      if (polls++ % 12 === 0) {
        await wb.page.mouse.move(0, 0);
        await wb.word('Nf3').hover();
      }
      return undefined;
    });
    assert.match(svgOf(src), /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    // Drawn, not a broken image: the browser decoded it to its size.
    const width = await img.first().evaluate((e) => (e as HTMLImageElement).naturalWidth);
    assert.ok(width > 0, `the image's natural width is ${width}`);
    // Whole: the hover (at most 250 pixels high) does not cut it.
    const [box, hoverBox] = [await img.first().boundingBox(), await wb.hover().boundingBox()];
    assert.ok(box && hoverBox && box.y >= hoverBox.y && box.y + box.height <= hoverBox.y + hoverBox.height, `the image ${JSON.stringify(box)} is not within the hover ${JSON.stringify(hoverBox)}`);
    await wb.shot('hover-image');
    // The FEN below it, when scrolled to.
    await wb.hover().locator('.monaco-hover-content').hover();
    await wb.page.mouse.wheel(0, 400);
    const text = await wb.hover().innerText();
    assert.ok(text.includes(afterNf3FEN), `the FEN under the image:\n${text}`);
    await wb.shot('hover-image-scrolled');
  });
});
