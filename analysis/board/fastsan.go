package board

// PlayCanonicalSAN plays the move text names and reports true when text is
// exactly the canonical SAN of a legal move in p (as p.SAN(mv) writes it,
// with its check or mate suffix; no annotations like ! attached), in a
// Standard-variant position. Otherwise it reports false and leaves p unchanged.
//
// It is the fast path of a checker, which replays clean games ply by ply
// and needs a verdict only on the moves that are not written canonically:
// for those, and only those, it falls back to ParseSAN, Resolve, Play and
// a comparison with SAN. So false is always a safe answer; true means
// that text == p.SAN(mv) held before the move and mv has been played.
//
// It reads the text once, in the shape canonical SAN has (piece letter,
// the origin's file or rank only where needed, 'x' exactly on captures,
// destination, "=Q" on promotions, O-O or O-O-O, the check sign), finds
// the origin from the attack tables as Resolve does, and tests, before
// the move and from one set of masks, whether it leaves the king attacked
// and which pieces it checks with; only a move that gives check looks
// for a legal reply after it, to tell + from #. The slow path fills a
// SAN, resolves it, plays the move by Play, computes the checkers again
// and may write the SAN to compare: one and a half times the work
// (bench/NOTES.md).
//
// This is hand-written for the same reason as the rest of the package:
// no library validates SAN without generating moves and writing strings.
func (p *Position) PlayCanonicalSAN(text string) bool {
	n := len(text)
	if p.variant != Standard || n < 2 {
		return false
	}
	suffix := NoCheckSuffix
	switch text[n-1] {
	case '+':
		suffix = PlusSuffix
		n--
	case '#':
		suffix = MateSuffix
		n--
	}
	var m Move
	var ok bool
	pt := Pawn
	switch c := text[0]; {
	case isFile(c):
		m, ok = p.canonicalPawnMove(text[:n])
	case c == 'O':
		return p.playCanonicalCastling(text[:n], suffix)
	default:
		pt = pieceOfLetter[c]
		m, ok = p.canonicalPieceMove(pt, text[1:n])
	}
	return ok && p.playIfSafe(pt, m, suffix)
}

// playIfSafe plays m, a pseudo-legal move of the side to move's piece of
// type pt other than castling, if it leaves the mover's king unattacked
// and suffix is the check sign it earns, and reports whether it did.
//
// It asks isLegal's question and the check sign's before the move, from
// one set of masks, with the between table rather than computing attacks:
// the pieces that could attack a king after the move are few, and most
// moves give no check, which then needs no look at the position after the
// move, nor a copy to undo it (bench/NOTES.md).
func (p *Position) playIfSafe(pt PieceType, m Move, suffix CheckSuffix) bool {
	us, them := p.side, p.side.Other()
	from, to := squareBit(m.From), squareBit(m.To)
	enemies := p.byColor[them]
	captured := to & enemies
	if m.Flags&EnPassant != 0 {
		captured = squareBit(epVictim(m.To))
	}
	enemies &^= captured
	occ := (p.byColor[us]|enemies)&^from | to
	diagonal := p.byType[Bishop] | p.byType[Queen]
	straight := p.byType[Rook] | p.byType[Queen]

	var leapers uint64
	king := m.To
	if pt == King {
		leapers = kingAttacks[king] & p.byType[King]
	} else {
		// The kings cannot stand side by side.
		king = firstSquare(p.byType[King] & p.byColor[us])
	}
	leapers |= knightAttacks[king]&p.byType[Knight] | pawnAttacks[us][king]&p.byType[Pawn]
	if leapers&enemies != 0 || seen(king, occ, (diagonal&bishopLines[king]|straight&rookLines[king])&enemies) != 0 {
		return false
	}

	// The enemy king was not in check, so only the moved piece and the
	// sliders whose lines the move opens can check it.
	king = firstSquare(p.byType[King] & p.byColor[them])
	checker := pt
	if m.Promotion != NoPieceType {
		checker = m.Promotion
	}
	var direct bool
	switch checker {
	case Pawn:
		direct = pawnAttacks[us][m.To]&squareBit(king) != 0
	case Knight:
		direct = knightAttacks[m.To]&squareBit(king) != 0
	case Bishop, Rook, Queen:
		direct = sliderLines(checker, m.To)&squareBit(king) != 0 && between[m.To][king]&occ == 0
	}
	var checkers uint64
	if direct {
		checkers = to
	}
	if lines := bishopLines[king] | rookLines[king]; (from|captured)&lines != 0 {
		checkers |= seen(king, occ, (diagonal&bishopLines[king]|straight&rookLines[king])&p.byColor[us]&^from)
	}
	if checkers == 0 {
		if suffix != NoCheckSuffix {
			return false
		}
		p.playFlagged(pt, m)
		return true
	}
	return p.playChecked(pt, m, suffix, checkers)
}

