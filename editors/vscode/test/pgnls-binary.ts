// The pgnls binary the end-to-end tests run: $PGNLS_BIN when set (CI builds
// it once for every editor's test), else built here from the checkout with
// `go build`.

import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';

/** The checkout's root: this file runs from editors/vscode/out/test. */
export const repoRoot = path.resolve(__dirname, '..', '..', '..', '..');

let built: string | undefined;

export function pgnlsBinary(): string {
  const env = process.env.PGNLS_BIN;
  if (env) {
    if (!fs.existsSync(env)) {
      throw new Error(`PGNLS_BIN=${env}: no such file`);
    }
    return path.resolve(env);
  }
  if (built === undefined) {
    const out = path.resolve(__dirname, '..', 'bin', process.platform === 'win32' ? 'pgnls.exe' : 'pgnls');
    execFileSync('go', ['build', '-o', out, './cmd/pgnls'], { cwd: repoRoot, stdio: 'inherit' });
    built = out;
  }
  return built;
}
