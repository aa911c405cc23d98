package lsp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"pgnls/pgn/pgntest"
)

// TestServerSurvivesAFlood drives the built binary as no editor would, all
// at once and without waiting for anything:
//
//   - 10^4 didChanges of one document, each a new version;
//   - 10^5 pipelined hovers, every other one cancelled by $/cancelRequest
//     right after it is sent, and cancellations of ids never sent (numbers
//     and strings) between them;
//   - settings changes, whose workspace/configuration requests are each
//     answered three times, and answers to requests the server never sent.
//
// Then every hover has had exactly one answer (a result, or RequestCancelled
// for a cancelled one), a normal request is answered, the diagnostics of the
// last version are published, resident memory stayed under
// floodMemoryBound all along, and shutdown then exit end the process with
// status 0.
// Under the race detector the binary is built with it too, so that the
// flood also looks for data races in the server, and the counts are
// divided by 10 to keep the run within a minute or so on two cores.
// PGNLS_BIN names a binary to test instead of building one.
func TestServerSurvivesAFlood(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and floods it")
	}
	changes, hovers := 10_000, 100_000
	if raceEnabled {
		changes, hovers = changes/10, hovers/10
	}
	bin := serverBinary(t)
	cmd := exec.Command(bin)
	var stderr lockedBuffer
	cmd.Stderr = &stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan int, 1)
	t.Cleanup(func() {
		cmd.Process.Kill()
		if t.Failed() {
			s := stderr.String()
			t.Logf("the server's standard error (end):\n%s", s[max(0, len(s)-4000):])
		}
	})

	const uri = "file:///flood.pgn"
	text := tags + "1. e4 $1 e5 2. Nf3 Nc6 *\n" // the NAG at 8:6
	c := newRawClient(t, stdin)
	f := &floodRecord{answers: make([]int, hovers+1), codes: make([]int, hovers+1)}
	c.onBody = func(body []byte) bool { return f.take(c, body, uri) }
	c.start(stdout)
	go func() {
		cmd.Wait()
		exited <- cmd.ProcessState.ExitCode()
	}()
	c.initialize(map[string]any{"workspace": map[string]any{"configuration": true}}, nil)
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "pgn", "version": 1, "text": text}})

	// Everything is written by one goroutine, as fast as the pipe takes it;
	// the reader (onBody) counts the answers meanwhile.
	wrote := make(chan error, 1)
	go func() {
		var err error
		defer func() { wrote <- err }()
		send := func(body string) {
			if err == nil {
				err = c.write(frame(body))
			}
		}
		var b []byte
		for i := 1; i <= changes; i++ {
			change := `{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":0}},"text":" "}`
			if i%2 == 0 {
				change = `{"range":{"start":{"line":0,"character":0},"end":{"line":0,"character":1}},"text":""}`
			}
			b = fmt.Appendf(b[:0], `{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":%q,"version":%d},"contentChanges":[%s]}}`, uri, i+1, change)
			send(string(b))
			if i%(changes/5) == 0 {
				send(`{"jsonrpc":"2.0","method":"workspace/didChangeConfiguration","params":{"settings":null}}`)
				send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"result":null}`, 900000+i)) // never asked
			}
		}
		for i := 1; i <= hovers; i++ {
			b = fmt.Appendf(b[:0], `{"jsonrpc":"2.0","id":%d,"method":"textDocument/hover","params":{"textDocument":{"uri":%q},"position":{"line":8,"character":6}}}`, i, uri)
			send(string(b))
			if i%2 == 0 {
				send(fmt.Sprintf(`{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":%d}}`, i))
			}
			if i%10 == 0 {
				send(fmt.Sprintf(`{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":%d}}`, 2_000_000_000+i))
				send(fmt.Sprintf(`{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":"ghost-%d"}}`, i))
			}
			if i%(hovers/5) == 0 {
				send(`{"jsonrpc":"2.0","method":"workspace/didChangeConfiguration","params":{"settings":null}}`)
				send(`{"jsonrpc":"2.0","id":"never-asked","error":{"code":-32603,"message":"x"}}`)
			}
		}
	}()
	select {
	case err := <-wrote:
		if err != nil {
			t.Fatalf("writing the flood: %v", err)
		}
	case <-time.After(3 * time.Minute):
		t.Fatal("the flood could not be written: the server stopped reading")
	}
	deadline := time.After(3 * time.Minute)
	for f.answered() < hovers {
		select {
		case <-f.changed():
		case <-deadline:
			t.Fatalf("%d of %d hovers answered", f.answered(), hovers)
		}
	}
	if bad := f.check(); bad != "" {
		t.Fatal(bad)
	}
	t.Logf("%d hovers answered, %d of them RequestCancelled", hovers, f.cancelledCount())

	// A normal request, and the diagnostics of the last version.
	if m := c.request(`"after"`, "textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": map[string]any{"line": 8, "character": 6}}); m.Error != nil || isNull(m.Result) {
		t.Fatalf("a hover after the flood: %+v", m)
	}
	for f.lastVersion() != changes+1 {
		select {
		case <-f.changed():
		case <-deadline:
			t.Fatalf("the diagnostics of version %d were not published (last: %d)", changes+1, f.lastVersion())
		}
	}
	if f.configurations() == 0 {
		t.Error("the server sent no workspace/configuration to answer three times")
	}

	// Memory: never over the bound, the flood included (the peak, read
	// from /proc, on Linux).
	if peak := peakMemory(cmd.Process.Pid); peak > 0 {
		if peak > floodMemoryBound {
			t.Errorf("resident memory peaked at %d MB, want under %d MB", peak>>20, floodMemoryBound>>20)
		}
		t.Logf("resident memory after the flood: %d MB (peak %d MB)", residentMemory(cmd.Process.Pid)>>20, peak>>20)
	}

	if m := c.request(`"shutdown"`, "shutdown", nil); m.Error != nil {
		t.Fatalf("shutdown: %+v", m.Error)
	}
	c.notify("exit", nil)
	select {
	case code := <-exited:
		if code != 0 {
			t.Errorf("exit after shutdown: status %d, want 0", code)
		}
	case <-time.After(waitLimit):
		t.Fatal("the server did not exit")
	}
}

