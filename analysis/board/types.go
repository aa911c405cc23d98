package board

// Color is the colour of a side or of a piece.
type Color uint8

const (
	White Color = iota
	Black
)

// Other returns the opposing colour.
func (c Color) Other() Color { return c ^ 1 }

// String returns "white" or "black".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// title returns "White" or "Black", for the start of a side's name in a
// sentence.
func (c Color) title() string {
	if c == White {
		return "White"
	}
	return "Black"
}

// PieceType is a kind of chess piece, regardless of colour.
type PieceType uint8

const (
	NoPieceType PieceType = iota
	Pawn
	Knight
	Bishop
	Rook
	Queen
	King
)

var pieceNames = [...]string{"no piece", "pawn", "knight", "bishop", "rook", "queen", "king"}

// String returns the lower-case English name of the piece type, such as
// "knight".
func (pt PieceType) String() string {
	if int(pt) >= len(pieceNames) {
		return "invalid piece"
	}
	return pieceNames[pt]
}

// pieceLetters maps a PieceType to its SAN letter; pawns have none.
const pieceLetters = "\x00\x00NBRQK"

// Letter returns the upper-case SAN letter of the piece type ('N', 'B', 'R',
// 'Q' or 'K'), or 0 for pawns, which SAN writes without a letter.
func (pt PieceType) Letter() byte {
	if int(pt) >= len(pieceLetters) {
		return 0
	}
	return pieceLetters[pt]
}

// pieceFromLetter returns the piece type of an upper-case letter, accepting
// 'P' for pawns, or NoPieceType if the letter names no piece.
func pieceFromLetter(c byte) PieceType { return pieceOfLetter[c] }

// pieceOfLetter is pieceFromLetter as a table, which ParseSAN indexes with
// any byte instead of running a switch.
var pieceOfLetter = [256]PieceType{'P': Pawn, 'N': Knight, 'B': Bishop, 'R': Rook, 'Q': Queen, 'K': King}

// Square is a square of the board, numbered from A1 = 0 along the ranks to
// H8 = 63.
type Square int8

// NoSquare stands for the absence of a square, such as an unset
// en passant target.
const NoSquare Square = -1

const (
	A1 Square = iota
	B1
	C1
	D1
	E1
	F1
	G1
	H1
	A2
	B2
	C2
	D2
	E2
	F2
	G2
	H2
	A3
	B3
	C3
	D3
	E3
	F3
	G3
	H3
	A4
	B4
	C4
	D4
	E4
	F4
	G4
	H4
	A5
	B5
	C5
	D5
	E5
	F5
	G5
	H5
	A6
	B6
	C6
	D6
	E6
	F6
	G6
	H6
	A7
	B7
	C7
	D7
	E7
	F7
	G7
	H7
	A8
	B8
	C8
	D8
	E8
	F8
	G8
	H8
)

// NewSquare returns the square on the 0-based file and rank, or NoSquare if
// either is off the board.
func NewSquare(file, rank int) Square {
	if file < 0 || file > 7 || rank < 0 || rank > 7 {
		return NoSquare
	}
	return Square(rank*8 + file)
}

// File returns the 0-based file of the square: 0 for the a-file.
func (sq Square) File() int { return int(sq) & 7 }

// Rank returns the 0-based rank of the square: 0 for the first rank.
func (sq Square) Rank() int { return int(sq) >> 3 }

// valid reports whether sq is on the board.
func (sq Square) valid() bool { return uint8(sq) < 64 }

// squareNames holds every square's name back to back, so that String can
// return a substring instead of allocating.
const squareNames = "a1b1c1d1e1f1g1h1a2b2c2d2e2f2g2h2a3b3c3d3e3f3g3h3a4b4c4d4e4f4g4h4" +
	"a5b5c5d5e5f5g5h5a6b6c6d6e6f6g6h6a7b7c7d7e7f7g7h7a8b8c8d8e8f8g8h8"

// String returns the square's algebraic name, such as "e4", or "-" for
// NoSquare (the FEN spelling of an absent square).
func (sq Square) String() string {
	if !sq.valid() {
		return "-"
	}
	return squareNames[2*int(sq) : 2*int(sq)+2]
}

// ParseSquare parses an algebraic square name such as "e4".
func ParseSquare(s string) (Square, bool) {
	if len(s) != 2 || !isFile(s[0]) || !isRank(s[1]) {
		return NoSquare, false
	}
	return NewSquare(int(s[0]-'a'), int(s[1]-'1')), true
}

func isFile(c byte) bool { return 'a' <= c && c <= 'h' }
func isRank(c byte) bool { return '1' <= c && c <= '8' }

// fileLetter and rankDigit spell a 0-based file or rank.
func fileLetter(file int) byte { return 'a' + byte(file) }
func rankDigit(rank int) byte  { return '1' + byte(rank) }
