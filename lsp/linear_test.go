package lsp

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"

	"pgnls/pgn/pgntest"
)

// The linear-time test of the requests: no request, on one long line or
// on one huge game, does work that grows faster than the text. Work is
// counted, not timed (pgntest.Probe): TestRequestsTakeLinearTime builds
// this package's tests with coverage counters over pgn, analysis,
// analysis/board, analysis/document and lsp, and runs TestRequestLinearProbe
// once per shape, size and request (GOMAXPROCS=1); the statements a run
// executes, minus those of the run that opens the same text and sends no
// request, are the request's work. Doubling the text must not multiply it
// by more than pgntest.MaxLinearRatio; a quadratic loop multiplies its
// share by 4. What the
// count misses is library code (a strings.Index over the rest of a line):
// the lsp code that calls such searches calls them once per line.

// linearSevenTags is the Seven Tag Roster, with players that can be renamed.
var linearSevenTags = pgntest.SevenTagsOf("A", "B")

// requestShapes are the texts of the probes, as a function of a size n,
// with the offset of the position the requests at a position ask about.
var requestShapes = []struct {
	name string
	n    int
	make func(n int) string
}{
	// The shape of the quadratic semantic tokens: sibling variations on one
	// line, with a NAG, a comment with a link and a suffix in each.
	{"sibling variations on one line", 1000, func(n int) string {
		return `[White "A"] [Black "B"] 1. e4 ` + strings.Repeat("(1. d4!? d5 $1 {see www.example.org}) ", n) + "e5 *\n"
	}},
	{"nested variations on one line", 1000, func(n int) string {
		return linearSevenTags + "1. e4 " + strings.Repeat("(1. d4 d5 $1 {www.example.org} ", n) + strings.Repeat(") ", n) + "e5 *\n"
	}},
	{"games on one line", 500, func(n int) string {
		return strings.Repeat(`[White "A"] [Black "B"] 1. e4!? e5 {www.example.org} * `, n) + "\n"
	}},
	{"one huge game", 1000, func(n int) string {
		var b strings.Builder
		b.WriteString(linearSevenTags)
		for i := 0; i < n/4; i++ {
			fmt.Fprintf(&b, "%d. Nf3 $1 Nf6 {c} %d. Ng1 (%d. Nc3 {www.example.org}) Ng8!\n", 2*i+1, 2*i+2, 2*i+2)
		}
		return b.String() + "*\n"
	}},
}

// requestProbes are the requests measured; "none" is the run without one.
var requestProbes = []string{
	"none",
	protocol.MethodTextDocumentHover,
	protocol.MethodTextDocumentCompletion,
	protocol.MethodTextDocumentFormatting,
	protocol.MethodTextDocumentRangeFormatting,
	protocol.MethodTextDocumentCodeAction,
	protocol.MethodTextDocumentDocumentSymbol,
	protocol.MethodTextDocumentFoldingRange,
	protocol.MethodSemanticTokensFull,
	protocol.MethodSemanticTokensRange,
	protocol.MethodTextDocumentDocumentLink,
	methodInlayHint,
	methodSelectionRange,
	protocol.MethodTextDocumentPrepareRename,
	protocol.MethodTextDocumentRename,
	protocol.MethodWorkspaceSymbol,
}

// probeParams returns the params of a request on text: positions at the
// end of the last move (deep in the line, the variation, the game), ranges
// over the whole text, the White tag for rename.
func probeParams(method string, uri protocol.DocumentURI, text string) any {
	lines := strings.Split(text, "\n")
	last := len(lines) - 2 // the line of the result
	if last < 0 {
		last = 0
	}
	end := protocol.Position{Line: uint32(last), Character: uint32(max(0, len(lines[last])-3))}
	white := strings.Index(text, `"A"`) + 1
	before := strings.Count(text[:white], "\n")
	name := protocol.Position{Line: uint32(before), Character: uint32(white - strings.LastIndex(text[:white], "\n") - 1)}
	td := map[string]any{"uri": uri}
	whole := rng(0, 0, uint32(len(lines)), 0)
	switch method {
	case protocol.MethodTextDocumentHover, protocol.MethodTextDocumentCompletion:
		return map[string]any{"textDocument": td, "position": end}
	case protocol.MethodTextDocumentFormatting, protocol.MethodTextDocumentDocumentSymbol, protocol.MethodTextDocumentFoldingRange,
		protocol.MethodSemanticTokensFull, protocol.MethodTextDocumentDocumentLink:
		return map[string]any{"textDocument": td}
	case protocol.MethodTextDocumentRangeFormatting, protocol.MethodSemanticTokensRange, methodInlayHint:
		return map[string]any{"textDocument": td, "range": whole}
	case protocol.MethodTextDocumentCodeAction:
		return map[string]any{"textDocument": td, "range": whole, "context": map[string]any{"diagnostics": []any{}}}
	case methodSelectionRange:
		return map[string]any{"textDocument": td, "positions": []protocol.Position{end, name}}
	case protocol.MethodTextDocumentPrepareRename:
		return map[string]any{"textDocument": td, "position": name}
	case protocol.MethodTextDocumentRename:
		return map[string]any{"textDocument": td, "position": name, "newName": "C"}
	case protocol.MethodWorkspaceSymbol:
		return map[string]any{"query": "A B"}
	}
	panic("no params for " + method)
}

