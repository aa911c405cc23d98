package board

// LegalMoves appends the legal moves of the side to move to buf and returns
// the extended slice. It allocates only when buf runs out of capacity; no
// position of standard chess has more than 218 legal moves (Crazyhouse's
// drops can make several hundred).
func (p *Position) LegalMoves(buf []Move) []Move {
	if p.variant != Standard {
		return p.variantLegalMoves(buf)
	}
	for _, pt := range [...]PieceType{King, Knight, Bishop, Rook, Queen} {
		buf = p.addPieceMoves(buf, pt)
	}
	buf = p.addPawnMoves(buf)
	for _, cs := range [...]CastleSide{CastleShort, CastleLong} {
		if m, fail, _ := p.castlingMove(cs); fail == 0 {
			buf = append(buf, m)
		}
	}
	return buf
}

// HasLegalMove reports whether the side to move has a legal move. It
// generates no moves: it looks for one destination that must be legal, so
// it is much cheaper than LegalMoves, most of all in check.
//
// In a variant it is false once the variant's own rule has ended the game
// (see Outcome).
func (p *Position) HasLegalMove() bool {
	if p.variant != Standard {
		return p.variantHasLegalMove()
	}
	return p.hasLegalMove(p.checkers())
}

// hasLegalMove is HasLegalMove for a position whose side to move is checked
// by the pieces in checkers.
//
// It does not generate moves piece type by piece type and test each with
// isLegal, which in check mostly tests illegal moves (bench/NOTES.md).
//
// Castling never needs a look: when it is legal, so is the king's step to
// the square it crosses, which is empty and not attacked.
func (p *Position) hasLegalMove(checkers uint64) bool {
	king := p.kingSquare(p.side)
	switch {
	case checkers == 0:
		// Nearly every position has an unpinned piece free to move,
		// which a few bitboard operations find, while each king step
		// costs an attack test; so the king comes last.
		return p.hasPieceMove(king, checkers) || p.hasKingMove(king)
	case checkers&(checkers-1) != 0:
		// Only the king can answer a double check.
		return p.hasKingMove(king)
	}
	// A king step is the likeliest answer to a check.
	return p.hasKingMove(king) || p.hasPieceMove(king, checkers)
}

// hasKingMove reports whether the side to move's king, on king, has a legal
// step (castling aside).
func (p *Position) hasKingMove(king Square) bool {
	us := p.side
	// Without the king on the board, a slider checking it also attacks
	// the square behind it.
	occ := p.occupied() &^ bit(king)
	enemies := p.byColor[us.Other()]
	for tos := kingAttacks[king] &^ p.byColor[us]; tos != 0; tos &= tos - 1 {
		if !p.attacked(firstSquare(tos), occ, enemies) {
			return true
		}
	}
	return false
}

// hasPieceMove reports whether a piece other than the king, on king, of the
// side to move has a legal move, the side to move being checked by the
// pieces in checkers, which are at most one.
//
// An unpinned piece's move is legal if it does not leave the king in check:
// out of check, any move; in check, a capture of the checker or a block on
// the squares between it and the king. So a single destination in that set
// settles the question, with no legality test. En passant, which can
// uncover the king along the rank of the two pawns, and pinned pieces, which
// may move along their pin, are each tested with isLegal.
func (p *Position) hasPieceMove(king Square, checkers uint64) bool {
	us := p.side
	targets := ^p.byColor[us]
	if checkers != 0 {
		targets = checkers | between[king][firstSquare(checkers)]
	}
	pinned := p.pinned(king)
	if p.hasUnpinnedMove(p.byColor[us]&^pinned&^bit(king), targets) || p.hasEnPassant() {
		return true
	}
	// A pinned piece can only move along the line through its king, which
	// meets a checking line only at the king, so it cannot answer a check.
	return checkers == 0 && p.hasPinnedMove(pinned)
}

