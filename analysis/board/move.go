package board

// MoveFlags describe what kind of move a Move is. Resolve and LegalMoves set
// them from the position, so callers need not look at the board again.
type MoveFlags uint8

const (
	// Capture marks a move that takes a piece, en passant included.
	Capture MoveFlags = 1 << iota
	// EnPassant marks a pawn capturing en passant; Capture is set too.
	EnPassant
	// KingsideCastling marks O-O. (The names differ from CastleShort
	// because that name belongs to CastleSide.)
	KingsideCastling
	// QueensideCastling marks O-O-O.
	QueensideCastling
	// DoublePush marks a pawn advancing two squares from its start.
	DoublePush
	// Null marks a null move ("--" or "Z0"), which only passes the turn.
	Null
	// Drop marks a crazyhouse drop of a piece from the pocket onto To:
	// From is NoSquare and Promotion holds the piece dropped (see
	// Dropped). A Move keeps to four one-byte fields, the most the
	// compiler keeps in registers: a fifth field for the dropped piece
	// would slow every move's resolution down (bench/NOTES.md).
	Drop
)

// Move is a move in a particular position. Castling is encoded as the
// king's move, e1g1 for White's O-O, as in UCI; in Chess960 as the king
// taking its own rook, e1h1 for O-O from the standard squares, as UCI
// writes it with UCI_Chess960 set.
type Move struct {
	From, To  Square
	Promotion PieceType // NoPieceType unless a pawn promotes; for a Drop, the piece dropped
	Flags     MoveFlags
}

// nullMove is the move that passes the turn.
var nullMove = Move{From: NoSquare, To: NoSquare, Flags: Null}

// IsNull reports whether m is a null move.
func (m Move) IsNull() bool { return m.Flags&Null != 0 }

// IsDrop reports whether m drops a piece from the pocket (crazyhouse).
func (m Move) IsDrop() bool { return m.Flags&Drop != 0 }

// Dropped returns the piece that m, a drop, puts on the board, or
// NoPieceType if m is not a drop.
func (m Move) Dropped() PieceType {
	if m.IsDrop() {
		return m.Promotion
	}
	return NoPieceType
}

// dropMove returns the drop of a piece of type pt on to.
func dropMove(pt PieceType, to Square) Move {
	return Move{From: NoSquare, To: to, Promotion: pt, Flags: Drop}
}

// IsCapture reports whether m takes a piece.
func (m Move) IsCapture() bool { return m.Flags&Capture != 0 }

// Castle reports which way m castles, if it does.
func (m Move) Castle() CastleSide {
	switch {
	case m.Flags&KingsideCastling != 0:
		return CastleShort
	case m.Flags&QueensideCastling != 0:
		return CastleLong
	}
	return NoCastle
}

// String returns the move in UCI notation, such as "e2e4", "e7e8q", "N@f3"
// for a drop or, for a null move, "0000".
func (m Move) String() string {
	if m.IsNull() {
		return "0000"
	}
	if m.IsDrop() && m.To.valid() {
		return string("?PNBRQK"[m.Promotion&7]) + "@" + m.To.String()
	}
	if !m.From.valid() || !m.To.valid() {
		return "invalid"
	}
	buf := make([]byte, 0, 5)
	buf = append(buf, m.From.String()...)
	buf = append(buf, m.To.String()...)
	if m.Promotion != NoPieceType {
		buf = append(buf, m.Promotion.Letter()+'a'-'A')
	}
	return string(buf)
}

// CastleSide says which way a king castles.
type CastleSide uint8

const (
	NoCastle    CastleSide = iota
	CastleShort            // O-O, towards the h-file
	CastleLong             // O-O-O, towards the a-file
)

// String returns "O-O", "O-O-O", or "" for NoCastle.
func (cs CastleSide) String() string {
	switch cs {
	case CastleShort:
		return "O-O"
	case CastleLong:
		return "O-O-O"
	}
	return ""
}

// CheckSuffix is the check indicator that ends a SAN move. Its value is the
// character itself, so byte(suffix) can be appended to a SAN string.
type CheckSuffix uint8

const (
	NoCheckSuffix CheckSuffix = 0
	PlusSuffix    CheckSuffix = '+' // the move gives check
	MateSuffix    CheckSuffix = '#' // the move gives checkmate
)

// String returns "+", "#" or "".
func (cs CheckSuffix) String() string {
	switch cs {
	case PlusSuffix:
		return "+"
	case MateSuffix:
		return "#"
	}
	return ""
}
