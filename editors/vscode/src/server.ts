// What the extension needs from its surroundings, without the vscode API, so
// that the tests run it in plain Node: where the pgnls binary is, and the
// settings the server is given.

import { execFile } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

/** The keys of the "pgnls" section that are the server's settings (README, "Settings"). */
export const serverSettingKeys = ['lineWidth', 'maxDiagnostics', 'severity', 'ecoFile', 'inlayHints', 'moveLanguage', 'hover', 'engine'] as const;

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

/** Where to find the pgnls binary, or why it cannot be run. */
export type ServerLookup = { command: string } | { problem: string };

/** How to fix a wrong or missing binary: the end of every problem's message. */
export const fixHint =
  'Install it with "go install ./cmd/pgnls" from pgnls\'s source, then set pgnls.path to the binary, ' +
  'or clear pgnls.path to use the pgnls on PATH. In a remote window (SSH, a container, code-server) ' +
  'set pgnls.path in the Remote or the workspace settings, which apply on the machine pgnls runs on.';

/**
 * fileProblem says why file cannot be run as a program, as the end of a
 * sentence about it ("…, which is not executable"), or returns undefined
 * when it can. missing is true when there is no such file.
 */
function fileProblem(file: string): { missing: boolean; text: string } | undefined {
  let st: fs.Stats;
  try {
    st = fs.statSync(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      return { missing: true, text: 'and there is no such file' };
    }
    return { missing: false, text: `which cannot be read (${code ?? String(err)})` };
  }
  if (st.isDirectory()) {
    return { missing: false, text: 'which is a folder, not the pgnls binary' };
  }
  if (!st.isFile()) {
    return { missing: false, text: 'which is not a file' };
  }
  if (process.platform === 'win32') {
    return undefined;
  }
  try {
    fs.accessSync(file, fs.constants.X_OK);
  } catch {
    return { missing: false, text: `which is not executable (chmod +x ${file})` };
  }
  return undefined;
}

function isExecutable(file: string): boolean {
  return fileProblem(file) === undefined;
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

/** The folders where `go install` puts pgnls: $GOBIN, each $GOPATH/bin, ~/go/bin. */
function goBinDirs(env: NodeJS.ProcessEnv, home: string): string[] {
  const dirs: string[] = [];
  if (env.GOBIN) {
    dirs.push(env.GOBIN);
  }
  for (const gopath of (env.GOPATH ?? '').split(path.delimiter).filter((d) => d !== '')) {
    dirs.push(path.join(gopath, 'bin'));
  }
  dirs.push(path.join(home, 'go', 'bin'));
  return dirs;
}

/**
 * findServer returns the pgnls binary to run, checked before it is started
 * so that a wrong one gets a message that names it and says how to fix it
 * (the language client would only say that it could not connect to the
 * server).
 *
 * With the setting pgnls.path: that file (~ expanded; a relative path is
 * taken from cwd, the workspace folder, where the server runs). Without it:
 * the first pgnls on PATH, else the one that `go install ./cmd/pgnls` put in
 * $GOBIN, $GOPATH/bin or ~/go/bin, which an editor started from a desktop
 * menu often lacks on its PATH.
 */
export function findServer(
  setting: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
  home = os.homedir(),
  cwd?: string,
): ServerLookup {
  const exe = process.platform === 'win32' ? 'pgnls.exe' : 'pgnls';
  if (setting && setting.trim() !== '') {
    let file = expandHome(setting.trim(), home);
    if (!path.isAbsolute(file) && cwd !== undefined) {
      file = path.resolve(cwd, file);
    }
    const problem = fileProblem(file);
    if (problem !== undefined) {
      const what = problem.missing ? 'pgnls was not found' : 'pgnls cannot be started';
      return { problem: `${what}: pgnls.path is ${file}, ${problem.text}. ${fixHint}` };
    }
    return { command: file };
  }
  const pathDirs = (env.PATH ?? env.Path ?? '').split(path.delimiter).filter((d) => d !== '');
  const goDirs = goBinDirs(env, home);
  for (const dir of [...pathDirs, ...goDirs]) {
    const file = path.join(dir, exe);
    if (isExecutable(file)) {
      return { command: file };
    }
  }
  return { problem: `pgnls was not found: pgnls.path is not set, and ${exe} is neither on PATH nor in ${goDirs.join(', ')}. ${fixHint}` };
}

/**
 * whyNotStarted says why the server at command did not start, after the
 * language client failed to reach it (err): it runs `command help` once, so
 * that a binary that exits at once, or one that is not pgnls, is named with
 * what it printed.
 */
export async function whyNotStarted(command: string, err: unknown): Promise<string> {
  const probe = await new Promise<{ failure: string | undefined; stdout: string; stderr: string }>((resolve) => {
    execFile(command, ['help'], { timeout: 10_000, encoding: 'utf8' }, (error, stdout, stderr) => {
      let failure: string | undefined;
      if (error) {
        const e = error as NodeJS.ErrnoException & { killed?: boolean; signal?: string };
        failure = e.killed ? 'did not answer `help` in 10 s' : typeof e.code === 'number' ? `exited with code ${e.code}` : e.signal ? `was killed by ${e.signal}` : e.message;
      }
      resolve({ failure, stdout, stderr });
    });
  });
  const said = (text: string) => {
    const line = text.trim().split('\n')[0];
    return line ? `, saying "${line.length > 200 ? line.slice(0, 200) + '…' : line}"` : '';
  };
  if (probe.failure !== undefined) {
    return `pgnls cannot be started: ${command} ${probe.failure}${said(probe.stderr || probe.stdout)}. ${fixHint}`;
  }
  if (!probe.stdout.startsWith('pgnls')) {
    return `pgnls cannot be started: ${command} is not pgnls (its help${said(probe.stdout)}). ${fixHint}`;
  }
  const why = err instanceof Error ? err.message : String(err);
  return `pgnls (${command}) stopped before it answered VS Code (${why}). Its log is in the Output panel, "PGN (pgnls)".`;
}