// seen returns the squares of sliders, bishops, rooks and queens on sq's
// lines that would move along them, that attack sq through the occupancy
// occ. There are rarely more than two, so it tests each for an empty path,
// as sliderOrigins does.
func seen(sq Square, occ, sliders uint64) uint64 {
	var attackers uint64
	for ; sliders != 0; sliders &= sliders - 1 {
		if from := firstSquare(sliders); between[sq][from]&occ == 0 {
			attackers |= squareBit(from)
		}
	}
	return attackers
}

// squareBit is bit for a square known to be on the board, which spares
// the shift the test for a count of 64 or more that Go's shifts make.
func squareBit(sq Square) uint64 { return 1 << (uint(sq) & 63) }

// playChecked plays m, a legal move of the side to move's piece of type pt
// that checks the enemy king from the squares checkers (none, for a
// castling that does not), if suffix is the check sign it earns, and
// reports whether it did. Only here can the sign be wrong after the move,
// so only here is the position copied to be restored.
func (p *Position) playChecked(pt PieceType, m Move, suffix CheckSuffix, checkers uint64) bool {
	if (checkers != 0) != (suffix != NoCheckSuffix) {
		return false
	}
	before := *p
	p.playFlagged(pt, m)
	if checkers != 0 && p.hasLegalMove(checkers) != (suffix == PlusSuffix) {
		*p = before
		return false
	}
	return true
}

// playCanonicalCastling plays the castling that body, SAN without its
// check sign, names as O-O or O-O-O, if it is legal and suffix is the
// check sign it earns, and reports whether it did.
func (p *Position) playCanonicalCastling(body string, suffix CheckSuffix) bool {
	cs := NoCastle
	switch body {
	case "O-O":
		cs = CastleShort
	case "O-O-O":
		cs = CastleLong
	default:
		return false
	}
	m, fail, _ := p.castlingMove(cs)
	if fail != 0 {
		return false
	}
	// Only the rook can give check.
	g := castlings[p.side][cs]
	king := p.kingSquare(p.side.Other())
	occ := p.occupied()&^bit(g.kingFrom)&^bit(g.rookFrom) | bit(g.kingTo) | bit(g.rookTo)
	var checkers uint64
	if rookLines[g.rookTo]&bit(king) != 0 && between[g.rookTo][king]&occ == 0 {
		checkers = bit(g.rookTo)
	}
	return p.playChecked(King, m, suffix, checkers)
}

// playFlagged is Play for m, a legal move of a piece of type pt whose
// flags PlayCanonicalSAN or castlingMove set. Play recognises castling and
// en passant from the board, so that a Move built from its squares plays
// too; this trusts the flags and the piece type, which spares it the
// walks over the piece types, a third of Play's cost (bench/NOTES.md).
// The tests compare the two on every move.
func (p *Position) playFlagged(pt PieceType, m Move) {
	us, them := p.side, p.side.Other()
	from, to := squareBit(m.From), squareBit(m.To)
	p.halfmove++
	if pt == Pawn {
		p.halfmove = 0
	}
	if m.Flags&Capture != 0 {
		victim := to
		if m.Flags&EnPassant != 0 {
			victim = squareBit(epVictim(m.To))
		}
		// Clearing the square in every type is cheaper than finding
		// the victim's.
		p.byType[Pawn] &^= victim
		p.byType[Knight] &^= victim
		p.byType[Bishop] &^= victim
		p.byType[Rook] &^= victim
		p.byType[Queen] &^= victim
		p.byColor[them] &^= victim
		p.halfmove = 0
	}
	p.byType[pt] &^= from
	if m.Promotion != NoPieceType {
		pt = m.Promotion
	}
	p.byType[pt] |= to
	p.byColor[us] ^= from | to
	p.epSquare = NoSquare
	if m.Flags&DoublePush != 0 {
		p.epSquare = (m.From + m.To) / 2
	}
	if cs := m.Castle(); cs != NoCastle {
		g := castlings[us][cs]
		p.remove(Rook, us, g.rookFrom)
		p.put(Rook, us, g.rookTo)
	}
	if p.castling != 0 {
		p.castling &= castlingKeep[m.From] & castlingKeep[m.To]
	}
	if us == Black {
		p.fullmove++
	}
	p.side = them
}

