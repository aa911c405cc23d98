package document

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// Positions gives every offset the position Snapshot.PositionUTF16 gives,
// in any order, in texts with every kind of line break, characters of one
// to four bytes (two UTF-16 units for 𝄞), invalid UTF-8, and lines long
// enough (over a kilobyte) for the line table to count from its marks.
func TestPositionsAgreeWithSnapshot(t *testing.T) {
	long := strings.Repeat("aé𝄞b", 200)
	texts := []string{
		"",
		"1. e4 *\n",
		"[Event \"é𝄞\"]\r\n\r\n1. e4 {𝄞\r\ncomment} e5 *\r\n",
		"a\rb\r\rc\n\r\nd",
		"\xff\xfe 1. e4 \xe2\x82 e5\n",
		long + "\n" + long + long + "\r\n" + strings.Repeat("x", 3000) + "𝄞",
		strings.Repeat("[Event \"x\"]\n\n1. e4 e5 {é𝄞} *\n\n", 40),
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	for _, text := range texts {
		snap := NewDocument(text).Snapshot()
		for piece := range snap.Pieces() {
			x := piece.Positions()
			base, src := piece.base, piece.f.Src
			offsets := rnd.Perm(len(src) + 1)
			for _, o := range offsets {
				off := base + o
				line, col := snap.PositionUTF16(off)
				if gl, gc := x.UTF16(off); gl != line || gc != col {
					t.Fatalf("%q, chunk at %d, offset %d: %d:%d, want %d:%d", text, base, off, gl, gc, line, col)
				}
				if o == len(src) && off < snap.Len() {
					continue // the start of the next chunk: its line is not this chunk's
				}
				el, ec := x.UTF16(x.LineEnd(off))
				if l, c := snap.PositionUTF16(snap.ClampUTF16(line, 1<<30)); el != l || ec != c {
					t.Fatalf("%q, offset %d: line end %d:%d, want %d:%d", text, off, el, ec, l, c)
				}
				if next := x.NextLineStart(off); next < snap.Len() {
					if l, c := snap.PositionUTF16(next); l != line+1 || c != 0 {
						t.Fatalf("%q, offset %d: the next line starts at %d:%d, want %d:0", text, off, l, c, line+1)
					}
				}
			}
		}
	}
}
