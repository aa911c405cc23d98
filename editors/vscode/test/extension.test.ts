// The extension's parts that run without VS Code: the client capabilities
// it sends (from the real vscode-languageclient), its activation (with a
// stand-in vscode module), finding the binary, its settings against the
// README, and the language configuration's word pattern.

import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { test } from 'node:test';
import * as assert from 'node:assert/strict';

import { expandHome, findServer, fixHint, serverSettingKeys, serverSettings, whyNotStarted } from '../src/server';
import { pgnlsBinary, repoRoot } from './pgnls-binary';
import { languageClientCapabilities, languageClientVersion } from './vscode-client';

const ext = path.join(repoRoot, 'editors', 'vscode');
const pkg = JSON.parse(fs.readFileSync(path.join(ext, 'package.json'), 'utf8'));

test('the capabilities vscode-languageclient sends are the recorded ones', () => {
  const version = languageClientVersion();
  const file = path.join(ext, 'test', 'fixtures', `vscode-languageclient-${version}-capabilities.json`);
  assert.ok(fs.existsSync(file), `no recorded capabilities for vscode-languageclient ${version}: record ${file}`);
  const caps = languageClientCapabilities();
  assert.deepEqual(caps, JSON.parse(fs.readFileSync(file, 'utf8')));
  // What the server acts on.
  assert.deepEqual(caps.general?.positionEncodings, ['utf-16']);
  assert.equal(caps.window?.workDoneProgress, true);
  assert.equal(caps.workspace?.configuration, true);
  assert.equal(caps.textDocument?.completion?.completionItem?.snippetSupport, true);
  assert.equal(caps.textDocument?.synchronization?.dynamicRegistration, true);
  assert.equal(pkg.dependencies['vscode-languageclient'], version, 'package.json pins the installed version');
});

interface Activation {
  started: { id: string; server: any; options: any }[];
  commands: string[];
  errors: string[];
  extension: { deactivate(): Promise<void> };
}

/**
 * activateWith loads the extension with stand-ins for the vscode module and
 * the language client, the pgnls section set to config, and activates it.
 */
async function activateWith(config: Record<string, unknown>): Promise<Activation> {
  const got: Activation = { started: [], commands: [], errors: [], extension: undefined as never };
  const vscode = {
    workspace: {
      getConfiguration: (section: string) => {
        assert.equal(section, 'pgnls');
        return { get: (k: string) => config[k] };
      },
      onDidChangeConfiguration: () => ({ dispose() {} }),
    },
    commands: { registerCommand: (name: string) => (got.commands.push(name), { dispose() {} }) },
    window: { showErrorMessage: async (message: string) => (got.errors.push(message), undefined) },
  };
  class LanguageClient {
    constructor(id: string, _name: string, server: unknown, options: unknown) {
      got.started.push({ id, server, options });
    }
    async start() {}
    async stop() {}
    createDefaultErrorHandler() {
      return { error: () => ({ action: 1 }), closed: () => ({ action: 2 }) };
    }
  }
  // eslint-disable-next-line @typescript-eslint/no-var-requires
  const Module = require('module');
  const load = Module._load;
  Module._load = function (request: string, ...rest: unknown[]) {
    if (request === 'vscode') return vscode;
    if (request === 'vscode-languageclient/node') return { LanguageClient, TransportKind: { stdio: 0 }, ErrorAction: { Continue: 1, Shutdown: 2 }, CloseAction: { DoNotRestart: 1, Restart: 2 } };
    return load.call(this, request, ...rest);
  };
  try {
    const file = require.resolve('../src/extension');
    delete require.cache[file]; // a fresh module, with this test's stand-ins
    got.extension = require(file);
    await (got.extension as unknown as { activate(c: unknown): Promise<void> }).activate({ subscriptions: [] });
  } finally {
    Module._load = load;
  }
  return got;
}

test('activate starts `pgnls --stdio` for pgn documents with the settings', async () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pgnls-ext-'));
  const bin = path.join(tmp, 'pgnls');
  fs.writeFileSync(bin, '#!/bin/sh\n', { mode: 0o755 });
  try {
    const { started, commands, errors, extension } = await activateWith({ path: bin, lineWidth: 60, severity: { 'missing-tag': 'off' } });
    assert.deepEqual(errors, []);
    assert.equal(started.length, 1);
    const { id, server, options } = started[0];
    assert.equal(id, 'pgnls', 'the id that makes pgnls.trace.server work');
    assert.deepEqual(server, { command: bin, transport: 0 });
    assert.deepEqual(options.documentSelector.map((s: { language: string }) => s.language), ['pgn', 'pgn']);
    assert.deepEqual(options.initializationOptions(), { lineWidth: 60, severity: { 'missing-tag': 'off' } });
    assert.deepEqual(options.synchronize, { configurationSection: 'pgnls' });
    assert.deepEqual(commands, ['pgnls.restart', 'pgnls.showBoard', 'pgnls.board.previous', 'pgnls.board.next']);
    assert.deepEqual(pkg.contributes.commands.map((c: { command: string }) => c.command), commands);
    await extension.deactivate();
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});

