package lsp

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/protocol"

	"pgnls/pgn/pgntest"
)

// The linear-time test of the requests: no request, on one long line or
// on one huge game, does work that grows faster than the text. Work is
// counted, not timed, as in analysis/linear_test.go: TestRequestsTakeLinearTime
// builds this package's tests with coverage counters over pgn, analysis,
// analysis/board and lsp, and runs TestRequestLinearProbe once per shape,
// size and request (GOMAXPROCS=1); the statements a run executes, minus
// those of the run that opens the same text and sends no request, are the
// request's work. Doubling the text must not multiply it by more than 2.3
// (maxLinearRatio); a quadratic loop multiplies its share by 4. What the
// count misses is library code (a strings.Index over the rest of a line):
// the lsp code that calls such searches calls them once per line.

const maxLinearRatio = 2.3

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
	spec := os.Getenv("PGNLS_REQUEST_PROBE")
	if spec == "" {
		t.Skip("run by TestRequestsTakeLinearTime")
	}
	parts := strings.SplitN(spec, ":", 3)
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
	if testing.Short() {
		t.Skip("builds a test binary with coverage counters")
	}
	dir := t.TempDir()
	probe := filepath.Join(dir, "probe.test")
	build := exec.Command("go", "test", "-c", "-o", probe, "-covermode=count",
		"-coverpkg=pgnls/pgn,pgnls/analysis,pgnls/analysis/board,pgnls/lsp", ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building the probe: %v\n%s", err, out)
	}
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
	work := make(map[run]int64, len(runs))
	var mu sync.Mutex
	sem := make(chan struct{}, 2)
	var wg sync.WaitGroup
	for k, r := range runs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			w, err := requestProbeWork(probe, filepath.Join(dir, fmt.Sprintf("%d.out", k)), fmt.Sprintf("%d:%d:%s", r.shape, r.n, r.method))
			if err != nil {
				t.Errorf("%s, n=%d, %s: %v", requestShapes[r.shape].name, r.n, r.method, err)
			}
			mu.Lock()
			work[r] = w
			mu.Unlock()
		}()
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	for i, shape := range requestShapes {
		t.Run(shape.name, func(t *testing.T) {
			var report []string
			for _, m := range requestProbes[1:] {
				w1 := work[run{i, shape.n, m}] - work[run{i, shape.n, "none"}]
				w2 := work[run{i, 2 * shape.n, m}] - work[run{i, 2 * shape.n, "none"}]
				ratio := float64(w2) / float64(max(w1, 1))
				report = append(report, fmt.Sprintf("%s %d→%d (x%.2f)", m, w1, w2, ratio))
				if ratio > maxLinearRatio && w2 > 1000 {
					t.Errorf("%s: doubling the text multiplies the statements run by %.2f (%d, then %d): super-linear", m, ratio, w1, w2)
				}
			}
			t.Logf("n=%d:\n%s", shape.n, strings.Join(report, "\n"))
		})
	}
}

// requestProbeWork runs one probe and returns the statements it ran.
func requestProbeWork(probe, profile, spec string) (int64, error) {
	cmd := exec.Command(probe, "-test.run=^TestRequestLinearProbe$", "-test.count=1", "-test.coverprofile="+profile)
	cmd.Env = append(os.Environ(), "PGNLS_REQUEST_PROBE="+spec, "GOMAXPROCS=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		return 0, fmt.Errorf("%v\n%s", err, out)
	}
	f, err := os.Open(profile)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	// Lines: "file:start,end statements count", after a "mode:" line.
	var total int64
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) != 3 || strings.HasPrefix(fields[0], "mode:") {
			continue
		}
		stmts, err1 := strconv.ParseInt(fields[1], 10, 64)
		count, err2 := strconv.ParseInt(fields[2], 10, 64)
		if err1 != nil || err2 != nil {
			return 0, fmt.Errorf("profile line %q", sc.Text())
		}
		total += stmts * count
	}
	return total, sc.Err()
}
