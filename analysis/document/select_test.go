package document

import (
	"context"
	"slices"
	"strings"
	"testing"

	"pgnls/analysis"
)

// severityCut keeps the most severe: all errors first, then warnings, and
// so on, up to the limit.
func TestSeverityCut(t *testing.T) {
	per := [analysis.Hint + 1]int{0, 2, 3, 1, 1} // 2 errors, 3 warnings, 1 information, 1 hint
	tests := []struct {
		limit      int
		cut        analysis.Severity
		room, left int
	}{
		{0, analysis.Hint, 1, 0},
		{7, analysis.Hint, 1, 0},
		{100, analysis.Hint, 1, 0},
		{1, analysis.Error, 1, 6},
		{2, analysis.Error, 2, 5},
		{3, analysis.Warning, 1, 4},
		{5, analysis.Warning, 3, 2},
		{6, analysis.Information, 1, 1},
	}
	for _, tt := range tests {
		cut, room, left := severityCut(per, tt.limit)
		if cut != tt.cut || room != tt.room || left != tt.left {
			t.Errorf("limit %d: cut %v room %d left out %d, want %v %d %d", tt.limit, cut, room, left, tt.cut, tt.room, tt.left)
		}
	}
}

// Select shows every diagnostic not hidden, with its overridden severity,
// when they fit; over Max, all the errors and the warnings nearest the
// edit, and says how many it left out.
func TestSelect(t *testing.T) {
	game := "[Event \"e\"]\n\n1. e4 e5 2. Ke3 *\n\n" // an illegal move, missing tags
	doc := NewDocument(strings.Repeat(game, 200))
	if err := doc.Edit(len(game)*150, len(game)*150, " "); err != nil {
		t.Fatal(err)
	}
	s := doc.Snapshot()
	if err := s.Analyze(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	var want []analysis.Diagnostic
	errors := 0
	for _, d := range s.Diagnostics() {
		if d.Code == analysis.CodeMissingTag {
			continue
		}
		if d.Code == analysis.CodeIllegalMove {
			d.Severity = analysis.Warning
		} else if d.Severity == analysis.Error {
			errors++
		}
		want = append(want, d)
	}
	override := map[analysis.Code]analysis.Severity{analysis.CodeMissingTag: 0, analysis.CodeIllegalMove: analysis.Warning}
	if got := s.Select(SelectOptions{Severity: override}, nil); got.Omitted != 0 || !slices.Equal(got.Diagnostics, want) {
		t.Fatalf("Select without a cap: %d diagnostics, %d omitted; want the %d not hidden", len(got.Diagnostics), got.Omitted, len(want))
	}
	const room = 20
	got := s.Select(SelectOptions{Severity: override, Max: errors + room}, nil)
	if len(got.Diagnostics) != errors+room || got.Omitted != len(want)-errors-room {
		t.Fatalf("Select with a cap: %d diagnostics, %d omitted; want %d, %d", len(got.Diagnostics), got.Omitted, errors+room, len(want)-errors-room)
	}
	focus := s.Focus()
	for _, d := range got.Diagnostics {
		if d.Severity == analysis.Warning && d.Code == analysis.CodeIllegalMove && abs(int(d.Pos)-focus) > len(game)*room {
			t.Errorf("a warning at %d, far from the edit at %d", d.Pos, focus)
		}
	}
	if !slices.IsSortedFunc(got.Diagnostics, func(a, b analysis.Diagnostic) int { return int(a.Pos - b.Pos) }) {
		t.Error("the selection is not in text order")
	}
}

func abs(n int) int { return max(n, -n) }
