package document

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"pgnls/analysis"
	"pgnls/analysis/internal/testhook/panictest"
	"pgnls/pgn"
	"pgnls/pgn/pgntest"
)

// The language server's analysis: a document whose chunk holds many games
// (games that share a line are one chunk) is checked on worker goroutines;
// the panic of one game is an internal error there, and the document goes
// on being analyzed and edited.
func TestDocumentAnalysisSurvivesACheckerPanic(t *testing.T) {
	panictest.WithHook(t, 4)
	line := strings.ReplaceAll(panictest.Games(40, 7, 30), "\n", " ")
	src := strings.Repeat(pgntest.SevenTags+"1. e4 e5 *\n\n", 50) + line + "\n"
	doc := NewDocument(src)
	s := doc.Snapshot()
	if err := s.Analyze(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	at := pgn.Pos(strings.Index(src, "["+panictest.Game))
	var internal []analysis.Diagnostic
	for _, d := range s.Diagnostics() {
		if d.Code == analysis.CodeInternal {
			internal = append(internal, d)
		}
	}
	if len(internal) != 1 || internal[0].Pos != at || internal[0].Game != 57 {
		t.Fatalf("internal diagnostics %v, want one at %d (game 58)", internal, at)
	}
	if err := doc.Edit(0, 0, "{x} "); err != nil {
		t.Fatal(err)
	}
	if err := doc.Snapshot().Analyze(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	if n := doc.Snapshot().CodeCounts()[analysis.CodeIndex(analysis.CodeInternal)]; n != 1 {
		t.Errorf("after an edit: %d internal diagnostics, want 1", n)
	}
}

// A panic of Analyze's progress callback (the server's code, on Analyze's
// workers) reaches Analyze's caller, and the other workers do not wait
// for it forever.
func TestAnalyzeRaisesAProgressPanicOnTheCaller(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	s := NewDocument(strings.Repeat(pgntest.SevenTags+"1. e4 e5 *\n\n", 200)).Snapshot()
	p := func() (p any) {
		defer func() { p = recover() }()
		s.Analyze(context.Background(), func(done, total int) {
			if done == 3 {
				panic("progress")
			}
		})
		return nil
	}()
	if !strings.HasPrefix(fmt.Sprint(p), "progress") {
		t.Errorf("recovered %v, want the progress callback's panic", p)
	}
}