// canonicalPieceMove returns the move of the side to move's piece of type
// pt (any but a pawn, which SAN writes without a letter) that body, the
// SAN after the letter without its check sign, names, and whether body is
// that move's canonical spelling: [file][rank][x]square, with as much of
// the origin as tells it from the other legal moves to the square, and 'x'
// exactly when it captures. The move is pseudo-legal: playIfSafe tests
// whether it leaves the king attacked.
func (p *Position) canonicalPieceMove(pt PieceType, body string) (Move, bool) {
	k := len(body) - 2
	if pt < Knight || k < 0 {
		return Move{}, false
	}
	to, ok := squareAt(body, k)
	if !ok || p.byColor[p.side]&squareBit(to) != 0 {
		return Move{}, false
	}
	prefix := body[:k]
	var flags MoveFlags
	if p.byColor[p.side.Other()]&squareBit(to) != 0 {
		if k == 0 || prefix[k-1] != 'x' {
			return Move{}, false
		}
		prefix = prefix[:k-1]
		flags = Capture
	}
	pieces := p.pieces(pt, p.side)
	var froms uint64
	switch pt {
	case Knight:
		froms = knightAttacks[to] & pieces
	case King:
		froms = kingAttacks[to] & pieces
	default:
		froms = p.sliderOrigins(pt, to, pieces)
	}
	if froms == 0 {
		return Move{}, false
	}
	if froms&(froms-1) == 0 {
		// A lone candidate needs no disambiguation.
		return Move{From: firstSquare(froms), To: to, Flags: flags}, prefix == ""
	}
	return p.disambiguated(pt, p.legalOrigins(pt, froms, to), to, prefix)
}

// disambiguated returns the move to to of the one piece of type pt on the
// squares legal that prefix, SAN's disambiguation, names, and whether
// prefix is exactly what canonical SAN writes for it.
func (p *Position) disambiguated(pt PieceType, legal uint64, to Square, prefix string) (Move, bool) {
	mask, file, rank := ^uint64(0), false, false
	if prefix != "" && isFile(prefix[0]) {
		mask &= fileMask(int(prefix[0] - 'a'))
		file = true
		prefix = prefix[1:]
	}
	if prefix != "" && isRank(prefix[0]) {
		mask &= rankMask(int(prefix[0] - '1'))
		rank = true
		prefix = prefix[1:]
	}
	from := legal & mask
	if prefix != "" || from == 0 || from&(from-1) != 0 {
		return Move{}, false
	}
	sq := firstSquare(from)
	wantFile, wantRank := originParts(sq, legal&^from)
	return p.makeMove(pt, sq, to, NoPieceType), file == wantFile && rank == wantRank
}

// canonicalPawnMove returns the pseudo-legal pawn move that body, SAN
// without its check sign starting with a file letter, names, and whether
// body is that move's canonical spelling: square for a push, file 'x'
// square for a capture (en passant included), and "=" and the piece on
// the last rank.
func (p *Position) canonicalPawnMove(body string) (Move, bool) {
	var froms uint64
	var to Square
	var ok bool
	i := 2
	if len(body) >= 4 && body[1] == 'x' {
		to, ok = squareAt(body, 2)
		file := int(body[0] - 'a')
		if step := file - to.File(); !ok || step != 1 && step != -1 {
			return Move{}, false
		}
		froms = p.pawnCaptureOrigins(to) & fileMask(file)
		i = 4
	} else {
		if len(body) < 2 {
			return Move{}, false
		}
		if to, ok = squareAt(body, 0); !ok {
			return Move{}, false
		}
		froms = p.pawnPushOrigins(to)
	}
	if froms &= p.pieces(Pawn, p.side); froms == 0 {
		return Move{}, false
	}
	promo := NoPieceType
	if isLastRank(p.side, to) {
		if len(body) != i+2 || body[i] != '=' {
			return Move{}, false
		}
		if promo = pieceOfLetter[body[i+1]]; promo < Knight || promo > Queen {
			return Move{}, false
		}
	} else if len(body) != i {
		return Move{}, false
	}
	m := Move{From: firstSquare(froms), To: to, Promotion: promo}
	switch {
	case i == 4:
		m.Flags = Capture
		if p.epSquare == to {
			m.Flags |= EnPassant
		}
	case to-m.From == 16 || m.From-to == 16:
		m.Flags = DoublePush
	}
	return m, true
}

// squareAt reads the square named by s[i] and s[i+1], which must exist.
func squareAt(s string, i int) (Square, bool) {
	file, rank := s[i]-'a', s[i+1]-'1'
	return Square(rank*8 + file), file < 8 && rank < 8
}
