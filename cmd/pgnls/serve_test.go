package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// waitLimit bounds every wait; reaching it is a failure (a hang).
const waitLimit = 20 * time.Second

// TestServe builds the binary and drives it over standard input and output,
// as an editor does.
func TestServe(t *testing.T) {
	bin := pgnlsBinary(t)

	// Neovim starts the server with no arguments. A session: diagnostics
	// with versions, an incremental change, didClose clearing with [],
	// shutdown and exit: status 0, and standard output carried nothing but
	// protocol messages (the reader fails on anything else).
	t.Run("session", func(t *testing.T) {
		p := start(t, bin)
		p.initialize()
		p.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
			"uri": "file:///g.pgn", "languageId": "", "version": 0, "text": "[Event \"E\"]\n\n1. e4 e5 2. Ke3 *\n",
		}})
		d := p.waitDiagnostics("file:///g.pgn", 0)
		if got := codes(d); got != "missing-tag illegal-move" {
			t.Errorf("version 0: %q", got)
		}
		p.notify("textDocument/didChange", map[string]any{
			"textDocument":   map[string]any{"uri": "file:///g.pgn", "version": 1},
			"contentChanges": []any{map[string]any{"range": lspRange(2, 12, 2, 15), "text": "Nc3"}},
		})
		if got := codes(p.waitDiagnostics("file:///g.pgn", 1)); got != "missing-tag" {
			t.Errorf("version 1: %q", got)
		}
		// A batch: the whole text replaced (no range), then an insertion in
		// the new text.
		p.notify("textDocument/didChange", map[string]any{
			"textDocument": map[string]any{"uri": "file:///g.pgn", "version": 2},
			"contentChanges": []any{
				map[string]any{"text": "1. e4 e5 *\n"},
				map[string]any{"range": lspRange(0, 9, 0, 9), "text": "2. Ke3 "},
			},
		})
		if got := codes(p.waitDiagnostics("file:///g.pgn", 2)); got != "missing-tag illegal-move" {
			t.Errorf("version 2: %q", got)
		}
		p.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": "file:///g.pgn"}})
		cleared := p.waitFor("the clearing publication", func(m message) bool {
			return m.Method == "textDocument/publishDiagnostics" && !strings.Contains(string(m.Params), `"version"`)
		})
		if !strings.Contains(string(cleared.Params), `"diagnostics":[]`) {
			t.Errorf("didClose published %s, want diagnostics []", cleared.Params)
		}
		p.call("shutdown", nil)
		p.notify("exit", nil)
		if code := p.wait(); code != 0 {
			t.Errorf("exit after shutdown: status %d, want 0", code)
		}
		// Only warnings and errors are logged by default, and an ordinary
		// session has none: Neovim would show every line as an error.
		if p.stderr.Len() != 0 {
			t.Errorf("standard error has %q, want nothing without --verbose", p.stderr.String())
		}
	})

	t.Run("exit without shutdown", func(t *testing.T) {
		p := start(t, bin, "--stdio")
		p.initialize()
		p.notify("exit", nil)
		if code := p.wait(); code != 1 {
			t.Errorf("status %d, want 1", code)
		}
	})

	t.Run("end of input", func(t *testing.T) {
		p := start(t, bin, "serve")
		p.initialize()
		p.stdin.Close()
		if code := p.wait(); code != 1 {
			t.Errorf("status %d, want 1", code)
		}
	})

	t.Run("SIGTERM", func(t *testing.T) {
		p := start(t, bin)
		p.initialize()
		p.cmd.Process.Signal(syscall.SIGTERM)
		if code := p.wait(); code != 1 {
			t.Errorf("status %d, want 1", code)
		}
	})

	// Malformed JSON is answered with a ParseError, a request before
	// initialize with ServerNotInitialized, an unknown method with
	// MethodNotFound; the server serves on.
	t.Run("errors", func(t *testing.T) {
		p := start(t, bin)
		if e := p.callErr("textDocument/hover", map[string]any{}); e.Code != -32002 {
			t.Errorf("hover before initialize: %+v, want -32002", e)
		}
		p.initialize()
		p.send(`{"jsonrpc": "2.0", "id": 5, "method": "x", garbage`)
		m := p.waitFor("the parse error", func(m message) bool { return m.Error != nil && string(m.ID) == "null" })
		if m.Error.Code != -32700 {
			t.Errorf("malformed JSON: %+v, want -32700", m.Error)
		}
		if e := p.callErr("pgnls/nonsense", nil); e.Code != -32601 {
			t.Errorf("unknown method: %+v, want -32601", e)
		}
		p.notify("$/cancelRequest", map[string]any{"id": 999})
		p.call("shutdown", nil)
		if e := p.callErr("textDocument/hover", map[string]any{}); e.Code != -32600 {
			t.Errorf("hover after shutdown: %+v, want -32600", e)
		}
		p.notify("exit", nil)
		if code := p.wait(); code != 0 {
			t.Errorf("status %d, want 0", code)
		}
	})

	// --verbose logs the session's events, here to --logfile.
	t.Run("verbose logfile", func(t *testing.T) {
		log := filepath.Join(t.TempDir(), "pgnls.log")
		p := start(t, bin, "--verbose", "--logfile", log)
		p.initialize()
		p.call("shutdown", nil)
		p.notify("exit", nil)
		if code := p.wait(); code != 0 {
			t.Errorf("status %d, want 0", code)
		}
		data, err := os.ReadFile(log)
		if err != nil || !strings.Contains(string(data), "initialize") {
			t.Errorf("log file: %q, %v", data, err)
		}
		if p.stderr.Len() != 0 {
			t.Errorf("standard error has %q, want nothing (the log went to the file)", p.stderr.String())
		}
	})

	t.Run("usage error", func(t *testing.T) {
		out, err := exec.Command(bin, "serve", "extra").CombinedOutput()
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 2 || !strings.Contains(string(out), "usage") {
			t.Errorf("pgnls serve extra: %v, %q", err, out)
		}
	})
}

