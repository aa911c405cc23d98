package analysis

import (
	"fmt"
	"strings"
	"testing"

	"pgnls/analysis/board"
	picture "pgnls/analysis/diagram"
	"pgnls/pgn"
)

// describeCursor writes what PositionAt finds in one line, for the table.
func describeCursor(p *PositionAtCursor) string {
	if p == nil {
		return "nil"
	}
	var b strings.Builder
	if p.Position != nil {
		fields := strings.Fields(p.Position.FEN())
		fmt.Fprintf(&b, "%s %s %s legal=%d", fields[0], fields[1], fields[5], p.LegalMoves)
	}
	if p.Move != nil {
		fmt.Fprintf(&b, " move=%d%s%s:%v-%v", p.Move.Number, map[board.Color]string{board.White: ".", board.Black: "..."}[p.Move.Side], p.Move.SAN, p.Move.From, p.Move.To)
	}
	for _, s := range p.Line {
		fmt.Fprintf(&b, " in=%s#%d", s.Replaces, s.Index)
	}
	for _, s := range p.Shapes {
		fmt.Fprintf(&b, " shape=%s", s)
	}
	if p.Problem != "" {
		b.WriteString(" problem=" + p.Problem)
	}
	return strings.TrimSpace(b.String())
}

// TestPositionAtCursor: the position at the cursor, the move just played,
// the variation path, the legal moves and the shapes of pgnls/position.
func TestPositionAtCursor(t *testing.T) {
	const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w 1 legal=20"
	const afterE4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b 1 legal=20"
	cases := []struct{ src, want string }{
		{"[Event \"|x\"]\n\n1. e4 e5 *", start},
		{"|1. e4 e5 *", afterE4 + " move=1.e4:e2-e4"}, // a move number means its move, as in hovers
		{"1. e|4 e5 *", afterE4 + " move=1.e4:e2-e4"},
		{"1. e4 | e5 *", afterE4 + " move=1.e4:e2-e4"},
		{"1. e4 e5 2. Nf3 Nc6 3. Bb5| *", "r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b 3 legal=30 move=3.Bb5:f1-b5"},
		{"1. e4 e5 (1... c5 2. Nf3| d6) *", "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b 2 legal=22 move=2.Nf3:g1-f3 in=1... e5#1"},
		{"1. e4 e5 (1... d5) (1... c5 2. Nf3 (2. c3 |) d6) *", "rnbqkbnr/pp1ppppp/8/2p5/4P3/2P5/PP1P1PPP/RNBQKBNR b 2 legal=22 move=2.c3:c2-c3 in=1... e5#2 in=2. Nf3#1"},
		{"1. e4 e5 |(1... c5) *", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w 2 legal=29 move=1...e5:e7-e5"},
		{"1. e4 e5 (|1... c5) *", "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w 2 legal=30 move=1...c5:c7-c5 in=1... e5#1"},
		{"1. e4 e5 (1... c5 2. Nf3 d6) (1... e6 |) *", "rnbqkbnr/pppp1ppp/4p3/8/4P3/8/PPPP1PPP/RNBQKBNR w 2 legal=30 move=1...e6:e7-e6 in=1... e5#2"},
		{"1. e4 e5 (1... c5) |*", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w 2 legal=29 move=1...e5:e7-e5"},
		{"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# |*", "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b 4 legal=0 move=4.Qxf7#:h5-f7"},
		{"1. e4 {[%cal Ge2e4,Rd7d5] [%csl Yd5]}| e5 *", afterE4 + " move=1.e4:e2-e4 shape=green e2→e4 shape=red d7→d5 shape=yellow d5"},
		{"1. e4 {[%cal Ge2e4]} e5| *", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w 2 legal=29 move=1...e5:e7-e5"},
		{"1. e4 Ke3 e5 2. d4 |*", afterE4 + " problem=move 1... Ke3 is illegal: the board is the position before it"},
		{"[FEN \"8/8/8/8/8/8/8/K6k w - - 0 40\"]\n\n40. Kb1 |*", "8/8/8/8/8/8/8/1K5k b 40 legal=3 move=40.Kb1:a1-b1"},
		{"[FEN \"bad\"]\n\n1. e4 |*", "problem=not replayed: the FEN tag is not a valid position"},
		{"[Event \"a\"]\n\n1. e4 *\n\n|\n", "nil"},
	}
	for _, c := range cases {
		src, off := cursorAt(t, c.src)
		if got := describeCursor(PositionAt(pgn.Parse(src), off, nil)); got != c.want {
			t.Errorf("%q:\n got %s\nwant %s", c.src, got, c.want)
		}
	}
}

// TestPositionAtCursorPictures: the text board and the SVG show the last
// move and the shapes.
func TestPositionAtCursorPictures(t *testing.T) {
	src, off := cursorAt(t, "1. e4 {[%csl Rd5][%cal Gg1f3]}| e5 *")
	p := PositionAt(pgn.Parse(src), off, nil)
	text := p.TextBoard()
	for _, want := range []string{"4  ·  ·  ·  · [♙]", "2  ♙  ♙  ♙  ♙ [·]", "(x) red d5; >x< green g1→f3"} {
		if !strings.Contains(text, want) {
			t.Errorf("text board lacks %q:\n%s", want, text)
		}
	}
	svg := string(p.SVG(picture.Options{}))
	if !strings.HasPrefix(svg, "<svg") || strings.Count(svg, `fill-opacity=".8" d=`) != 1 || strings.Count(svg, "<circle") != 1 {
		t.Errorf("the SVG has not one arrow and one ring:\n%s", svg)
	}
	want := picture.Render(p.Position, picture.Options{
		LastMove: board.Move{From: board.E2, To: board.E4, Flags: board.DoublePush},
		Arrows:   []picture.Arrow{{From: board.G1, To: board.F3, Brush: picture.Green}},
		Marks:    []picture.Mark{{Square: board.D5, Brush: picture.Red}}})
	if svg != string(want) {
		t.Errorf("the SVG is not the diagram of the move and shapes")
	}
}

// TestHoverBoardImage: with BoardImages, a move's hover draws its board as
// the SVG picture of the move and its shapes, in a data: URI; the plain
// text keeps the text board.
func TestHoverBoardImage(t *testing.T) {
	src, off := cursorAt(t, "1. e|4 {[%csl Rd5]} e5 *")
	f := pgn.Parse(src)
	h := Hover(f, off, HoverOptions{BoardImages: true})
	if h == nil {
		t.Fatal("no hover")
	}
	at := PositionAt(f, off, nil)
	want := "![board](" + picture.DataURI(at.SVG(picture.Options{Size: hoverBoardSize, Coordinates: true})) + ")\n"
	if !strings.Contains(h.Markdown, want) || strings.Contains(h.Markdown, "```") {
		t.Errorf("the Markdown has not the picture alone:\n%.600s", h.Markdown)
	}
	if !strings.Contains(h.PlainText, "4  ·  ·  ·  · [♙]") || !strings.Contains(h.PlainText, "(x) red d5") {
		t.Errorf("the plain text lost the text board:\n%s", h.PlainText)
	}
	if text := Hover(f, off, HoverOptions{}); strings.Contains(text.Markdown, "data:image") {
		t.Errorf("an image without BoardImages:\n%.300s", text.Markdown)
	}
}
