package board

import (
	"strconv"
	"strings"
)

// This file reads and writes the FEN of the variants: Chess960's castling
// rights in their three styles, Crazyhouse's pockets and promoted pieces,
// and Three-check's counters.

// ParseFENVariant parses a FEN as a position of variant v, checking it as
// ParseFEN does for standard chess, by v's rules. ParseFENVariant(fen,
// Standard) is ParseFEN(fen).
//
// The variants extend the FEN:
//
//   - Castling rights may be written as "KQkq", as the rooks' files
//     (Shredder-FEN: "HAha", "HFhf") or as X-FEN, where K and Q mean the
//     outermost rook on that side of the king and a file letter any other.
//     Outside Chess960 king and rooks must stand on the standard squares.
//     FEN writes the rights back as the rooks' files if they were so
//     written, and otherwise as X-FEN (which is "KQkq" whenever the rooks
//     are the outermost ones).
//   - Crazyhouse's pockets follow the placement in brackets
//     ("...RNBQKBNR[Nq]") or as a ninth rank ("...RNBQKBNR/Nq"); a '~'
//     after a piece marks it as promoted. FEN writes the pockets back the
//     way they came, in brackets by default.
//   - Three-check's counters are either the checks each side still needs,
//     in a field before the move counters ("3+3", the older style), or
//     the checks each side has given, after them ("+0+0", lichess's). FEN
//     writes them back in the style they came in, lichess's by default.
//     Without them no check has been given.
//
// Antichess and Racing Kings have no castling rights. A FEN for a variant
// must satisfy its rules: Horde has White's pawns on the first rank and
// no white king, Antichess any number of kings, Racing Kings no pawns and
// no king in check, and in Atomic the side to move may have lost its king
// (the game is then over; see Outcome).
func ParseFENVariant(fen string, v Variant) (Position, error) {
	switch {
	case v == Standard:
		return ParseFEN(fen)
	case v >= numVariants:
		return Position{}, fenError(-1, "unknown variant %d", v)
	}
	p := Position{variant: v}
	fields := strings.Fields(fen)
	if v == ThreeCheck {
		var err error
		if fields, err = p.takeCheckCounters(fields); err != nil {
			return p, err
		}
	}
	if err := checkFieldCount(fields); err != nil {
		return p, err
	}
	if err := p.parseVariantPlacement(fields[fenPlacement]); err != nil {
		return p, err
	}
	if err := p.checkVariantPieces(); err != nil {
		return p, err
	}
	if err := p.parseSide(fields[fenSide]); err != nil {
		return p, err
	}
	if err := p.parseVariantCastling(fields[fenCastling]); err != nil {
		return p, err
	}
	if err := p.parseEnPassant(fields[fenEnPassant]); err != nil {
		return p, err
	}
	if err := p.checkVariantChecks(); err != nil {
		return p, err
	}
	p.halfmove, p.fullmove = 0, 1
	if len(fields) == 4 {
		return p, nil
	}
	return p, p.parseCounters(fields[fenHalfmove], fields[fenFullmove])
}

// takeCheckCounters removes Three-check's counters from the fields of a
// FEN and reads them into p. They are either before the move counters or
// after them, and in either place may be the checks still needed ("3+3")
// or the checks given ("+0+0"), as chessops reads them; FEN writes back
// the two usual forms, the checks still needed before the move counters
// and lichess's checks given after them.
func (p *Position) takeCheckCounters(fields []string) ([]string, error) {
	switch {
	case len(fields) >= 5 && strings.Contains(fields[4], "+"):
		err := p.parseCheckCounters(fields[4])
		if !strings.HasPrefix(fields[4], "+") {
			p.style |= styleRemainingChecks
		}
		return append(fields[:4:4], fields[5:]...), err
	case len(fields) == 7:
		return fields[:6], p.parseCheckCounters(fields[6])
	}
	return fields, nil
}

// parseCheckCounters reads "W+B", the checks each side still needs, or
// "+W+B", the checks each has given.
func (p *Position) parseCheckCounters(field string) error {
	s, given := strings.CutPrefix(field, "+")
	digit := func(c byte) bool { return '0' <= c && c <= '3' }
	if len(s) != 3 || s[1] != '+' || !digit(s[0]) || !digit(s[2]) {
		return fenError(fenChecks, "check counters %q: want \"+W+B\", the checks each side has given, or \"W+B\", the checks each still needs (0 to 3)", field)
	}
	w, b := s[0]-'0', s[2]-'0'
	if !given {
		w, b = 3-w, 3-b
	}
	p.checks = w | b<<4
	return nil
}

