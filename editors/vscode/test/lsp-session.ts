// A language client session over vscode-languageserver-protocol, the
// library under vscode-languageclient: it starts pgnls as VS Code does
// (`pgnls --stdio`), answers the server's requests as VS Code would, and
// keeps what the server publishes.

import { ChildProcess, spawn } from 'child_process';
import {
  createProtocolConnection,
  Diagnostic,
  ProtocolConnection,
  PublishDiagnosticsParams,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver-protocol/node';

export interface Publication extends PublishDiagnosticsParams {
  seq: number;
}

export class Session {
  readonly proc: ChildProcess;
  readonly conn: ProtocolConnection;
  /** Every publishDiagnostics, in order. */
  readonly publications: Publication[] = [];
  /** The window/showMessage and window/logMessage texts. */
  readonly messages: string[] = [];
  /** The sections the server asked for with workspace/configuration. */
  readonly configurationRequests: (string | undefined)[] = [];
  /** What the server logged on standard error. */
  stderr = '';
  /** The workspace's settings, by section: what workspace/configuration answers. */
  settings: Record<string, unknown> = {};
  private waiters: (() => void)[] = [];
  readonly exited: Promise<number | null>;

  constructor(binary: string) {
    this.proc = spawn(binary, ['--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    this.proc.stderr!.on('data', (d) => (this.stderr += d.toString()));
    this.exited = new Promise((resolve) => this.proc.on('exit', (code) => resolve(code)));
    this.conn = createProtocolConnection(new StreamMessageReader(this.proc.stdout!), new StreamMessageWriter(this.proc.stdin!));
    this.conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
      this.publications.push({ ...p, seq: this.publications.length });
      this.wake();
    });
    this.conn.onNotification('window/showMessage', (p: { message: string }) => {
      this.messages.push(p.message);
      this.wake();
    });
    this.conn.onNotification('window/logMessage', (p: { message: string }) => this.messages.push(p.message));
    this.conn.onNotification('$/progress', () => undefined);
    // As vscode-languageclient's ConfigurationFeature: the value of each
    // section asked for, or null.
    this.conn.onRequest('workspace/configuration', (p: { items: { section?: string }[] }) =>
      p.items.map((item) => {
        this.configurationRequests.push(item.section);
        return item.section !== undefined && item.section in this.settings ? this.settings[item.section] : null;
      }),
    );
    this.conn.onRequest('client/registerCapability', () => null);
    this.conn.onRequest('client/unregisterCapability', () => null);
    this.conn.onRequest('window/workDoneProgress/create', () => null);
    this.conn.listen();
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    w.forEach((f) => f());
  }

  /** waitFor resolves when cond() holds, checked after each publication, or rejects after ms. */
  async waitFor<T>(what: string, cond: () => T | undefined, ms = 10000): Promise<T> {
    const deadline = Date.now() + ms;
    for (;;) {
      const v = cond();
      if (v !== undefined) {
        return v;
      }
      const left = deadline - Date.now();
      if (left <= 0) {
        const last = this.publications[this.publications.length - 1];
        throw new Error(`timed out waiting for ${what}; last publication: ${JSON.stringify(last)}\nserver log:\n${this.stderr}`);
      }
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 200));
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  /**
   * diagnostics waits for a publication for uri, after the publication
   * numbered after (or any), whose codes are exactly codes (in any order),
   * and returns its diagnostics sorted by position.
   */
  async diagnostics(uri: string, codes: string[], after = -1): Promise<{ pub: Publication; diags: Diagnostic[] }> {
    const want = [...codes].sort().join(',');
    const pub = await this.waitFor(`diagnostics [${want}] for ${uri}`, () =>
      [...this.publications]
        .reverse()
        .find(
          (p) =>
            p.uri === uri &&
            p.seq > after &&
            p.seq === Math.max(...this.publications.filter((q) => q.uri === uri).map((q) => q.seq)) &&
            p.diagnostics.map((d) => String(d.code)).sort().join(',') === want,
        ),
    );
    const diags = [...pub.diagnostics].sort(
      (a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character || String(a.code).localeCompare(String(b.code)),
    );
    return { pub, diags };
  }

  lastSeq(): number {
    return this.publications.length - 1;
  }
}
