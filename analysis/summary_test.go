package analysis

import (
	"context"
	"math/rand"
	"slices"
	"strings"
	"testing"
)

// TestChunkListAfterEdits edits a document of many small games at random,
// with blocks small enough to be split and rebuilt often, and checks after
// each edit that the block sums agree with the chunks, that the counts and
// the selection by code agree with the plain list of diagnostics, and (via
// checkAgainstFullParse) that the document still equals a full parse.
func TestChunkListAfterEdits(t *testing.T) {
	game := "[Event \"e\"]\n[Site \"s\"]\n\n1. e4 e5 2. Ke3 *\n\n"
	text := strings.Repeat(game, 700) + readCorpusFile(t, "../testdata/check/moves.pgn")
	rng := rand.New(rand.NewSource(7))
	doc := NewDocument(text)
	for step := 0; step < 80; step++ {
		start, end, insert := randomEdit(rng, text)
		if rng.Intn(10) == 0 {
			insert = strings.Repeat(game, rng.Intn(300)) // sometimes many chunks at once
		}
		if err := doc.Edit(start, end, insert); err != nil {
			t.Fatal(err)
		}
		text = text[:start] + insert + text[end:]
		s := doc.Snapshot()
		checkBlockSums(t, s.list)
		if rng.Intn(4) != 0 {
			continue // this snapshot is never analyzed, as when typing outruns the analysis
		}
		checkAgainstFullParse(t, doc, text, "step")
		s.Analyze(context.Background(), nil)
		all := s.Diagnostics()
		counts := make([]int, len(Codes))
		for _, d := range all {
			counts[CodeIndex(d.Code)]++
		}
		if got := s.CodeCounts(); !s.Analyzed() || !slices.Equal(got, counts) {
			t.Fatalf("step %d: code counts %v, want %v", step, got, counts)
		}
		errorsOnly := make([]bool, len(Codes))
		for i, info := range Codes {
			errorsOnly[i] = info.Severity == Error
		}
		var got, want []Diagnostic
		for d := range s.DiagnosticsOfCodes(errorsOnly) {
			got = append(got, d)
		}
		for _, d := range all {
			if d.Severity == Error {
				want = append(want, d)
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("step %d: DiagnosticsOfCodes gave %d errors, want %d", step, len(got), len(want))
		}
	}
}

func checkBlockSums(t *testing.T, l *chunkList) {
	t.Helper()
	n, size, games := 0, 0, 0
	for i, b := range l.blocks {
		if len(b.chunks) == 0 {
			t.Fatalf("block %d is empty", i)
		}
		if l.chunkBases[i] != n || l.bases[i] != size || l.gameBases[i] != games {
			t.Fatalf("block %d: sums out of step", i)
		}
		for _, c := range b.chunks {
			n++
			size += len(c.text)
			games += c.games
		}
	}
	if n != l.n || size != l.size || games != l.games {
		t.Fatalf("list sums %d/%d/%d, want %d/%d/%d", l.n, l.size, l.games, n, size, games)
	}
}
