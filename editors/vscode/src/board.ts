// PGN: Show Board: a webview panel beside the editor with the position at
// the cursor, from pgnls's pgnls/position request (editors/lsp-extensions.md),
// that follows the cursor and the typing; its previous and next buttons (and
// Left and Right in the panel, and the commands PGN: Board: Previous Move and
// Next Move in the editor, Alt+Left and Alt+Right while the board is shown)
// move the cursor through the moves of the text.

import { randomBytes } from 'crypto';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';

import { boardHtml, isPageMessage, LatestOnly, MoveLink, PositionResult, positionMethod, positionVersion, Side, viewOf } from './boardview';

/** The context key that the previous and next keys are bound under. */
const visibleKey = 'pgnls.boardVisible';

/** Where the board asks: an editor's document and cursor, and the board's orientation. */
interface Ask {
  editor: vscode.TextEditor;
  position: vscode.Position;
  orientation: Side;
}

export class BoardPanel {
  private static current: BoardPanel | undefined;

  private readonly panel: vscode.WebviewPanel;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly requests: LatestOnly<Ask, PositionResult | null>;
  /** The pgn editor the board follows: the last one whose cursor moved or that was active. */
  private editor: vscode.TextEditor | undefined;
  private orientation: Side = 'white';
  private disposed = false;

  /** show opens the panel beside the active editor, or reveals it. */
  static show(client: () => LanguageClient | undefined): void {
    const editor = pgnEditor(vscode.window.activeTextEditor);
    if (BoardPanel.current) {
      BoardPanel.current.panel.reveal(undefined, true);
      BoardPanel.current.follow(editor);
      return;
    }
    BoardPanel.current = new BoardPanel(client, editor);
  }

  /** step moves the cursor of the followed (or active) pgn editor to the previous or next move. */
  static async step(client: () => LanguageClient | undefined, direction: 'previous' | 'next'): Promise<void> {
    const board = BoardPanel.current;
    const editor = pgnEditor(vscode.window.activeTextEditor) ?? board?.editor;
    if (!editor) {
      return;
    }
    const c = client();
    if (!c) {
      return;
    }
    const r = await request(c, editor.document, editor.selection.active, board?.orientation ?? 'white');
    const link = r?.[direction];
    if (link) {
      moveCursor(editor, link);
    }
  }