// parseVariantPlacement reads the placement, with Crazyhouse's pockets and
// promoted marks.
func (p *Position) parseVariantPlacement(field string) error {
	board, pocket, hasPocket := field, "", false
	if strings.HasSuffix(field, "]") {
		i := strings.IndexByte(field, '[')
		if i < 0 {
			return fenError(fenPlacement, "the pocket's ']' has no '[' before it")
		}
		board, pocket, hasPocket = field[:i], field[i+1:len(field)-1], true
	} else if strings.Count(field, "/") == 8 {
		i := strings.LastIndexByte(field, '/')
		board, pocket, hasPocket = field[:i], field[i+1:], true
		p.style |= stylePocketRank
	}
	if hasPocket && p.variant != Crazyhouse {
		return fenError(fenPlacement, "the placement has a pocket (%q), which only Crazyhouse has", pocket)
	}
	if err := p.parsePlacement(board, p.variant == Crazyhouse); err != nil {
		return err
	}
	return p.parsePocket(pocket)
}

// markPromoted marks the piece of type pt on sq as promoted (FEN's '~').
func (p *Position) markPromoted(sq Square, pt PieceType) {
	if sq.valid() {
		p.byType[NoPieceType] |= bit(sq)
	}
}

// parsePocket reads the letters of Crazyhouse's pockets, White's in upper
// case.
func (p *Position) parsePocket(pocket string) error {
	total := popCount(p.occupied())
	for i := 0; i < len(pocket); i++ {
		c := pocket[i]
		fp := fenPieces[c]
		switch {
		case fp.pt == NoPieceType:
			return fenError(fenPlacement, "the pocket %q contains %q, which is not a piece letter", pocket, c)
		case fp.pt == King:
			return fenError(fenPlacement, "the pocket %q holds a king, which cannot be captured in Crazyhouse", pocket)
		case p.Pocket(fp.color, fp.pt) == pocketMask:
			return fenError(fenPlacement, "the pocket %q holds too many pieces of a kind", pocket)
		}
		p.addPocket(fp.color, fp.pt, 1)
		if total++; total > 64 {
			return fenError(fenPlacement, "the board and the pockets hold %d pieces, more than the 64 squares", total)
		}
	}
	return nil
}

// checkVariantPieces rejects placements the variant cannot reach.
func (p *Position) checkVariantPieces() error {
	switch p.variant {
	case Antichess:
		if p.occupied() == 0 {
			return fenError(fenPlacement, "the board is empty")
		}
		return p.checkPawnRanks(rankMask(0) | rankMask(7))
	case Atomic:
		// The side to move may have lost its king: the game is over.
		for c := White; c <= Black; c++ {
			if n := popCount(p.pieces(King, c)); n > 1 {
				return fenError(fenPlacement, "%s has %d kings, want at most 1", c.title(), n)
			}
		}
		return p.checkPawnRanks(rankMask(0) | rankMask(7))
	case Horde:
		if n := popCount(p.byType[King]); n != 1 {
			return fenError(fenPlacement, "the board has %d kings; Horde has one, on the side against the horde", n)
		}
		for c := White; c <= Black; c++ {
			ranks := rankMask(0) | rankMask(7)
			if p.pieces(King, c) == 0 {
				ranks = rankMask(7 - 7*int(c)) // the horde's pawns may stand on their first rank
			}
			if pawns := p.pieces(Pawn, c) & ranks; pawns != 0 {
				return fenError(fenPlacement, "pawn on %v: %s's pawns cannot stand there", firstSquare(pawns), c)
			}
		}
		return nil
	case RacingKings:
		if pawns := p.byType[Pawn]; pawns != 0 {
			return fenError(fenPlacement, "pawn on %v: Racing Kings has no pawns", firstSquare(pawns))
		}
	case Crazyhouse:
		if bad := p.promoted() & (p.byType[Pawn] | p.byType[King]); bad != 0 {
			return fenError(fenPlacement, "'~' marks a promoted piece, and the %s on %v cannot be one", p.typeAt(firstSquare(bad)), firstSquare(bad))
		}
	}
	return p.checkPieces()
}

// checkPawnRanks rejects pawns on the squares of ranks.
func (p *Position) checkPawnRanks(ranks uint64) error {
	if pawns := p.byType[Pawn] & ranks; pawns != 0 {
		return fenError(fenPlacement, "pawn on %v: pawns cannot stand on the first or last rank", firstSquare(pawns))
	}
	return nil
}

// checkVariantChecks rejects a position where the side that has just moved
// is in check, by the variant's rules, and in Racing Kings any check.
func (p *Position) checkVariantChecks() error {
	them := p.side.Other()
	if p.variant == Atomic && p.pieces(King, them) == 0 {
		return fenError(fenPlacement, "%s has 0 kings, want 1: only the side to move may have lost its king", them.title())
	}
	if p.variant == RacingKings && p.variantInCheck() {
		return fenError(fenSide, "%s is in check, which Racing Kings never allows", p.side.title())
	}
	if kings := p.pieces(King, them); kings != 0 && p.variantAttacked(firstSquare(kings), p.side, p.occupied()) {
		return fenError(fenSide, "%s is in check but it is %s's move", them.title(), p.side.title())
	}
	return nil
}

