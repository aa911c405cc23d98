package document

import (
	"testing"
	"unicode/utf8"

	"pgnls/pgn"
)

// The plain converters, which find positions in the text of an oversize
// document, agree with the line table on every position of texts with every kind of
// line break.
func TestPlainConvertersAgreeWithLineTable(t *testing.T) {
	for _, text := range []string{"", "a", "\n", "ab\ncd", "ab\r\ncd\r\n", "a\rb\r\rc", "é𝄞x\n\r\n\n", "x\r"} {
		table := pgn.NewLineTable(text)
		for off := 0; off <= len(text); off++ {
			if l, c := table.UTF16Position(pgn.Pos(off)); !plainPositionAgrees(text, off, l, c) {
				t.Errorf("%q offset %d: plain position differs from the table's %d:%d", text, off, l, c)
			}
		}
		for line := 0; line < 6; line++ {
			for col := 0; col < 6; col++ {
				want, wantErr := table.OffsetUTF16(line, col)
				got, err := plainOffsetUTF16(text, line, col)
				if (err != nil) != (wantErr != nil) || err == nil && got != int(want) {
					t.Errorf("%q %d:%d: %d, %v; want %d, %v", text, line, col, got, err, want, wantErr)
				}
				if got, want := plainClampUTF16(text, line, col), int(table.ClampUTF16(line, col)); got != want {
					t.Errorf("%q %d:%d: clamped to %d, want %d", text, line, col, got, want)
				}
			}
		}
	}
}

// plainPositionAgrees reports whether plainPositionUTF16 gives line:col at
// off; between the two bytes of a CRLF, it gives the end of the line before
// (the position of the '\r'); inside a character, it is not asked.
func plainPositionAgrees(text string, off, line, col int) bool {
	if off > 0 && off < len(text) && (text[off-1] == '\r' && text[off] == '\n' || !utf8.RuneStart(text[off])) {
		return true // inside a character, where no change's position falls
	}
	l, c := plainPositionUTF16(text, off)
	return l == line && c == col
}

// An oversize document keeps its text and converts positions without
// parsing; an edit that takes a document over its limit makes it oversize,
// and SetLimit parses it again once it is within.
func TestOversizeDocument(t *testing.T) {
	text := "[Event \"a\"]\r\n\r\n1. e4 {é𝄞} e5 *\r\n"
	doc := NewLimitedDocument(text, 10)
	if !doc.Oversize() || doc.Snapshot().Text() != text || doc.Snapshot().Games() != 0 {
		t.Fatalf("a text over the limit: oversize %v, %d games", doc.Oversize(), doc.Snapshot().Games())
	}
	if l, c := doc.Snapshot().PositionUTF16(len(text) - 3); l != 2 || c != 15 {
		t.Errorf("position %d:%d, want 2:15", l, c)
	}
	if err := doc.Edit(0, len(text), "1. e4 *\n"); err != nil || !doc.Oversize() {
		t.Fatalf("an edit under the limit: %v, oversize %v (it stays so until SetLimit)", err, doc.Oversize())
	}
	if !doc.SetLimit(10) || doc.Oversize() || doc.Snapshot().Games() != 1 {
		t.Fatalf("SetLimit within the limit: oversize %v, %d games", doc.Oversize(), doc.Snapshot().Games())
	}
	if err := doc.Edit(0, 0, "{a long comment}"); err != nil || !doc.Oversize() || doc.Snapshot().Text() != "{a long comment}1. e4 *\n" {
		t.Fatalf("an edit over the limit: %v, oversize %v, text %q", err, doc.Oversize(), doc.Snapshot().Text())
	}
}
