package board

// LegalMoves appends the legal moves of the side to move to buf and returns
// the extended slice. It allocates only when buf runs out of capacity; no
// position has more than 218 legal moves.
func (p *Position) LegalMoves(buf []Move) []Move { return p.generate(buf, false) }

// HasLegalMove reports whether the side to move has a legal move. It stops
// at the first one it finds, so it is much cheaper than LegalMoves.
func (p *Position) HasLegalMove() bool {
	var buf [8]Move // room for the four promotions of one pawn step
	return len(p.generate(buf[:0], true)) > 0
}

// generate appends the legal moves to list. If firstOnly is set it returns
// as soon as it has found some.
func (p *Position) generate(list []Move, firstOnly bool) []Move {
	start := len(list)
	// The king goes first because a king step is the likeliest way out of
	// check, which is when HasLegalMove matters.
	for _, pt := range [...]PieceType{King, Knight, Bishop, Rook, Queen} {
		list = p.addPieceMoves(list, pt)
		if firstOnly && len(list) > start {
			return list
		}
	}
	list = p.addPawnMoves(list)
	if firstOnly && len(list) > start {
		return list
	}
	for _, cs := range [...]CastleSide{CastleShort, CastleLong} {
		if m, fail, _ := p.castlingMove(cs); fail == 0 {
			list = append(list, m)
		}
	}
	return list
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