// proc is the server process with a raw LSP client.
type proc struct {
	t      *testing.T
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stderr *lockedBuffer
	msgs   chan message
	seen   []message
	nextID int
	done   chan int
}

type message struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
	Result json.RawMessage `json:"result"`
	Error  *rpcError       `json:"error"`
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func start(t *testing.T, bin string, args ...string) *proc {
	t.Helper()
	p := &proc{t: t, cmd: exec.Command(bin, args...), stderr: &lockedBuffer{}, msgs: make(chan message, 100), done: make(chan int, 1)}
	p.cmd.Stderr = p.stderr
	var err error
	if p.stdin, err = p.cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	stdout, err := p.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	readErr := make(chan error, 1)
	go func() {
		defer close(p.msgs)
		in := bufio.NewReader(stdout)
		for {
			body, err := readMessage(in)
			if err != nil {
				readErr <- err
				return
			}
			var m message
			if err := json.Unmarshal(body, &m); err != nil {
				readErr <- fmt.Errorf("standard output is not JSON-RPC: %q", body)
				return
			}
			p.msgs <- m
		}
	}()
	go func() {
		// Standard output ends when the process does; then reap it.
		err := <-readErr
		p.cmd.Wait()
		if err != io.EOF {
			t.Errorf("reading standard output: %v", err)
		}
		p.done <- p.cmd.ProcessState.ExitCode()
	}()
	t.Cleanup(func() {
		p.cmd.Process.Kill()
		select {
		case <-p.done:
		case <-time.After(waitLimit):
		}
		if t.Failed() {
			t.Logf("standard error:\n%s", p.stderr.String())
		}
	})
	return p
}

// readMessage reads one framed message; anything else on standard output is
// an error.
func readMessage(in *bufio.Reader) ([]byte, error) {
	n := -1
	for {
		line, err := in.ReadString('\n')
		if err != nil {
			if err == io.EOF && line == "" && n < 0 {
				return nil, io.EOF
			}
			return nil, fmt.Errorf("header %q: %v", line, err)
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			break
		}
		name, value, ok := strings.Cut(line, ": ")
		if !ok {
			return nil, fmt.Errorf("standard output is not LSP: %q", line)
		}
		if name == "Content-Length" {
			if n, err = strconv.Atoi(value); err != nil {
				return nil, err
			}
		}
	}
	body := make([]byte, n)
	_, err := io.ReadFull(in, body)
	return body, err
}

