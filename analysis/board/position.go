package board

// Position is a chess position: the pieces, the side to move, castling
// rights, the en passant target and the move counters.
//
// It is a value of 96 bytes with no pointers inside, so copying it is cheap
// and the copy is independent; callers copy a position before a move to
// replay a variation from it later. The zero value is an empty board and is
// not a valid position; use StartPosition or ParseFEN.
//
// A position also knows its Variant (see ParseFENVariant). What only the
// variants need is packed into eight bytes and the padding that was
// there; in standard chess it stays zero, but for the style of a FEN that
// wrote its castling rights as the rooks' files ("HAha").
type Position struct {
	// byType is indexed by PieceType. No piece is of type NoPieceType, so
	// byType[NoPieceType] holds crazyhouse's promoted pieces instead (see
	// promoted); it is empty in every other variant.
	byType   [King + 1]uint64
	byColor  [2]uint64
	pockets  uint64 // crazyhouse: 6-bit counts, see Pocket
	side     Color
	castling castlingRights
	epSquare Square // set after every double push, as the PGN standard's FEN does
	variant  Variant
	halfmove int32 // plies since the last capture or pawn move
	fullmove int32 // starts at 1 and increments after Black's move
	// rookFiles holds, outside standard chess, the file of the rook each
	// castling right castles with, four bits a right (see rookFrom).
	rookFiles uint16
	checks    uint8 // three-check: checks given, four bits a side
	style     uint8 // how FEN writes the position back (styleShredder, ...)
}

// castlingRights is a set of the four castling rights.
type castlingRights uint8

const (
	whiteShort castlingRights = 1 << iota
	whiteLong
	blackShort
	blackLong
)

// castlingRight returns the right for one colour and side.
func castlingRight(c Color, cs CastleSide) castlingRights {
	r := whiteShort
	if cs == CastleLong {
		r = whiteLong
	}
	return r << (2 * c)
}

// StartFEN is the FEN of the standard starting position.
const StartFEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

var startPosition = mustParseFEN(StartFEN)

func mustParseFEN(fen string) Position {
	p, err := ParseFEN(fen)
	if err != nil {
		panic(err)
	}
	return p
}

// StartPosition returns the standard starting position.
func StartPosition() Position { return startPosition }

// SideToMove returns the colour whose turn it is.
func (p *Position) SideToMove() Color { return p.side }

// FullMoveNumber returns the number of the current full move, which starts
// at 1 and increases after each Black move.
func (p *Position) FullMoveNumber() int { return int(p.fullmove) }

// HalfMoveClock returns the number of plies since the last capture or pawn
// move, for the fifty-move rule.
func (p *Position) HalfMoveClock() int { return int(p.halfmove) }

// EnPassantSquare returns the square behind a pawn that has just advanced
// two squares, or NoSquare. It is set after every double push, whether or
// not a capture is possible.
func (p *Position) EnPassantSquare() Square { return p.epSquare }

// CanCastle reports whether c still has the right to castle on side cs. The
// right is not the same as the move being legal now.
func (p *Position) CanCastle(c Color, cs CastleSide) bool {
	return cs != NoCastle && p.castling&castlingRight(c, cs) != 0
}

// PieceAt returns the piece on sq, if any.
func (p *Position) PieceAt(sq Square) (PieceType, Color, bool) {
	if !sq.valid() {
		return NoPieceType, White, false
	}
	pt := p.typeAt(sq)
	if pt == NoPieceType {
		return NoPieceType, White, false
	}
	c := White
	if p.byColor[Black]&bit(sq) != 0 {
		c = Black
	}
	return pt, c, true
}

// typeAt returns the type of the piece on sq, or NoPieceType.
func (p *Position) typeAt(sq Square) PieceType {
	b := bit(sq)
	for pt := Pawn; pt <= King; pt++ {
		if p.byType[pt]&b != 0 {
			return pt
		}
	}
	return NoPieceType
}