// parseVariantCastling reads the castling field of a variant: "-", or
// rights written as "KQkq", as the rooks' files or as X-FEN.
func (p *Position) parseVariantCastling(field string) error {
	if field == "-" {
		return nil
	}
	if !p.variant.hasCastling() {
		return fenError(fenCastling, "castling field %q: %s has no castling", field, p.variant)
	}
	files := true
	for i := 0; i < len(field); i++ {
		c := field[i]
		color := colorOfLetter(c)
		rank := 7 * int(color)
		kings := p.pieces(King, color) & rankMask(rank)
		if kings == 0 && (isFile(c|0x20) || c|0x20 == 'k' || c|0x20 == 'q') {
			return fenError(fenCastling, "castling right %q needs the %s king on its first rank", c, color)
		}
		var rook Square
		switch c | 0x20 {
		case 'k', 'q':
			files = false
			king := firstSquare(kings)
			rooks := p.pieces(Rook, color) & rankMask(rank)
			if c|0x20 == 'k' {
				rooks &^= bit(king)<<1 - 1 // beyond the king towards the h-file
			} else {
				rooks &= bit(king) - 1
			}
			if rooks == 0 {
				return fenError(fenCastling, "castling right %q needs a %s rook %s of the king on %v", c, color, wingOf(c|0x20 == 'k'), king)
			}
			rook = firstSquare(rooks)
			if c|0x20 == 'k' {
				rook = lastSquare(rooks)
			}
		case 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h':
			rook = NewSquare(int(c|0x20-'a'), rank)
			if p.pieces(Rook, color)&bit(rook) == 0 {
				return fenError(fenCastling, "castling right %q needs a %s rook on %v", c, color, rook)
			}
		default:
			return fenError(fenCastling, "castling field %q contains %q; want \"-\", letters from \"KQkq\" or the rooks' files", field, c)
		}
		king := firstSquare(kings)
		side := CastleShort
		if rook < king {
			side = CastleLong
		}
		right := castlingRight(color, side)
		if p.castling&right != 0 {
			return fenError(fenCastling, "castling field %q gives %s two rights on the %s", field, color, wing(side))
		}
		if !p.variant.has960Castling() {
			g := castlings[color][side]
			if king != g.kingFrom || rook != g.rookFrom {
				return fenError(fenCastling, "castling right %q needs the %s king on %v and a %s rook on %v",
					c, color, g.kingFrom, color, g.rookFrom)
			}
		}
		p.castling |= right
		p.setRookFrom(right, rook)
	}
	if files {
		p.style |= styleShredder
	}
	return nil
}

// appendVariantFEN appends the FEN of p, a position of a variant.
func (p *Position) appendVariantFEN(dst []byte) []byte {
	dst = p.appendPlacement(dst, p.promoted())
	if p.variant == Crazyhouse {
		open, end := byte('['), "]"
		if p.style&stylePocketRank != 0 {
			open, end = '/', ""
		}
		dst = append(dst, open)
		for c := White; c <= Black; c++ {
			for pt := Pawn; pt <= Queen; pt++ {
				for range p.Pocket(c, pt) {
					dst = append(dst, fenLetter(pt, c))
				}
			}
		}
		dst = append(dst, end...)
	}
	dst = append(dst, ' ', "wb"[p.side], ' ')
	dst = p.appendVariantCastling(dst)
	dst = append(dst, ' ')
	dst = append(dst, p.epSquare.String()...)
	checks := p.variant == ThreeCheck
	if checks && p.style&styleRemainingChecks != 0 {
		dst = append(dst, ' ', '0'+3-byte(p.ChecksGiven(White)), '+', '0'+3-byte(p.ChecksGiven(Black)))
		checks = false
	}
	dst = append(dst, ' ')
	dst = strconv.AppendInt(dst, int64(p.halfmove), 10)
	dst = append(dst, ' ')
	dst = strconv.AppendInt(dst, int64(p.fullmove), 10)
	if checks {
		dst = append(dst, ' ', '+', '0'+byte(p.ChecksGiven(White)), '+', '0'+byte(p.ChecksGiven(Black)))
	}
	return dst
}

// appendVariantCastling appends the castling rights: as the rooks' files
// in the Shredder style, otherwise as X-FEN (K or Q for the outermost rook
// on its side of the king, its file for any other).
func (p *Position) appendVariantCastling(dst []byte) []byte {
	if p.castling == 0 {
		return append(dst, '-')
	}
	for _, right := range [...]castlingRights{whiteShort, whiteLong, blackShort, blackLong} {
		if p.castling&right == 0 {
			continue
		}
		rook := p.rookFrom(right)
		color := Color(rook.Rank() / 7)
		letter := fileLetter(rook.File())
		if p.style&styleShredder == 0 {
			rooks := p.pieces(Rook, color) & rankMask(rook.Rank())
			king := p.kingSquare(color)
			switch {
			case rook > king && rook == lastSquare(rooks):
				letter = 'k'
			case rook < king && rook == firstSquare(rooks):
				letter = 'q'
			}
		}
		if color == White {
			letter = upper(letter)
		}
		dst = append(dst, letter)
	}
	return dst
}

// wingOf names the side of the king a castling right is on.
func wingOf(short bool) string {
	if short {
		return "on the h-file side"
	}
	return "on the a-file side"
}
