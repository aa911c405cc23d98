// The PGN extension: the pgn language (language-configuration.json, the
// TextMate grammar in syntaxes/) and the pgnls language server, which gives
// diagnostics, formatting (and so editor.formatOnSave), hover, completion,
// code actions and the rest.

import * as vscode from 'vscode';
import { LanguageClient, LanguageClientOptions, ServerOptions, TransportKind } from 'vscode-languageclient/node';
import { findServer, serverSettings } from './server';

const section = 'pgnls';
let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  context.subscriptions.push(
    vscode.commands.registerCommand('pgnls.restart', restart),
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
  client = new LanguageClient(section, 'PGN (pgnls)', serverOptions, clientOptions);
  await client.start();
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
