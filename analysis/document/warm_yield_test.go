package document

import (
	"context"
	"strings"
	"testing"

	"pgnls/analysis"
)

// stopAfter is a context that ends at its n+1st Err: it stops a warm-up
// after a known number of chunks, as a message arriving at the server does.
type stopAfter struct {
	context.Context
	n int
}

func (c *stopAfter) Err() error {
	if c.n <= 0 {
		return context.Canceled
	}
	c.n--
	return nil
}

// TestWarmFormatYieldsAndResumes: a warm-up whose context ends stops at
// once: no chunk after the one it returns is formatted, and every chunk
// before it that it could remember is. Resumed from there in a later
// snapshot (after an edit, as the server resumes it), it formats the rest
// and not again what it did: the first FormatEdits then has only the
// edit's game to format.
func TestWarmFormatYieldsAndResumes(t *testing.T) {
	opts := analysis.FormatOptions{}
	text := formattedDatabase(t, 200<<10)
	doc := NewDocument(text)
	s := doc.Snapshot()
	if s.list.n < 20 {
		t.Fatalf("only %d chunks", s.list.n)
	}
	// formatted lists, by chunk, whether it is remembered as formatted.
	formatted := func(s *Snapshot) (out []bool, bases []int) {
		s.list.all(0, func(p place) bool {
			out = append(out, p.chunk.formatted(opts))
			bases = append(bases, p.base)
			return true
		})
		return out, bases
	}
	const chunks = 10
	next, done := s.WarmFormat(&stopAfter{context.Background(), chunks}, opts, 0)
	if done {
		t.Fatal("a warm-up whose context ended says it reached the end")
	}
	got, bases := formatted(s)
	if next != bases[chunks] {
		t.Fatalf("stopped at offset %d, want %d (the start of chunk %d)", next, bases[chunks], chunks)
	}
	warmed := 0
	for i, f := range got {
		if f && i >= chunks {
			t.Fatalf("chunk %d of %d formatted after the warm-up's context ended at chunk %d", i, len(got), chunks)
		}
		if f {
			warmed++
		}
	}
	if warmed < chunks/2 {
		t.Fatalf("only %d of the first %d chunks formatted before the stop", warmed, chunks)
	}

	// An edit at the end of the text: the chunks before it are shared.
	at := strings.LastIndex(text, "1. ")
	doc.Edit(at+2, at+2, " ")
	s2 := doc.Snapshot()
	// Resumed where it stopped, with a context that would let it format
	// only what is left: formatting the first chunks again would end it.
	rest := 0
	s2.list.all(0, func(p place) bool {
		if p.base >= next {
			rest++
		}
		return true
	})
	next2, done := s2.WarmFormat(&stopAfter{context.Background(), rest + 1}, opts, next)
	if !done || next2 != s2.Len() {
		t.Fatalf("the resumed warm-up stopped at %d of %d", next2, s2.Len())
	}
	edits := s2.FormatEdits(opts, 0, s2.Len())
	if len(edits) != 1 || int(edits[0].Pos) > at+3 || int(edits[0].End) < at+2 {
		t.Fatalf("after the resumed warm-up: edits %+v, want the edited game's alone (its byte %d)", edits, at+2)
	}
}
