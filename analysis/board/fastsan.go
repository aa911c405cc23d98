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
// the origin from the attack tables as Resolve does, tests the few
// candidates for legality, and after the move computes the checkers once,
// to compare the check sign; the no-legal-move test runs only when the
// move gives check. Filling a SAN and comparing a written SAN, as the
// slow path does, costs more than the move itself (bench/NOTES.md).
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
		m, ok = p.canonicalCastling(text[:n])
		pt = King
	default:
		pt = pieceOfLetter[c]
		m, ok = p.canonicalPieceMove(pt, text[1:n])
	}
	if !ok {
		return false
	}
	if pt == King && m.Flags&(KingsideCastling|QueensideCastling) != 0 {
		return p.playChecked(pt, m, suffix, p.castlingCheckers(m))
	}
	newType := pt
	if m.Promotion != NoPieceType {
		newType = m.Promotion
	}
	checkers := p.checkersAfter(m, newType)
	if checkers == 0 {
		// Most moves give no check, which needs no look at the
		// position after the move.
		if suffix != NoCheckSuffix {
			return false
		}
		p.playFlagged(pt, m)
		return true
	}
	return p.playChecked(pt, m, suffix, checkers)
}

// playChecked plays m, a legal move of a piece of type pt that gives check
// from the squares checkers, or none, if its check sign is suffix, and
// reports whether it was.
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

// safeMove reports whether m, a pseudo-legal move of the side to move
// other than castling, leaves the mover's king unattacked: isLegal's
// question, answered with an early exit and the between table, which is
// cheaper than computing the attacks (bench/NOTES.md).
func (p *Position) safeMove(m Move) bool {
	us := p.side
	king := p.kingSquare(us)
	if m.From == king {
		king = m.To
	}
	captured := bit(m.To)
	if m.Flags&EnPassant != 0 {
		captured = bit(epVictim(m.To))
	}
	enemies := p.byColor[us.Other()] &^ captured
	leapers := knightAttacks[king]&p.byType[Knight] | kingAttacks[king]&p.byType[King] | pawnAttacks[us][king]&p.byType[Pawn]
	if leapers&enemies != 0 {
		return false
	}
	return p.slidersOn(king, p.occupied()&^bit(m.From)&^captured|bit(m.To), enemies) == 0
}

// checkersAfter returns the pieces that check the enemy king after m, a
// legal move of the side to move other than castling: the moved piece,
// which is of type pt on m.To, and the sliders whose lines the move opens.
// No other piece can, the enemy king not being in check before the move.
func (p *Position) checkersAfter(m Move, pt PieceType) uint64 {
	us := p.side
	king := p.kingSquare(us.Other())
	occ := p.occupied()&^bit(m.From) | bit(m.To)
	var direct bool
	switch pt {
	case Pawn:
		direct = pawnAttacks[us][m.To]&bit(king) != 0
	case Knight:
		direct = knightAttacks[m.To]&bit(king) != 0
	case Bishop, Rook, Queen:
		direct = sliderLines(pt, m.To)&bit(king) != 0 && between[m.To][king]&occ == 0
	}
	var checkers uint64
	if direct {
		checkers = bit(m.To)
	}
	opened := bit(m.From)
	if m.Flags&EnPassant != 0 {
		opened |= bit(epVictim(m.To))
		occ &^= bit(epVictim(m.To))
	}
	if opened&(bishopLines[king]|rookLines[king]) != 0 {
		// Only a move off a line through the king can open it.
		checkers |= p.slidersOn(king, occ, p.byColor[us]&^bit(m.From))
	}
	return checkers
}

// castlingCheckers returns the pieces that check the enemy king after m,
// a legal castling: only the rook can.
func (p *Position) castlingCheckers(m Move) uint64 {
	g := castlings[p.side][m.Castle()]
	king := p.kingSquare(p.side.Other())
	occ := p.occupied()&^bit(g.kingFrom)&^bit(g.rookFrom) | bit(g.kingTo) | bit(g.rookTo)
	if rookLines[g.rookTo]&bit(king) != 0 && between[g.rookTo][king]&occ == 0 {
		return bit(g.rookTo)
	}
	return 0
}

