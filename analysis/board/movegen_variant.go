package board

// This file generates the legal moves of the variants. Standard chess never
// comes here: its generator is movegen.go's.
//
// The variants share one simple scheme: generate the pseudo-legal moves
// (the pieces' moves, castling, drops), then keep those the variant
// allows, testing most by the standard occupancy test and the rest by
// playing them on a copy. It is several times slower than standard chess's
// generator, which is fine for the few variant games a file holds.

// variantLegalMoves is LegalMoves for a variant.
func (p *Position) variantLegalMoves(buf []Move) []Move {
	if p.variantEnd().Over() {
		return buf
	}
	start := len(buf)
	buf = p.pseudoMoves(buf)
	legal := buf[:start]
	for _, m := range buf[start:] {
		if p.variantLegal(m) {
			legal = append(legal, m)
		}
	}
	buf = p.appendDrops(legal)
	if p.variant == Antichess {
		buf = keepCapturesIfAny(buf, start)
	}
	return buf
}

// keepCapturesIfAny drops the moves of buf[start:] that capture nothing when
// some move there captures: Antichess's compulsory capture.
func keepCapturesIfAny(buf []Move, start int) []Move {
	captures := buf[:start]
	for _, m := range buf[start:] {
		if m.IsCapture() {
			captures = append(captures, m)
		}
	}
	if len(captures) > start {
		return captures
	}
	return buf
}

// variantHasLegalMove is HasLegalMove for a variant.
func (p *Position) variantHasLegalMove() bool {
	var buf [256]Move
	return len(p.variantLegalMoves(buf[:0])) > 0
}

// pseudoMoves appends the moves of the side to move's pieces that follow
// the pieces' rules, whatever they do to the king, and the legal castling
// moves. Drops come from appendDrops.
func (p *Position) pseudoMoves(buf []Move) []Move {
	us := p.side
	own := p.byColor[us]
	occ := p.occupied()
	for pt := Knight; pt <= King; pt++ {
		for froms := p.pieces(pt, us); froms != 0; froms &= froms - 1 {
			from := firstSquare(froms)
			for tos := pieceAttacks(pt, from, occ) &^ own; tos != 0; tos &= tos - 1 {
				buf = append(buf, p.makeMove(pt, from, firstSquare(tos), NoPieceType))
			}
		}
	}
	buf = p.pseudoPawnMoves(buf)
	if p.castling&((whiteShort|whiteLong)<<(2*us)) != 0 {
		for _, cs := range [...]CastleSide{CastleShort, CastleLong} {
			if m, fail, _ := p.variantCastling(cs); fail == 0 {
				buf = append(buf, m)
			}
		}
	}
	return buf
}

// pseudoPawnMoves appends the side to move's pawn moves, promotions
// included (to a king as well in Antichess). A pawn on its first two ranks
// may advance two squares: in Horde, White's pawns start on the first.
func (p *Position) pseudoPawnMoves(buf []Move) []Move {
	us := p.side
	occ := p.occupied()
	victims := p.byColor[us.Other()]
	if p.epSquare != NoSquare {
		victims |= bit(p.epSquare)
	}
	for froms := p.pieces(Pawn, us); froms != 0; froms &= froms - 1 {
		from := firstSquare(froms)
		tos := pawnAttacks[us][from] & victims
		if one := pawnStep(us, from); occ&bit(one) == 0 {
			tos |= bit(one)
			rank := from.Rank()
			if (us == White && rank <= 1 || us == Black && rank >= 6) && occ&bit(pawnStep(us, one)) == 0 {
				tos |= bit(pawnStep(us, one))
			}
		}
		for ; tos != 0; tos &= tos - 1 {
			m := p.makeMove(Pawn, from, firstSquare(tos), NoPieceType)
			if !isLastRank(us, m.To) {
				buf = append(buf, m)
				continue
			}
			for _, promo := range [...]PieceType{Queen, Rook, Bishop, Knight, King} {
				if promo == King && p.variant != Antichess {
					break
				}
				m.Promotion = promo
				buf = append(buf, m)
			}
		}
	}
	return buf
}

// appendDrops appends the legal drops of Crazyhouse: a piece from the
// pocket onto an empty square (a pawn not on the first or last rank),
// which in check must block it.
func (p *Position) appendDrops(buf []Move) []Move {
	us := p.side
	if p.variant != Crazyhouse || !p.hasPocket(us) {
		return buf
	}
	targets := ^p.occupied()
	if checkers := p.checkers(); checkers != 0 {
		if checkers&(checkers-1) != 0 {
			return buf
		}
		targets &= between[p.kingSquare(us)][firstSquare(checkers)]
	}
	for pt := Pawn; pt <= Queen; pt++ {
		if p.Pocket(us, pt) == 0 {
			continue
		}
		tos := targets
		if pt == Pawn {
			tos &^= rankMask(0) | rankMask(7)
		}
		for ; tos != 0; tos &= tos - 1 {
			buf = append(buf, dropMove(pt, firstSquare(tos)))
		}
	}
	return buf
}

