package board

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf8"
)

// FENError reports why a FEN string was rejected.
type FENError struct {
	// Field is the 0-based index of the offending space-separated field:
	// 0 piece placement, 1 side to move, 2 castling, 3 en passant,
	// 4 halfmove clock, 5 fullmove number; or -1 for the string as a whole.
	// A caller may use it to point at the field, or to treat some problems,
	// such as the fullmove number 0 that many puzzle files write, as
	// warnings.
	//
	// In a variant, 6 is Three-check's check counters and 0 includes
	// Crazyhouse's pockets.
	Field  int
	Reason string // why, in words

	// Chess960 is set, for a castling error (Field 2) in standard chess,
	// when the same FEN is a valid Chess960 position: castling rights for
	// a king or rooks off the standard squares, or written with the rooks'
	// files (Shredder-FEN "HFhf") or X-FEN's outermost rooks. A checker
	// can then suggest the Variant tag "Chess960" and replay the game
	// with ParseFENVariant(fen, Chess960), where O-O is legal.
	Chess960 bool
}

func (e *FENError) Error() string { return "invalid FEN: " + e.Reason }

func fenError(field int, format string, args ...any) error {
	return &FENError{Field: field, Reason: fmt.Sprintf(format, args...)}
}

// FEN field indexes.
const (
	fenPlacement = iota
	fenSide
	fenCastling
	fenEnPassant
	fenHalfmove
	fenFullmove
	fenChecks // Three-check's counters, wherever they are written
)

// ParseFEN parses a position in Forsyth-Edwards Notation and checks that it
// could arise in a game, up to what one position can tell: exactly one king
// per side, no pawn on the first or last rank, castling rights only where
// king and rook stand on their home squares, an en passant square only
// behind a pawn that may just have advanced two squares, and the side that
// has just moved not left in check.
//
// The halfmove clock and fullmove number may be omitted together, and then
// default to 0 and 1. An en passant square is accepted even when no pawn can
// capture there.
//
// The move counters are checked last, and a bad one, such as the fullmove
// number 0 that many puzzle files write, comes back as a *FENError for
// field 4 or 5 together with a complete position in which that counter has
// its default. A caller that sees such an error may warn and carry on.
// After any other error the position is unusable.
//
// The castling rights may also be written as the rooks' files,
// Shredder-FEN's "HAha", which FEN then writes back so. Rights that only
// Chess960 can have are an error whose FENError.Chess960 is set; see
// ParseFENVariant for Chess960 and the other variants.
func ParseFEN(fen string) (Position, error) {
	var p Position
	var buf [6]string
	fields := splitFields(fen, &buf)
	if err := checkFieldCount(fields); err != nil {
		return p, err
	}
	if err := p.parsePlacement(fields[fenPlacement], false); err != nil {
		return p, err
	}
	if err := p.checkPieces(); err != nil {
		return p, err
	}
	if err := p.parseSide(fields[fenSide]); err != nil {
		return p, err
	}
	if err := p.parseCastling(fields[fenCastling]); err != nil {
		return p, chess960Hint(fen, err)
	}
	if err := p.parseEnPassant(fields[fenEnPassant]); err != nil {
		return p, err
	}
	if p.attackers(p.kingSquare(p.side.Other()), p.occupied(), p.byColor[p.side]) != 0 {
		return p, fenError(fenSide, "%s is in check but it is %s's move", p.side.Other().title(), p.side.title())
	}
	p.halfmove, p.fullmove = 0, 1
	if len(fields) == 4 {
		return p, nil
	}
	return p, p.parseCounters(fields[fenHalfmove], fields[fenFullmove])
}

// splitFields returns the space-separated fields of fen, as strings.Fields
// does, in buf when they are at most len(buf) and all ASCII. ParseFEN runs
// for every game with a FEN tag; strings.Fields here and strings.Split on
// the placement were its two allocations, so it does without them and
// reads the placement in one pass (bench/NOTES.md).
func splitFields(fen string, buf *[6]string) []string {
	n := 0
	for i := 0; i < len(fen); {
		switch c := fen[i]; {
		case asciiSpace(c):
			i++
		case c >= utf8.RuneSelf || n == len(buf):
			// Non-ASCII text, which may hold Unicode spaces, or more
			// fields than a FEN has: rare and wrong, so the general
			// function can spend its allocation.
			return strings.Fields(fen)
		default:
			start := i
			i = fieldEnd(fen, i)
			buf[n] = fen[start:i]
			n++
		}
	}
	return buf[:n]
}

