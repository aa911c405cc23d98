package analysis

import (
	"path/filepath"
	"testing"

	"github.com/notnil/chess"

	"pgnls/analysis/board"
	"pgnls/pgn"
	"pgnls/pgn/pgntest"
)

// TestCorpusIllegalMovesAreIllegal checks every illegal-move, ambiguous-move
// and moves-after-end diagnostic on the corpus against notnil/chess: the
// moves leading to the flagged one (main line and variations) must each name
// exactly one legal move in notnil's move generator, and the flagged one
// must name none or several. So no game that notnil can replay is reported
// illegal.
func TestCorpusIllegalMovesAreIllegal(t *testing.T) {
	flagged := 0
	for _, name := range pgntest.CorpusFiles(t) {
		flagged += confirmIllegalMoves(t, name, pgntest.ReadText(t, name))
	}
	t.Logf("%d moves flagged illegal in the corpus, all confirmed by notnil/chess", flagged)
}

// TestMarkerIllegalMovesAreIllegal does the same for the hand-written
// marker tests, which flag a move illegal for every reason there is.
func TestMarkerIllegalMovesAreIllegal(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(*markerDir, "*.pgn"))
	flagged := 0
	for _, name := range files {
		flagged += confirmIllegalMoves(t, name, pgntest.ReadText(t, name))
	}
	if flagged < 15 {
		t.Errorf("only %d illegal moves in the marker files: the test has lost its teeth", flagged)
	}
}

// confirmIllegalMoves checks the illegal-move, ambiguous-move and
// moves-after-end diagnostics of one file against notnil/chess and returns
// how many there were.
func confirmIllegalMoves(t *testing.T, name, src string) int {
	t.Helper()
	file := pgn.Parse(src)
	flagged := 0
	for _, d := range CheckFile(file) {
		switch d.Code {
		case CodeIllegalMove, CodeAmbiguousMove, CodeMovesAfterEnd, CodeIncompleteMove, CodeForeignPiece:
		default:
			continue
		}
		flagged++
		g := file.Games[d.Game]
		moves := movePath(g, d.Pos)
		if moves == nil {
			t.Errorf("%s game %d: diagnostic %v is not on a move", filepath.Base(name), d.Game+1, d)
			continue
		}
		if msg := confirmIllegal(g, moves); msg != "" {
			t.Errorf("%s game %d: %s (diagnostic: %s)", filepath.Base(name), d.Game+1, msg, d.Message)
		}
	}
	return flagged
}

// movePath returns the SAN texts from the game's start to the move whose SAN
// token starts at pos, through the variations that lead to it.
func movePath(g *pgn.Game, pos pgn.Pos) []string {
	type frame struct {
		line *pgn.Line
		base []string
	}
	stack := []frame{{line: &g.Moves}}
	for len(stack) > 0 {
		f := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		path := append([]string(nil), f.base...)
		for _, m := range f.line.Moves {
			for _, v := range m.Variations() {
				stack = append(stack, frame{line: &v.Line, base: append([]string(nil), path...)})
			}
			path = append(path, m.Text)
			if m.SAN.Pos == pos {
				return path
			}
		}
	}
	return nil
}

// confirmIllegal replays path in notnil/chess and returns "" when every move
// but the last names exactly one legal move and the last names none or
// several; otherwise it says what disagrees.
func confirmIllegal(g *pgn.Game, path []string) string {
	opts := []func(*chess.Game){}
	if fen, ok := g.Tag("FEN"); ok {
		// notnil is stricter about move counters and castling rights than
		// real files; give it the FEN as pgnls reads it.
		pos, _, err := readFEN(fen)
		if err != nil {
			return "the FEN is unreadable: " + err.Error()
		}
		opt, err := chess.FEN(pos.FEN())
		if err != nil {
			return "notnil rejects the FEN: " + err.Error()
		}
		opts = append(opts, opt)
	}
	game := chess.NewGame(opts...)
	// The moves written in other notations that pgnls reads (notation.go)
	// are given to notnil in SAN, which pgnls's board writes from a
	// replay of its own.
	ours := startOf(g).pos
	for i, text := range path {
		san, err := board.ParseSAN(text)
		if err != nil && i < len(path)-1 {
			if _, mv, forms, ok := readMove(&ours, text); ok && forms != 0 {
				san, err = board.ParseSAN(ours.SAN(mv))
			}
		}
		if err != nil {
			if i == len(path)-1 {
				return "" // not SAN at all: illegal by any reading
			}
			return "earlier move " + text + " is not SAN"
		}
		if san.Null {
			return "" // notnil has no null move: the rest cannot be replayed there
		}
		if i < len(path)-1 {
			mv, ok := legalMove(&ours, text)
			if !ok {
				return "earlier move " + text + " is illegal on pgnls's board"
			}
			ours.Play(mv)
		}
		matches := notnilMatches(game.Position(), san)
		if i == len(path)-1 {
			if len(matches) == 1 {
				return "notnil/chess finds exactly one legal move for " + text + ": " + matches[0].String()
			}
			return ""
		}
		if len(matches) != 1 {
			return "earlier move " + text + " does not name exactly one legal move in notnil/chess"
		}
		if err := game.Move(matches[0]); err != nil {
			return err.Error()
		}
	}
	return ""
}

// notnilMatches returns notnil's legal moves that fit the parsed SAN.
func notnilMatches(pos *chess.Position, san board.SAN) []*chess.Move {
	var out []*chess.Move
	for _, m := range pos.ValidMoves() {
		if fitsSAN(pos, m, san) {
			out = append(out, m)
		}
	}
	return out
}

var notnilPiece = map[chess.PieceType]board.PieceType{
	chess.Pawn: board.Pawn, chess.Knight: board.Knight, chess.Bishop: board.Bishop,
	chess.Rook: board.Rook, chess.Queen: board.Queen, chess.King: board.King,
}

func fitsSAN(pos *chess.Position, m *chess.Move, san board.SAN) bool {
	switch san.Castle {
	case board.CastleShort:
		return m.HasTag(chess.KingSideCastle)
	case board.CastleLong:
		return m.HasTag(chess.QueenSideCastle)
	}
	if m.HasTag(chess.KingSideCastle) || m.HasTag(chess.QueenSideCastle) {
		return false
	}
	from, to := board.Square(m.S1()), board.Square(m.S2())
	piece := notnilPiece[pos.Board().Piece(m.S1()).Type()]
	promo := board.NoPieceType
	if m.Promo() != chess.NoPieceType {
		promo = notnilPiece[m.Promo()]
	}
	return piece == san.Piece && to == san.To && promo == san.Promotion &&
		(san.FromFile < 0 || int(san.FromFile) == from.File()) &&
		(san.FromRank < 0 || int(san.FromRank) == from.Rank())
}
