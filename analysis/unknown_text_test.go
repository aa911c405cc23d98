package analysis

import (
	"slices"
	"strings"
	"testing"

	"pgnls/pgn"
)

// After text that may hide a move (a piece letter of another alphabet:
// "Кf3", with the Cyrillic К of the Russian knight, scans as unknown text
// then "f3"), no feature answers on the board where a pawn went to f3:
// hovers over the moves after it say they are not replayed and why, no
// move is proposed after it, positionAtOffset knows no position there; before
// it, every answer is the board's. (testdata/check/unknown-text.pgn shows
// the same for the diagnostics.)
func TestUnknownTextNeverAnswersOnAWrongBoard(t *testing.T) {
	const wrong = "5P2" // rank 3 with a pawn on f3, in a FEN
	src := str + "1. e4 e5 2. Кf3 Nc6 3. Nxe5 Nxe5 *\n"
	f := pgn.Parse(src)
	at := func(needle string) pgn.Pos {
		i := strings.Index(src, needle)
		if i < 0 {
			t.Fatalf("%q not in the source", needle)
		}
		return pgn.Pos(i)
	}

	for _, move := range []string{"f3 ", "Nc6", "Nxe5 ", "Nxe5 *"} {
		h := Hover(f, at(move), HoverOptions{})
		if h == nil {
			t.Errorf("hover over %q: nothing", move)
			continue
		}
		if !strings.Contains(h.Markdown, "Not replayed: the line stops before it, at text that is not PGN") || strings.Contains(h.Markdown, "FEN") {
			t.Errorf("hover over %q after the unknown letter:\n%s", move, h.Markdown)
		}
	}
	if h := Hover(f, at("e5 2."), HoverOptions{}); h == nil || !strings.Contains(h.Markdown, "FEN: `rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w") {
		t.Errorf("hover over e5, before the unknown letter: %+v", h)
	}

	// Completion: typing the "f3" glued to the letter, or a move after
	// it, gets no move; a move typed before the unknown letter gets the moves
	// of the position after 1...e5.
	for _, cursor := range []pgn.Pos{at("f3 ") + 2, at("Nc6") + 3, at("Nxe5 *") + 5} {
		c := Complete(f, cursor, CompleteOptions{})
		for _, item := range completionItems(c) {
			if item.Kind == CompleteMove {
				t.Errorf("completion at %d after the unknown letter proposes the move %q", cursor, item.Label)
			}
		}
	}
	before := Complete(f, at("К")-1, CompleteOptions{})
	if labels := completeLabels(before); !slices.Contains(labels, "Nf3") || !slices.Contains(labels, "f3") {
		t.Errorf("completion before the unknown letter: %v, want the moves after 1...e5", labels)
	}

	for _, off := range []pgn.Pos{at("f3 ") + 2, at("Nc6"), at("Nxe5 *") + 4} {
		if pos, ok := positionAtOffset(f, off); ok {
			t.Errorf("positionAtOffset(%d), after the unknown letter: %s", off, pos.FEN())
			if strings.Contains(pos.FEN(), wrong) {
				t.Errorf("... the board where a pawn went to f3")
			}
		}
	}
	if _, ok := positionAtOffset(f, at("К")); !ok {
		t.Errorf("positionAtOffset before the unknown letter: no position")
	}
}

// A string left open runs to the end of its line, over the moves written
// there: the replay stops at it, and only its syntax error says so (a
// marker cannot follow it on its line, so this case is here).
func TestUnterminatedStringStopsItsLine(t *testing.T) {
	src := str + "1. d4 \"d5 2. c4\n2... e6 3. Nc3 Ke3 *\n"
	f := pgn.Parse(src)
	diags := CheckFile(f)
	if len(diags) != 1 || diags[0].Code != CodeSyntax || !strings.Contains(diags[0].Message, "string not terminated") ||
		!strings.Contains(diags[0].Message, "the rest of this line is not checked") {
		t.Fatalf("diagnostics: %+v", diags)
	}
	if h := Hover(f, pgn.Pos(strings.Index(src, "e6")), HoverOptions{}); h == nil || !strings.Contains(h.Markdown, "Not replayed") {
		t.Errorf("hover over e6: %+v", h)
	}
}

// The known text that the parser cannot place hides no move, and the
// replay goes on after it; only text it cannot read, and strings, stop a
// line.
func TestStopsReplayOnlyAtTextThatMayHideAMove(t *testing.T) {
	cases := []struct {
		movetext string
		stops    bool
	}{
		{"1. e4 Кf3", true},
		{"1. e4 &f3", true},
		{"1. e4 \"e5\" 2. Nf3", true},
		{"1. e4 2. 3. Nf3", false},
		{"1. e4 ... Nf3", false},
		{"1. e4 e5 ) Nf3", false},
		{"1. e4 e5 ] Nf3", false},
		{"1. e4 $1 ! Nf3", false},
	}
	for _, c := range cases {
		f := pgn.Parse(c.movetext + " *\n")
		if len(f.Games) != 1 || len(f.Errors) == 0 {
			t.Fatalf("%q: %d games, errors %v", c.movetext, len(f.Games), f.Errors)
		}
		var stops bool
		l := &f.Games[0].Moves
		stops = stopsReplay(l.Start) != nil
		for _, m := range l.Moves {
			stops = stops || stopsReplay(m.Before) != nil || stopsReplay(m.After) != nil
		}
		if stops != c.stops {
			t.Errorf("%q: stops the replay %v, want %v", c.movetext, stops, c.stops)
		}
	}
}

// A figurine is a move of its piece (FAN, standard 8.2.3): "♘f3" is one
// token, read as Nf3, and the features after it answer on the right board.
func TestFigurineIsReplayedAsItsPiece(t *testing.T) {
	src := str + "1. e4 e5 2. ♘f3 Nc6 3. ♘xe5 Nxe5 *\n"
	f := pgn.Parse(src)
	var codes []Code
	for _, d := range CheckFile(f) {
		codes = append(codes, d.Code)
	}
	if !slices.Equal(codes, []Code{CodeFigurine, CodeFigurine}) {
		t.Errorf("diagnostics: %v, want two figurine warnings", codes)
	}
	at := pgn.Pos(strings.Index(src, "Nxe5"))
	if pos, ok := positionAtOffset(f, at+4); !ok || !strings.HasPrefix(pos.FEN(), "r1bqkbnr/pppp1ppp/8/4n3/4P3/8/PPPP1PPP/RNBQKB1R w") {
		t.Errorf("positionAtOffset after 3...Nxe5: %v %v", pos.FEN(), ok)
	}
	h := Hover(f, at, HoverOptions{})
	if h == nil || !strings.Contains(h.Markdown, "FEN: `r1bqkbnr/pppp1ppp/8/4n3/4P3/8/PPPP1PPP/RNBQKB1R w") {
		t.Errorf("hover over 3...Nxe5: %+v", h)
	}
}

func completionItems(c *Completion) []CompletionItem {
	if c == nil {
		return nil
	}
	return c.Items
}
