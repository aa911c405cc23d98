package lsp

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"pgnls/analysis"
	"pgnls/analysis/document"
)

// lineIndex gives every offset the position Snapshot.PositionUTF16 gives,
// in any order, in texts with every kind of line break, characters of one
// to four bytes (two UTF-16 units for 𝄞), invalid UTF-8, and lines longer
// than markStep.
func TestLineIndexAgreesWithSnapshot(t *testing.T) {
	long := strings.Repeat("aé𝄞b", markStep/3)
	texts := []string{
		"",
		"1. e4 *\n",
		"[Event \"é𝄞\"]\r\n\r\n1. e4 {𝄞\r\ncomment} e5 *\r\n",
		"a\rb\r\rc\n\r\nd",
		"\xff\xfe 1. e4 \xe2\x82 e5\n",
		long + "\n" + long + long + "\r\n" + strings.Repeat("x", 3*markStep) + "𝄞",
		strings.Repeat("[Event \"x\"]\n\n1. e4 e5 {é𝄞} *\n\n", 40),
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	for _, text := range texts {
		snap := document.NewDocument(text).Snapshot()
		for base, f := range snap.Pieces() {
			x := newLineIndex(snap, base, f.Src)
			offsets := rnd.Perm(len(f.Src) + 1)
			for _, o := range offsets {
				off := base + o
				line, col := snap.PositionUTF16(off)
				if got, want := x.position(off), (protocol.Position{Line: uint32(line), Character: uint32(col)}); got != want {
					t.Fatalf("%q, chunk at %d, offset %d: %v, want %v", text, base, off, got, want)
				}
				if o == len(f.Src) && off < snap.Len() {
					continue // the start of the next chunk: its line is not this chunk's
				}
				end := x.lineEndPosition(off)
				if l, c := snap.PositionUTF16(snap.ClampUTF16(line, 1<<30)); end != (protocol.Position{Line: uint32(l), Character: uint32(c)}) {
					t.Fatalf("%q, offset %d: line end %v, want %d:%d", text, off, end, l, c)
				}
			}
		}
	}
}

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
			got := semanticTokens(snap, r[0], r[1]).Data
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
	for base, f := range snap.PiecesIn(from, to) {
		rf, rt := chunkRange(from, to, base, len(f.Src))
		for _, t := range analysis.SemanticTokens(f, rf, rt) {
			l1, c1 := snap.PositionUTF16(base + int(t.Pos))
			l2, c2 := snap.PositionUTF16(base + int(t.End))
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