test('activate with a pgnls.path that does not exist shows why, and starts no client', async () => {
  const missing = path.join(os.tmpdir(), 'pgnls-no-such-dir', 'pgnls');
  const { started, errors, extension } = await activateWith({ path: missing });
  assert.deepEqual(started, [], 'no language client, whose only message would be "couldn\'t create connection to server"');
  assert.equal(errors.length, 1);
  assert.ok(errors[0].startsWith(`pgnls was not found: pgnls.path is ${missing}, and there is no such file.`), errors[0]);
  await extension.deactivate();
});

test('findServer: the setting, then PATH, then where go install puts it', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pgnls-find-'));
  try {
    const onPath = path.join(tmp, 'path');
    const gopath = path.join(tmp, 'gopath');
    const home = path.join(tmp, 'home');
    for (const d of [onPath, path.join(gopath, 'bin'), path.join(home, 'go', 'bin'), path.join(home, 'bin')]) {
      fs.mkdirSync(d, { recursive: true });
    }
    fs.writeFileSync(path.join(home, 'bin', 'pgnls'), '', { mode: 0o755 });
    assert.deepEqual(findServer('~/bin/pgnls', {}, home), { command: path.join(home, 'bin', 'pgnls') });
    assert.deepEqual(findServer('bin/pgnls', {}, home, home), { command: path.join(home, 'bin', 'pgnls') }, 'relative to the workspace folder');
    assert.ok('problem' in findServer('', { PATH: onPath }, home));
    fs.writeFileSync(path.join(home, 'go', 'bin', 'pgnls'), '', { mode: 0o755 });
    assert.deepEqual(findServer('', { PATH: onPath }, home), { command: path.join(home, 'go', 'bin', 'pgnls') });
    fs.writeFileSync(path.join(gopath, 'bin', 'pgnls'), '', { mode: 0o755 });
    assert.deepEqual(findServer('', { PATH: onPath, GOPATH: gopath }, home), { command: path.join(gopath, 'bin', 'pgnls') });
    fs.writeFileSync(path.join(onPath, 'pgnls'), '', { mode: 0o644 }); // not executable
    assert.deepEqual(findServer(undefined, { PATH: onPath, GOPATH: gopath }, home), { command: path.join(gopath, 'bin', 'pgnls') });
    fs.chmodSync(path.join(onPath, 'pgnls'), 0o755);
    assert.deepEqual(findServer(undefined, { PATH: onPath, GOPATH: gopath }, home), { command: path.join(onPath, 'pgnls') });
    assert.equal(expandHome('~', home), home);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});

test('findServer: a wrong pgnls.path or no pgnls gets a message naming the path and the fix', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pgnls-find-'));
  try {
    const home = path.join(tmp, 'home');
    const plain = path.join(tmp, 'pgnls');
    fs.writeFileSync(plain, '', { mode: 0o644 });
    const problem = (lookup: ReturnType<typeof findServer>) => {
      assert.ok('problem' in lookup, `a problem, not ${JSON.stringify(lookup)}`);
      assert.ok(lookup.problem.endsWith(fixHint), lookup.problem);
      return lookup.problem.slice(0, -fixHint.length).trim();
    };
    const missing = path.join(tmp, 'nowhere', 'pgnls');
    assert.equal(problem(findServer(missing, {}, home)), `pgnls was not found: pgnls.path is ${missing}, and there is no such file.`);
    assert.equal(problem(findServer('~/pgnls', {}, home)), `pgnls was not found: pgnls.path is ${path.join(home, 'pgnls')}, and there is no such file.`);
    assert.equal(problem(findServer(plain, {}, home)), `pgnls cannot be started: pgnls.path is ${plain}, which is not executable (chmod +x ${plain}).`);
    assert.equal(problem(findServer(tmp, {}, home)), `pgnls cannot be started: pgnls.path is ${tmp}, which is a folder, not the pgnls binary.`);
    assert.equal(
      problem(findServer('', { PATH: tmp, GOBIN: path.join(tmp, 'gobin') }, home)),
      `pgnls was not found: pgnls.path is not set, and pgnls is neither on PATH nor in ${path.join(tmp, 'gobin')}, ${path.join(home, 'go', 'bin')}.`,
    );
    assert.match(fixHint, /go install \.\/cmd\/pgnls/);
    assert.match(fixHint, /remote window.*Remote or the workspace settings/);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});

