package analysis

import (
	"context"
	"math/rand"
	"reflect"
	"slices"
	"testing"
)

// TestSummaryDerivedEqualsFull edits a document at random, analyzing and
// summarizing after some edits only (as when typing outruns the analysis),
// and compares each derived summary with one made by visiting every chunk.
func TestSummaryDerivedEqualsFull(t *testing.T) {
	text := readCorpusFile(t, "../testdata/check/moves.pgn") + readCorpusFile(t, "../testdata/games/classics.pgn")
	rng := rand.New(rand.NewSource(7))
	doc := NewDocument(text)
	doc.Snapshot().Analyze(context.Background(), nil)
	if doc.Snapshot().Summary() == nil {
		t.Fatal("no summary after analysis")
	}
	derived := 0
	for step := 0; step < 400; step++ {
		start, end, insert := randomEdit(rng, text)
		if err := doc.Edit(start, end, insert); err != nil {
			t.Fatal(err)
		}
		text = text[:start] + insert + text[end:]
		s := doc.Snapshot()
		if rng.Intn(3) != 0 {
			continue // this snapshot is never summarized
		}
		if s.derivedFrom != nil {
			derived++
		}
		s.Analyze(context.Background(), nil)
		got := s.Summary()
		want := s.summarize()
		if !reflect.DeepEqual(got.counts, want.counts) || !equalLists(got.byCode, want.byCode) {
			t.Fatalf("step %d: derived summary differs from a full one", step)
		}
		var all []Diagnostic
		everyCode := make([]bool, len(Codes))
		for i := range everyCode {
			everyCode[i] = true
		}
		for d := range s.DiagnosticsOfCodes(everyCode) {
			all = append(all, d)
		}
		if !slices.Equal(all, s.Diagnostics()) {
			t.Fatalf("step %d: DiagnosticsOfCodes differs from Diagnostics", step)
		}
	}
	if derived < 50 {
		t.Errorf("only %d summaries were derived", derived)
	}
}

func equalLists(a, b [][]int32) bool {
	for i := range a {
		if !slices.Equal(a[i], b[i]) {
			return false
		}
	}
	return len(a) == len(b)
}
