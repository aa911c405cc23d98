package pgn

import (
	"math/rand"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestCursorMatchesLineTable compares the cursors, of a table and of a
// text, with the table's own conversions for offsets in increasing and in
// random order.
func TestCursorMatchesLineTable(t *testing.T) {
	texts := []string{
		"", "abc", "a\nb\r\nc\rd", "é💎\r\n\r\nx\xffy\n", "line one\nline two é\n💎💎\n",
		strings.Repeat("1. e4 { é } e5\n\r\n💎\n", 100),                      // many lines: the cursor steps and jumps
		strings.Repeat("[Event \"é\"]\n1. e4 💎 e5\n\n", 100),                // LF only: the text cursor never needs a table
		strings.Repeat("a\n", 300) + "b\r\nc\n" + strings.Repeat("d\n", 50), // a CR late: the text cursor makes a table then
	}
	rng := rand.New(rand.NewSource(3))
	for _, text := range texts {
		testCursor(t, text, rng, func(*LineTable) *Cursor { return NewTextCursor(text) })
		testCursor(t, text, rng, (*LineTable).Cursor)
	}
}

// testCursor converts offsets of text with cursors from newCursor: every
// offset in turn, random ones, increasing ones by gaps of many lines and by
// small steps (often the same twice).
func testCursor(t *testing.T, text string, rng *rand.Rand, newCursor func(*LineTable) *Cursor) {
	table := NewLineTable(text)
	check := func(c *Cursor, off int) {
		line, col16, col := c.Position(Pos(off))
		wl, wc16 := table.UTF16Position(Pos(off))
		_, wc := table.CharPosition(Pos(off))
		if line != wl || col16 != wc16 || col != wc {
			t.Fatalf("%q offset %d: %d:%d:%d, want %d:%d:%d", text, off, line, col16, col, wl, wc16, wc)
		}
	}
	c := newCursor(table)
	for off := 0; off <= len(text)+1; off++ {
		check(c, off)
	}
	for i := 0; i < 200; i++ {
		check(c, rng.Intn(len(text)+2)-1)
	}
	c = newCursor(table)
	for off := 0; off <= len(text); off += rng.Intn(300) + 1 { // increasing, by gaps of up to many lines
		check(c, off)
	}
	c = newCursor(table)
	for off := -1; off <= len(text)+1; off += rng.Intn(4) { // increasing, often twice the same
		check(c, off)
	}
}

// TestColumnsCountRuneByRune checks the table's columns, which take ASCII
// eight bytes at a time, against counting every character in turn.
func TestColumnsCountRuneByRune(t *testing.T) {
	texts := []string{
		"", "abc", "a\nb\r\nc\rd", "é💎\r\n\r\nx\xffy\n", "abcdefghijé💎klmnopqrstuvwxyz0123456789💎\n",
		strings.Repeat("1. e4 { é } e5 2. Nf3 Nc6 3. Bb5 a6 💎\n", 20), "12345678\xe2\x82",
	}
	for _, text := range texts {
		table := NewLineTable(text)
		for off := 0; off <= len(text); off++ {
			line, o := table.lineOf(Pos(off))
			col16, col := 0, 0
			for i := int(table.starts[line]); i < o; {
				r, size := utf8.DecodeRuneInString(text[i:])
				if i+size > o {
					break
				}
				col16 += utf16Len(r)
				col++
				i += size
			}
			if gl, g16, g := table.columns(Pos(off)); gl != line || g16 != col16 || g != col {
				t.Fatalf("%q offset %d: %d:%d:%d, want %d:%d:%d", text, off, gl, g16, g, line, col16, col)
			}
		}
	}
}
