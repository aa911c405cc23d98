package analysis

import (
	"fmt"
	"os"
	"testing"

	"pgnls/pgn"
)

// describeLink writes a link as its SAN at its offset ("^" for an empty
// span: the game's start), or "-" for none.
func describeLink(src string, l *MoveLink) string {
	if l == nil {
		return "-"
	}
	if l.Pos == l.End {
		return fmt.Sprintf("^@%d", l.Pos)
	}
	if got := src[l.Pos:l.End]; got != l.SAN {
		return fmt.Sprintf("%s@%d(text %q)", l.SAN, l.Pos, got)
	}
	return fmt.Sprintf("%s@%d", l.SAN, l.Pos)
}

// TestPositionAtCursorLinks: the places the board's previous and next
// buttons move the cursor to, in the main line and in variations.
func TestPositionAtCursorLinks(t *testing.T) {
	// Offsets in the game of the first cases: e4 16, e5 19, c5 28, Nf3 34, c3 41, d6 46, main Nf3 53.
	cases := []struct{ src, prev, next string }{
		{"[Event \"|x\"]\n\n1. e4 e5 (1... c5 2. Nf3 (2. c3) d6) 2. Nf3 *", "-", "e4@16"},
		{"[Event \"x\"]\n\n1. e|4 e5 (1... c5 2. Nf3 (2. c3) d6) 2. Nf3 *", "^@0", "e5@19"},
		{"[Event \"x\"]\n\n1. e4 e|5 (1... c5 2. Nf3 (2. c3) d6) 2. Nf3 *", "e4@16", "Nf3@53"},
		{"[Event \"x\"]\n\n1. e4 e5 |(1... c5 2. Nf3 (2. c3) d6) 2. Nf3 *", "e4@16", "Nf3@53"},
		// The variation's first move: back is the main line's move before
		// the one it replaces.
		{"[Event \"x\"]\n\n1. e4 e5 (1... c|5 2. Nf3 (2. c3) d6) 2. Nf3 *", "e4@16", "Nf3@34"},
		{"[Event \"x\"]\n\n1. e4 e5 (1... c5 2. N|f3 (2. c3) d6) 2. Nf3 *", "c5@28", "d6@46"},
		{"[Event \"x\"]\n\n1. e4 e5 (1... c5 2. Nf3 (2. c|3) d6) 2. Nf3 *", "c5@28", "-"},
		{"[Event \"x\"]\n\n1. e4 e5 (1... c5 2. Nf3 (2. c3) d|6) 2. Nf3 *", "Nf3@34", "-"},
		{"[Event \"x\"]\n\n1. e4 e5 (1... c5 2. Nf3 (2. c3) d6) 2. Nf|3 *", "e5@19", "-"},
		{"[Event \"x\"]\n\n1. e4 e5 (1... c5 2. Nf3 (2. c3) d6) 2. Nf3 |*", "e5@19", "-"},
		// A variation before its first move starts from the position
		// before the move it replaces: the start, here, and so has no
		// previous; from its first move, back is the game's start.
		{"[Event \"x\"] 1. e4 ( | 1. d4) *", "-", "d4@24"},
		{"[Event \"x\"] 1. e4 ( 1. d|4) *", "^@0", "-"},
		// A game whose first byte is its first move has no place before it.
		{"1. e|4 e5 *", "-", "e5@6"},
		{"1. e4 e|5 *", "e4@3", "-"},
		// An illegal move on the way: the links still follow the text.
		{"1. e4 Ke3 e|5 2. d4 *", "Ke3@6", "d4@16"},
	}
	for _, c := range cases {
		src, off := cursorAt(t, c.src)
		at := PositionAt(pgn.Parse(src), off, nil)
		if at == nil {
			t.Errorf("%q: no position", c.src)
			continue
		}
		if got := describeLink(src, at.Previous); got != c.prev {
			t.Errorf("%q: previous %s, want %s", c.src, got, c.prev)
		}
		if got := describeLink(src, at.Next); got != c.next {
			t.Errorf("%q: next %s, want %s", c.src, got, c.next)
		}
	}
}

// TestPositionAtCursorNextThenPrevious: from every offset of a long game
// with nested variations, the next move's place shows that move played,
// and from there the previous place shows the position it started from;
// the previous place shows the position before the move just played.
func TestPositionAtCursorNextThenPrevious(t *testing.T) {
	data, err := os.ReadFile("../testdata/lsp/bench/long-game.pgn")
	if err != nil {
		t.Fatal(err)
	}
	f := pgn.Parse(string(data))
	fen := func(at *PositionAtCursor) string {
		if at == nil || at.Position == nil {
			return "none"
		}
		return at.Position.FEN()
	}
	// The offsets around each move: before its number, on its SAN, after
	// it (where its comments and variations start).
	var offsets []pgn.Pos
	pgn.Inspect(f.Games[0], func(n pgn.Node) bool {
		if m, ok := n.(*pgn.Move); ok {
			offsets = append(offsets, m.Pos()-1, m.SAN.Pos, m.SAN.End+1)
		}
		return true
	})
	steps := 0
	for _, off := range offsets {
		at := PositionAt(f, off, nil)
		if at == nil || at.Problem != "" {
			t.Fatalf("at %d: %v", off, at)
		}
		if n := at.Next; n != nil {
			there := PositionAt(f, n.Pos, nil)
			if there.Move == nil || there.Move.Pos != n.Pos || there.Move.SAN != n.SAN {
				t.Fatalf("at %d: next %+v shows the move %+v", off, n, there.Move)
			}
			if back := there.Previous; back == nil || fen(PositionAt(f, back.Pos, nil)) != fen(at) {
				t.Fatalf("at %d: next %s, then previous %+v shows %s, not %s", off, n.SAN, back, fen(PositionAt(f, back.Pos, nil)), fen(at))
			}
			steps++
		}
		if m, p := at.Move, at.Previous; m != nil {
			before := PositionAt(f, p.Pos, nil)
			if before.Position.SideToMove() != m.Side || before.Position.FullMoveNumber() != m.Number {
				t.Fatalf("at %d: the previous place %+v shows %s, not the position before %d. %s", off, p, fen(before), m.Number, m.SAN)
			}
		}
	}
	if steps < 300 {
		t.Errorf("only %d offsets with a next move: the game is not the long one", steps)
	}
}
