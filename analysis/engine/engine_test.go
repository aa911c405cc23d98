package engine_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"pgnls/analysis"
	"pgnls/analysis/engine"
	"pgnls/analysis/uci"
	"pgnls/analysis/uci/ucitest"
	"pgnls/pgn"
)

func TestMain(m *testing.M) {
	ucitest.Main()
	os.Exit(m.Run())
}

// analysed analyses the first game of src with the fake engine and returns
// its view on the game of other (src itself when other is "").
func analysed(t *testing.T, src, other string) (*engine.View, *pgn.File) {
	t.Helper()
	fake := ucitest.New(t, ucitest.Normal)
	a, err := uci.NewAnalyzer(uci.Config{Engine: fake.Options, Limit: uci.Limit{Nodes: 1000}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	f := pgn.Parse(src)
	line, err := analysis.GameMainLine(f.Games[0])
	if err != nil {
		t.Fatal(err)
	}
	res, err := a.Analyze(context.Background(), engine.Game(line), nil)
	if err != nil {
		t.Fatal(err)
	}
	r := engine.NewResult(line, res, 1000)
	if other != "" {
		f = pgn.Parse(other)
		if line, err = analysis.GameMainLine(f.Games[0]); err != nil {
			t.Fatal(err)
		}
	}
	return engine.NewView(line, r), f
}

func TestDiagnosticsHoldWhileTheMovesBeforeAreTheSame(t *testing.T) {
	const game = "1. e4 e5 2. Nf3 Qh4 3. Nxh4 *"
	tests := []struct {
		name, text string
		valid      int
		blunder    bool
	}{
		{"the same", game, 5, true},
		{"annotated and renumbered", "1. e4 {good} e5 2. Nf3 $1 2... Qh4?! 3. Nxh4 *", 5, true},
		{"a later move changed", "1. e4 e5 2. Nf3 Qh4 3. Nc3 *", 4, true},
		{"the blunder's move changed", "1. e4 e5 2. Nf3 Qg5 3. Nxg5 *", 3, false},
		{"an earlier move changed", "1. e4 e5 2. Nc3 Qh4 3. Nf3 *", 2, false},
		{"marked $4 already: nothing to say", "1. e4 e5 2. Nf3 Qh4 $4 3. Nxh4 *", 5, false},
		{"marked ?? already", "1. e4 e5 2. Nf3 Qh4?? 3. Nxh4 *", 5, false},
		{"marked only a mistake", "1. e4 e5 2. Nf3 Qh4? 3. Nxh4 *", 5, true},
		{"another start", "[SetUp \"1\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n\n1... e5 *", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, _ := analysed(t, game, tt.text)
			if v.Valid != tt.valid {
				t.Errorf("valid %d, want %d", v.Valid, tt.valid)
			}
			diags := v.Diagnostics()
			if got := len(diags) == 1 && diags[0].Code == analysis.CodeEngineBlunder; got != tt.blunder {
				t.Errorf("diagnostics %v, want the blunder: %t", diags, tt.blunder)
			}
			for _, d := range diags {
				if tt.text[d.Pos:d.End] != "Qh4" || d.Severity != analysis.Information || !strings.HasPrefix(d.Message, "Blunder (") {
					t.Errorf("%v on %q", d, tt.text[d.Pos:d.End])
				}
			}
		})
	}
}

func TestQuickFixesOfTheBlunder(t *testing.T) {
	tests := []struct {
		name, text string
		nag        string // the text after the NAG fix
	}{
		{"a NAG is added", "1. e4 e5 2. Nf3 Qh4 3. Nxh4 *", "1. e4 e5 2. Nf3 Qh4 $4 3. Nxh4 *"},
		{"a suffix is replaced", "1. e4 e5 2. Nf3 Qh4?! 3. Nxh4 *", "1. e4 e5 2. Nf3 Qh4 $4 3. Nxh4 *"},
		{"a move NAG is replaced", "1. e4 e5 2. Nf3 Qh4 $2 $14 3. Nxh4 *", "1. e4 e5 2. Nf3 Qh4 $4 $14 3. Nxh4 *"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v, f := analysed(t, tt.text, "")
			at := pgn.Pos(strings.Index(tt.text, "Qh4"))
			actions := v.Actions(f.Src, at, at)
			if len(actions) != 3 {
				t.Fatalf("actions %+v, want three", actions)
			}
			nag := actions[0]
			if !nag.Preferred || nag.Title != "Mark 2... Qh4 as a blunder: $4" || nag.Diagnostic == nil {
				t.Errorf("first fix %+v", nag)
			}
			if got := analysis.ApplyEdits(f.Src, nag.Edits); got != tt.nag {
				t.Errorf("the NAG fix gives %q, want %q", got, tt.nag)
			}
			if got := analysis.ApplyEdits(f.Src, actions[1].Edits); !strings.Contains(got, " (2... ") {
				t.Errorf("the variation fix %q gives %q", actions[1].Title, got)
			}
			evals := analysis.ApplyEdits(f.Src, actions[2].Edits)
			if n := strings.Count(evals, "[%eval "); n != 5 {
				t.Errorf("the [%%eval] fix gives %q: %d evaluations, want 5", evals, n)
			}
			if len(pgn.Parse(evals).Errors) != 0 {
				t.Errorf("the [%%eval] fix gives text that does not parse: %q", evals)
			}
		})
	}
	// No fix away from the judged move.
	v, f := analysed(t, "1. e4 e5 2. Nf3 Qh4 3. Nxh4 *", "")
	if actions := v.Actions(f.Src, 0, 2); len(actions) != 0 {
		t.Errorf("actions on 1. e4: %+v", actions)
	}
}

func TestAnEvalCommandIsUpdatedInItsComment(t *testing.T) {
	const text = "1. e4 { [%eval -3.00] keep this } e5 *"
	v, f := analysed(t, text, "")
	got := analysis.ApplyEdits(f.Src, v.AnnotateEdits(f.Src))
	if !strings.HasPrefix(got, "1. e4 { [%eval 0.00] keep this } e5 { [%eval 0.00] } *") {
		t.Errorf("annotated %q", got)
	}
}

func TestHintsAndHover(t *testing.T) {
	const text = "1. e4 e5 2. Nf3 Qh4 3. Nxh4 *"
	v, _ := analysed(t, text, "")
	hints := v.Hints(0, pgn.Pos(len(text)))
	if len(hints) != 5 || hints[3].Kind != analysis.InlayEval || !strings.Contains(hints[3].Tooltip, "(blunder)") {
		t.Fatalf("hints %+v", hints)
	}
	if text[:hints[3].Pos] != "1. e4 e5 2. Nf3 Qh4" {
		t.Errorf("the hint of Qh4 is at %d", hints[3].Pos)
	}
	md, plain, pos, end, ok := v.HoverAt(pgn.Pos(strings.Index(text, "Qh4") + 1))
	if !ok || text[pos:end] != "Qh4" || !strings.Contains(plain, "Best move: ") || !strings.Contains(plain, "Blunder") || !strings.HasPrefix(md, "**Engine: ") {
		t.Errorf("hover %q / %q at %d-%d", md, plain, pos, end)
	}
	if _, _, _, _, ok := v.HoverAt(pgn.Pos(len(text) - 1)); ok {
		t.Error("a hover on the result")
	}
}
