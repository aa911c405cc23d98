// The PGN extension: the pgn language (language-configuration.json, the
// TextMate grammar in syntaxes/) and the pgnls language server, which gives
// diagnostics, formatting (and so editor.formatOnSave), hover, completion,
// code actions and the rest; and PGN: Show Board (board.ts), the position at
// the cursor beside the editor.

import * as vscode from 'vscode';
import { CloseAction, ErrorAction, ErrorHandler, LanguageClient, LanguageClientOptions, ServerOptions, TransportKind } from 'vscode-languageclient/node';
import { BoardPanel } from './board';
import { findServer, serverSettings, whyNotStarted } from './server';

const section = 'pgnls';
let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  context.subscriptions.push(
    vscode.commands.registerCommand('pgnls.restart', restart),
    vscode.commands.registerCommand('pgnls.showBoard', () => BoardPanel.show(() => client)),
    vscode.commands.registerCommand('pgnls.board.previous', () => BoardPanel.step(() => client, 'previous')),
    vscode.commands.registerCommand('pgnls.board.next', () => BoardPanel.step(() => client, 'next')),
    vscode.workspace.onDidChangeConfiguration((e) => {
      // The other settings reach the running server (didChangeConfiguration);
      // another binary needs a new one.
      if (e.affectsConfiguration(`${section}.path`)) {
        void restart();
      }
    }),
  );
  await start();
}

export async function deactivate(): Promise<void> {
  await stop();
}

async function start(): Promise<void> {
  const config = vscode.workspace.getConfiguration(section);
  const lookup = findServer(config.get<string>('path'), process.env, undefined, vscode.workspace.workspaceFolders?.[0]?.uri.fsPath);
  if ('problem' in lookup) {
    // Before the language client is made: it would only say that it
    // "couldn't create connection to server", without the path or a fix.
    void showProblem(lookup.problem);
    return;
  }
  const command = lookup.command;
  // TransportKind.stdio: the client runs `pgnls --stdio`.
  const serverOptions: ServerOptions = { command, transport: TransportKind.stdio };
  const clientOptions: LanguageClientOptions = {
    documentSelector: [
      { scheme: 'file', language: 'pgn' },
      { scheme: 'untitled', language: 'pgn' },
    ],
    // Read at each start, so that a restart picks up the current settings.
    initializationOptions: () => serverSettings((key) => vscode.workspace.getConfiguration(section).get(key)),
    // A change of a pgnls.* setting is sent as workspace/didChangeConfiguration
    // (and the server also asks with workspace/configuration).
    synchronize: { configurationSection: section },
  };
  // Until the server has answered initialize, a server that stops is not
  // restarted (it would only fail again, four more times), and its broken
  // pipe is left to the failing start (a shutdown while starting would
  // only throw); start() below says why it stopped. After that, the
  // client's own handler restarts a server that crashes.
  let running = false;
  let fallback: ErrorHandler | undefined;
  clientOptions.errorHandler = {
    error: (error, message, count) => (running && fallback ? fallback.error(error, message, count) : { action: ErrorAction.Continue, handled: true }),
    closed: () => (running && fallback ? fallback.closed() : { action: CloseAction.DoNotRestart, handled: true }),
  };
  const c = new LanguageClient(section, 'PGN (pgnls)', serverOptions, clientOptions);
  fallback = c.createDefaultErrorHandler();
  client = c;
  try {
    await c.start();
    running = true;
  } catch (err) {
    // The client has said that it "couldn't create connection to server";
    // this says which binary, what it printed, and what to do.
    if (client === c) {
      client = undefined;
    }
    void showProblem(await whyNotStarted(command, err));
  }
}

/** showProblem shows why the server cannot start, with a button to the pgnls.path setting. */
async function showProblem(problem: string): Promise<void> {
  const open = 'Open Settings';
  const choice = await vscode.window.showErrorMessage(problem, open);
  if (choice === open) {
    await vscode.commands.executeCommand('workbench.action.openSettings', `${section}.path`);
  }
}

async function stop(): Promise<void> {
  const c = client;
  client = undefined;
  if (c !== undefined) {
    await c.stop();
  }
}

async function restart(): Promise<void> {
  await stop();
  await start();
}
