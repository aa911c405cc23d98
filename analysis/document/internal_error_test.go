package document

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"pgnls/analysis"
	"pgnls/analysis/internal/testhook"
	"pgnls/pgn"
	"pgnls/pgn/pgntest"
)

// panicGame is the tag that makes the test hook (testhook.PanicTag) panic
// on a game.
const panicGame = "PgnlsTestPanic"

// withPanicHook sets the test hook and as many procs as it takes for a
// file of a few games to be checked on worker goroutines, for the test.
func withPanicHook(t *testing.T, procs int) {
	t.Helper()
	testhook.PanicTag = panicGame
	old := runtime.GOMAXPROCS(procs)
	t.Cleanup(func() {
		testhook.PanicTag = ""
		runtime.GOMAXPROCS(old)
	})
}

// gamesWithAPanic returns n games, one a line; game bad makes the checker
// panic, and game illegal has an illegal move.
func gamesWithAPanic(n, bad, illegal int) string {
	var b strings.Builder
	for i := range n {
		switch i {
		case bad:
			fmt.Fprintf(&b, "[%s \"1\"] 1. e4 e5 *\n", panicGame)
		case illegal:
			b.WriteString("1. e4 e5 2. Ke3 *\n")
		default:
			b.WriteString("1. d4 d5 *\n")
		}
	}
	return b.String()
}

// The language server's analysis: a document whose chunk holds many games
// (games that share a line are one chunk) is checked on worker goroutines;
// the panic of one game is an internal error there, and the document goes
// on being analyzed and edited.
func TestDocumentAnalysisSurvivesACheckerPanic(t *testing.T) {
	withPanicHook(t, 4)
	line := strings.ReplaceAll(gamesWithAPanic(40, 7, 30), "\n", " ")
	src := strings.Repeat(pgntest.SevenTags+"1. e4 e5 *\n\n", 50) + line + "\n"
	doc := NewDocument(src)
	s := doc.Snapshot()
	if err := s.Analyze(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	at := pgn.Pos(strings.Index(src, "["+panicGame))
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
