package uci_test

import (
	"math"
	"testing"

	"pgnls/analysis/board"
	"pgnls/analysis/uci"
)

func TestWinPercentIsLichesssCurve(t *testing.T) {
	for _, tc := range []struct {
		score uci.Score
		want  float64
	}{
		{uci.CP(0), 50},
		{uci.CP(100), 59.103},
		{uci.CP(-100), 40.897},
		{uci.CP(300), 75.113},
		{uci.CP(500), 86.307},
		{uci.CP(1000), 97.545},
		{uci.CP(2000), 97.545},  // capped at 1000
		{uci.CP(-5000), 2.455},  // and at -1000
		{uci.MateIn(7), 97.545}, // a mate counts as the cap
		{uci.MateIn(-1), 2.455},
		{uci.Score{Kind: uci.Checkmate, Value: 1}, 100},
		{uci.Score{Kind: uci.Checkmate, Value: -1}, 0},
	} {
		if got := tc.score.WinPercent(); math.Abs(got-tc.want) > 0.001 {
			t.Errorf("%+v.WinPercent() = %.4f, want %.3f", tc.score, got, tc.want)
		}
	}
}

func TestJudgeUsesLichesssThresholdsAndMateRules(t *testing.T) {
	checkmateGiven := uci.Score{Kind: uci.Checkmate, Value: 1}
	for _, tc := range []struct {
		before, after uci.Score
		want          uci.Judgement
	}{
		{uci.CP(0), uci.CP(-50), uci.NoJudgement},     // 4.6 points
		{uci.CP(0), uci.CP(-100), uci.Inaccuracy},     // 9.1
		{uci.CP(0), uci.CP(-120), uci.Mistake},        // 10.9
		{uci.CP(0), uci.CP(-200), uci.Blunder},        // 17.6
		{uci.CP(500), uci.CP(300), uci.Mistake},       // 11.2
		{uci.CP(1500), uci.CP(1000), uci.NoJudgement}, // both past the cap
		{uci.CP(-100), uci.CP(200), uci.NoJudgement},  // a gain
		// Letting the opponent force mate.
		{uci.CP(-300), uci.MateIn(-5), uci.Blunder},
		{uci.CP(-800), uci.MateIn(-5), uci.Mistake},
		{uci.CP(-1200), uci.MateIn(-2), uci.Inaccuracy},
		// Letting a forced mate go.
		{uci.MateIn(3), uci.CP(200), uci.Blunder},
		{uci.MateIn(3), uci.CP(0), uci.Blunder}, // stalemate, say
		{uci.MateIn(3), uci.CP(800), uci.Mistake},
		{uci.MateIn(3), uci.CP(1200), uci.Inaccuracy},
		{uci.MateIn(3), uci.MateIn(-2), uci.Blunder},
		// A slower mate, a mate that was coming anyway, giving mate.
		{uci.MateIn(3), uci.MateIn(5), uci.NoJudgement},
		{uci.MateIn(-3), uci.MateIn(-2), uci.NoJudgement},
		{uci.MateIn(-3), uci.CP(-500), uci.NoJudgement},
		{uci.CP(100), uci.MateIn(4), uci.NoJudgement},
		{uci.MateIn(1), checkmateGiven, uci.NoJudgement},
	} {
		if got := uci.LichessThresholds().Judge(tc.before, tc.after); got != tc.want {
			t.Errorf("Judge(%+v, %+v) = %v, want %v", tc.before, tc.after, got, tc.want)
		}
	}
	strict := uci.Thresholds{Inaccuracy: 2, Mistake: 4, Blunder: 6}
	if got := strict.Judge(uci.CP(0), uci.CP(-50)); got != uci.Mistake {
		t.Errorf("with thresholds 2, 4, 6 a drop of 4.6 points is %v, want a mistake", got)
	}
}

func TestThresholdsMustRise(t *testing.T) {
	for _, bad := range []uci.Thresholds{{}, {5, 4, 15}, {5, 10, 9}, {-1, 10, 15}, {5, 10, 101}} {
		if bad.Validate() == nil {
			t.Errorf("%+v accepted", bad)
		}
	}
	if err := uci.LichessThresholds().Validate(); err != nil {
		t.Error(err)
	}
}

func TestJudgementNamesCodesAndNAGs(t *testing.T) {
	for _, tc := range []struct {
		j                 uci.Judgement
		name, title, code string
		nag               int
	}{
		{uci.NoJudgement, "none", "", "", 0},
		{uci.Inaccuracy, "inaccuracy", "Inaccuracy", "engine-inaccuracy", 6},
		{uci.Mistake, "mistake", "Mistake", "engine-mistake", 2},
		{uci.Blunder, "blunder", "Blunder", "engine-blunder", 4},
	} {
		if tc.j.String() != tc.name || tc.j.Title() != tc.title || tc.j.Code() != tc.code || tc.j.NAG() != tc.nag {
			t.Errorf("%d: %q %q %q $%d", tc.j, tc.j.String(), tc.j.Title(), tc.j.Code(), tc.j.NAG())
		}
	}
}

