package uci_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"pgnls/analysis/uci"
	"pgnls/analysis/uci/ucitest"
)

func TestMain(m *testing.M) {
	ucitest.Main()
	os.Exit(m.Run())
}

// start starts a fake engine and closes it at the end of the test.
func start(t *testing.T, opts uci.Options) *uci.Engine {
	t.Helper()
	e, err := uci.Start(context.Background(), opts)
	if err != nil {
		t.Fatalf("Start: %v", err)
	}
	t.Cleanup(func() { e.Close() })
	return e
}

func TestHandshakeReadsNameAndOptionsAndSetsThem(t *testing.T) {
	ucitest.CheckGoroutines(t)
	fake := ucitest.New(t, ucitest.Normal)
	opts := fake.Options
	opts.Threads, opts.Hash, opts.MultiPV, opts.Chess960 = 1, 32, 3, true
	e := start(t, opts)
	if e.Name() != "FakeFish 1" || e.Author() != "pgnls tests" {
		t.Errorf("name %q, author %q", e.Name(), e.Author())
	}
	var names []string
	for _, o := range e.Options() {
		names = append(names, o.Name+":"+o.Type)
	}
	if got, want := strings.Join(names, " "), "Clear Hash:button Hash:spin MultiPV:spin Threads:spin UCI_Chess960:check"; got != want {
		t.Errorf("options %q, want %q", got, want)
	}
	e.Close()
	want := []string{
		"uci",
		"setoption name Threads value 1",
		"setoption name Hash value 32",
		"setoption name MultiPV value 3",
		"setoption name UCI_Chess960 value true",
		"isready",
		"quit",
	}
	if got := fake.Commands(); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("commands sent:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestSetOptionRefusesUndeclaredOptionsAndValuesOutOfRange(t *testing.T) {
	ucitest.CheckGoroutines(t)
	fake := ucitest.New(t, ucitest.NoOptions)
	opts := fake.Options
	opts.Hash = 64
	_, err := uci.Start(context.Background(), opts)
	if err == nil || !strings.Contains(err.Error(), `has no option "Hash"`) {
		t.Errorf("Start with Hash on an engine without it: %v", err)
	}

	e := start(t, ucitest.New(t, ucitest.Normal).Options)
	err = e.SetOption(context.Background(), "threads", "65")
	if err == nil || !strings.Contains(err.Error(), "accepts Threads from 1 to 64, not \"65\"") {
		t.Errorf("SetOption Threads 65: %v", err)
	}
	if err := e.SetOption(context.Background(), "threads", "2"); err != nil {
		t.Errorf("SetOption Threads 2 (option names ignore case): %v", err)
	}
	if err := e.Err(); err != nil {
		t.Errorf("a refused option broke the engine: %v", err)
	}
}

func TestSearchReturnsTheBestMoveAndEveryMultiPVLine(t *testing.T) {
	ucitest.CheckGoroutines(t)
	opts := ucitest.New(t, ucitest.Normal).Options
	opts.MultiPV = 3
	e := start(t, opts)
	// After 1. e4 e5 2. Nf3 Qh4, the knight takes the queen.
	res, err := e.Search(context.Background(), "", []string{"e2e4", "e7e5", "g1f3", "d8h4"}, uci.Limit{Nodes: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if res.BestMove != "f3h4" {
		t.Errorf("best move %q, want f3h4", res.BestMove)
	}
	if len(res.Lines) != 3 {
		t.Fatalf("%d lines, want 3: %+v", len(res.Lines), res.Lines)
	}
	for i, line := range res.Lines {
		if line.MultiPV != i+1 || line.Depth != 2 || line.SelDepth != 2 || line.Nodes == 0 || line.NPS != 1000 || line.Time != time.Millisecond {
			t.Errorf("line %d: %+v", i, line)
		}
	}
	if l := res.Lines[0]; l.Score != uci.CP(900) || len(l.PV) != 2 || l.PV[0] != "f3h4" {
		t.Errorf("best line %+v, want cp 900 with a pv of f3h4 and a reply", l)
	}
	if res.Lines[1].Score.Value >= 900 {
		t.Errorf("second line %+v scores as high as the best", res.Lines[1])
	}
}

func TestSearchNeedsALimit(t *testing.T) {
	e := start(t, ucitest.New(t, ucitest.Normal).Options)
	if _, err := e.Search(context.Background(), "", nil, uci.Limit{}); err == nil || !strings.Contains(err.Error(), "needs a limit") {
		t.Errorf("Search without a limit: %v", err)
	}
	if _, err := e.Search(context.Background(), "8/8/8/8/8/8/8/K6k w - - 0 1\nquit", nil, uci.Limit{Nodes: 1}); err == nil {
		t.Error("Search sent a FEN with a line break in it")
	}
	if _, err := e.Search(context.Background(), "", []string{"e2e4\nquit"}, uci.Limit{Nodes: 1}); err == nil {
		t.Error("Search sent a move with a line break in it")
	}
}

func TestMissingEngineSaysWhereItLooked(t *testing.T) {
	ucitest.CheckGoroutines(t)
	dir := t.TempDir()
	notExecutable := filepath.Join(dir, "engine.txt")
	os.WriteFile(notExecutable, []byte("not an engine"), 0o644)
	for _, tc := range []struct{ path, want string }{
		{filepath.Join(dir, "nosuch"), "nosuch does not exist"},
		{"pgnls-no-such-engine", "pgnls-no-such-engine is not on PATH"},
		{dir, "is a directory, not an engine"},
		{notExecutable, "engine.txt is not executable"},
	} {
		_, err := uci.Start(context.Background(), uci.Options{Path: tc.path})
		if !errors.Is(err, uci.ErrNotFound) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Start(%q): %v, want ErrNotFound saying %q", tc.path, err, tc.want)
		}
	}
	t.Setenv("PATH", dir)
	if _, err := uci.FindEngine(""); err == nil {
		if _, statErr := os.Stat("/usr/games/stockfish"); statErr != nil {
			t.Error("FindEngine found Stockfish where there is none")
		}
	} else if !strings.Contains(err.Error(), "stockfish is not on PATH and /usr/games/stockfish does not exist") {
		t.Errorf("FindEngine(\"\"): %v", err)
	}
}

// engineFailure starts a fake engine that misbehaves, and returns the
// *uci.Error of the step that fails: Start, or a search.
func engineFailure(t *testing.T, scenario ucitest.Scenario, timeout time.Duration) *uci.Error {
	t.Helper()
	opts := ucitest.New(t, scenario).Options
	opts.Timeout = timeout
	e, err := uci.Start(context.Background(), opts)
	if err == nil {
		defer e.Close()
		_, err = e.Search(context.Background(), "", nil, uci.Limit{Nodes: 1000, Timeout: timeout})
		if err == nil {
			t.Fatalf("%s: no error", scenario)
		}
		if e.Err() == nil {
			t.Errorf("%s: the engine is still taken for usable after %v", scenario, err)
		}
	}
	t.Logf("%s: %v", scenario, err)
	var engineErr *uci.Error
	if !errors.As(err, &engineErr) {
		t.Fatalf("%s: %v is not a *uci.Error", scenario, err)
	}
	if engineErr.Path != opts.Path {
		t.Errorf("%s: the error names %q, not the engine %q", scenario, engineErr.Path, opts.Path)
	}
	return engineErr
}

func TestEngineThatExitsAtOnceGivesItsStatusAndStderr(t *testing.T) {
	ucitest.CheckGoroutines(t)
	err := engineFailure(t, ucitest.ExitAtStart, 2*time.Second)
	if !errors.Is(err, uci.ErrExited) {
		t.Errorf("%v is not ErrExited", err)
	}
	// The engine may be seen to exit as "uci" is sent, or while its answer
	// is awaited.
	for _, want := range []string{"exited (exit status 3) while", `"uci"`, "it printed nothing since", `on stderr: "fake engine: cannot load its network"`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q does not say %q", err, want)
		}
	}
}

func TestSilentEngineTimesOutInTheHandshake(t *testing.T) {
	ucitest.CheckGoroutines(t)
	err := engineFailure(t, ucitest.Silent, 300*time.Millisecond)
	if !errors.Is(err, uci.ErrTimeout) {
		t.Errorf("%v is not ErrTimeout", err)
	}
	for _, want := range []string{"no answer within 300ms", `waiting for "uciok" after "uci"`, "is it a UCI chess engine?"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q does not say %q", err, want)
		}
	}
}

