package document

import (
	"context"
	"strings"
	"testing"

	"pgnls/analysis"
)

// Select shows the Extra diagnostics (the engine's) with the others: in
// text order, under the severity setting, and within Max, where an extra
// of the severity that does not fit whole competes by its distance to the
// edit.
func TestSelectShowsExtraDiagnostics(t *testing.T) {
	game := "[Event \"e\"]\n\n1. e4 e5 2. Ke3 *\n\n" // an illegal move (error), missing tags (warning)
	doc := NewDocument(strings.Repeat(game, 4))
	s := doc.Snapshot()
	if err := s.Analyze(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	near := analysis.Diagnostic{Pos: 16, End: 18, Severity: analysis.Information, Code: analysis.CodeEngineBlunder, Message: "Blunder"}
	far := analysis.Diagnostic{Pos: 3*36 + 16, End: 3*36 + 18, Severity: analysis.Hint, Code: analysis.CodeEngineInaccuracy, Message: "Inaccuracy"}
	extra := []analysis.Diagnostic{near, far}

	all := s.Select(SelectOptions{Extra: extra}, nil)
	if n := len(all.Diagnostics); n != 10 || all.Omitted != 0 {
		t.Fatalf("%d shown, %d omitted: want the 8 of the text and the 2 extra", n, all.Omitted)
	}
	for i := 1; i < len(all.Diagnostics); i++ {
		if all.Diagnostics[i].Pos < all.Diagnostics[i-1].Pos {
			t.Errorf("not in text order: %v", all.Diagnostics)
		}
	}
	// Hidden by the severity setting, or made an error.
	sel := s.Select(SelectOptions{Extra: extra, Severity: map[analysis.Code]analysis.Severity{
		analysis.CodeEngineInaccuracy: 0, analysis.CodeEngineBlunder: analysis.Error}}, nil)
	if n := len(sel.Diagnostics); n != 9 {
		t.Errorf("%d shown, want 9 (the inaccuracy hidden)", n)
	}
	for _, d := range sel.Diagnostics {
		if d.Code == analysis.CodeEngineBlunder && d.Severity != analysis.Error {
			t.Errorf("the blunder shown as %v, want an error", d.Severity)
		}
	}
	// Max 5: the 4 errors, then the nearest of the warnings and the
	// information (the edit is at 0: a missing tag on the first line).
	sel = s.Select(SelectOptions{Extra: extra, Max: 5}, nil)
	if len(sel.Diagnostics) != 5 || sel.Omitted != 5 {
		t.Fatalf("%d shown, %d omitted, want 5 and 5", len(sel.Diagnostics), sel.Omitted)
	}
	// Max 8 keeps all the errors and warnings; the information takes the
	// one place left, before the hint.
	sel = s.Select(SelectOptions{Extra: extra, Max: 9}, nil)
	codes := map[analysis.Code]int{}
	for _, d := range sel.Diagnostics {
		codes[d.Code]++
	}
	if codes[analysis.CodeEngineBlunder] != 1 || codes[analysis.CodeEngineInaccuracy] != 0 || sel.Omitted != 1 {
		t.Errorf("Max 9: %v, %d omitted; want the blunder shown, the inaccuracy left out", codes, sel.Omitted)
	}
}
