package analysis

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"pgnls/analysis/board"
	"pgnls/pgn"
	"pgnls/pgn/pgntest"
)

// stopCodes are the diagnostics after which the rest of a line is not
// checked: a move that is no legal move by any reading.
var stopCodes = []Code{CodeIllegalMove, CodeAmbiguousMove, CodeMovesAfterEnd, CodeIncompleteMove, CodeForeignPiece}

// stoppedGames returns the indexes of the games of f whose checking stops
// early, and the codes of the diagnostics that stop them: at a move that
// no reading makes legal (stopCodes), or at unknown text.
func stoppedGames(f *pgn.File) (games []int, codes map[Code]int) {
	codes = map[Code]int{}
	for _, d := range CheckFile(f) {
		stops := slices.Contains(stopCodes, d.Code) || d.Code == CodeSyntax && strings.Contains(d.Message, "the rest of this line is not checked")
		if !stops || d.Game < 0 {
			continue
		}
		codes[d.Code]++
		if n := len(games); n == 0 || games[n-1] != d.Game {
			games = append(games, d.Game)
		}
	}
	return games, codes
}

// TestCorpusStopsOnlyAtRealProblems checks, on the shared corpus, that the
// checking of a game stops early only at a real illegal move (or a piece
// letter of another language, an incomplete move, unknown text), and that
// the corpus written in the other notations that pgnls reads stops at
// exactly the same games: every legal move of every line rewritten, in
// turn, in coordinate notation (e2e4, e1g1, e7e8q), long algebraic with a
// piece letter (Ng1-f3, e4xd5, e7-e8=Q), with figurines (♘f3, ♞xe5,
// e8=♕), and in a fourth form: castling with an en dash, a lower-case
// promotion piece, an en passant mark, "++" for a mate, or a Unicode
// dash between the squares. Formatted, the rewritten corpus is the
// formatted corpus, byte for byte.
func TestCorpusStopsOnlyAtRealProblems(t *testing.T) {
	var before, after, rewritten int
	for _, name := range pgntest.CorpusFiles(t) {
		src := pgntest.ReadText(t, name)
		f := pgn.Parse(src)
		stopped, codes := stoppedGames(f)
		before += len(stopped)
		for code := range codes {
			if !slices.Contains(stopCodes, code) {
				t.Errorf("%s: a game stops at %s", filepath.Base(name), code)
			}
		}
		other, n := rewriteNotation(f)
		rewritten += n
		g := pgn.Parse(other)
		stoppedOther, _ := stoppedGames(g)
		after += len(stoppedOther)
		if !slices.Equal(stopped, stoppedOther) {
			t.Errorf("%s: games stopped early %v, written in other notations %v", filepath.Base(name), stopped, stoppedOther)
		}
		if Format(f, FormatOptions{}) != Format(g, FormatOptions{}) {
			t.Errorf("%s: written in other notations, it formats differently", filepath.Base(name))
		}
	}
	t.Logf("games stopped early: %d in the corpus, %d in the corpus with %d moves written in other notations", before, after, rewritten)
	if rewritten < 10000 {
		t.Errorf("only %d moves rewritten: the test has lost its teeth", rewritten)
	}
}

// rewriteNotation returns the text of f with every legal move of every
// replayable game without syntax errors written in another notation
// (see TestCorpusStopsOnlyAtRealProblems), and the number of moves
// rewritten.
func rewriteNotation(f *pgn.File) (string, int) {
	var edits []Edit
	for _, g := range f.Games {
		start := startOf(g)
		if len(g.Errors) > 0 || !start.replayable() {
			continue
		}
		w := &notationWriter{}
		replayLines(&g.Moves, start.pos, w, nil)
		edits = append(edits, w.edits...)
	}
	out, _ := applyEditsInOrder(f.Src, edits)
	return out, len(edits)
}

// notationWriter is the lineVisitor of rewriteNotation.
type notationWriter struct {
	edits []Edit
	n     int
}

func (w *notationWriter) lineStart(*pgn.Line) {}
func (w *notationWriter) skipped(*pgn.Move)   {}

func (w *notationWriter) move(pos *board.Position, m *pgn.Move) bool {
	mv, ok := legalMove(pos, m.Text)
	if !ok {
		return false
	}
	if !mv.IsNull() {
		w.edits = append(w.edits, Edit{Pos: m.SAN.Pos, End: m.SAN.End, NewText: otherForm(pos, mv, w.n%4)})
		w.n++
	}
	pos.Play(mv)
	return true
}

// otherForm writes mv, legal in pos, in the form k of the test.
func otherForm(pos *board.Position, mv board.Move, k int) string {
	san := pos.SAN(mv)
	body, sign := cutCheckSigns(san)
	pt, _, _ := pos.PieceAt(mv.From)
	promo := ""
	if mv.Promotion != board.NoPieceType {
		promo = string(mv.Promotion.Letter())
	}
	switch k {
	case 0: // coordinate notation, as UCI writes it
		return mv.From.String() + mv.To.String() + strings.ToLower(promo) + sign
	case 1: // long algebraic
		sep := "-"
		if mv.IsCapture() {
			sep = "x"
		}
		letter := ""
		if pt != board.Pawn {
			letter = string(pt.Letter())
		}
		if promo != "" {
			promo = "=" + promo
		}
		return letter + mv.From.String() + sep + mv.To.String() + promo + sign
	case 2: // figurines
		var b strings.Builder
		for i := 0; i < len(san); i++ {
			if k := strings.IndexByte("KQRBN", san[i]); k >= 0 {
				fig := rune(0x2654 + k)
				if pos.SideToMove() == board.Black {
					fig += 6
				}
				b.WriteRune(fig)
				continue
			}
			b.WriteByte(san[i])
		}
		return b.String()
	}
	switch {
	case mv.Castle() != board.NoCastle:
		return strings.ReplaceAll(body, "-", "\u2013") + sign
	case promo != "":
		return body[:len(body)-1] + strings.ToLower(promo) + sign
	case mv.Flags&board.EnPassant != 0:
		return body + " e.p." + sign
	case sign == "#":
		return body + "++"
	}
	return mv.From.String() + "\u2013" + mv.To.String() + sign
}