func TestGarbageInTheHandshakeIsQuotedInTheTimeout(t *testing.T) {
	ucitest.CheckGoroutines(t)
	err := engineFailure(t, ucitest.Garbage, 300*time.Millisecond)
	if !errors.Is(err, uci.ErrTimeout) {
		t.Errorf("%v is not ErrTimeout", err)
	}
	msg := err.Error()
	for _, want := range []string{`"Welcome to ChessMaster 2000!"`, `"\x00\xff\xfe not text"`, `"Type 'help' for help."`, `xxx..."`} {
		if !strings.Contains(msg, want) {
			t.Errorf("%q does not quote %q", msg, want)
		}
	}
	if len(msg) > 2000 {
		t.Errorf("the message is %d bytes long: a long line of garbage was not cut", len(msg))
	}
}

func TestEngineWithoutReadyOKTimesOut(t *testing.T) {
	ucitest.CheckGoroutines(t)
	err := engineFailure(t, ucitest.NoReadyOK, 300*time.Millisecond)
	if !errors.Is(err, uci.ErrTimeout) || !strings.Contains(err.Error(), `waiting for "readyok" after "isready"`) {
		t.Errorf("%v", err)
	}
}

func TestCrashMidSearchGivesExitStatusAndLastLines(t *testing.T) {
	ucitest.CheckGoroutines(t)
	err := engineFailure(t, ucitest.CrashInSearch, 2*time.Second)
	if !errors.Is(err, uci.ErrExited) {
		t.Errorf("%v is not ErrExited", err)
	}
	for _, want := range []string{
		"exited (exit status 2)",
		`waiting for "bestmove" after "go nodes 1000"`,
		`"info depth 1 score cp 13 nodes 20 pv e2e4"`,
		`on stderr: "fake engine: segmentation fault"`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q does not say %q", err, want)
		}
	}
}

