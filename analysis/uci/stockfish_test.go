package uci_test

import (
	"context"
	"os"
	"reflect"
	"strings"
	"testing"

	"pgnls/analysis/uci"
)

// stockfish returns the options of the installed Stockfish, one thread and
// a small hash, or skips the test when there is none (and fails it when
// PGNLS_REQUIRE_STOCKFISH is set, as in CI).
func stockfish(t *testing.T) uci.Options {
	t.Helper()
	path, err := uci.FindEngine("")
	if err != nil {
		if os.Getenv("PGNLS_REQUIRE_STOCKFISH") != "" {
			t.Fatalf("PGNLS_REQUIRE_STOCKFISH is set, but: %v", err)
		}
		t.Skipf("skipped: no Stockfish to test with (%v)", err)
	}
	return uci.Options{Path: path, Threads: 1, Hash: 16}
}

// stockfishNodes is enough for Stockfish to see a queen left to a knight,
// and a mate in one, in a fraction of a second.
const stockfishNodes = 50_000

func TestStockfishFindsTheQueenLeftEnPriseRepeatably(t *testing.T) {
	opts := stockfish(t)
	analyse := func() *uci.GameAnalysis {
		a := analyzer(t, uci.Config{Engine: opts, Limit: uci.Limit{Nodes: stockfishNodes}})
		res, err := a.Analyze(context.Background(), game(t, queenEnPrise...), nil)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	res := analyse()
	for i, m := range res.Moves {
		t.Logf("%d%s %s %s → %s (%.1f points lost) %v, best %s (%s)", m.MoveNumber, dots(m), m.SAN,
			uci.HumanText(m.Before), uci.HumanText(m.After), m.WinDrop, m.Judgement, m.BestSAN, m.BestVariation)
		if i != 3 && (m.Judgement == uci.Mistake || m.Judgement == uci.Blunder) {
			t.Errorf("%d%s %s is judged a %v", m.MoveNumber, dots(m), m.SAN, m.Judgement)
		}
	}
	qh4 := res.Moves[3]
	if qh4.Judgement != uci.Blunder || qh4.IsBest || qh4.BestSAN == "" || qh4.BestSAN == "Qh4" {
		t.Errorf("2... Qh4: %v, best %q", qh4.Judgement, qh4.BestSAN)
	}
	if qh4.After.Kind != uci.Centipawns || qh4.After.Value < 500 {
		t.Errorf("after 2... Qh4 Stockfish says %s, not that White wins the queen", uci.HumanText(qh4.After))
	}
	if nxh4 := res.Moves[4]; !nxh4.IsBest || !strings.HasPrefix(nxh4.BestVariation, "3. Nxh4") {
		t.Errorf("3. Nxh4 is not Stockfish's move: %+v", nxh4)
	}
	// One thread, ucinewgame before each position, a node limit: the same
	// evaluations every time.
	if again := analyse(); !reflect.DeepEqual(again.Positions, res.Positions) || !reflect.DeepEqual(again.Moves, res.Moves) {
		t.Error("a second analysis with a fresh cache differs from the first")
	}
}

func TestStockfishSeesTheMateAllowed(t *testing.T) {
	opts := stockfish(t)
	a := analyzer(t, uci.Config{Engine: opts, Limit: uci.Limit{Nodes: stockfishNodes}})
	res, err := a.Analyze(context.Background(), game(t, "f3", "e5", "g4", "Qh4#"), nil)
	if err != nil {
		t.Fatal(err)
	}
	g4 := res.Moves[2]
	if g4.Judgement != uci.Blunder || g4.Advice != "Checkmate is now unavoidable" || g4.After != uci.MateIn(-1) {
		t.Errorf("2. g4: %v %q, after it %s", g4.Judgement, g4.Advice, uci.HumanText(g4.After))
	}
	if cmd, _ := uci.EvalCommand(g4.After); cmd != "[%eval #-1]" {
		t.Errorf("2. g4: %s", cmd)
	}
	if qh4 := res.Moves[3]; !qh4.IsBest || qh4.BestSAN != "Qh4#" {
		t.Errorf("2... Qh4#: best %q", qh4.BestSAN)
	}
}

func TestStockfishHandshakeAndMultiPV(t *testing.T) {
	opts := stockfish(t)
	opts.MultiPV = 3
	e := start(t, opts)
	if !strings.HasPrefix(e.Name(), "Stockfish") {
		t.Errorf("engine name %q", e.Name())
	}
	res, err := e.Search(context.Background(), "", []string{"e2e4", "e7e5", "g1f3", "d8h4"}, uci.Limit{Nodes: stockfishNodes})
	if err != nil {
		t.Fatal(err)
	}
	if res.BestMove != "f3h4" || len(res.Lines) != 3 || res.Lines[0].PV[0] != "f3h4" {
		t.Errorf("best move %q, lines %+v", res.BestMove, res.Lines)
	}
	for i, l := range res.Lines {
		if l.MultiPV != i+1 || l.Depth == 0 || l.Nodes == 0 || len(l.PV) == 0 {
			t.Errorf("line %d: %+v", i+1, l)
		}
	}
}