// variantLegal reports whether m, a pseudo-legal move of the side to move,
// is legal by the variant's rules.
func (p *Position) variantLegal(m Move) bool {
	us := p.side
	switch p.variant {
	case Antichess:
		return true
	case Atomic:
		q := *p
		q.playVariant(m)
		kings := q.pieces(King, us)
		if kings == 0 {
			return false
		}
		return q.pieces(King, us.Other()) == 0 || !q.variantAttacked(firstSquare(kings), us.Other(), q.occupied())
	case Horde:
		if p.pieces(King, us) == 0 {
			return true
		}
	}
	if m.Castle() != NoCastle {
		// variantCastling has tested it.
		return p.variant != RacingKings || !p.givesCheck(m)
	}
	if !p.isLegal(m) {
		return false
	}
	return p.variant != RacingKings || !p.givesCheck(m)
}

// givesCheck reports whether m puts the opponent in check.
func (p *Position) givesCheck(m Move) bool {
	q := *p
	q.playVariant(m)
	return q.variantInCheck()
}

// variantInCheck is InCheck for a variant: false for a side without a king
// and in Antichess.
func (p *Position) variantInCheck() bool {
	kings := p.pieces(King, p.side)
	if kings == 0 || p.variant == Antichess {
		return false
	}
	return p.variantAttacked(firstSquare(kings), p.side.Other(), p.occupied())
}

// variantAttacked reports whether colour by attacks sq, with occ standing
// for the occupancy, in the sense of check: never in Antichess, and in
// Atomic never by a side whose king is gone or stands next to sq.
func (p *Position) variantAttacked(sq Square, by Color, occ uint64) bool {
	switch p.variant {
	case Antichess:
		return false
	case Atomic:
		kings := p.pieces(King, by)
		if kings == 0 || kingAttacks[sq]&kings != 0 {
			return false
		}
	}
	return p.attackers(sq, occ, p.byColor[by]&occ) != 0
}

// castleTargets returns where the king and the rook of colour c go when
// they castle on side cs: the squares of standard chess's castling.
func castleTargets(c Color, cs CastleSide) (kingTo, rookTo Square) {
	g := castlings[c][cs]
	return g.kingTo, g.rookTo
}

// variantCastling returns the castling move of the side to move on side
// cs in a variant or, if it is not legal, the reason and the square that
// reason concerns. King and rook may start anywhere on the back rank (in
// Chess960), so the squares they pass and land on must be empty but for
// the two of them, the squares the king passes and lands on must not be
// attacked, and the king must not be in check.
func (p *Position) variantCastling(cs CastleSide) (m Move, fail MoveErrorKind, where Square) {
	us := p.side
	right := castlingRight(us, cs)
	if !p.variant.hasCastling() || p.castling&right == 0 {
		return m, CastlingRightsGone, NoSquare
	}
	if p.variantInCheck() {
		return m, CastlingInCheck, NoSquare
	}
	king, rook := p.kingSquare(us), p.rookFrom(right)
	kingTo, rookTo := castleTargets(us, cs)
	occ := p.occupied()
	path := (between[rook][rookTo] | bit(rookTo) | between[king][kingTo] | bit(kingTo)) &^ bit(king) &^ bit(rook)
	if blockers := occ & path; blockers != 0 {
		return m, CastlingBlocked, nearestTo(blockers, king)
	}
	them := us.Other()
	for crossed := between[king][kingTo]; crossed != 0; crossed &= crossed - 1 {
		if sq := firstSquare(crossed); p.variantAttacked(sq, them, occ&^bit(king)) {
			return m, CastlingThroughCheck, sq
		}
	}
	after := occ&^bit(king)&^bit(rook) | bit(kingTo) | bit(rookTo)
	if p.variantAttacked(kingTo, them, after) {
		return m, KingInCheck, kingTo
	}
	flag := KingsideCastling
	if cs == CastleLong {
		flag = QueensideCastling
	}
	to := kingTo
	if p.variant.has960Castling() {
		to = rook
	}
	return Move{From: king, To: to, Flags: flag}, 0, NoSquare
}

// nearestTo returns the square of b, a non-empty set of squares on sq's
// rank, closest to sq.
func nearestTo(b uint64, sq Square) Square {
	best, bestDistance := NoSquare, 8
	for ; b != 0; b &= b - 1 {
		s := firstSquare(b)
		if d := abs(s.File() - sq.File()); d < bestDistance {
			best, bestDistance = s, d
		}
	}
	return best
}

// castleSideOfVariant reports which castling m is, a move of the side to
// move's king in a variant: one flagged as castling, the king onto its own
// castling rook (Chess960's encoding) or, outside Chess960, two files
// along the back rank.
func (p *Position) castleSideOfVariant(m Move) CastleSide {
	if cs := m.Castle(); cs != NoCastle {
		return cs
	}
	us := p.side
	if p.pieces(King, us)&bit(m.From) == 0 {
		return NoCastle
	}
	for _, cs := range [...]CastleSide{CastleShort, CastleLong} {
		right := castlingRight(us, cs)
		if p.castling&right == 0 {
			continue
		}
		if p.variant.has960Castling() {
			if p.rookFrom(right) == m.To {
				return cs
			}
		} else if kingTo, _ := castleTargets(us, cs); m.To == kingTo && m.From == castlings[us][cs].kingFrom {
			return cs
		}
	}
	return NoCastle
}