// fieldEnd returns the offset of the first byte from i that is an ASCII
// space or not ASCII, or len(s). It looks for a byte at most ' ' or at
// least 0x80 eight bytes at a time, and steps over the control bytes that
// are not spaces one by one: a byte loop over the placement was a third of
// ParseFEN's instructions (bench/NOTES.md).
func fieldEnd(s string, i int) int {
	for i+8 <= len(s) {
		w := word8(s, i)
		// A byte's top bit is set in printable when it lies in '!'..0x7F:
		// its low seven bits plus 0x5F reach 0x80 from '!' on, without
		// carrying into the next byte.
		printable := ((w & (0x7F * lowBytes)) + 0x5F*lowBytes) &^ w & (0x80 * lowBytes)
		if stop := printable ^ 0x80*lowBytes; stop != 0 {
			i += bits.TrailingZeros64(stop) / 8
			if c := s[i]; c >= utf8.RuneSelf || asciiSpace(c) {
				return i
			}
			i++ // a control byte that is not a space belongs to the field
			continue
		}
		i += 8
	}
	for i < len(s) && s[i] < utf8.RuneSelf && !asciiSpace(s[i]) {
		i++
	}
	return i
}

// lowBytes has the low bit of each byte of a word set.
const lowBytes = 0x0101010101010101