// pinned returns the side to move's pieces pinned to its king on king: each
// the only piece between the king and an enemy slider that moves along
// their line.
func (p *Position) pinned(king Square) uint64 {
	straight := p.byType[Rook] | p.byType[Queen]
	diagonal := p.byType[Bishop] | p.byType[Queen]
	straightLines := fileLines[king] | rankMask(king.Rank())&^bit(king)
	diagonalLines := diagonalLines[king] | antiDiagonalLines[king]
	snipers := p.byColor[p.side.Other()] & (straightLines&straight | diagonalLines&diagonal)
	occ := p.occupied()
	var pinned uint64
	for ; snipers != 0; snipers &= snipers - 1 {
		if blockers := between[king][firstSquare(snipers)] & occ; blockers&(blockers-1) == 0 {
			pinned |= blockers & p.byColor[p.side]
		}
	}
	return pinned
}

// hasUnpinnedMove reports whether one of the side to move's pieces in free,
// which holds neither the king nor a pinned piece, can move to a square in
// targets, en passant aside.
func (p *Position) hasUnpinnedMove(free, targets uint64) bool {
	occ := p.occupied()
	for pt := Knight; pt <= Queen; pt++ {
		for froms := free & p.byType[pt]; froms != 0; froms &= froms - 1 {
			if pieceAttacks(pt, firstSquare(froms), occ)&targets != 0 {
				return true
			}
		}
	}
	return p.pawnsTargets(free&p.byType[Pawn])&targets != 0
}

// pawnsTargets returns the squares the side to move's pawns in pawns can
// move to, en passant aside, before considering pins and checks.
func (p *Position) pawnsTargets(pawns uint64) uint64 {
	empty := ^p.occupied()
	enemies := p.byColor[p.side.Other()]
	left, right := pawns&^fileMask(0), pawns&^fileMask(7)
	if p.side == White {
		one := pawns << 8 & empty
		two := (one & rankMask(2)) << 8 & empty
		return one | two | (left<<7|right<<9)&enemies
	}
	one := pawns >> 8 & empty
	two := (one & rankMask(5)) >> 8 & empty
	return one | two | (left>>9|right>>7)&enemies
}

// hasEnPassant reports whether the side to move has a legal en passant
// capture.
func (p *Position) hasEnPassant() bool {
	ep := p.epSquare
	if ep == NoSquare {
		return false
	}
	for froms := pawnAttacks[p.side.Other()][ep] & p.pieces(Pawn, p.side); froms != 0; froms &= froms - 1 {
		if p.isLegal(Move{From: firstSquare(froms), To: ep, Flags: Capture | EnPassant}) {
			return true
		}
	}
	return false
}

// hasPinnedMove reports whether one of the side to move's pieces in pinned
// has a legal move.
func (p *Position) hasPinnedMove(pinned uint64) bool {
	occ := p.occupied()
	for froms := pinned; froms != 0; froms &= froms - 1 {
		from := firstSquare(froms)
		pt := p.typeAt(from)
		var tos uint64
		if pt == Pawn {
			tos = p.pawnTargets(from)
		} else {
			tos = pieceAttacks(pt, from, occ) &^ p.byColor[p.side]
		}
		for ; tos != 0; tos &= tos - 1 {
			if p.isLegal(p.makeMove(pt, from, firstSquare(tos), NoPieceType)) {
				return true
			}
		}
	}
	return false
}

// addPieceMoves appends the legal moves of the side to move's pieces of
// type pt, which is not Pawn.
func (p *Position) addPieceMoves(list []Move, pt PieceType) []Move {
	us := p.side
	occ := p.occupied()
	for froms := p.pieces(pt, us); froms != 0; froms &= froms - 1 {
		from := firstSquare(froms)
		for tos := pieceAttacks(pt, from, occ) &^ p.byColor[us]; tos != 0; tos &= tos - 1 {
			if m := p.makeMove(pt, from, firstSquare(tos), NoPieceType); p.isLegal(m) {
				list = append(list, m)
			}
		}
	}
	return list
}

// addPawnMoves appends the legal pawn moves of the side to move, with the
// four promotions of each pawn move to the last rank.
func (p *Position) addPawnMoves(list []Move) []Move {
	for froms := p.pieces(Pawn, p.side); froms != 0; froms &= froms - 1 {
		from := firstSquare(froms)
		for tos := p.pawnTargets(from); tos != 0; tos &= tos - 1 {
			m := p.makeMove(Pawn, from, firstSquare(tos), NoPieceType)
			if !p.isLegal(m) {
				continue
			}
			if !isLastRank(p.side, m.To) {
				list = append(list, m)
				continue
			}
			for _, promo := range [...]PieceType{Queen, Rook, Bishop, Knight} {
				m.Promotion = promo
				list = append(list, m)
			}
		}
	}
	return list
}

