package pgn

import (
	"math/rand"
	"strings"
	"testing"
)

// TestCursorMatchesLineTable compares the cursor with the table's own
// conversions for offsets in increasing and in random order.
func TestCursorMatchesLineTable(t *testing.T) {
	texts := []string{
		"", "abc", "a\nb\r\nc\rd", "é💎\r\n\r\nx\xffy\n", "line one\nline two é\n💎💎\n",
		strings.Repeat("1. e4 { é } e5\n\r\n💎\n", 100), // many lines: the cursor steps and jumps
	}
	rng := rand.New(rand.NewSource(3))
	for _, text := range texts {
		table := NewLineTable(text)
		check := func(c *Cursor, off int) {
			line, col16, col := c.Position(Pos(off))
			wl, wc16 := table.UTF16Position(Pos(off))
			_, wc := table.CharPosition(Pos(off))
			if line != wl || col16 != wc16 || col != wc {
				t.Fatalf("%q offset %d: %d:%d:%d, want %d:%d:%d", text, off, line, col16, col, wl, wc16, wc)
			}
		}
		c := table.Cursor()
		for off := 0; off <= len(text)+1; off++ {
			check(c, off)
		}
		for i := 0; i < 200; i++ {
			check(c, rng.Intn(len(text)+2)-1)
		}
		c = table.Cursor()
		for off := 0; off <= len(text); off += rng.Intn(300) + 1 { // increasing, by gaps of up to many lines
			check(c, off)
		}
	}
}
