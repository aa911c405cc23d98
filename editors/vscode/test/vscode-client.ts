// What VS Code's language client sends, taken from the real package
// (vscode-languageclient, the library the extension runs): the client
// capabilities and the initialize parameters, as BaseLanguageClient builds
// them. The package needs the vscode module, which exists only inside VS
// Code; a stub stands in for it. Only the constructor and
// computeClientCapabilities run, and they read nothing from it but
// vscode.version.

import * as path from 'path';
import { pathToFileURL } from 'url';
import type { InitializeParams, ClientCapabilities } from 'vscode-languageserver-protocol';

/** The VS Code version the stub claims: the extension's minimum (engines.vscode). */
export const vscodeVersion = '1.82.0';

// eslint-disable-next-line @typescript-eslint/no-var-requires
const Module = require('module');

function anything(name: string): unknown {
  const fn = function () {
    return anything(`${name}()`);
  };
  return new Proxy(fn, {
    get(_t, p) {
      if (p === Symbol.toPrimitive) {
        return () => name;
      }
      if (p === 'then') {
        return undefined; // not a promise
      }
      if (p === Symbol.iterator) {
        return function* () {};
      }
      return anything(`${name}.${String(p)}`);
    },
    apply: () => anything(`${name}()`),
    construct: () => anything(`new ${name}`) as object,
  });
}

const vscodeStub = new Proxy(
  {},
  {
    get(_t, p) {
      if (p === 'version') {
        return vscodeVersion;
      }
      if (p === '__esModule') {
        return false;
      }
      return (anything('vscode') as Record<string | symbol, unknown>)[p];
    },
  },
);

let installed = false;
function installStub(): void {
  if (installed) {
    return;
  }
  installed = true;
  const load = Module._load;
  Module._load = function (request: string, ...rest: unknown[]) {
    if (request === 'vscode') {
      return vscodeStub;
    }
    return load.call(this, request, ...rest);
  };
}

/** The client capabilities vscode-languageclient sends for the extension's client options. */
export function languageClientCapabilities(): ClientCapabilities {
  installStub();
  // eslint-disable-next-line @typescript-eslint/no-var-requires
  const { LanguageClient } = require('vscode-languageclient/node');
  const client = new LanguageClient(
    'pgnls',
    'PGN (pgnls)',
    { command: 'pgnls', transport: 0 /* TransportKind.stdio */ },
    { documentSelector: [{ scheme: 'file', language: 'pgn' }], synchronize: { configurationSection: 'pgnls' } },
  );
  return JSON.parse(JSON.stringify(client.computeClientCapabilities()));
}

/** The version of vscode-languageclient installed. */
export function languageClientVersion(): string {
  // eslint-disable-next-line @typescript-eslint/no-var-requires
  return require('vscode-languageclient/package.json').version;
}

/**
 * initializeParams is the initialize request's parameters as
 * BaseLanguageClient.initialize and its features (the workspace folders)
 * fill them, for a window opened on folder.
 */
export function initializeParams(folder: string, initializationOptions: unknown): InitializeParams {
  const uri = pathToFileURL(folder).href;
  return {
    processId: null,
    clientInfo: { name: 'Visual Studio Code', version: vscodeVersion },
    locale: 'en',
    rootPath: folder,
    rootUri: uri,
    capabilities: languageClientCapabilities(),
    initializationOptions,
    trace: 'off',
    workspaceFolders: [{ uri, name: path.basename(folder) }],
  };
}