test('whyNotStarted names the binary and what it printed when it exits at once or is not pgnls', async () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'pgnls-why-'));
  try {
    const exits = path.join(tmp, 'exits');
    fs.writeFileSync(exits, '#!/bin/sh\necho "no such flag" >&2\nexit 3\n', { mode: 0o755 });
    const other = path.join(tmp, 'other');
    fs.writeFileSync(other, '#!/bin/sh\necho "usage: other"\n', { mode: 0o755 });
    const closed = new Error('Connection closed');
    assert.equal(await whyNotStarted(exits, closed), `pgnls cannot be started: ${exits} exited with code 3, saying "no such flag". ${fixHint}`);
    assert.equal(await whyNotStarted(other, closed), `pgnls cannot be started: ${other} is not pgnls (its help, saying "usage: other"). ${fixHint}`);
    const real = pgnlsBinary();
    assert.equal(await whyNotStarted(real, closed), `pgnls (${real}) stopped before it answered VS Code (Connection closed). Its log is in the Output panel, "PGN (pgnls)".`);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});

test('the settings are the README table, with its defaults', () => {
  const readme = fs.readFileSync(path.join(repoRoot, 'README.md'), 'utf8');
  const table = new Map<string, unknown>();
  for (const m of readme.matchAll(/^\| `(\w+)` \| `([^`]*)` \|/gm)) {
    let v: unknown;
    try {
      v = JSON.parse(m[2]);
    } catch {
      v = m[2]; // a path, unquoted
    }
    table.set(m[1], v);
  }
  assert.deepEqual([...table.keys()].sort(), [...serverSettingKeys].sort());
  const props = pkg.contributes.configuration.properties;
  for (const key of serverSettingKeys) {
    const prop = props[`pgnls.${key}`];
    assert.ok(prop, `package.json has pgnls.${key}`);
    assert.deepEqual(prop.default, table.get(key), `the default of pgnls.${key}`);
  }
  assert.deepEqual(Object.keys(props).sort(), [...serverSettingKeys.map((k) => `pgnls.${k}`), 'pgnls.path', 'pgnls.trace.server'].sort());
  assert.deepEqual(serverSettings((k) => (k === 'lineWidth' ? 50 : undefined)), { lineWidth: 50 });
});

test('the language: .pgn, its grammar and configuration', () => {
  const [lang] = pkg.contributes.languages;
  assert.equal(lang.id, 'pgn');
  assert.deepEqual(lang.extensions, ['.pgn']);
  const [grammar] = pkg.contributes.grammars;
  assert.equal(grammar.language, 'pgn');
  const tm = JSON.parse(fs.readFileSync(path.join(ext, grammar.path), 'utf8'));
  assert.equal(tm.scopeName, grammar.scopeName);
  const conf = JSON.parse(fs.readFileSync(path.join(ext, lang.configuration), 'utf8'));
  assert.deepEqual(conf.comments, { lineComment: ';', blockComment: ['{', '}'] });
  assert.deepEqual(conf.brackets, [['[', ']'], ['(', ')'], ['{', '}']]);
});

test('the word pattern keeps moves, castling, promotions and NAGs whole', () => {
  const conf = JSON.parse(fs.readFileSync(path.join(ext, 'language-configuration.json'), 'utf8'));
  // VS Code compiles the pattern with the g flag, and takes as the word at
  // the cursor the match that contains it.
  const words = (line: string) => [...line.matchAll(new RegExp(conf.wordPattern, 'g'))].map((m) => m[0]);
  assert.deepEqual(words('12. Nbd7 O-O-O 13. exd8=Q+ $14 Qh5#!? 1/2-1/2'), ['12', 'Nbd7', 'O-O-O', '13', 'exd8=Q+', '$14', 'Qh5#', '1/2-1/2']);
  assert.deepEqual(words('1.e4 e5 2...Nf6 0-0 e8Q 1-0'), ['1', 'e4', 'e5', '2', 'Nf6', '0-0', 'e8Q', '1-0']);
  assert.deepEqual(words('[White "Müller, Jörg"] {Défense}'), ['White', 'Müller', 'Jörg', 'Défense']);
});
