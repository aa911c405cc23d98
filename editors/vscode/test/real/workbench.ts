// The VS Code workbench in the browser, as a person uses it: keyboard and
// mouse on the page, and what the page shows read back from its DOM. Every
// wait waits for a condition, with a generous limit (the machine is slow
// and shared), never for a fixed time.

import * as path from 'path';
import type { Locator, Page } from 'playwright-core';

/** The longest wait for anything the workbench or the server does. */
export const patience = 90_000;

export class Workbench {
  private shots = 0;

  constructor(
    readonly page: Page,
    /** The folder screenshots go to. */
    readonly shotDir: string,
    /** The start of this session's screenshot names. */
    readonly prefix: string,
  ) {}

  /** shot saves a screenshot of the page as PREFIX-NN-name.png and returns its path. */
  async shot(name: string): Promise<string> {
    this.shots++;
    const file = path.join(this.shotDir, `${this.prefix}-${String(this.shots).padStart(2, '0')}-${name}.png`);
    await this.page.screenshot({ path: file });
    return file;
  }

  /**
   * until waits until check returns a value other than undefined, and
   * returns it. what names the condition; as a function, it is called on a
   * timeout, to say what was seen instead.
   */
  async until<T>(what: string | (() => string), check: () => Promise<T | undefined>, timeout = patience): Promise<T> {
    const deadline = Date.now() + timeout;
    let last: unknown;
    for (;;) {
      try {
        const v = await check();
        if (v !== undefined) {
          return v;
        }
      } catch (err) {
        last = err;
      }
      if (Date.now() > deadline) {
        const shot = await this.shot('timeout').catch(() => '(no screenshot)');
        const said = typeof what === 'string' ? what : what();
        throw new Error(`waited ${timeout / 1000} s for ${said}${last ? ` (last error: ${last})` : ''}; screenshot ${shot}`);
      }
      await this.page.waitForTimeout(250); // the poll interval, not a wait for something
    }
  }

  /** load opens the workbench at url and waits for its Explorer. */
  async load(url: string): Promise<void> {
    await this.page.goto(url);
    await this.page.locator('.explorer-folders-view').waitFor({ timeout: patience });
  }

  /** openFile opens a file of the folder from the Explorer, as a kept (not preview) editor. */
  async openFile(name: string): Promise<void> {
    await this.page.getByRole('treeitem', { name }).dblclick({ timeout: patience });
    await this.page.locator('.tab.active', { hasText: name }).waitFor({ timeout: patience });
  }

  /** The status bar's language mode ("PGN"). */
  languageMode(): Locator {
    return this.page.locator('[id="status.editor.mode"]');
  }

  /** focusEditor puts the keyboard focus in the active editor. */
  async focusEditor(): Promise<void> {
    await this.page.locator('.editor-group-container.active .monaco-editor textarea').first().focus();
  }

  /** type types text into the focused editor, key by key; a newline is Enter. */
  async type(text: string): Promise<void> {
    await this.page.keyboard.type(text, { delay: 5 });
  }

  /** command runs a command from the Command Palette by its title. */
  async command(title: string): Promise<void> {
    await this.page.keyboard.press('F1');
    const input = this.page.locator('.quick-input-widget input');
    await input.waitFor({ timeout: patience });
    await input.fill(`>${title}`);
    const row = this.page.locator('.quick-input-widget .monaco-list-row', { hasText: title }).first();
    await row.waitFor({ timeout: patience });
    await row.click();
  }

  /** editorText is the text of the active editor as shown (every line must be in view). */
  async editorText(): Promise<string> {
    const lines = await this.page.evaluate(() => {
      const editor = document.querySelector('.editor-group-container.active .monaco-editor .view-lines');
      if (!editor) {
        return undefined;
      }
      const rows = [...editor.querySelectorAll<HTMLElement>('.view-line')];
      rows.sort((a, b) => parseFloat(a.style.top) - parseFloat(b.style.top));
      return rows.map((r) => (r.textContent ?? '').replace(/\u00a0/g, ' '));
    });
    if (lines === undefined) {
      throw new Error('no editor');
    }
    return lines.join('\n');
  }

  /** word is the span that shows the token text in the active editor. */
  word(text: string): Locator {
    return this.page
      .locator('.editor-group-container.active .view-lines span span')
      .filter({ hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
      .first();
  }

  /** squiggles counts the error squiggles in the active editor. */
  async squiggles(): Promise<number> {
    return this.page.locator('.editor-group-container.active .squiggly-error').count();
  }

  /**
   * problems are the Problems panel's entries as shown, "message source code
   * [Ln L, Col C]" (the parentheses of "pgnls(illegal-move)" are drawn by
   * the style sheet, and are not in the text).
   */
  async problems(): Promise<string[]> {
    return this.page
      .locator('.markers-panel .monaco-list-row[aria-label^="Error"], .markers-panel .monaco-list-row[aria-label^="Warning"]')
      .evaluateAll((rows) => rows.map((r) => (r as HTMLElement).innerText.replace(/\s+/g, ' ').trim()));
  }

  /** The rows of the open suggestion list ("Nf3, Function"). */
  async suggestions(): Promise<string[]> {
    return this.page.locator('.suggest-widget .monaco-list-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label') ?? ''));
  }

  /** The visible hover's text. */
  hover(): Locator {
    return this.page.locator('.monaco-hover:not(.hidden)').first();
  }

  /**
   * showNotifications opens the notification center, which lists every
   * notification (the corner shows only the latest few as toasts).
   */
  async showNotifications(): Promise<void> {
    await this.command('Notifications: Show Notifications');
    await this.page.locator('.notifications-center.visible').waitFor({ timeout: patience });
  }

  /** The notifications' messages, in the toasts and the notification center. */
  async notifications(): Promise<string[]> {
    return this.page.locator('.notification-list-item-message').allInnerTexts();
  }
}
