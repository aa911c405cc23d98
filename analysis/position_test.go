package analysis

import (
	"sort"
	"strings"
	"testing"

	"pgnls/analysis/board"
	"pgnls/pgn"
)

// positionAtOffset finds the line that holds the cursor (main line, variation,
// nested variation, a variation not closed) and the position after the
// moves of that line before the cursor.
func TestPositionAt(t *testing.T) {
	cases := []struct {
		src  string
		want string // the FEN's placement and side, "" for none
	}{
		{"|1. e4 e5 *", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"},
		{"1. e4 |e5 *", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b"},
		{"1. e4 e5| *", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w"},
		{"1. e4 e5 (|1... c5) *", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b"},
		{"1. e4 e5 (1... c5 |) *", "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w"},
		{"1. e4 e5 (1... c5) |2. Nf3 *", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w"},
		{"1. e4 e5 (1... c5 2. Nf3 (2. c3 |) d6) *", "rnbqkbnr/pp1ppppp/8/2p5/4P3/2P5/PP1P1PPP/RNBQKBNR b"},
		{"1. e4 e5 (1... c5 2. Nf3 (2. c3 |", "rnbqkbnr/pp1ppppp/8/2p5/4P3/2P5/PP1P1PPP/RNBQKBNR b"},
		{"1. e4 e5 (1... c5 2. Nf3 (2. c3) |", "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b"},
		{"1. e4 Ke3 |", ""},
		{"1. e4 Ke3 (|1... e5) *", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b"},
		{"[FEN \"bad\"]\n\n1. e4 |", ""},
		{"[Event \"|x\"]\n\n1. e4 *", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w"},
	}
	for _, c := range cases {
		src, off := cursorAt(t, c.src)
		pos, ok := positionAtOffset(pgn.Parse(src), off)
		got := ""
		if ok {
			fields := strings.Fields(pos.FEN())
			got = fields[0] + " " + fields[1]
		}
		if got != c.want {
			t.Errorf("%q: got %q, want %q", c.src, got, c.want)
		}
	}
}

// Hovers over moves: the side and number, the line, the position or why
// the move is not replayed.
func TestMoveHover(t *testing.T) {
	cases := []struct {
		src  string
		want []string
	}{
		{"1. e|4 *", []string{"**1. e4** — White's 1st move, main line", "[♙]", "FEN: `rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1`"}},
		{"1|. e4 *", []string{"**1. e4**"}},
		{"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-|O *", []string{"**5. O-O** — White's 5th move", "[·] ♖ [♔]"}},
		{"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7|# *", []string{"**4. Qxf7#** — White's 4th move"}},
		{"1. e4 (1. d4 d5 (1... Nf6 2. c|4)) *", []string{"**2. c4** — White's 2nd move, variation, 2 levels deep"}},
		{"1. e4 e6 2. K|e3 *", []string{"**2. Ke3**", "**Illegal:** 2.Ke3 is illegal: the king cannot reach e3"}},
		{"1. e4 e5 2. Nf3 Ke3 3. B|c4 *", []string{"Not replayed: an earlier move of this line is illegal"}},
		{"[Variant \"Giveaway\"]\n\n1. e|4 *", []string{"Not replayed: the game is a variant (Giveaway)"}},
		{"[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. P|@e6 *", []string{"3. P@e6", "White's pocket: empty\nBlack's pocket: ♟", "FEN: `rnb1kbnr/ppp1pppp/4P3/3q4/8/8/PPPP1PPP/RNBQKBNR[p] b KQkq - 0 3`"}},
		{"[SetUp \"1\"]\n[FEN \"xyz\"]\n\n1. e|4 *", []string{"Not replayed: the FEN tag is not a valid position"}},
		{"[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 30\"]\n\n30. O-|O *", []string{"**30. O-O** — White's 30th move", "FEN: `4k3/8/8/8/8/8/8/5RK1 b - - 1 30`"}},
		{"1. e4 e5 2. Ke2 Ke7 3. Ke3 Ke6 4. Ke|2 *", []string{"White's 4th move"}},
		{"1. e4 e5 *| ", []string{"game in progress"}},
	}
	for _, c := range cases {
		src, off := cursorAt(t, c.src)
		h := hoverAt(t, src, int(off))
		for _, w := range c.want {
			if !strings.Contains(h, w) {
				t.Errorf("%q: the hover lacks %q:\n%s", c.src, w, h)
			}
		}
	}
}

func TestOrdinal(t *testing.T) {
	for n, want := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 22: "22nd", 101: "101st", 111: "111th"} {
		if got := ordinal(n); got != want {
			t.Errorf("ordinal(%d) = %q, want %q", n, got, want)
		}
	}
}

// positionAtOffset returns the position at byte offset off of file f, in the line
// (main line or variation) that holds it, after the moves of that line that
// end at or before off. It reports false outside movetext, or where the
// replay cannot go (an illegal move earlier in the line, unknown text, a
// bad FEN).
func positionAtOffset(f *pgn.File, off pgn.Pos) (board.Position, bool) {
	g := gameAt(f, off)
	if g == nil {
		return board.Position{}, false
	}
	frames := linesAt(g, off)
	l := frames[len(frames)-1].line
	n := sort.Search(len(l.Moves), func(i int) bool { return l.Moves[i].SAN.End > off })
	start := startOf(g)
	pos, ok := positionAt(g, &start, frames, n)
	return pos, ok && !unknownTextBefore(l, n, off)
}