// slidersOn returns the bishops, rooks and queens of mask that attack sq
// through the occupancy occ. There are rarely more than two on sq's lines,
// so it tests each for an empty path, as sliderOrigins does.
func (p *Position) slidersOn(sq Square, occ, mask uint64) uint64 {
	diagonal := (p.byType[Bishop] | p.byType[Queen]) & bishopLines[sq]
	straight := (p.byType[Rook] | p.byType[Queen]) & rookLines[sq]
	var on uint64
	for s := (diagonal | straight) & mask; s != 0; s &= s - 1 {
		if from := firstSquare(s); between[sq][from]&occ == 0 {
			on |= bit(from)
		}
	}
	return on
}

// playFlagged is Play for m, a move of a piece of type pt whose flags
// makeMove or castlingMove set. Play recognises castling and en passant
// from the board, so that a Move built from its squares plays too; this
// trusts the flags and the piece type, which spares it the walks over the
// piece types and the branches, a third of Play's cost (bench/NOTES.md).
// The tests compare the two on every move.
func (p *Position) playFlagged(pt PieceType, m Move) {
	us, them := p.side, p.side.Other()
	from, to := bit(m.From), bit(m.To)
	p.halfmove++
	if pt == Pawn {
		p.halfmove = 0
	}
	if m.Flags&Capture != 0 {
		victim := to
		if m.Flags&EnPassant != 0 {
			victim = bit(epVictim(m.To))
		}
		for t := Pawn; t <= Queen; t++ {
			p.byType[t] &^= victim
		}
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
	p.castling &= castlingKeep[m.From] & castlingKeep[m.To]
	if us == Black {
		p.fullmove++
	}
	p.side = them
}

// canonicalPieceMove returns the legal move of the side to move's piece of
// type pt (any but a pawn, which SAN writes without a letter) that body,
// the SAN after the letter without its check sign, names, and whether body
// is that move's canonical spelling: [file][rank][x]square, with as much
// of the origin as tells it from the other legal moves to the square, and
// 'x' exactly when it captures.
func (p *Position) canonicalPieceMove(pt PieceType, body string) (Move, bool) {
	k := len(body) - 2
	if pt < Knight || k < 0 {
		return Move{}, false
	}
	to, ok := squareAt(body, k)
	if !ok || p.byColor[p.side]&bit(to) != 0 {
		return Move{}, false
	}
	prefix := body[:k]
	if p.occupied()&bit(to) != 0 {
		if k == 0 || prefix[k-1] != 'x' {
			return Move{}, false
		}
		prefix = prefix[:k-1]
	}
	pieces := p.pieces(pt, p.side)
	var froms uint64
	switch pt {
	case Knight, King:
		froms = pieceAttacks(pt, to, 0) & pieces
	default:
		froms = p.sliderOrigins(pt, to, pieces)
	}
	if froms == 0 {
		return Move{}, false
	}
	if froms&(froms-1) == 0 {
		// A lone candidate needs no disambiguation.
		m := p.makeMove(pt, firstSquare(froms), to, NoPieceType)
		return m, prefix == "" && p.safeMove(m)
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

// canonicalPawnMove returns the legal pawn move that body, SAN without its
// check sign starting with a file letter, names, and whether body is that
// move's canonical spelling: square for a push, file 'x' square for a
// capture (en passant included), and "=" and the piece on the last rank.
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
	m := p.makeMove(Pawn, firstSquare(froms), to, promo)
	return m, p.safeMove(m)
}

// canonicalCastling returns the castling that body, SAN without its check
// sign, names as O-O or O-O-O, and whether it is legal.
func (p *Position) canonicalCastling(body string) (Move, bool) {
	cs := NoCastle
	switch body {
	case "O-O":
		cs = CastleShort
	case "O-O-O":
		cs = CastleLong
	default:
		return Move{}, false
	}
	m, fail, _ := p.castlingMove(cs)
	return m, fail == 0
}

// squareAt reads the square named by s[i] and s[i+1], which must exist.
func squareAt(s string, i int) (Square, bool) {
	file, rank := s[i]-'a', s[i+1]-'1'
	return Square(rank*8 + file), file < 8 && rank < 8
}
