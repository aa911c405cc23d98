package lsp

import (
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"

	"pgnls/analysis"
	"pgnls/pgn"
	"pgnls/pgn/pgntest"
)

// largeText repeats text to at least size bytes.
func largeText(text string, size int) string {
	return strings.Repeat(text, (size+len(text)-1)/len(text))
}

// smallText returns the first n games of text (a game starts with a tag
// after a blank line).
func smallText(text string, n int) string {
	at := 0
	for i := 0; i < n; i++ {
		next := strings.Index(text[at+1:], "\n\n[")
		if next < 0 {
			return text
		}
		at += next + 2
	}
	return text[:at]
}

// keystroke types into a document: a space at the start of a line of
// movetext in its middle, then deletes it, and so on.
type keystroke struct {
	uri     protocol.DocumentURI
	line    uint32
	version int32
	typed   bool
}

func newKeystroke(uri protocol.DocumentURI, text string) *keystroke {
	mid := len(text) / 2
	if i := strings.Index(text[mid:], "\n1. "); i >= 0 {
		mid += i + 1
	}
	return &keystroke{uri: uri, line: uint32(strings.Count(text[:mid], "\n")), version: 1}
}

// next sends the next keystroke and returns its version.
func (k *keystroke) next(e *env) int32 {
	k.version++
	c := contentChange{Range: rng(k.line, 0, k.line, 0), Text: " "}
	if k.typed {
		c = contentChange{Range: rng(k.line, 0, k.line, 1), Text: ""}
	}
	k.typed = !k.typed
	e.change(k.uri, k.version, c)
	return k.version
}

// forget drops what the client recorded, so that waits stay cheap.
func (c *fakeClient) forget() {
	c.record(func(c *fakeClient) {
		c.published = c.published[:0]
		clear(c.sent)
		clear(c.final)
	})
}

// BenchmarkKeystroke measures the latency from a keystroke (didChange) to
// the client's reading of the diagnostics of the new version, on a small
// file and on a large one (the corpus repeated to 30 MB), one keystroke in
// each per iteration. It reports percentiles in milliseconds and the ratio
// large/small: an edit re-analyzes the touched part only, so the ratio
// should stay far below the ratio of the sizes.
//
//	go test ./lsp -run '^$' -bench Keystroke -benchtime 200x
func BenchmarkKeystroke(b *testing.B) {
	corpus := pgntest.CorpusText(b)
	small, large := smallText(corpus[max(0, strings.Index(corpus, "[Event "))-1:], 10), largeText(corpus, 30<<20)
	benchmarkKeystroke(b, small, large, nil)
}

// BenchmarkKeystrokeSamePayload is BenchmarkKeystroke with maxDiagnostics
// set to what the small file has, so that both publish as many
// diagnostics: what is left is the cost that could grow with the file.
// (With the default cap, the large file's answer is 100 diagnostics and
// the small file's a few dozen; encoding and decoding that JSON, not the
// analysis, then dominates its latency.)
func BenchmarkKeystrokeSamePayload(b *testing.B) {
	corpus := pgntest.CorpusText(b)
	small, large := smallText(corpus[max(0, strings.Index(corpus, "[Event "))-1:], 10), largeText(corpus, 30<<20)
	shown := len(analysis.CheckFile(pgn.Parse(small)))
	benchmarkKeystroke(b, small, large, map[string]any{"maxDiagnostics": shown})
}

func benchmarkKeystroke(b *testing.B, small, large string, options any) {
	waitLimit = 5 * time.Minute
	e := newEnv(b, nil)
	e.initialize(protocol.ClientCapabilities{}, options)
	docs := []*keystroke{newKeystroke("file:///small.pgn", small), newKeystroke("file:///large.pgn", large)}
	for i, text := range []string{small, large} {
		e.open(docs[i].uri, 1, text)
		e.waitVersion(docs[i].uri, 1)
	}
	e.client.forget()
	lat := [2][]time.Duration{}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j, k := range docs {
			start := time.Now()
			v := k.next(e)
			e.waitVersion(k.uri, v)
			lat[j] = append(lat[j], time.Since(start))
			e.client.forget()
		}
	}
	b.StopTimer()
	var p50 [2]float64
	for j, name := range []string{"small", "large"} {
		slices.Sort(lat[j])
		for _, q := range []int{50, 90, 99} {
			ms := float64(lat[j][len(lat[j])*q/100]) / float64(time.Millisecond)
			b.ReportMetric(ms, name+"-p"+strconv.Itoa(q)+"-ms")
			if q == 50 {
				p50[j] = ms
			}
		}
	}
	b.ReportMetric(p50[1]/p50[0], "large/small-p50")
	b.ReportMetric(float64(len(large))/float64(len(small)), "size-ratio")
}

// BenchmarkOpenDocumentMemory measures the heap an open 30 MB document
// costs once analyzed (runtime.MemStats.HeapInuse after a GC, before and
// after didOpen), as a ratio to the size of its text.
//
//	go test ./lsp -run '^$' -bench OpenDocumentMemory -benchtime 1x
func BenchmarkOpenDocumentMemory(b *testing.B) {
	large := largeText(pgntest.CorpusText(b), 30<<20)
	waitLimit = 5 * time.Minute
	e := newEnv(b, nil)
	e.initialize(protocol.ClientCapabilities{}, nil)
	var ratio float64
	for i := 0; i < b.N; i++ {
		e.client.forget()
		before := heapInUse()
		e.open("file:///large.pgn", 1, large)
		e.waitVersion("file:///large.pgn", 1)
		e.client.forget()
		after := heapInUse()
		ratio = float64(after-before) / float64(len(large))
		e.notify(protocol.MethodTextDocumentDidClose, &protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: "file:///large.pgn"}})
		e.waitDiagnostics("file:///large.pgn", "the clearing publication", func(p published) bool { return p.Version == nil })
	}
	b.ReportMetric(ratio, "heap/text")
	b.ReportMetric(float64(len(large))/(1<<20), "text-MB")
}

func heapInUse() int64 {
	var m runtime.MemStats
	runtime.GC()
	runtime.GC()
	runtime.ReadMemStats(&m)
	return int64(m.HeapInuse)
}

// BenchmarkOpenLarge measures the time from didOpen of a 30 MB document
// (the corpus repeated) to the client's reading of its complete
// diagnostics: parsing, cutting into chunks, checking every game on all
// cores, and publishing the capped selection.
//
//	go test ./lsp -run '^$' -bench OpenLarge -benchtime 3x
func BenchmarkOpenLarge(b *testing.B) {
	large := largeText(pgntest.CorpusText(b), 30<<20)
	waitLimit = 5 * time.Minute
	e := newEnv(b, nil)
	e.initialize(protocol.ClientCapabilities{}, nil)
	b.SetBytes(int64(len(large)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		uri := protocol.DocumentURI("file:///large" + strconv.Itoa(i) + ".pgn")
		start := time.Now()
		e.open(uri, 1, large)
		e.waitVersion(uri, 1)
		b.ReportMetric(float64(time.Since(start).Milliseconds()), "ms-to-diagnostics")
		b.StopTimer()
		e.notify(protocol.MethodTextDocumentDidClose, &protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}})
		e.client.forget()
		runtime.GC()
		b.StartTimer()
	}
}