// word8 returns the eight bytes of s from i as a little-endian word; the
// compiler makes it one load.
func word8(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// asciiSpace reports whether c is one of the ASCII bytes that
// strings.Fields treats as space.
func asciiSpace(c byte) bool {
	// '\t', '\n', '\v', '\f' and '\r' are 9 to 13: two comparisons for
	// the common bytes, where six were 0.7% of a check of the corpus.
	return c <= ' ' && (c == ' ' || '\t' <= c && c <= '\r')
}

// parsePlacement reads the first FEN field, the ranks from the eighth down
// to the first, separated by slashes. It reads the field in one pass, with
// a table for the piece letters, because the placement was most of
// ParseFEN's time.
//
// In crazyhouse (marks set), a '~' after a piece marks it as promoted.
func (p *Position) parsePlacement(field string, marks bool) error {
	if n := strings.Count(field, "/") + 1; n != 8 {
		return fenError(fenPlacement, "piece placement has %d ranks, want 8", n)
	}
	// The pieces go into a board per piece code first (an index below
	// 16 needs no bounds check), and into the position's bitboards once
	// at the end, where a put per piece did two bounds-checked updates
	// (bench/NOTES.md).
	var boards [16]uint64
	rank, file, rowStart := 7, 0, 0
	for i := 0; i <= len(field); i++ {
		if i == len(field) || field[i] == '/' {
			if file != 8 {
				return fenError(fenPlacement, "rank %d (%q) has %d squares, want 8", rank+1, field[rowStart:i], file)
			}
			rank, file, rowStart = rank-1, 0, i+1
			continue
		}
		c := field[i]
		if '1' <= c && c <= '8' {
			file += int(c - '0')
			continue
		}
		code := fenPieceCodes[c]
		if code == 0 {
			if c == '~' && marks && i > 0 && fenPieces[field[i-1]].pt != NoPieceType && file <= 8 {
				p.markPromoted(Square(8*rank+file-1), fenPieces[field[i-1]].pt)
				continue
			}
			return fenError(fenPlacement, "rank %d contains %q, which is neither a piece letter nor a digit 1-8", rank+1, c)
		}
		if file < 8 {
			boards[code&15] |= 1 << (uint(8*rank+file) & 63)
		}
		file++
	}
	for pt := Pawn; pt <= King; pt++ {
		w, b := boards[pt], boards[8|pt]
		p.byType[pt] |= w | b
		p.byColor[White] |= w
		p.byColor[Black] |= b
	}
	return nil
}

// fenPieceCodes maps each FEN piece letter to its piece type, plus 8 for
// Black, and every other byte to 0.
var fenPieceCodes = func() (table [256]uint8) {
	for c, fp := range fenPieces {
		if fp.pt != NoPieceType {
			table[c] = uint8(fp.pt) | uint8(fp.color)<<3
		}
	}
	return table
}()

// fenPieces maps each FEN piece letter to its piece, and every other byte
// to NoPieceType.
var fenPieces = func() (table [256]struct {
	pt    PieceType
	color Color
}) {
	for _, c := range []byte("PNBRQKpnbrqk") {
		table[c].pt, table[c].color = pieceFromLetter(upper(c)), colorOfLetter(c)
	}
	return table
}()

func upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// colorOfLetter returns the colour of a FEN piece letter: upper case is
// White.
func colorOfLetter(c byte) Color {
	if 'a' <= c && c <= 'z' {
		return Black
	}
	return White
}

// checkPieces rejects placements no game can reach whatever the other
// fields say.
func (p *Position) checkPieces() error {
	for c := White; c <= Black; c++ {
		if n := popCount(p.pieces(King, c)); n != 1 {
			return fenError(fenPlacement, "%s has %d kings, want exactly 1", c.title(), n)
		}
	}
	if pawns := p.byType[Pawn] & (rankMask(0) | rankMask(7)); pawns != 0 {
		return fenError(fenPlacement, "pawn on %v: pawns cannot stand on the first or last rank", firstSquare(pawns))
	}
	return nil
}

// parseCastling reads the castling field: "-" or some of "KQkq".
func (p *Position) parseCastling(field string) error {
	if field == "-" {
		return nil
	}
	for i := 0; i < len(field); i++ {
		c := field[i]
		var right castlingRights
		switch c {
		case 'K':
			right = whiteShort
		case 'Q':
			right = whiteLong
		case 'k':
			right = blackShort
		case 'q':
			right = blackLong
		default:
			return p.parseShredderCastling(field)
		}
		if p.castling&right != 0 {
			return fenError(fenCastling, "castling field %q repeats %q", field, c)
		}
		color, side := colorOfLetter(c), CastleShort
		if upper(c) == 'Q' {
			side = CastleLong
		}
		if err := p.addStandardRight(c, color, side); err != nil {
			return err
		}
	}
	return nil
}

// addStandardRight adds the castling right of color on side, written as the
// letter c, checking that king and rook stand on their standard squares.
func (p *Position) addStandardRight(c byte, color Color, side CastleSide) error {
	g := castlings[color][side]
	if p.pieces(King, color)&bit(g.kingFrom) == 0 || p.pieces(Rook, color)&bit(g.rookFrom) == 0 {
		return fenError(fenCastling, "castling right %q needs the %s king on %v and a %s rook on %v",
			c, color, g.kingFrom, color, g.rookFrom)
	}
	p.castling |= castlingRight(color, side)
	return nil
}

// parseShredderCastling reads, in standard chess, a castling field written
// with the rooks' files, as Shredder-FEN does: "HAha" for the standard
// squares, which FEN then writes back the same way. Any other file is a
// Chess960 right, which standard chess rejects.
func (p *Position) parseShredderCastling(field string) error {
	p.castling = 0
	for i := 0; i < len(field); i++ {
		c := field[i]
		var side CastleSide
		switch upper(c) {
		case 'H':
			side = CastleShort
		case 'A':
			side = CastleLong
		case 'K', 'Q':
			// K or Q among files: report the first letter of neither.
			bad := field[strings.IndexFunc(field, func(r rune) bool { return !strings.ContainsRune("KQkq", r) })]
			return fenError(fenCastling, "castling field %q contains %q; want \"-\" or letters from \"KQkq\", or only the rooks' files (\"HAha\")", field, bad)
		default:
			if isFile(c | 0x20) {
				return fenError(fenCastling, "castling right %q is for a rook on the %c-file, which only Chess960 has", c, c|0x20)
			}
			return fenError(fenCastling, "castling field %q contains %q; want \"-\" or letters from \"KQkq\"", field, c)
		}
		color := colorOfLetter(c)
		if p.castling&castlingRight(color, side) != 0 {
			return fenError(fenCastling, "castling field %q repeats %q", field, c)
		}
		if err := p.addStandardRight(c, color, side); err != nil {
			return err
		}
	}
	p.style |= styleShredder
	return nil
}

// chess960Hint marks err, a castling error of standard chess, as one that
// Chess960 would not make (see FENError.Chess960).
func chess960Hint(fen string, err error) error {
	fe, ok := err.(*FENError)
	if !ok || fe.Field != fenCastling {
		return err
	}
	_, err960 := ParseFENVariant(fen, Chess960)
	if e, ok := err960.(*FENError); err960 == nil || ok && (e.Field == fenHalfmove || e.Field == fenFullmove) {
		fe.Chess960 = true
	}
	return fe
}

// parseEnPassant reads the en passant field: "-" or the square behind a
// pawn of the side not to move that has just advanced two squares.
func (p *Position) parseEnPassant(field string) error {
	p.epSquare = NoSquare
	if field == "-" {
		return nil
	}
	sq, ok := ParseSquare(field)
	if !ok {
		return fenError(fenEnPassant, "en passant field %q is neither \"-\" nor a square", field)
	}
	them := p.side.Other()
	wantRank := 5 // the sixth rank, behind a black pawn
	if p.side == Black {
		wantRank = 2
	}
	if sq.Rank() != wantRank {
		return fenError(fenEnPassant, "en passant square %v is impossible with %s to move: it must be on rank %d",
			sq, p.side.title(), wantRank+1)
	}
	pawn := epVictim(sq)
	start := 2*sq - pawn // the square the pawn left, two squares behind it
	if p.pieces(Pawn, them)&bit(pawn) == 0 || p.occupied()&(bit(sq)|bit(start)) != 0 {
		return fenError(fenEnPassant, "en passant square %v needs a %s pawn on %v that has just advanced from %v",
			sq, them, pawn, start)
	}
	p.epSquare = sq
	return nil
}

// ZeroFullmove is the reason of the FENError for a fullmove number of 0,
// which lichess writes in most of its puzzle FENs: a constant, so that
// callers can give the common case a message made once.
const ZeroFullmove = `fullmove number "0" is not a positive number`

// parseCounters reads the halfmove clock and the fullmove number, leaving
// a counter that is not valid at its default.
func (p *Position) parseCounters(halfmove, fullmove string) error {
	// The messages are built without fmt: lichess writes fullmove 0 in
	// most of its puzzle FENs, so this error is common, and formatting it
	// cost as much as parsing the rest of the FEN.
	var err error
	switch f, ok := parseCount(fullmove); {
	case ok && f >= 1:
		p.fullmove = f
	case fullmove == "0":
		err = &FENError{Field: fenFullmove, Reason: ZeroFullmove}
	default:
		err = &FENError{Field: fenFullmove, Reason: "fullmove number " + strconv.Quote(fullmove) + " is not a positive number"}
	}
	if h, ok := parseCount(halfmove); ok {
		p.halfmove = h
	} else {
		err = &FENError{Field: fenHalfmove, Reason: "halfmove clock " + strconv.Quote(halfmove) + " is not a non-negative number"}
	}
	return err
}

// parseCount parses a decimal number of plain digits that fits in an int32;
// unlike strconv it rejects signs. Written out, as strconv.ParseInt's
// generality cost half as much as the rest of the counters' parse.
func parseCount(s string) (int32, bool) {
	if s == "" {
		return 0, false
	}
	var n int64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false
		}
		if n = n*10 + int64(c-'0'); n > 1<<31-1 {
			return 0, false
		}
	}
	return int32(n), true
}

