package uci_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"pgnls/analysis/uci"
	"pgnls/analysis/uci/ucitest"
)

// queenEnPrise is a game in which Black leaves the queen to the knight.
var queenEnPrise = []string{"e4", "e5", "Nf3", "Qh4", "Nxh4"}

func game(t *testing.T, sans ...string) uci.Game {
	t.Helper()
	g, err := uci.ParseGame("", sans)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func analyzer(t *testing.T, cfg uci.Config) *uci.Analyzer {
	t.Helper()
	a, err := uci.NewAnalyzer(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	return a
}

// progressLog records the calls of a progress callback.
type progressLog []string

func (p *progressLog) report(done, total int) { *p = append(*p, fmt.Sprintf("%d/%d", done, total)) }

func TestAnalyzeFindsTheQueenLeftEnPrise(t *testing.T) {
	ucitest.CheckGoroutines(t)
	fake := ucitest.New(t, ucitest.Normal)
	a := analyzer(t, uci.Config{Engine: fake.Options, Limit: uci.Limit{Nodes: 1000}})
	var progress progressLog
	res, err := a.Analyze(context.Background(), game(t, queenEnPrise...), progress.report)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(progress, " "), "0/6 1/6 2/6 3/6 4/6 5/6 6/6"; got != want {
		t.Errorf("progress %s, want %s", got, want)
	}
	if len(res.Positions) != 6 || len(res.Moves) != 5 || res.Searched != 6 {
		t.Fatalf("%d positions, %d moves, %d searched", len(res.Positions), len(res.Moves), res.Searched)
	}
	for i, m := range res.Moves {
		if i != 3 && m.Judgement != uci.NoJudgement {
			t.Errorf("%d%s %s judged a %v (%.1f points lost)", m.MoveNumber, dots(m), m.SAN, m.Judgement, m.WinDrop)
		}
	}
	qh4 := res.Moves[3]
	if qh4.SAN != "Qh4" || qh4.Ply != 4 || qh4.MoveNumber != 2 || qh4.Mover.String() != "black" {
		t.Fatalf("move 4 is %+v", qh4)
	}
	if qh4.Judgement != uci.Blunder || qh4.Advice != "Blunder" || qh4.IsBest {
		t.Errorf("Qh4: %v (%q), best %v", qh4.Judgement, qh4.Advice, qh4.IsBest)
	}
	// The fake counts material two plies deep: after 2. Nf3 the e5 pawn
	// falls whatever Black plays (it sees no recapture); after Qh4 the queen.
	if qh4.Before != uci.CP(100) || qh4.After != uci.CP(900) || qh4.MoverBefore != uci.CP(-100) || qh4.MoverAfter != uci.CP(-900) {
		t.Errorf("Qh4: before %+v (mover %+v), after %+v (mover %+v)", qh4.Before, qh4.MoverBefore, qh4.After, qh4.MoverAfter)
	}
	if qh4.WinDrop < 15 || qh4.WinDrop != qh4.WinBefore-qh4.WinAfter {
		t.Errorf("Qh4 lost %.2f points (%.2f to %.2f)", qh4.WinDrop, qh4.WinBefore, qh4.WinAfter)
	}
	if qh4.BestSAN == "" || qh4.BestSAN == "Qh4" || len(qh4.BestLine) != 2 || qh4.BestLine[0] != qh4.BestSAN {
		t.Errorf("Qh4: best %q, line %q", qh4.BestSAN, qh4.BestLine)
	}
	if want := "2... " + qh4.BestLine[0] + " 3. " + qh4.BestLine[1]; qh4.BestVariation != want {
		t.Errorf("Qh4: variation %q, want %q", qh4.BestVariation, want)
	}
	if want := "(+1.00 → +9.00) Blunder. " + qh4.BestSAN + " was best."; qh4.Comment() != want {
		t.Errorf("Qh4: comment %q, want %q", qh4.Comment(), want)
	}
	if nxh4 := res.Moves[4]; !nxh4.IsBest || nxh4.BestSAN != "Nxh4" || nxh4.Comment() != "" {
		t.Errorf("Nxh4: %+v", nxh4)
	}
	if got := res.Positions[4].Lines[0].SAN[0]; got != "Nxh4" {
		t.Errorf("the best line after Qh4 starts with %s", got)
	}
}

func dots(m uci.MoveAnalysis) string {
	if m.Mover.String() == "black" {
		return "..."
	}
	return "."
}

func TestReRunAfterAnEditSearchesOnlyTheNewPositions(t *testing.T) {
	ucitest.CheckGoroutines(t)
	fake := ucitest.New(t, ucitest.Normal)
	cfg := uci.Config{Engine: fake.Options, Limit: uci.Limit{Nodes: 1000}, Cache: uci.NewCache(0)}
	a := analyzer(t, cfg)
	first, err := a.Analyze(context.Background(), game(t, queenEnPrise...), nil)
	if err != nil {
		t.Fatal(err)
	}
	if fake.Count("go") != 6 || cfg.Cache.Len() != 6 {
		t.Fatalf("%d searches, %d positions cached, want 6 and 6", fake.Count("go"), cfg.Cache.Len())
	}

	// The last move edited: one new position.
	var progress progressLog
	edited, err := a.Analyze(context.Background(), game(t, "e4", "e5", "Nf3", "Qh4", "Nc3"), progress.report)
	if err != nil {
		t.Fatal(err)
	}
	if edited.Searched != 1 || fake.Count("go") != 7 {
		t.Errorf("after an edit: %d searched in this run, %d searches in all; want 1 and 7", edited.Searched, fake.Count("go"))
	}
	if got := strings.Join(progress, " "); got != "0/1 1/1" {
		t.Errorf("progress %s, want 0/1 1/1", got)
	}
	if !reflect.DeepEqual(edited.Positions[:5], first.Positions[:5]) {
		t.Error("the positions before the edit were evaluated differently")
	}
	if edited.Moves[4].Judgement != uci.Blunder {
		t.Errorf("3. Nc3 (the queen not taken) is judged %v", edited.Moves[4].Judgement)
	}

	// Another analyzer sharing the cache needs no engine for the game.
	other := analyzer(t, cfg)
	progress = nil
	again, err := other.Analyze(context.Background(), game(t, queenEnPrise...), progress.report)
	if err != nil {
		t.Fatal(err)
	}
	if again.Searched != 0 || fake.Count("uci") != 1 || strings.Join(progress, " ") != "0/0" {
		t.Errorf("a re-run from the cache searched %d positions, started %d engines in all, reported %s", again.Searched, fake.Count("uci"), progress)
	}
	if !reflect.DeepEqual(again.Positions, first.Positions) || !reflect.DeepEqual(again.Moves, first.Moves) {
		t.Error("a re-run from the cache gave another analysis")
	}

	// Other settings are other evaluations.
	cfg.Limit.Nodes = 2000
	changed := analyzer(t, cfg)
	if res, err := changed.Analyze(context.Background(), game(t, queenEnPrise...), nil); err != nil || res.Searched != 6 {
		t.Errorf("with another node limit: %d searched, %v", res.Searched, err)
	}
}

func TestEnginesSeeTheHistoryThatCanRepeat(t *testing.T) {
	fake := ucitest.New(t, ucitest.Normal)
	a := analyzer(t, uci.Config{Engine: fake.Options, Limit: uci.Limit{Nodes: 1000}})
	// The knights go out and back: the start position again, which the
	// engine must see as a repetition. Pawn moves and castling start the
	// history anew.
	if _, err := a.Analyze(context.Background(), game(t, "Nf3", "Nf6", "Ng1", "Ng8", "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O", "Nf6"), nil); err != nil {
		t.Fatal(err)
	}
	var positions []string
	for _, c := range fake.Commands() {
		if strings.HasPrefix(c, "position") {
			positions = append(positions, c)
		}
	}
	afterE5 := "position fen rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 1"
	afterCastling := "position fen r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 1"
	want := []string{
		"position startpos",
		"position startpos moves g1f3",
		"position startpos moves g1f3 g8f6",
		"position startpos moves g1f3 g8f6 f3g1",
		"position startpos moves g1f3 g8f6 f3g1 f6g8",
		"position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1",
		afterE5,
		afterE5 + " moves g1f3",
		afterE5 + " moves g1f3 b8c6",
		afterE5 + " moves g1f3 b8c6 f1c4",
		afterE5 + " moves g1f3 b8c6 f1c4 f8c5",
		afterCastling,
		afterCastling + " moves g8f6",
	}
	if strings.Join(positions, "\n") != strings.Join(want, "\n") {
		t.Errorf("positions set up:\n%s\nwant:\n%s", strings.Join(positions, "\n"), strings.Join(want, "\n"))
	}
}

func TestAnalyzeSearchesAfterUCINewGameEachTime(t *testing.T) {
	fake := ucitest.New(t, ucitest.Normal)
	a := analyzer(t, uci.Config{Engine: fake.Options, Limit: uci.Limit{Nodes: 1234, Depth: 3}})
	if _, err := a.Analyze(context.Background(), game(t, "e4"), nil); err != nil {
		t.Fatal(err)
	}
	got := strings.Join(fake.Commands(), "\n")
	want := strings.Join([]string{
		"uci", "setoption name Threads value 1", "isready",
		"ucinewgame", "isready", "position startpos", "go nodes 1234 depth 3",
		"ucinewgame", "isready", "position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", "go nodes 1234 depth 3",
	}, "\n")
	if got != want {
		t.Errorf("commands:\n%s\nwant:\n%s", got, want)
	}
}

func TestCheckmateAndStalemateNeedNoSearch(t *testing.T) {
	ucitest.CheckGoroutines(t)
	fake := ucitest.New(t, ucitest.Normal)
	a := analyzer(t, uci.Config{Engine: fake.Options, Limit: uci.Limit{Nodes: 1000}})
	res, err := a.Analyze(context.Background(), game(t, "f3", "e5", "g4", "Qh4#"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Searched != 4 {
		t.Errorf("%d positions searched, want 4 (not the checkmate)", res.Searched)
	}
	mate := res.Positions[4]
	if mate.Score != (uci.Score{Kind: uci.Checkmate, Value: -1}) || mate.BestSAN != "" || len(mate.Lines) != 0 {
		t.Errorf("the checkmate's evaluation: %+v", mate)
	}
	if _, ok := uci.EvalCommand(mate.Score); ok {
		t.Errorf("the checkmate has an [%%eval]")
	}
	g4 := res.Moves[2]
	if g4.Judgement != uci.Blunder || g4.Advice != "Checkmate is now unavoidable" || g4.After != uci.MateIn(-1) || g4.BestSAN == "" {
		t.Errorf("2. g4: %+v", g4)
	}
	if want := "(0.00 → #-1) Checkmate is now unavoidable. " + g4.BestSAN + " was best."; g4.Comment() != want {
		t.Errorf("2. g4: comment %q, want %q", g4.Comment(), want)
	}
	qh4 := res.Moves[3]
	if qh4.Judgement != uci.NoJudgement || !qh4.IsBest || qh4.MoverAfter.WinPercent() != 100 {
		t.Errorf("2... Qh4#: %+v", qh4)
	}

	stalemate, err := uci.ParseGame("7k/8/6Q1/8/8/8/8/K7 w - - 0 1", []string{"Qf7"})
	if err != nil {
		t.Fatal(err)
	}
	res, err = a.Analyze(context.Background(), stalemate, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Searched != 1 || res.Positions[1].Score != uci.CP(0) {
		t.Errorf("stalemate: %d searched, score %+v", res.Searched, res.Positions[1].Score)
	}
	// The fake sees no mate in two plies here, only the queen's worth.
	if m := res.Moves[0]; m.Judgement != uci.Blunder || m.MoverBefore != uci.CP(900) || m.MoverAfter != uci.CP(0) {
		t.Errorf("stalemating a lone king: %v (%+v → %+v)", m.Judgement, m.MoverBefore, m.MoverAfter)
	}
}

func TestMultiPVLinesAreKeptInSAN(t *testing.T) {
	fake := ucitest.New(t, ucitest.Normal)
	fake.Options.MultiPV = 3
	a := analyzer(t, uci.Config{Engine: fake.Options, Limit: uci.Limit{Nodes: 1000}})
	res, err := a.Analyze(context.Background(), game(t, "e4", "e5", "Nf3", "Qh4"), nil)
	if err != nil {
		t.Fatal(err)
	}
	lines := res.Positions[4].Lines
	if len(lines) != 3 || lines[0].SAN[0] != "Nxh4" || lines[0].Score != uci.CP(900) {
		t.Fatalf("lines %+v", lines)
	}
	for _, l := range lines {
		if len(l.Moves) != 2 || len(l.SAN) != 2 || l.Score.Value > 900 {
			t.Errorf("line %+v", l)
		}
	}
}

func TestCancelledAnalysisStopsAndTheNextRunGoesOn(t *testing.T) {
	ucitest.CheckGoroutines(t)
	fake := ucitest.New(t, ucitest.Slow)
	a := analyzer(t, uci.Config{Engine: fake.Options, Limit: uci.Limit{Nodes: 1000}})
	ctx, cancel := context.WithCancel(context.Background())
	var progress progressLog
	report := func(done, total int) {
		progress.report(done, total)
		if done == 1 {
			// Cancel in the middle of the second search.
			time.AfterFunc(ucitest.SlowSearch/3, cancel)
		}
	}
	_, err := a.Analyze(ctx, game(t, "e4", "e5"), report)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled Analyze: %v", err)
	}
	if fake.Count("stop") != 1 || fake.Count(ucitest.StoppedEarly) != 1 || a.Cache().Len() != 1 {
		t.Errorf("commands %q, %d positions cached; want the second search stopped early, the first cached", fake.Commands(), a.Cache().Len())
	}
	progress = nil
	res, err := a.Analyze(context.Background(), game(t, "e4", "e5"), progress.report)
	if err != nil {
		t.Fatal(err)
	}
	if res.Searched != 2 || strings.Join(progress, " ") != "0/2 1/2 2/2" || fake.Count("uci") != 1 {
		t.Errorf("the next run searched %d positions (%s) with %d engines in all", res.Searched, progress, fake.Count("uci"))
	}

	// A run cancelled while it waits for the one before it.
	ctx, cancel = context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	go a.Analyze(context.Background(), game(t, "d4", "d5", "c4"), nil)
	time.Sleep(10 * time.Millisecond)
	if _, err := a.Analyze(ctx, game(t, "d4"), nil); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Analyze waiting for another run past its deadline: %v", err)
	}
}

func TestCrashedEngineIsReportedAndStartedAgain(t *testing.T) {
	ucitest.CheckGoroutines(t)
	fake := ucitest.New(t, ucitest.CrashInSearch)
	a := analyzer(t, uci.Config{Engine: fake.Options, Limit: uci.Limit{Nodes: 1000}})
	for run := 1; run <= 2; run++ {
		_, err := a.Analyze(context.Background(), game(t, "e4"), nil)
		var engineErr *uci.Error
		if !errors.As(err, &engineErr) || !errors.Is(err, uci.ErrExited) || engineErr.Exit != "exit status 2" {
			t.Errorf("run %d: %v", run, err)
		}
		if fake.Count("uci") != run {
			t.Errorf("run %d: %d engines started", run, fake.Count("uci"))
		}
	}
}

func TestIllegalBestMoveIsAProtocolError(t *testing.T) {
	ucitest.CheckGoroutines(t)
	fake := ucitest.New(t, ucitest.IllegalBestMove)
	a := analyzer(t, uci.Config{Engine: fake.Options, Limit: uci.Limit{Nodes: 1000}})
	_, err := a.Analyze(context.Background(), game(t, "e4"), nil)
	if !errors.Is(err, uci.ErrProtocol) || !strings.Contains(err.Error(), "a1a8 is not a legal move in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") {
		t.Errorf("Analyze: %v", err)
	}
	if a.Cache().Len() != 0 {
		t.Errorf("%d positions cached from a broken engine", a.Cache().Len())
	}
}

func TestMissingEngineFailsTheAnalysisClearly(t *testing.T) {
	a := analyzer(t, uci.Config{Engine: uci.Options{Path: "/nonexistent/stockfish"}})
	_, err := a.Analyze(context.Background(), game(t, "e4"), nil)
	if !errors.Is(err, uci.ErrNotFound) || !strings.Contains(err.Error(), "/nonexistent/stockfish does not exist") {
		t.Errorf("Analyze: %v", err)
	}
}

func TestAnalyzerRefusesBadSettingsAndIllegalMoves(t *testing.T) {
	if _, err := uci.NewAnalyzer(uci.Config{Thresholds: uci.Thresholds{Inaccuracy: 20, Mistake: 10, Blunder: 5}}); err == nil {
		t.Error("falling thresholds accepted")
	}
	if _, err := uci.NewAnalyzer(uci.Config{Limit: uci.Limit{Timeout: time.Second}}); err == nil {
		t.Error("a limit of nothing but a timeout accepted")
	}
	a := analyzer(t, uci.Config{Engine: ucitest.New(t, ucitest.Normal).Options})
	g := game(t, "e4", "e5")
	g.Moves[1] = g.Moves[0] // e2e4 again, for Black
	if _, err := a.Analyze(context.Background(), g, nil); err == nil || !strings.Contains(err.Error(), "move 1... e2e4 is not legal") {
		t.Errorf("Analyze of an illegal move: %v", err)
	}
}

func TestClosedAnalyzerRefusesToRun(t *testing.T) {
	ucitest.CheckGoroutines(t)
	fake := ucitest.New(t, ucitest.Slow)
	a := analyzer(t, uci.Config{Engine: fake.Options, Limit: uci.Limit{Nodes: 1000}})
	done := make(chan error, 1)
	go func() {
		_, err := a.Analyze(context.Background(), game(t, "e4", "e5", "Nf3"), nil)
		done <- err
	}()
	time.Sleep(ucitest.SlowSearch / 2)
	a.Close()
	if err := <-done; !errors.Is(err, uci.ErrClosed) {
		t.Errorf("Analyze interrupted by Close: %v", err)
	}
	if _, err := a.Analyze(context.Background(), game(t, "d4"), nil); !errors.Is(err, uci.ErrClosed) {
		t.Errorf("Analyze after Close: %v", err)
	}
}

func TestEngineThatDiedBetweenRunsIsStartedAgain(t *testing.T) {
	ucitest.CheckGoroutines(t)
	fake := ucitest.New(t, ucitest.ExitAfterSearch)
	a := analyzer(t, uci.Config{Engine: fake.Options, Limit: uci.Limit{Nodes: 1000}})
	if _, err := a.Analyze(context.Background(), game(t), nil); err != nil {
		t.Fatal(err)
	}
	// The engine is gone; the next run starts another for its new position.
	res, err := a.Analyze(context.Background(), game(t, "e4"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.Searched != 1 || fake.Count("uci") != 2 {
		t.Errorf("%d searched, %d engines started; want 1 and 2", res.Searched, fake.Count("uci"))
	}
}
