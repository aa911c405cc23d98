// What the extension needs from its surroundings, without the vscode API, so
// that the tests run it in plain Node: where the pgnls binary is, and the
// settings the server is given.

import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

/** The keys of the "pgnls" section that are the server's settings (README, "Settings"). */
export const serverSettingKeys = ['lineWidth', 'maxDiagnostics', 'severity', 'ecoFile', 'inlayHints'] as const;

/**
 * serverSettings returns the server's part of the "pgnls" section, as the
 * server reads it from initializationOptions: the keys of the table in the
 * README, without the extension's own (path, trace). A key without a value
 * is left out, so that the server keeps its default.
 */
export function serverSettings(get: (key: string) => unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of serverSettingKeys) {
    const v = get(key);
    if (v !== undefined) {
      out[key] = v;
    }
  }
  return out;
}

function isExecutable(file: string): boolean {
  try {
    const st = fs.statSync(file);
    if (!st.isFile()) {
      return false;
    }
    if (process.platform === 'win32') {
      return true;
    }
    fs.accessSync(file, fs.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** expandHome turns a leading ~ into the home directory. */
export function expandHome(p: string, home = os.homedir()): string {
  if (p === '~') {
    return home;
  }
  if (p.startsWith('~/') || p.startsWith('~\\')) {
    return path.join(home, p.slice(2));
  }
  return p;
}

/**
 * findServer returns the pgnls binary to run: the setting pgnls.path when
 * set (with ~ expanded), else the first pgnls on PATH, else the one that
 * `go install ./cmd/pgnls` put in $GOBIN, $GOPATH/bin or ~/go/bin, which an
 * editor started from a desktop menu often lacks on its PATH. It returns
 * undefined when there is none.
 */
export function findServer(setting: string | undefined, env: NodeJS.ProcessEnv = process.env, home = os.homedir()): string | undefined {
  if (setting && setting.trim() !== '') {
    return expandHome(setting.trim(), home);
  }
  const exe = process.platform === 'win32' ? 'pgnls.exe' : 'pgnls';
  const dirs = (env.PATH ?? env.Path ?? '').split(path.delimiter).filter((d) => d !== '');
  if (env.GOBIN) {
    dirs.push(env.GOBIN);
  }
  for (const gopath of (env.GOPATH ?? '').split(path.delimiter).filter((d) => d !== '')) {
    dirs.push(path.join(gopath, 'bin'));
  }
  dirs.push(path.join(home, 'go', 'bin'));
  for (const dir of dirs) {
    const file = path.join(dir, exe);
    if (isExecutable(file)) {
      return file;
    }
  }
  return undefined;
}
