package document

import (
	"context"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"pgnls/analysis"
	"pgnls/pgn/pgntest"
)

// TestChunkListAfterEdits edits a document of many small games at random,
// with blocks small enough to be split and rebuilt often, and checks after
// each edit that the block sums agree with the chunks, that the counts and
// the selection by code agree with the plain list of diagnostics, and (via
// checkAgainstFullParse) that the document still equals a full parse.
func TestChunkListAfterEdits(t *testing.T) {
	game := "[Event \"e\"]\n[Site \"s\"]\n\n1. e4 e5 2. Ke3 *\n\n"
	text := strings.Repeat(game, 700) + pgntest.ReadText(t, pgntest.ProjectFile(t, "testdata/check/moves.pgn"))
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
		counts := make([]int, analysis.CodeCount())
		for _, d := range all {
			counts[analysis.CodeIndex(d.Code)]++
		}
		if got := s.CodeCounts(); !s.Analyzed() || !slices.Equal(got, counts) {
			t.Fatalf("step %d: code counts %v, want %v", step, got, counts)
		}
		errorsOnly := make([]bool, analysis.CodeCount())
		for i, info := range analysis.Codes() {
			errorsOnly[i] = info.Severity == analysis.Error
		}
		var got, want []analysis.Diagnostic
		for d := range s.diagnosticsOfCodes(errorsOnly) {
			got = append(got, d)
		}
		for _, d := range all {
			if d.Severity == analysis.Error {
				want = append(want, d)
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("step %d: diagnosticsOfCodes gave %d errors, want %d", step, len(got), len(want))
		}
		if s.Focus() != start {
			t.Fatalf("step %d: focus %d, want the edit's start %d", step, s.Focus(), start)
		}
		checkNearest(t, s, all, rng)
	}
}

// checkNearest compares nearestOfCodes, for some codes, places and counts,
// with the same choice made over the whole list: the n nearest of the
// diagnostics of the codes, the one after the focus first when two are as
// near, in text order.
func checkNearest(t *testing.T, s *Snapshot, all []analysis.Diagnostic, rng *rand.Rand) {
	t.Helper()
	codes := make([]bool, analysis.CodeCount())
	for i := range codes {
		codes[i] = rng.Intn(2) == 0
	}
	for _, focus := range []int{0, s.Len(), rng.Intn(s.Len() + 1), rng.Intn(s.Len() + 1)} {
		for _, n := range []int{0, 1, 7, 100, len(all) + 1} {
			var before, after []analysis.Diagnostic // text order
			for _, d := range all {
				switch {
				case !codes[analysis.CodeIndex(d.Code)]:
				case int(d.Pos) < focus:
					before = append(before, d)
				default:
					after = append(after, d)
				}
			}
			a, b := 0, 0
			for a+b < n && (a < len(after) || b < len(before)) {
				if b == len(before) || a < len(after) && int(after[a].Pos)-focus <= focus-int(before[len(before)-1-b].Pos) {
					a++
				} else {
					b++
				}
			}
			want := append(slices.Clone(before[len(before)-b:]), after[:a]...)
			got := s.nearestOfCodes([]analysis.Diagnostic{{Message: "kept"}}, codes, focus, n, new(nearestLists))
			if len(got) == 0 || got[0].Message != "kept" {
				t.Fatalf("nearestOfCodes did not append to its list")
			}
			if got = got[1:]; !slices.Equal(got, want) {
				t.Fatalf("nearestOfCodes(focus %d, n %d) gave %d diagnostics, want %d", focus, n, len(got), len(want))
			}
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