func (p *Position) occupied() uint64 { return p.byColor[White] | p.byColor[Black] }

// pieces returns the pieces of one type and colour.
func (p *Position) pieces(pt PieceType, c Color) uint64 { return p.byType[pt] & p.byColor[c] }

func (p *Position) kingSquare(c Color) Square { return firstSquare(p.pieces(King, c)) }

func (p *Position) put(pt PieceType, c Color, sq Square) {
	p.byType[pt] |= bit(sq)
	p.byColor[c] |= bit(sq)
}

func (p *Position) remove(pt PieceType, c Color, sq Square) {
	p.byType[pt] &^= bit(sq)
	p.byColor[c] &^= bit(sq)
}

// attackers returns the pieces in mask that attack sq, with occ standing in
// for the board's occupancy so that callers can ask about a position after a
// hypothetical move.
//
// Most squares have no slider of mask on their lines at all, so the sliding
// attacks are computed only when one is there. Every legality and check
// test comes here (bench/NOTES.md).
func (p *Position) attackers(sq Square, occ, mask uint64) uint64 {
	a := knightAttacks[sq]&p.byType[Knight] |
		kingAttacks[sq]&p.byType[King] |
		pawnAttacks[Black][sq]&p.pieces(Pawn, White) |
		pawnAttacks[White][sq]&p.pieces(Pawn, Black)
	if diagonal := (p.byType[Bishop] | p.byType[Queen]) & mask & bishopLines[sq]; diagonal != 0 {
		a |= bishopAttacks(sq, occ) & diagonal
	}
	if straight := (p.byType[Rook] | p.byType[Queen]) & mask & rookLines[sq]; straight != 0 {
		a |= rookAttacks(sq, occ) & straight
	}
	return a & mask
}

// attacked reports whether a piece in mask attacks sq, with occ standing
// for the occupancy: attackers' question for a yes or no, which stops at
// the first leaper and tests the few sliders on sq's lines for an empty
// path (see seen) instead of computing the sliding attacks, which is
// cheaper where a king looks for a square to step to (bench/NOTES.md).
func (p *Position) attacked(sq Square, occ, mask uint64) bool {
	leapers := knightAttacks[sq]&p.byType[Knight] |
		kingAttacks[sq]&p.byType[King] |
		pawnAttacks[Black][sq]&p.pieces(Pawn, White) |
		pawnAttacks[White][sq]&p.pieces(Pawn, Black)
	if leapers&mask != 0 {
		return true
	}
	sliders := (p.byType[Bishop]|p.byType[Queen])&bishopLines[sq] | (p.byType[Rook]|p.byType[Queen])&rookLines[sq]
	return seen(sq, occ, sliders&mask) != 0
}

// checkers returns the enemy pieces giving check to the side to move.
func (p *Position) checkers() uint64 {
	return p.attackers(p.kingSquare(p.side), p.occupied(), p.byColor[p.side.Other()])
}

// InCheck reports whether the side to move is in check. In Antichess, and
// for Horde's king-less White, it is always false; in Atomic a king next
// to the enemy king is never in check.
func (p *Position) InCheck() bool {
	if p.variant != Standard {
		return p.variantInCheck()
	}
	return p.checkers() != 0
}

// IsCheckmate reports whether the side to move is checkmated. In a variant
// whose own rule has already ended the game (see Outcome) it is false.
func (p *Position) IsCheckmate() bool {
	if p.variant != Standard {
		return p.Outcome().Reason == Checkmate
	}
	checkers := p.checkers()
	return checkers != 0 && !p.hasLegalMove(checkers)
}

// IsStalemate reports whether the side to move has no legal move but is not
// in check. In Antichess that wins for the stalemated side; see Outcome.
func (p *Position) IsStalemate() bool {
	if p.variant != Standard {
		return p.Outcome().Reason == Stalemate
	}
	checkers := p.checkers()
	return checkers == 0 && !p.hasLegalMove(checkers)
}

