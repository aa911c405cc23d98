package board

import "math/bits"

// A bitboard is a uint64 with bit n set for square n. The package uses plain
// uint64 values rather than a named type so that the bit operations read as
// what they are.

const (
	fileA uint64 = 0x0101010101010101
	rank1 uint64 = 0xff
)

// bit returns the bitboard holding only sq.
func bit(sq Square) uint64 { return 1 << uint(sq) }

// fileMask returns the squares of a 0-based file.
func fileMask(file int) uint64 { return fileA << uint(file) }

// rankMask returns the squares of a 0-based rank.
func rankMask(rank int) uint64 { return rank1 << (8 * uint(rank)) }

// firstSquare returns the lowest square in a non-empty bitboard.
func firstSquare(b uint64) Square { return Square(bits.TrailingZeros64(b)) }

// lastSquare returns the highest square in a non-empty bitboard.
func lastSquare(b uint64) Square { return Square(63 - bits.LeadingZeros64(b)) }

// popCount returns the number of squares in a bitboard.
func popCount(b uint64) int { return bits.OnesCount64(b) }

// step is a displacement in files and ranks.
type step struct{ file, rank int }

var (
	knightSteps = []step{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
	kingSteps   = []step{{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}}
)

// Attack tables for the pieces that do not slide. pawnAttacks[c][sq] holds
// the squares a pawn of colour c on sq attacks; read the other way round,
// pawnAttacks[c.Other()][sq] holds where c's pawns attack sq from.
var (
	knightAttacks = leaperTable(knightSteps)
	kingAttacks   = leaperTable(kingSteps)
	pawnAttacks   = [2][64]uint64{
		leaperTable([]step{{-1, 1}, {1, 1}}),
		leaperTable([]step{{-1, -1}, {1, -1}}),
	}
)

// leaperTable returns, for each square, the squares one of the steps reaches
// without leaving the board.
func leaperTable(steps []step) (table [64]uint64) {
	for sq := A1; sq <= H8; sq++ {
		for _, st := range steps {
			if to := NewSquare(sq.File()+st.file, sq.Rank()+st.rank); to != NoSquare {
				table[sq] |= bit(to)
			}
		}
	}
	return table
}

// Line masks for the sliding attacks: every square on the file, diagonal or
// anti-diagonal through a square, excluding the square itself.
var (
	fileLines         = lineTable(step{0, 1})
	diagonalLines     = lineTable(step{1, 1})
	antiDiagonalLines = lineTable(step{-1, 1})
)

// bishopLines and rookLines hold, for each square, the squares a bishop or
// a rook on it would attack on an empty board.
var (
	bishopLines = func() (table [64]uint64) {
		for sq := range table {
			table[sq] = diagonalLines[sq] | antiDiagonalLines[sq]
		}
		return table
	}()
	rookLines = func() (table [64]uint64) {
		for sq := range table {
			table[sq] = fileLines[sq] | rankMask(sq>>3)&^bit(Square(sq))
		}
		return table
	}()
)

// lineTable returns, for each square, the squares reached by walking from it
// in the direction d and in the opposite direction.
func lineTable(d step) (table [64]uint64) {
	for sq := A1; sq <= H8; sq++ {
		table[sq] = ray(sq, d, 0) | ray(sq, step{-d.file, -d.rank}, 0)
	}
	return table
}

// ray returns the squares reached from sq by repeating d, up to and
// including the first square occupied in occ.
func ray(sq Square, d step, occ uint64) uint64 {
	var b uint64
	for to := NewSquare(sq.File()+d.file, sq.Rank()+d.rank); to != NoSquare; to = NewSquare(to.File()+d.file, to.Rank()+d.rank) {
		b |= bit(to)
		if occ&bit(to) != 0 {
			break
		}
	}
	return b
}

// between[a][b] holds the squares strictly between a and b when they share a
// rank, file or diagonal, and nothing otherwise. A check by a slider can be
// blocked on these squares, and a lone piece of the king's side on them is
// pinned.
var between = func() (table [64][64]uint64) {
	for from := A1; from <= H8; from++ {
		for _, d := range kingSteps { // the eight directions
			for r := ray(from, d, 0); r != 0; r &= r - 1 {
				to := firstSquare(r)
				table[from][to] = ray(from, d, bit(to)) &^ bit(to)
			}
		}
	}
	return table
}()

// rankAttackTable[file][inner] is the set of files, as a byte, that a rook
// on file attacks along its rank when the six inner files (b to g) have the
// occupancy inner. The edge files never matter: a rook attacks them whether
// or not they are occupied.
var rankAttackTable = func() (table [8][64]uint8) {
	for file := 0; file < 8; file++ {
		for inner := 0; inner < 64; inner++ {
			occ := uint64(inner) << 1
			table[file][inner] = uint8(ray(Square(file), step{1, 0}, occ) | ray(Square(file), step{-1, 0}, occ))
		}
	}
	return table
}()

// lineAttacks returns the squares a slider on sq attacks along line, a mask
// with at most one square per rank. It uses hyperbola quintessence:
// subtracting twice the slider's bit from the blockers flips every bit up to
// and including the first blocker above the slider, and doing the same on
// the byte-swapped (rank-mirrored) board finds the first blocker below it.
func lineAttacks(sq Square, occ, line uint64) uint64 {
	o := occ & line
	s := bit(sq)
	up := o - 2*s
	down := bits.ReverseBytes64(bits.ReverseBytes64(o) - 2*bits.ReverseBytes64(s))
	return (up ^ down) & line
}

// rankAttacks returns the squares a rook on sq attacks along its rank. A byte
// swap cannot mirror a rank, so ranks use a lookup table instead.
func rankAttacks(sq Square, occ uint64) uint64 {
	shift := 8 * uint(sq.Rank())
	inner := (occ >> (shift + 1)) & 63
	return uint64(rankAttackTable[sq.File()][inner]) << shift
}

func bishopAttacks(sq Square, occ uint64) uint64 {
	return lineAttacks(sq, occ, diagonalLines[sq]) | lineAttacks(sq, occ, antiDiagonalLines[sq])
}

func rookAttacks(sq Square, occ uint64) uint64 {
	return lineAttacks(sq, occ, fileLines[sq]) | rankAttacks(sq, occ)
}

// pieceAttacks returns the squares a piece of type pt other than a pawn
// attacks from sq. Because these moves are symmetric, it also returns the
// squares from which such a piece would attack sq.
func pieceAttacks(pt PieceType, sq Square, occ uint64) uint64 {
	switch pt {
	case Knight:
		return knightAttacks[sq]
	case Bishop:
		return bishopAttacks(sq, occ)
	case Rook:
		return rookAttacks(sq, occ)
	case Queen:
		return bishopAttacks(sq, occ) | rookAttacks(sq, occ)
	case King:
		return kingAttacks[sq]
	}
	return 0
}
