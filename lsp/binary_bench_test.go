package lsp

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	fastjson "github.com/segmentio/encoding/json"
	"go.lsp.dev/protocol"

	"pgnls/pgn/pgntest"
)

// BenchmarkBinary drives the built pgnls binary over its standard input and
// output, as an editor does, with a scripted client: it opens a small
// document (10 games) and a large one (the corpus repeated to 30 MB), then
// types a keystroke in each in turn, b.N times, and reports:
//
//   - open-large-ms: from the first byte of the large didOpen written to
//     the client's decoding of its complete diagnostics (the publication
//     after the first analysis's progress ends);
//   - rss-open/text: the server's resident memory (VmRSS) the moment the
//     large document's diagnostics arrive, over the size of its text: the
//     peak, with the garbage of opening it (the 30 MB message, its
//     decoding, the trees of the first parse);
//   - rss/text: the same once it has settled (the server returns that
//     garbage to the system after publishing; see cmd/pgnls/memory.go), and
//     rss-end/text after the keystrokes, under the memory limit the server
//     sets from its documents' size. BenchmarkOpenDocumentMemory measures
//     the heap the document itself keeps;
//   - small- and large-p50/p90/p99-ms: keystroke (didChange written) to
//     the client's decoding of the diagnostics of that version, with the
//     default settings (at most 100 diagnostics);
//   - large/small-p50 and -p99.
//
// The large document has thousands of problems, so its publications are
// as long as the cap allows, where the small one's are a few diagnostics
// (bench/NOTES.md: what this benchmark showed, and what was done).
//
// The client decodes every message once, fully (the diagnostics into
// protocol.Diagnostic), with segmentio's decoder, as fast a decoder as a
// Go client would use; encoding the 30 MB didOpen is done before the clock
// starts (an editor has its text encoded or encodes it on its own time).
//
//	go test ./lsp -run '^$' -bench Binary -benchtime 400x
//
// PGNLS_BIN=path runs another build of pgnls instead of building this
// one, to compare two versions in the same run; PGNLS_BENCH_STDERR=1 shows
// the server's standard error (with GODEBUG=gctrace=1, its collections).
func BenchmarkBinary(b *testing.B) {
	corpus := pgntest.CorpusText(b)
	small, large := smallText(corpus[max(0, strings.Index(corpus, "[Event "))-1:], 10), largeText(corpus, 30<<20)
	bin := pgntest.Binary(b)
	c := startBinary(b, bin)
	defer c.stop()
	c.call("initialize", map[string]any{
		"processId":    nil,
		"rootUri":      nil,
		"capabilities": map[string]any{"window": map[string]any{"workDoneProgress": true}},
	})
	c.notify("initialized", map[string]any{})

	docs := []*keystroke{newKeystroke("file:///small.pgn", small), newKeystroke("file:///large.pgn", large)}
	c.send(c.encode("", "textDocument/didOpen", openParams(docs[0].uri, small)))
	c.waitPublication(docs[0].uri, 1, false)
	msg := c.encode("", "textDocument/didOpen", openParams(docs[1].uri, large))
	start := time.Now()
	c.send(msg)
	c.waitPublication(docs[1].uri, 1, true)
	openMs := float64(time.Since(start)) / float64(time.Millisecond)
	rssOpen := c.rss()
	rss := c.settledRSS()

	lat := [2][]time.Duration{}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j, k := range docs {
			k.version++
			ch := contentChange{Range: rng(k.line, 0, k.line, 0), Text: " "}
			if k.typed {
				ch = contentChange{Range: rng(k.line, 0, k.line, 1), Text: ""}
			}
			k.typed = !k.typed
			p := didChangeParams{ContentChanges: []contentChange{ch}}
			p.TextDocument.URI, p.TextDocument.Version = k.uri, k.version
			start := time.Now()
			c.send(c.encode("", "textDocument/didChange", &p))
			c.waitPublication(k.uri, k.version, false)
			lat[j] = append(lat[j], time.Since(start))
		}
	}
	b.StopTimer()
	b.ReportMetric(openMs, "open-large-ms")
	b.ReportMetric(float64(rssOpen)/float64(len(large)), "rss-open/text")
	b.ReportMetric(float64(rss)/float64(len(large)), "rss/text")
	b.ReportMetric(float64(c.rss())/float64(len(large)), "rss-end/text")
	reportLatencies(b, lat)
	c.call("shutdown", nil)
	c.notify("exit", nil)
}

// reportLatencies reports the percentiles of the small and large document's
// keystrokes, and their ratios.
func reportLatencies(b *testing.B, lat [2][]time.Duration) {
	var p [2]map[int]float64
	for j, name := range []string{"small", "large"} {
		slices.Sort(lat[j])
		p[j] = map[int]float64{}
		for _, q := range []int{50, 90, 99} {
			ms := float64(lat[j][len(lat[j])*q/100]) / float64(time.Millisecond)
			b.ReportMetric(ms, name+"-p"+strconv.Itoa(q)+"-ms")
			p[j][q] = ms
		}
	}
	b.ReportMetric(p[1][50]/p[0][50], "large/small-p50")
	b.ReportMetric(p[1][99]/p[0][99], "large/small-p99")
}

func openParams(uri protocol.DocumentURI, text string) any {
	return &protocol.DidOpenTextDocumentParams{TextDocument: protocol.TextDocumentItem{URI: uri, LanguageID: "pgn", Version: 1, Text: text}}
}