// castlingKeep[sq] holds the castling rights that survive a move from or to
// sq: moving the king loses both of its side's rights, and moving a rook
// from its corner, or capturing on that corner, loses that one right.
var castlingKeep = func() (keep [64]castlingRights) {
	for sq := range keep {
		keep[sq] = whiteShort | whiteLong | blackShort | blackLong
	}
	keep[E1] &^= whiteShort | whiteLong
	keep[H1] &^= whiteShort
	keep[A1] &^= whiteLong
	keep[E8] &^= blackShort | blackLong
	keep[H8] &^= blackShort
	keep[A8] &^= blackLong
	return keep
}()

// Play applies m, which must be legal in p: a move returned by Resolve or
// LegalMoves, or a null move, which only passes the turn. Castling and
// en passant are recognised from the board, so a Move built by hand from
// its squares works as well (in Chess960, castling is the king's move onto
// its own rook, as UCI_Chess960 writes it).
func (p *Position) Play(m Move) {
	if p.variant != Standard {
		p.playVariant(m)
		return
	}
	us := p.side
	ep := p.epSquare
	p.side = us.Other()
	p.epSquare = NoSquare
	p.halfmove++
	if us == Black {
		p.fullmove++
	}
	if m.IsNull() || !m.From.valid() || !m.To.valid() {
		return
	}
	piece := p.typeAt(m.From)
	if piece == NoPieceType {
		return
	}
	// Most moves capture nothing; one test of the enemy's squares spares
	// them typeAt's walk over all six types.
	if p.byColor[us.Other()]&bit(m.To) != 0 {
		p.remove(p.typeAt(m.To), us.Other(), m.To)
		p.halfmove = 0
	}
	p.remove(piece, us, m.From)
	if m.Promotion != NoPieceType {
		p.put(m.Promotion, us, m.To)
	} else {
		p.put(piece, us, m.To)
	}
	switch piece {
	case Pawn:
		p.halfmove = 0
		switch {
		case m.To == ep && m.From.File() != m.To.File():
			p.remove(Pawn, us.Other(), epVictim(m.To))
		case m.To-m.From == 16 || m.From-m.To == 16:
			p.epSquare = (m.From + m.To) / 2
		}
	case King:
		if cs := castleSideOf(m.From, m.To); cs != NoCastle {
			g := castlings[us][cs]
			p.remove(Rook, us, g.rookFrom)
			p.put(Rook, us, g.rookTo)
		}
	}
	p.castling &= castlingKeep[m.From] & castlingKeep[m.To]
}

// epVictim returns the square of the pawn captured by an en passant capture
// onto to: the square behind to as seen by the capturer, which shares its
// file and is on the fifth rank for White or the fourth for Black.
func epVictim(to Square) Square {
	if to.Rank() == 5 {
		return to - 8
	}
	return to + 8
}

// castleSideOf reports which castling a king move from→to is, judging by
// the king jumping two files along its home rank.
func castleSideOf(from, to Square) CastleSide {
	if from != E1 && from != E8 {
		return NoCastle
	}
	switch to - from {
	case 2:
		return CastleShort
	case -2:
		return CastleLong
	}
	return NoCastle
}

// castling describes one castling move.
type castling struct {
	kingFrom, kingTo Square
	rookFrom, rookTo Square
	between          uint64 // squares between king and rook, which must be empty
	crossing         Square // the square the king passes over, which must not be attacked
}

// castlings is indexed by colour and CastleSide.
var castlings = [2][3]castling{
	White: {
		CastleShort: {E1, G1, H1, F1, bit(F1) | bit(G1), F1},
		CastleLong:  {E1, C1, A1, D1, bit(B1) | bit(C1) | bit(D1), D1},
	},
	Black: {
		CastleShort: {E8, G8, H8, F8, bit(F8) | bit(G8), F8},
		CastleLong:  {E8, C8, A8, D8, bit(B8) | bit(C8) | bit(D8), D8},
	},
}