func TestEvalTextFollowsLichess(t *testing.T) {
	for _, tc := range []struct {
		white          uci.Score
		command, human string
	}{
		{uci.CP(35), "[%eval 0.35]", "+0.35"},
		{uci.CP(-120), "[%eval -1.20]", "-1.20"},
		{uci.CP(0), "[%eval 0.00]", "0.00"},
		{uci.CP(-3), "[%eval -0.03]", "-0.03"},
		{uci.CP(1234), "[%eval 12.34]", "+12.34"},
		{uci.MateIn(3), "[%eval #3]", "#3"},
		{uci.MateIn(-3), "[%eval #-3]", "#-3"},
		{uci.Score{Kind: uci.Centipawns, Value: 30, Bound: uci.LowerBound}, "[%eval 0.30]", "+0.30"},
		{uci.Score{Kind: uci.Mate, Value: -2, Bound: uci.UpperBound}, "[%eval #-2]", "#-2"},
	} {
		command, ok := uci.EvalCommand(tc.white)
		if !ok || command != tc.command {
			t.Errorf("EvalCommand(%+v) = %q, %v; want %q", tc.white, command, ok, tc.command)
		}
		if human := uci.HumanText(tc.white); human != tc.human {
			t.Errorf("HumanText(%+v) = %q, want %q", tc.white, human, tc.human)
		}
	}
	mate := uci.Score{Kind: uci.Checkmate, Value: 1}
	if command, ok := uci.EvalCommand(mate); ok {
		t.Errorf("a checkmate has the [%%eval] %q", command)
	}
	if human := uci.HumanText(mate); human != "checkmate" {
		t.Errorf("HumanText(checkmate) = %q", human)
	}
}

func TestNegateSwapsSideAndBound(t *testing.T) {
	s := uci.Score{Kind: uci.Centipawns, Value: 30, Bound: uci.LowerBound}
	if got, want := s.Negate(), (uci.Score{Kind: uci.Centipawns, Value: -30, Bound: uci.UpperBound}); got != want {
		t.Errorf("Negate = %+v, want %+v", got, want)
	}
	if got := uci.MateIn(-2).Negate(); got != uci.MateIn(2) {
		t.Errorf("Negate(mate -2) = %+v", got)
	}
}

func TestParseMoveReadsUCIIncludingChess960Castling(t *testing.T) {
	castling := "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
	promotion := "7k/P7/8/8/8/8/8/K7 w - - 0 1"
	for _, tc := range []struct {
		fen, move, want string // want: the move's SAN, or "" for an error
	}{
		{board.StartFEN, "e2e4", "e4"},
		{board.StartFEN, "g1f3", "Nf3"},
		{board.StartFEN, "e2e5", ""},
		{board.StartFEN, "e7e5", ""}, // not White's move
		{board.StartFEN, "0000", ""},
		{board.StartFEN, "e2", ""},
		{castling, "e1g1", "O-O"},
		{castling, "e1h1", "O-O"},
		{castling, "e1c1", "O-O-O"},
		{castling, "e1a1", "O-O-O"},
		{castling, "a1a8", "Rxa8+"},
		{promotion, "a7a8q", "a8=Q+"},
		{promotion, "a7a8n", "a8=N"},
		{promotion, "a7a8", ""},
		{promotion, "a7a8k", ""},
	} {
		pos, err := board.ParseFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := uci.ParseMove(&pos, tc.move)
		switch {
		case tc.want == "" && err == nil:
			t.Errorf("ParseMove(%s, %q) = %v, want an error", tc.fen, tc.move, m)
		case tc.want != "" && err != nil:
			t.Errorf("ParseMove(%s, %q): %v", tc.fen, tc.move, err)
		case tc.want != "" && pos.SAN(m) != tc.want:
			t.Errorf("ParseMove(%s, %q) = %s, want %s", tc.fen, tc.move, pos.SAN(m), tc.want)
		}
	}
}

func TestFormatLineNumbersTheMoves(t *testing.T) {
	g, err := uci.ParseGame("", []string{"e4", "e5", "Nf3"})
	if err != nil {
		t.Fatal(err)
	}
	if got := uci.FormatLine(g.Start, g.Moves); got != "1. e4 e5 2. Nf3" {
		t.Errorf("from the start: %q", got)
	}
	afterE4 := g.Start
	afterE4.Play(g.Moves[0])
	if got := uci.FormatLine(afterE4, g.Moves[1:]); got != "1... e5 2. Nf3" {
		t.Errorf("from Black's move: %q", got)
	}
}

func TestParseGameNamesTheIllegalMove(t *testing.T) {
	_, err := uci.ParseGame("", []string{"e4", "e5", "Nf3", "Ke7", "Ke2", "Qh5"})
	if err == nil || err.Error()[:14] != "move 3... Qh5:" {
		t.Errorf("ParseGame: %v", err)
	}
	if _, err := uci.ParseGame("8/8/8 w - - 0 1", nil); err == nil {
		t.Error("ParseGame accepted a bad FEN")
	}
}
