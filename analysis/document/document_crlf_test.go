package document

import (
	"testing"

	"pgnls/pgn"
)

// A CRLF line break is never cut between two chunks, where it would count
// as two line breaks and put every position after it a line too far: an
// edit that inserts "\n" at the start of a chunk after one that ends in
// "\r", and one that makes a chunk end in "\r" before one that starts with
// "\n" (a chunk can: an edit at a chunk's start keeps its start). Found by
// FuzzServerSession.
func TestDocumentKeepsCRLFWhole(t *testing.T) {
	const game = "[Event \"a\"]\n\n1. e4 *\n"
	for _, tt := range []struct {
		name  string
		text  string
		edits [][3]any // start, end, new text, in turn
	}{
		{"\"\\n\" inserted after a chunk's \"\\r\"", "% x\r" + game + game, [][3]any{{4, 4, "\n"}}},
		{"a chunk made to end in \"\\r\"", "% x\n" + game + game, [][3]any{
			{4, 4 + len("[Event \"a\"]\n"), "\n"}, // the second chunk now starts with "\n"
			{3, 4, "\r"},                          // and the first ends in "\r"
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			doc := NewDocument(tt.text)
			text := tt.text
			for _, e := range tt.edits {
				start, end, insert := e[0].(int), e[1].(int), e[2].(string)
				if err := doc.Edit(start, end, insert); err != nil {
					t.Fatal(err)
				}
				text = text[:start] + insert + text[end:]
			}
			s := doc.Snapshot()
			if s.Text() != text {
				t.Fatalf("text %q, want %q", s.Text(), text)
			}
			lines := pgn.NewLineTable(text)
			for off := 0; off <= len(text); off++ {
				l, c := s.PositionUTF16(off)
				if wl, wc := lines.UTF16Position(pgn.Pos(off)); l != wl || c != wc {
					t.Fatalf("offset %d of %q: %d:%d, want %d:%d", off, text, l, c, wl, wc)
				}
			}
			for line := 0; line <= lines.LineCount(); line++ {
				got, err := s.OffsetUTF16(line, 0)
				want, wantErr := lines.OffsetUTF16(line, 0)
				if (err != nil) != (wantErr != nil) || err == nil && got != int(want) {
					t.Fatalf("line %d of %q: offset %d, %v; want %d, %v", line, text, got, err, want, wantErr)
				}
			}
		})
	}
}
