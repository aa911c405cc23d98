package uci

import (
	"fmt"
	"strconv"
	"strings"

	"pgnls/analysis/board"
)

// ParseMove returns the legal move of pos that s, a move in UCI notation,
// names: "e2e4", "e7e8q", and castling as the king's move ("e1g1") or, as
// engines write it in Chess960 mode, as the king taking its own rook
// ("e1h1"). (analysis/board writes UCI but does not read it.)
func ParseMove(pos *board.Position, s string) (board.Move, error) {
	if !isMoveSyntax(s) || s == "0000" {
		return board.Move{}, fmt.Errorf("%q is not a move in UCI notation", s)
	}
	from, _ := board.ParseSquare(s[0:2])
	to, _ := board.ParseSquare(s[2:4])
	promotion := board.NoPieceType
	if len(s) == 5 {
		promotion = promotionPieces[strings.IndexByte("nbrq", s[4])]
	}
	castle := kingTakesRook(pos, from, to)
	var buf [64]board.Move
	for _, m := range pos.LegalMoves(buf[:0]) {
		if m.From != from || m.Promotion != promotion {
			continue
		}
		if m.To == to || castle != board.NoCastle && m.Castle() == castle {
			return m, nil
		}
	}
	return board.Move{}, fmt.Errorf("%s is not a legal move in %s", s, pos.FEN())
}

var promotionPieces = [...]board.PieceType{board.Knight, board.Bishop, board.Rook, board.Queen}

// kingTakesRook returns the castling that a king's move onto its own rook
// stands for in Chess960 notation, or NoCastle.
func kingTakesRook(pos *board.Position, from, to board.Square) board.CastleSide {
	king, kingColor, ok := pos.PieceAt(from)
	if !ok || king != board.King {
		return board.NoCastle
	}
	rook, rookColor, ok := pos.PieceAt(to)
	if !ok || rook != board.Rook || rookColor != kingColor || from.Rank() != to.Rank() {
		return board.NoCastle
	}
	if to.File() > from.File() {
		return board.CastleShort
	}
	return board.CastleLong
}

// playLine plays the UCI moves from pos, as far as they are legal, and
// returns them as moves and in SAN. An engine's principal variation is cut
// at a move that cannot be played rather than refused: the moves before it
// are still the engine's line.
func playLine(pos board.Position, uciMoves []string) ([]board.Move, []string) {
	moves := make([]board.Move, 0, len(uciMoves))
	sans := make([]string, 0, len(uciMoves))
	for _, text := range uciMoves {
		m, err := ParseMove(&pos, text)
		if err != nil {
			break
		}
		moves = append(moves, m)
		sans = append(sans, pos.SAN(m))
		pos.Play(m)
	}
	return moves, sans
}

// FormatLine writes moves, legal one after another from start, as PGN
// movetext: "3. d4 exd4 4. Nxd4", or "2... Nc6 3. d4" when Black moves
// first. This is the text of a variation that replaces the move played
// from start.
func FormatLine(start board.Position, moves []board.Move) string {
	var b strings.Builder
	pos := start
	for i, m := range moves {
		if i > 0 {
			b.WriteByte(' ')
		}
		switch {
		case pos.SideToMove() == board.White:
			b.WriteString(strconv.Itoa(pos.FullMoveNumber()))
			b.WriteString(". ")
		case i == 0:
			b.WriteString(strconv.Itoa(pos.FullMoveNumber()))
			b.WriteString("... ")
		}
		b.WriteString(pos.SAN(m))
		pos.Play(m)
	}
	return b.String()
}
