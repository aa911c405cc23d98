package document

import (
	"context"
	"strings"
	"testing"

	"pgnls/analysis"
	"pgnls/pgn"
	"pgnls/pgn/pgntest"
)

// formattedDatabase returns the corpus (or, without it, the test games)
// repeated to about size bytes, in export format.
func formattedDatabase(tb testing.TB, size int) string {
	tb.Helper()
	var one strings.Builder
	for _, name := range pgntest.OptionalCorpusFiles(tb) {
		one.WriteString(pgntest.ReadText(tb, name))
		one.WriteString("\n\n")
	}
	if one.Len() == 0 {
		// Games longer than a line of 40 characters, so that the test's
		// narrower width has something to format again.
		game := "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 *"
		one.WriteString(strings.Repeat(pgntest.SevenTags+"\n"+game+"\n\n", 50))
	}
	var b strings.Builder
	for b.Len() < size {
		b.WriteString(one.String())
	}
	return analysis.Format(pgn.Parse(b.String()), analysis.FormatOptions{})
}

// TestFormatEditsRemembersFormattedChunks: formatting a formatted document
// again gives no edit; after an edit that unformats one game, the edits are
// those of a fresh document of the same text (so what the chunks remember
// is right), they format the text as pgnls fmt does, and another width
// formats everything again.
func TestFormatEditsRemembersFormattedChunks(t *testing.T) {
	opts := analysis.FormatOptions{}
	text := formattedDatabase(t, 200<<10)
	doc := NewDocument(text)
	s := doc.Snapshot()
	if e := s.FormatEdits(opts, 0, s.Len()); len(e) != 0 {
		t.Fatalf("a formatted text has %d edits: %v", len(e), e[0])
	}
	if e := s.FormatEdits(opts, 0, s.Len()); len(e) != 0 {
		t.Fatalf("formatted again: %d edits", len(e))
	}
	// Unformat a move in the middle: "1. e4" -> "1.e4".
	at := strings.Index(text[len(text)/2:], "1. e4") + len(text)/2
	if at < len(text)/2 {
		t.Fatal("no 1. e4 in the second half")
	}
	if err := doc.Edit(at+2, at+3, ""); err != nil {
		t.Fatal(err)
	}
	edited := doc.Snapshot().Text()
	s = doc.Snapshot()
	got := s.FormatEdits(opts, 0, s.Len())
	fresh := NewDocument(edited).Snapshot()
	want := fresh.FormatEdits(opts, 0, fresh.Len())
	if len(got) == 0 || len(got) != len(want) {
		t.Fatalf("after the edit: %d edits, a fresh document has %d", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("edit %d: %+v, a fresh document's %+v", i, got[i], want[i])
		}
	}
	if out := applyByteEdits(t, edited, got); out != fmtLikeCLI(t, edited, 1<<20, opts) {
		t.Fatal("the edits do not give pgnls fmt's text")
	}
	narrow := analysis.FormatOptions{Width: 40}
	if e := s.FormatEdits(narrow, 0, s.Len()); len(e) < 10 {
		t.Fatalf("width 40: %d edits; the chunks formatted at 79 must be formatted again", len(e))
	}
}

// BenchmarkFormatOnSave measures Format Document of a formatted 30 MB
// database: "first" on a document just opened (every chunk formatted),
// "again" after a one-byte edit in one game (only its chunk formatted
// again). Their ratio is what remembering the formatted chunks saves.
func BenchmarkFormatOnSave(b *testing.B) {
	text := formattedDatabase(b, 30<<20)
	opts := analysis.FormatOptions{}
	b.Run("first", func(b *testing.B) {
		b.SetBytes(int64(len(text)))
		for b.Loop() {
			b.StopTimer()
			s := NewDocument(text).Snapshot()
			b.StartTimer()
			s.FormatEdits(opts, 0, s.Len())
		}
	})
	b.Run("again", func(b *testing.B) {
		doc := NewDocument(text)
		s := doc.Snapshot()
		s.FormatEdits(opts, 0, s.Len())
		at := strings.LastIndex(text, "1. ")
		b.SetBytes(int64(len(text)))
		for i := 0; b.Loop(); i++ {
			b.StopTimer()
			// Alternately remove and restore the blank after "1.".
			if i%2 == 0 {
				doc.Edit(at+2, at+3, "")
			} else {
				doc.Edit(at+2, at+2, " ")
			}
			s := doc.Snapshot()
			b.StartTimer()
			s.FormatEdits(opts, 0, s.Len())
		}
	})
}

// TestWarmFormat: WarmFormat leaves every chunk of a formatted document
// that starts with a game remembered as formatted, so that the first FormatEdits formats nothing;
// a cancelled context stops it before it formats anything.
func TestWarmFormat(t *testing.T) {
	opts := analysis.FormatOptions{}
	text := formattedDatabase(t, 200<<10)
	unformatted := func(s *Snapshot) (n int) {
		s.list.all(0, func(p place) bool {
			if p.chunk.startsWithGame() && !p.chunk.formatted(opts) {
				n++
			}
			return true
		})
		return n
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := NewDocument(text).Snapshot()
	before := unformatted(s)
	if before < s.list.n/2 {
		t.Fatalf("only %d of %d chunks start with a game", before, s.list.n)
	}
	s.WarmFormat(ctx, opts, 0)
	if n := unformatted(s); n != before {
		t.Fatalf("a cancelled warm-up formatted %d chunks", before-n)
	}
	s.WarmFormat(context.Background(), opts, 0)
	if n := unformatted(s); n != 0 {
		t.Fatalf("%d of %d chunks not remembered as formatted", n, s.list.n)
	}
	if e := s.FormatEdits(opts, 0, s.Len()); len(e) != 0 {
		t.Fatalf("after the warm-up: %d edits", len(e))
	}
}