// TestRequestLinearProbe is one measured run, for TestRequestsTakeLinearTime:
// it skips unless PGNLS_REQUEST_PROBE says "shape:n:request".
func TestRequestLinearProbe(t *testing.T) {
	parts := strings.SplitN(pgntest.ProbeSpec(t, "PGNLS_REQUEST_PROBE", "TestRequestsTakeLinearTime"), ":", 3)
	shape, _ := strconv.Atoi(parts[0])
	n, _ := strconv.Atoi(parts[1])
	method := parts[2]
	e := newEnv(t, func(s *server) { s.tick = time.Hour }) // no partial publications
	e.initialize(protocol.ClientCapabilities{}, map[string]any{"maxDiagnostics": 0, "ecoFile": ""})
	// Warm up: what is done once (tables, caches) is then in every run.
	warm := protocol.DocumentURI("file:///warm.pgn")
	e.open(warm, 1, linearSevenTags+"1. e4 e5 2. Nf3 (2. f4 exf4) Nc6 {c} 3. Bb5 $1 a6 *\n")
	e.waitVersion(warm, 1)
	for _, m := range requestProbes[1:] {
		if _, err := e.call(m, probeParams(m, warm, linearSevenTags+"1. e4 e5 *\n")); err != nil {
			t.Fatalf("warming up %s: %v", m, err)
		}
	}
	uri := protocol.DocumentURI("file:///probe.pgn")
	text := requestShapes[shape].make(n)
	e.open(uri, 1, text)
	e.waitVersion(uri, 1)
	if method != "none" {
		if _, err := e.call(method, probeParams(method, uri, text)); err != nil {
			t.Fatalf("%s: %v", method, err)
		}
	}
}

func TestRequestsTakeLinearTime(t *testing.T) {
	probe := pgntest.BuildProbe(t, "TestRequestLinearProbe", "PGNLS_REQUEST_PROBE",
		"pgnls/pgn", "pgnls/analysis", "pgnls/analysis/board", "pgnls/analysis/document", "pgnls/lsp")
	type run struct {
		shape, n int
		method   string
	}
	var runs []run
	for i, shape := range requestShapes {
		for _, n := range []int{shape.n, 2 * shape.n} {
			for _, m := range requestProbes {
				runs = append(runs, run{i, n, m})
			}
		}
	}
	specs := make([]string, len(runs))
	for k, r := range runs {
		specs[k] = fmt.Sprintf("%d:%d:%s", r.shape, r.n, r.method)
	}
	counts := probe.Statements(t, specs)
	if t.Failed() {
		return
	}
	work := make(map[run]int64, len(runs))
	for k, r := range runs {
		work[r] = counts[k]
	}
	for i, shape := range requestShapes {
		t.Run(shape.name, func(t *testing.T) {
			var report []string
			for _, m := range requestProbes[1:] {
				w1 := work[run{i, shape.n, m}] - work[run{i, shape.n, "none"}]
				w2 := work[run{i, 2 * shape.n, m}] - work[run{i, 2 * shape.n, "none"}]
				ratio := pgntest.CheckLinear(t, "the statements "+m+" runs", float64(w1), float64(w2), 1000)
				report = append(report, fmt.Sprintf("%s %d→%d (x%.2f)", m, w1, w2, ratio))
			}
			t.Logf("n=%d:\n%s", shape.n, strings.Join(report, "\n"))
		})
	}
}