// FEN returns the position in Forsyth-Edwards Notation. Following the PGN
// standard, the en passant square is written after every double push, even
// when no pawn can capture there.
func (p *Position) FEN() string {
	var buf [90]byte
	return string(p.AppendFEN(buf[:0]))
}

// AppendFEN appends the position's FEN to dst.
func (p *Position) AppendFEN(dst []byte) []byte {
	if p.variant != Standard {
		return p.appendVariantFEN(dst)
	}
	dst = p.appendPlacement(dst, 0)
	dst = append(dst, ' ', "wb"[p.side], ' ')
	if p.castling == 0 {
		dst = append(dst, '-')
	}
	letters := "KQkq"
	if p.style&styleShredder != 0 {
		letters = "HAha"
	}
	for i := range 4 {
		if p.castling&(1<<i) != 0 {
			dst = append(dst, letters[i])
		}
	}
	dst = append(dst, ' ')
	dst = append(dst, p.epSquare.String()...)
	dst = append(dst, ' ')
	dst = strconv.AppendInt(dst, int64(p.halfmove), 10)
	dst = append(dst, ' ')
	return strconv.AppendInt(dst, int64(p.fullmove), 10)
}

// appendPlacement appends the first field of the FEN, with a '~' after
// each piece in marked (crazyhouse's promoted pieces).
func (p *Position) appendPlacement(dst []byte, marked uint64) []byte {
	for rank := 7; rank >= 0; rank-- {
		empty := byte(0)
		for file := 0; file < 8; file++ {
			sq := NewSquare(file, rank)
			pt, c, ok := p.PieceAt(sq)
			if !ok {
				empty++
				continue
			}
			if empty > 0 {
				dst = append(dst, '0'+empty)
				empty = 0
			}
			dst = append(dst, fenLetter(pt, c))
			if marked&bit(sq) != 0 {
				dst = append(dst, '~')
			}
		}
		if empty > 0 {
			dst = append(dst, '0'+empty)
		}
		if rank > 0 {
			dst = append(dst, '/')
		}
	}
	return dst
}

// fenLetter returns the FEN letter of a piece: upper case for White.
func fenLetter(pt PieceType, c Color) byte {
	letter := "PNBRQK"[pt-Pawn]
	if c == Black {
		letter += 'a' - 'A'
	}
	return letter
}

// checkFieldCount checks that a FEN has its six fields, or the first four
// (EPD's).
func checkFieldCount(fields []string) error {
	if len(fields) != 6 && len(fields) != 4 {
		return fenError(-1, "found %d fields, want 6 (placement, side to move, castling, en passant, halfmove clock, fullmove number) or the first 4", len(fields))
	}
	return nil
}

// parseSide reads the side-to-move field.
func (p *Position) parseSide(field string) error {
	switch field {
	case "w":
		p.side = White
	case "b":
		p.side = Black
	default:
		return fenError(fenSide, "side to move is %q, want \"w\" or \"b\"", field)
	}
	return nil
}
