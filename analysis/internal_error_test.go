package analysis

import (
	"fmt"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"

	"pgnls/analysis/internal/testhook/panictest"
	"pgnls/pgn"
)

// A panic while checking a game becomes an internal error at that game, on
// the goroutine that checks it, in parallel (several games a worker) or
// not; the other games are still checked.
func TestCheckerPanicIsAnInternalErrorOnItsGame(t *testing.T) {
	for _, procs := range []int{1, 4} {
		panictest.WithHook(t, procs)
		src := panictest.Games(60, 17, 42)
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
