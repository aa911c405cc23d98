package lsp

import (
	"context"
	"slices"
	"strings"
	"testing"

	"pgnls/analysis/document"
)

// markStep is the step of document.Positions' marks, past which a line
// is long.
const markStep = 256

// The semantic tokens of a text are those converted one position at a time
// from the start of each line (the conversion they had, quadratic on a long
// line), multi-line comments cut at every kind of line break included.
func TestSemanticTokensAsConvertedLineByLine(t *testing.T) {
	for _, text := range []string{
		tags + "1. e4 {a\r\nb𝄞\rc\n\nd} e5 $1 2. Nf3!? *\n",
		"{\n\n\n} 1. e4 *",
		strings.Repeat("(1. d4 d5 {é𝄞}) ", 2*markStep) + "*\n" + illegal,
		strings.Repeat(tags+"1. e4 {x\ny} *\n\n", 30),
	} {
		snap := document.NewDocument(text).Snapshot()
		for _, r := range [][2]int{{0, snap.Len()}, {snap.Len() / 3, snap.Len() / 2}} {
			tokens, err := semanticTokens(context.Background(), snap, r[0], r[1])
			if err != nil {
				t.Fatal(err)
			}
			got := tokens.Data
			if want := referenceTokens(snap, r[0], r[1]); !slices.Equal(got, want) {
				t.Errorf("%q [%d, %d]:\n%v\nwant\n%v", text, r[0], r[1], got, want)
			}
		}
	}
}

// referenceTokens is semanticTokens with each position converted by the
// snapshot, from the start of its line.
func referenceTokens(snap *document.Snapshot, from, to int) []uint32 {
	e := &tokenEncoder{data: []uint32{}}
	for piece := range snap.PiecesIn(from, to) {
		for _, t := range piece.SemanticTokens(from, to) {
			l1, c1 := snap.PositionUTF16(int(t.Pos))
			l2, c2 := snap.PositionUTF16(int(t.End))
			for l := l1; l <= l2; l++ {
				sc, ec := 0, c2
				if l == l1 {
					sc = c1
				}
				if l < l2 {
					_, ec = snap.PositionUTF16(snap.ClampUTF16(l, 1<<30))
				}
				if ec > sc {
					e.add(l, sc, ec-sc, uint32(t.Type), uint32(t.Mods))
				}
			}
		}
	}
	return e.data
}