// floodMemoryBound is the resident memory the server must stay under, the
// flood included: the soft memory limit of 64 MB the server sets
// (cmd/pgnls/memory.go), and room for the race detector's own (70 MB in all under
// it; 25 MB without). With jsonrpc2.AsyncHandler in place of the bounded
// queue, the 10^5 hovers waiting in goroutines took it to 277 MB.
const floodMemoryBound = 128 << 20

// floodRecord is what the reader of TestServerSurvivesAFlood saw.
type floodRecord struct {
	mu      sync.Mutex
	notify  chan struct{}
	answers []int // per hover id: how many answers
	codes   []int // per hover id: the error code of its last answer
	count   int
	version int // the last version of the document published
	configs int
	bad     []string
}

func (f *floodRecord) changed() <-chan struct{} {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.notify == nil {
		f.notify = make(chan struct{})
	}
	return f.notify
}

func (f *floodRecord) wake() {
	if f.notify != nil {
		close(f.notify)
		f.notify = nil
	}
}

// take records a message; it never blocks on the server (the server may be
// waiting for the client to read), so the answers to the server's requests
// are written by goroutines of their own.
func (f *floodRecord) take(c *rawClient, body []byte, uri string) bool {
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Params struct {
			URI     string `json:"uri"`
			Version *int   `json:"version"`
		} `json:"params"`
		Error *struct {
			Code int `json:"code"`
		} `json:"error"`
	}
	if err := json.Unmarshal(body, &m); err != nil {
		f.fail(fmt.Sprintf("the server wrote %.200q", body))
		return false
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	defer f.wake()
	switch {
	case m.Method == "textDocument/publishDiagnostics":
		if m.Params.URI == uri && m.Params.Version != nil {
			f.version = *m.Params.Version
		}
		return false
	case m.Method == "workspace/configuration":
		f.configs++
		answer := fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":[{}]}`, m.ID)
		go c.write(frame(answer) + frame(answer) + frame(answer))
		return false
	case m.Method != "":
		return false // a notification: window/showMessage and the like
	}
	id, err := strconv.Atoi(string(m.ID))
	if err != nil || id < 1 || id >= len(f.answers) {
		return true // another answer, for the test's own requests
	}
	f.answers[id]++
	f.count++
	if m.Error != nil {
		f.codes[id] = m.Error.Code
	}
	return false
}

func (f *floodRecord) fail(s string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.bad = append(f.bad, s)
}

func (f *floodRecord) answered() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.count
}

func (f *floodRecord) lastVersion() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.version
}

func (f *floodRecord) cancelledCount() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, code := range f.codes {
		if code == -32800 {
			n++
		}
	}
	return n
}

func (f *floodRecord) configurations() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.configs
}

// check returns what is wrong with the answers: a hover answered other
// than once, one not cancelled answered with an error, one cancelled with
// an error other than RequestCancelled.
func (f *floodRecord) check() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	bad := f.bad
	for id := 1; id < len(f.answers) && len(bad) < 10; id++ {
		switch code := f.codes[id]; {
		case f.answers[id] != 1:
			bad = append(bad, fmt.Sprintf("hover %d answered %d times", id, f.answers[id]))
		case id%2 == 1 && code != 0:
			bad = append(bad, fmt.Sprintf("hover %d, not cancelled, answered with the error %d", id, code))
		case id%2 == 0 && code != 0 && code != -32800:
			bad = append(bad, fmt.Sprintf("hover %d, cancelled, answered with the error %d", id, code))
		}
	}
	return strings.Join(bad, "; ")
}

// serverBinary returns the pgnls binary to test: $PGNLS_BIN, or the one
// built from this checkout (with the race detector of its own when the
// tests run under it).
func serverBinary(t *testing.T) string {
	if raceEnabled && os.Getenv(pgntest.BinaryEnv) == "" {
		return pgntest.Build(t, "-race")
	}
	return pgntest.Binary(t)
}

// residentMemory returns a process's resident memory in bytes, or 0 where
// /proc does not say.
func residentMemory(pid int) int64 { return procStatus(pid, "VmRSS:") }

// peakMemory returns the most resident memory a process has had.
func peakMemory(pid int) int64 { return procStatus(pid, "VmHWM:") }

func procStatus(pid int, field string) int64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, field); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

// lockedBuffer is a bytes.Buffer safe for a process's writes and the
// test's reads.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