func TestEngineDeafToStopIsKilled(t *testing.T) {
	ucitest.CheckGoroutines(t)
	err := engineFailure(t, ucitest.DeafToStop, 300*time.Millisecond)
	if !errors.Is(err, uci.ErrTimeout) || !strings.Contains(err.Error(), `waiting for "bestmove" after "stop"`) {
		t.Errorf("%v", err)
	}
}

func TestSearchPastItsTimeoutIsStoppedAndTheEngineStaysUsable(t *testing.T) {
	ucitest.CheckGoroutines(t)
	fake := ucitest.New(t, ucitest.Slow)
	e := start(t, fake.Options)
	_, err := e.Search(context.Background(), "", nil, uci.Limit{Nodes: 1000, Timeout: 100 * time.Millisecond})
	if !errors.Is(err, uci.ErrTimeout) || !strings.Contains(err.Error(), "took longer than 100ms and was stopped") {
		t.Errorf("Search: %v", err)
	}
	if fake.Count(ucitest.StoppedEarly) != 1 {
		t.Errorf("commands %q: the search was not stopped early", fake.Commands())
	}
	if err := e.IsReady(context.Background()); err != nil {
		t.Errorf("the engine stopped when told to but is not usable: %v", err)
	}
}

func TestCancelledSearchStopsTheEngineAndLeavesItUsable(t *testing.T) {
	ucitest.CheckGoroutines(t)
	fake := ucitest.New(t, ucitest.Slow)
	e := start(t, fake.Options)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(50*time.Millisecond, cancel)
	_, err := e.Search(ctx, "", nil, uci.Limit{Nodes: 1000})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled Search: %v", err)
	}
	if fake.Count("stop") != 1 || fake.Count(ucitest.StoppedEarly) != 1 {
		t.Errorf("commands %q: want one stop, which stopped the search early", fake.Commands())
	}
	// The next search gets its own answer, not the stopped one's.
	res, err := e.Search(context.Background(), "", []string{"e2e4", "e7e5", "g1f3", "d8h4"}, uci.Limit{Nodes: 1000})
	if err != nil {
		t.Fatal(err)
	}
	if res.BestMove != "f3h4" {
		t.Errorf("the search after a stopped one answered %q, want f3h4", res.BestMove)
	}
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := e.Search(ctx, "", nil, uci.Limit{Nodes: 1000}); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Search past its context's deadline: %v", err)
	}
	if err := e.Err(); err != nil {
		t.Errorf("the engine is not usable after cancelled searches: %v", err)
	}
}