// pawnTargets returns the squares the side to move's pawn on from can move
// to, before considering pins and checks.
func (p *Position) pawnTargets(from Square) uint64 {
	us := p.side
	victims := p.byColor[us.Other()]
	if p.epSquare != NoSquare {
		victims |= bit(p.epSquare)
	}
	targets := pawnAttacks[us][from] & victims
	occ := p.occupied()
	one := pawnStep(us, from)
	if occ&bit(one) == 0 {
		targets |= bit(one)
		if two := pawnStep(us, one); from.Rank() == pawnStartRank(us) && occ&bit(two) == 0 {
			targets |= bit(two)
		}
	}
	return targets
}

// pawnStep returns the square in front of sq as seen by c's pawns. sq must
// not be on c's last rank.
func pawnStep(c Color, sq Square) Square {
	if c == White {
		return sq + 8
	}
	return sq - 8
}

// pawnStartRank returns the 0-based rank c's pawns start on.
func pawnStartRank(c Color) int { return 1 + 5*int(c) }

// isLastRank reports whether sq is on the rank where c's pawns promote.
func isLastRank(c Color, sq Square) bool { return sq.Rank() == 7-7*int(c) }

// makeMove returns the move of the side to move's piece of type pt from
// from to to, with its flags read from the board. Castling is not made here.
func (p *Position) makeMove(pt PieceType, from, to Square, promo PieceType) Move {
	m := Move{From: from, To: to, Promotion: promo}
	if p.occupied()&bit(to) != 0 {
		m.Flags |= Capture
	}
	if pt == Pawn {
		switch {
		case to == p.epSquare && from.File() != to.File():
			m.Flags |= Capture | EnPassant
		case to-from == 16 || from-to == 16:
			m.Flags |= DoublePush
		}
	}
	return m
}

// isLegal reports whether m, a pseudo-legal move of the side to move other
// than castling, leaves the mover's king unattacked. It plays the move on
// the occupancy alone: the piece leaves from and lands on to, the captured
// piece (behind to, for en passant) stops attacking, and the king's square
// is looked at through the resulting lines.
func (p *Position) isLegal(m Move) bool {
	us := p.side
	king := p.kingSquare(us)
	if m.From == king {
		king = m.To
	}
	captured := bit(m.To)
	if m.Flags&EnPassant != 0 {
		captured = bit(epVictim(m.To))
	}
	occ := p.occupied()&^bit(m.From)&^captured | bit(m.To)
	return p.attackers(king, occ, p.byColor[us.Other()]&^captured) == 0
}

// castlingMove returns the castling move of the side to move on side cs or,
// if it is not legal, the reason and the square that reason concerns. The
// reasons are checked in the order most useful to report.
func (p *Position) castlingMove(cs CastleSide) (m Move, fail MoveErrorKind, where Square) {
	us := p.side
	g := castlings[us][cs]
	if p.castling&castlingRight(us, cs) == 0 {
		return m, CastlingRightsGone, NoSquare
	}
	if p.InCheck() {
		return m, CastlingInCheck, NoSquare
	}
	occ := p.occupied()
	if blockers := occ & g.between; blockers != 0 {
		return m, CastlingBlocked, nearest(blockers, g.kingFrom)
	}
	enemies := p.byColor[us.Other()]
	occ &^= bit(g.kingFrom)
	if p.attackers(g.crossing, occ, enemies) != 0 {
		return m, CastlingThroughCheck, g.crossing
	}
	if p.attackers(g.kingTo, occ, enemies) != 0 {
		return m, KingInCheck, g.kingTo
	}
	flag := KingsideCastling
	if cs == CastleLong {
		flag = QueensideCastling
	}
	return Move{From: g.kingFrom, To: g.kingTo, Flags: flag}, 0, NoSquare
}

// nearest returns the square of b, a set of squares on sq's rank all on
// one side of sq, that is closest to sq.
func nearest(b uint64, sq Square) Square {
	if first := firstSquare(b); first > sq {
		return first
	}
	return lastSquare(b)
}