// binaryClient is the scripted client of BenchmarkBinary.
type binaryClient struct {
	b      testing.TB
	cmd    *exec.Cmd
	in     io.WriteCloser
	inMu   sync.Mutex // the reading goroutine answers requests
	nextID int
	// events carries, from the reading goroutine, what the benchmark waits
	// for: publications, the end of a progress, responses.
	events chan clientEvent
}

type clientEvent struct {
	uri         protocol.DocumentURI
	version     int32
	diagnostics int
	progressEnd bool
	response    bool
	err         error
}

func startBinary(b testing.TB, bin string) *binaryClient {
	cmd := exec.Command(bin)
	cmd.Stderr = io.Discard
	if os.Getenv("PGNLS_BENCH_STDERR") != "" {
		cmd.Stderr = os.Stderr
	}
	in, err := cmd.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	c := &binaryClient{b: b, cmd: cmd, in: in, events: make(chan clientEvent, 1024)}
	go c.read(bufio.NewReaderSize(out, 1<<20))
	return c
}

// incoming is every message the server sends, decoded once.
type incoming struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params struct {
		URI         protocol.DocumentURI  `json:"uri"`
		Version     *int32                `json:"version"`
		Diagnostics []protocol.Diagnostic `json:"diagnostics"`
		Value       struct {
			Kind string `json:"kind"`
		} `json:"value"`
	} `json:"params"`
	Result json.RawMessage `json:"result"`
	Error  json.RawMessage `json:"error"`
}

func (c *binaryClient) read(r *bufio.Reader) {
	defer close(c.events)
	for {
		length := -1
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			line = strings.TrimSpace(line)
			if line == "" {
				break
			}
			if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
				length, _ = strconv.Atoi(v)
			}
		}
		body := make([]byte, length)
		if _, err := io.ReadFull(r, body); err != nil {
			return
		}
		var m incoming
		if err := fastjson.Unmarshal(body, &m); err != nil {
			c.events <- clientEvent{err: err}
			return
		}
		switch {
		case m.Method == "textDocument/publishDiagnostics" && m.Params.Version != nil:
			c.events <- clientEvent{uri: m.Params.URI, version: *m.Params.Version, diagnostics: len(m.Params.Diagnostics)}
		case m.Method == "$/progress":
			if m.Params.Value.Kind == "end" {
				c.events <- clientEvent{progressEnd: true}
			}
		case m.Method != "" && len(m.ID) > 0: // a request: window/workDoneProgress/create
			c.send(append(append([]byte(`{"jsonrpc":"2.0","id":`), m.ID...), `,"result":null}`...))
		case m.Method == "":
			c.events <- clientEvent{response: true}
		}
	}
}

// waitPublication waits for the diagnostics of a version of uri; with
// afterProgress, for the first after a progress ends (those of the whole
// first analysis; partial ones come before).
func (c *binaryClient) waitPublication(uri protocol.DocumentURI, version int32, afterProgress bool) {
	ended := false
	timeout := time.After(5 * time.Minute)
	for {
		select {
		case e, ok := <-c.events:
			if !ok {
				c.b.Fatal("the server closed its output")
			}
			if e.err != nil {
				c.b.Fatal(e.err)
			}
			ended = ended || e.progressEnd
			if e.uri == uri && e.version == version && (ended || !afterProgress) {
				return
			}
		case <-timeout:
			c.b.Fatalf("no diagnostics for %s version %d", uri, version)
		}
	}
}

func (c *binaryClient) encode(id, method string, params any) []byte {
	m := map[string]any{"jsonrpc": "2.0", "method": method, "params": params}
	if id != "" {
		m["id"] = json.RawMessage(id)
	}
	body, err := json.Marshal(m)
	if err != nil {
		c.b.Fatal(err)
	}
	return body
}

func (c *binaryClient) send(body []byte) {
	frame := fmt.Appendf(nil, "Content-Length: %d\r\n\r\n", len(body))
	c.inMu.Lock()
	defer c.inMu.Unlock()
	if _, err := c.in.Write(append(frame, body...)); err != nil {
		c.b.Error(err)
	}
}

func (c *binaryClient) notify(method string, params any) { c.send(c.encode("", method, params)) }

// call sends a request and waits for a response (the only one in flight).
func (c *binaryClient) call(method string, params any) {
	c.nextID++
	c.send(c.encode(strconv.Itoa(c.nextID), method, params))
	timeout := time.After(time.Minute)
	for {
		select {
		case e, ok := <-c.events:
			if !ok {
				c.b.Fatalf("%s: the server closed its output", method)
			}
			if e.response {
				return
			}
		case <-timeout:
			c.b.Fatalf("no answer to %s", method)
		}
	}
}

// settledRSS returns the server's resident memory once it stops falling:
// after opening a large document the server returns the memory that took
// (cmd/pgnls/memory.go), just after publishing its diagnostics.
func (c *binaryClient) settledRSS() int64 {
	last := c.rss()
	for i := 0; i < 60; i++ {
		time.Sleep(50 * time.Millisecond)
		now := c.rss()
		if now > last-(1<<20) && now < last+(1<<20) {
			return now
		}
		last = now
	}
	return last
}

// rss returns the server's resident memory in bytes.
func (c *binaryClient) rss() int64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", c.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}

func (c *binaryClient) stop() {
	c.in.Close()
	done := make(chan error, 1)
	go func() { done <- c.cmd.Wait() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		c.cmd.Process.Kill()
		<-done
	}
}