func TestCloseInterruptsASearchAndReapsTheEngine(t *testing.T) {
	ucitest.CheckGoroutines(t)
	e := start(t, ucitest.New(t, ucitest.DeafToStop).Options)
	done := make(chan error, 1)
	go func() {
		_, err := e.Search(context.Background(), "", nil, uci.Limit{Nodes: 1000})
		done <- err
	}()
	time.Sleep(100 * time.Millisecond)
	e.Close()
	select {
	case err := <-done:
		if !errors.Is(err, uci.ErrClosed) {
			t.Errorf("Search interrupted by Close: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Close did not interrupt the search")
	}
	if err := e.Err(); !errors.Is(err, uci.ErrClosed) {
		t.Errorf("Err after Close: %v", err)
	}
	if _, err := e.Search(context.Background(), "", nil, uci.Limit{Nodes: 1}); !errors.Is(err, uci.ErrClosed) {
		t.Errorf("Search after Close: %v", err)
	}
	e.Close() // a second Close does nothing
}

func TestNewGameSendsUCINewGame(t *testing.T) {
	fake := ucitest.New(t, ucitest.Normal)
	e := start(t, fake.Options)
	if err := e.NewGame(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := fake.Commands(); strings.Join(got[len(got)-2:], " ") != "ucinewgame isready" {
		t.Errorf("commands %q", got)
	}
}

func TestStartHonoursItsContext(t *testing.T) {
	ucitest.CheckGoroutines(t)
	opts := ucitest.New(t, ucitest.Silent).Options
	opts.Timeout = time.Minute
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	done := make(chan error, 1)
	go func() {
		_, err := uci.Start(ctx, opts)
		done <- err
	}()
	// Not a measure of speed: the engine's own timeout is a minute, and a
	// Start that waited for it (or for the engine to quit) would hang here.
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("Start cancelled in the handshake: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("Start went on after its context was cancelled")
	}
}

func TestErrSeesAnEngineThatExitedWhileIdle(t *testing.T) {
	ucitest.CheckGoroutines(t)
	e := start(t, ucitest.New(t, ucitest.ExitAfterSearch).Options)
	if _, err := e.Search(context.Background(), "", nil, uci.Limit{Nodes: 1}); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(10 * time.Second); e.Err() == nil && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
	}
	if err := e.Err(); !errors.Is(err, uci.ErrExited) || !strings.Contains(err.Error(), "exited (exit status 0) while idle") {
		t.Errorf("Err: %v", err)
	}
}

func TestLoggerGetsEveryLineBothWays(t *testing.T) {
	core, logs := observer.New(zap.DebugLevel)
	opts := ucitest.New(t, ucitest.Normal).Options
	opts.Logger = zap.New(core)
	e := start(t, opts)
	e.Close()
	var lines []string
	for _, entry := range logs.All() {
		lines = append(lines, entry.Message+" "+entry.ContextMap()["line"].(string))
	}
	got := strings.Join(lines, "\n")
	for _, want := range []string{"engine < uci", "engine > id name FakeFish 1", "engine > uciok", "engine < isready", "engine > readyok", "engine < quit"} {
		if !strings.Contains(got, want) {
			t.Errorf("the log has no %q:\n%s", want, got)
		}
	}
}