func (p *proc) send(body string) {
	p.t.Helper()
	if _, err := fmt.Fprintf(p.stdin, "Content-Length: %d\r\n\r\n%s", len(body), body); err != nil {
		p.t.Fatal(err)
	}
}

func (p *proc) write(msg map[string]any) {
	p.t.Helper()
	msg["jsonrpc"] = "2.0"
	b, err := json.Marshal(msg)
	if err != nil {
		p.t.Fatal(err)
	}
	p.send(string(b))
}

func (p *proc) notify(method string, params any) {
	p.t.Helper()
	msg := map[string]any{"method": method}
	if params != nil {
		msg["params"] = params
	}
	p.write(msg)
}

// callErr sends a request and returns its error (or nil).
func (p *proc) callErr(method string, params any) *rpcError {
	p.t.Helper()
	p.nextID++
	id := strconv.Itoa(p.nextID)
	msg := map[string]any{"method": method, "id": p.nextID}
	if params != nil {
		msg["params"] = params
	}
	p.write(msg)
	m := p.waitFor("the answer to "+method, func(m message) bool { return string(m.ID) == id && m.Method == "" })
	if m.Error == nil {
		return &rpcError{}
	}
	return m.Error
}

func (p *proc) call(method string, params any) {
	p.t.Helper()
	if e := p.callErr(method, params); e.Code != 0 {
		p.t.Fatalf("%s: %+v", method, e)
	}
}

func (p *proc) initialize() {
	p.t.Helper()
	p.call("initialize", map[string]any{"processId": nil, "capabilities": map[string]any{}})
	p.notify("initialized", map[string]any{})
}

// waitFor returns the first message, seen before or arriving, that
// satisfies ok.
func (p *proc) waitFor(what string, ok func(message) bool) message {
	p.t.Helper()
	for i, m := range p.seen {
		if ok(m) {
			p.seen = append(p.seen[:i], p.seen[i+1:]...)
			return m
		}
	}
	deadline := time.After(waitLimit)
	for {
		select {
		case m, open := <-p.msgs:
			if !open {
				p.t.Fatalf("standard output closed while waiting for %s", what)
			}
			if ok(m) {
				return m
			}
			p.seen = append(p.seen, m)
		case <-deadline:
			p.t.Fatalf("timed out waiting for %s", what)
		}
	}
}

func (p *proc) waitDiagnostics(uri string, version int) []any {
	p.t.Helper()
	var params struct {
		Diagnostics []any `json:"diagnostics"`
	}
	m := p.waitFor(fmt.Sprintf("diagnostics of %s version %d", uri, version), func(m message) bool {
		var pp struct {
			URI     string `json:"uri"`
			Version *int   `json:"version"`
		}
		return m.Method == "textDocument/publishDiagnostics" && json.Unmarshal(m.Params, &pp) == nil &&
			pp.URI == uri && pp.Version != nil && *pp.Version == version
	})
	if err := json.Unmarshal(m.Params, &params); err != nil {
		p.t.Fatal(err)
	}
	return params.Diagnostics
}

// wait waits for the process to exit and returns its status.
func (p *proc) wait() int {
	p.t.Helper()
	for {
		select {
		case code := <-p.done:
			p.done <- code // for Cleanup
			return code
		case _, open := <-p.msgs:
			if !open {
				p.msgs = nil
			}
		case <-time.After(waitLimit):
			p.t.Fatal("the server did not exit")
		}
	}
}

func codes(diags []any) string {
	var out []string
	for _, d := range diags {
		code, _ := d.(map[string]any)["code"].(string)
		out = append(out, code)
	}
	return strings.Join(out, " ")
}

func lspRange(l1, c1, l2, c2 int) map[string]any {
	return map[string]any{
		"start": map[string]any{"line": l1, "character": c1},
		"end":   map[string]any{"line": l2, "character": c2},
	}
}

// lockedBuffer is a bytes.Buffer safe for the process's writes and the
// test's reads.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func (l *lockedBuffer) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Len()
}