  private constructor(
    private readonly client: () => LanguageClient | undefined,
    editor: vscode.TextEditor | undefined,
  ) {
    this.panel = vscode.window.createWebviewPanel(
      'pgnls.board',
      'Board',
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      // No local resource: the page is self-contained, its board a data: URI.
      { enableScripts: true, localResourceRoots: [] },
    );
    this.panel.webview.html = boardHtml(randomBytes(16).toString('base64'));
    this.requests = new LatestOnly(
      (ask, cancel) => {
        const c = this.client();
        if (!c) {
          return Promise.reject(new Error('the language server is not running'));
        }
        const source = new vscode.CancellationTokenSource();
        cancel.onCancel(() => source.cancel());
        return request(c, ask.editor.document, ask.position, ask.orientation, source.token).finally(() => source.dispose());
      },
      (r, ask) => this.render(r, ask),
      (err) => this.renderProblem(err),
    );
    this.disposables.push(
      this.panel.onDidDispose(() => this.dispose()),
      this.panel.onDidChangeViewState(() => {
        void vscode.commands.executeCommand('setContext', visibleKey, this.panel.visible);
        if (this.panel.visible) {
          this.update();
        }
      }),
      this.panel.webview.onDidReceiveMessage((m) => this.onMessage(m)),
      vscode.window.onDidChangeTextEditorSelection((e) => {
        if (pgnEditor(e.textEditor)) {
          this.follow(e.textEditor);
        }
      }),
      vscode.window.onDidChangeActiveTextEditor((e) => {
        if (pgnEditor(e)) {
          this.follow(e);
        }
      }),
      // An edit that leaves the cursor where it is (another editor of the
      // document, a format) still changes the position.
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (this.editor && e.document === this.editor.document && e.contentChanges.length > 0) {
          this.update();
        }
      }),
    );
    void vscode.commands.executeCommand('setContext', visibleKey, true);
    this.editor = editor;
  }

  /** follow makes the board follow editor (when it is a pgn editor) and asks for its cursor's position. */
  private follow(editor: vscode.TextEditor | undefined): void {
    if (editor) {
      this.editor = editor;
    }
    this.update();
  }

  private update(): void {
    if (this.disposed || !this.panel.visible || !this.editor) {
      return;
    }
    this.requests.want({ editor: this.editor, position: this.editor.selection.active, orientation: this.orientation });
  }

  private onMessage(m: unknown): void {
    if (!isPageMessage(m)) {
      return;
    }
    switch (m.type) {
      case 'ready':
        this.update();
        break;
      case 'flip':
        this.orientation = this.orientation === 'white' ? 'black' : 'white';
        this.update();
        break;
      case 'previous':
      case 'next':
        void this.stepFollowed(m.type);
        break;
    }
  }

  /** stepFollowed moves the followed editor's cursor, keeping the keyboard in the panel. */
  private async stepFollowed(direction: 'previous' | 'next'): Promise<void> {
    const editor = this.editor;
    const c = this.client();
    if (!editor || !c) {
      return;
    }
    const r = await request(c, editor.document, editor.selection.active, this.orientation);
    const link = r?.[direction];
    if (!link) {
      return;
    }
    // A hidden editor of the document (its tab not in front) is shown
    // again, without taking the focus from the panel.
    const shown = vscode.window.visibleTextEditors.includes(editor)
      ? editor
      : await vscode.window.showTextDocument(editor.document, { viewColumn: editor.viewColumn, preserveFocus: true });
    this.editor = shown;
    moveCursor(shown, link);
  }

  private render(r: PositionResult | null, ask: Ask): void {
    if (this.disposed) {
      return;
    }
    const image = r && r.svg ? `data:image/svg+xml;base64,${Buffer.from(r.svg, 'utf8').toString('base64')}` : '';
    const view = viewOf(r, image, ask.orientation);
    this.panel.title = `Board: ${view.title}`;
    void this.panel.webview.postMessage({ type: 'view', ...view });
  }

  private renderProblem(err: unknown): void {
    if (this.disposed) {
      return;
    }
    const view = viewOf(null, '', this.orientation);
    view.title = 'No board';
    view.problem = `pgnls/position failed: ${err instanceof Error ? err.message : String(err)}`;
    void this.panel.webview.postMessage({ type: 'view', ...view });
  }

  private dispose(): void {
    this.disposed = true;
    if (BoardPanel.current === this) {
      BoardPanel.current = undefined;
    }
    void vscode.commands.executeCommand('setContext', visibleKey, false);
    this.disposables.forEach((d) => d.dispose());
  }
}

function pgnEditor(e: vscode.TextEditor | undefined): vscode.TextEditor | undefined {
  return e && e.document.languageId === 'pgn' ? e : undefined;
}

/** request sends pgnls/position for a cursor; an answer of another version is refused. */
async function request(
  client: LanguageClient,
  document: vscode.TextDocument,
  position: vscode.Position,
  orientation: Side,
  token?: vscode.CancellationToken,
): Promise<PositionResult | null> {
  const params = {
    textDocument: { uri: client.code2ProtocolConverter.asUri(document.uri) },
    position: { line: position.line, character: position.character },
    orientation,
  };
  // (An undefined token would be sent as a second parameter.)
  const r = await (token ? client.sendRequest<PositionResult | null>(positionMethod, params, token) : client.sendRequest<PositionResult | null>(positionMethod, params));
  if (r && r.version < positionVersion) {
    throw new Error(`the server answers version ${r.version}, the board needs ${positionVersion}: update pgnls`);
  }
  return r;
}

/** moveCursor puts the cursor at the start of link's range and scrolls it into view. */
function moveCursor(editor: vscode.TextEditor, link: MoveLink): void {
  const at = new vscode.Position(link.range.start.line, link.range.start.character);
  editor.selection = new vscode.Selection(at, at);
  editor.revealRange(new vscode.Range(at, at), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}
