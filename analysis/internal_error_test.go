package analysis

import (
	"context"
	"fmt"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"pgnls/pgn"
	"pgnls/pgn/pgntest"
)

// panicGame is the tag that makes the test hook (panicTag) panic on a game.
const panicGame = "PgnlsTestPanic"

// withPanicHook sets the test hook and as many procs as it takes for a
// file of a few games to be checked on worker goroutines, for the test.
func withPanicHook(t *testing.T, procs int) {
	t.Helper()
	panicTag = panicGame
	old := runtime.GOMAXPROCS(procs)
	t.Cleanup(func() {
		panicTag = ""
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

// A panic while checking a game becomes an internal error at that game, on
// the goroutine that checks it, in parallel (several games a worker) or
// not; the other games are still checked.
func TestCheckerPanicIsAnInternalErrorOnItsGame(t *testing.T) {
	for _, procs := range []int{1, 4} {
		withPanicHook(t, procs)
		src := gamesWithAPanic(60, 17, 42)
		f := pgn.Parse(src)
		var internal, illegal []Diagnostic
		for _, d := range CheckFile(f) {
			switch d.Code {
			case CodeInternal:
				internal = append(internal, d)
			case CodeIllegalMove:
				illegal = append(illegal, d)
			}
			if d.Game == 17 && d.Code != CodeInternal {
				t.Errorf("GOMAXPROCS %d: the failed game has %v", procs, d)
			}
		}
		g := f.Games[17]
		if len(internal) != 1 || internal[0].Pos != g.From || internal[0].Game != 17 || int(internal[0].End) != strings.Index(src[g.From:], "\n")+int(g.From) ||
			internal[0].Severity != Error || !strings.Contains(internal[0].Message, "pgnls failed while checking this game: test hook") {
			t.Errorf("GOMAXPROCS %d: internal diagnostics %v, want one on game 18 (%d-%d)", procs, internal, g.From, g.To)
		}
		if len(illegal) != 1 || illegal[0].Game != 42 {
			t.Errorf("GOMAXPROCS %d: illegal moves %v, want the one of game 43", procs, illegal)
		}
	}
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
	var internal []Diagnostic
	for _, d := range s.Diagnostics() {
		if d.Code == CodeInternal {
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
	if n := doc.Snapshot().CodeCounts()[codeIndexForTest(t, CodeInternal)]; n != 1 {
		t.Errorf("after an edit: %d internal diagnostics, want 1", n)
	}
}

func codeIndexForTest(t *testing.T, c Code) int {
	for i, info := range Codes() {
		if info.Code == c {
			return i
		}
	}
	t.Fatalf("no code %s", c)
	return -1
}

// A panic on a worker of forEachParallel reaches the caller, on the
// caller's goroutine, which can recover it: before, it ended the program,
// whatever the caller did. The other workers finish their work first.
func TestWorkerPanicReachesTheCaller(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	var ran atomic.Int64
	p := func() (p any) {
		defer func() { p = recover() }()
		forEachParallel(100, nil, func(_, i int) {
			if i == 50 {
				panic("boom")
			}
			ran.Add(1)
		})
		return nil
	}()
	if panicValue(p) != "boom" || !strings.Contains(fmt.Sprint(p), "forEachParallel") {
		t.Errorf("recovered %v, want boom with the worker's stack", p)
	}
	if ran.Load() != 99 {
		t.Errorf("%d calls done, want the 99 others", ran.Load())
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
	if panicValue(p) != "progress" {
		t.Errorf("recovered %v, want the progress callback's panic", p)
	}
}
