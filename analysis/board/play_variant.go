package board

// playVariant is Play for a variant: standard chess's move, with castling
// from wherever king and rook stand, drops and pockets (Crazyhouse),
// explosions (Atomic), check counting (Three-check), and the promotions
// and double steps of Antichess and Horde.
func (p *Position) playVariant(m Move) {
	us, them := p.side, p.side.Other()
	ep := p.epSquare
	p.side = them
	p.epSquare = NoSquare
	p.halfmove++
	if us == Black {
		p.fullmove++
	}
	switch {
	case m.IsNull() || !m.To.valid():
		return
	case m.IsDrop():
		p.playDrop(us, m)
		return
	case !m.From.valid():
		return
	}
	piece := p.typeAt(m.From)
	if piece == NoPieceType {
		return
	}
	if piece == King {
		p.side = us // castleSideOfVariant asks about the side to move
		cs := p.castleSideOfVariant(m)
		p.side = them
		if cs != NoCastle {
			p.castle(us, cs)
			p.countCheck(us)
			return
		}
	}
	captured, victim := NoPieceType, m.To
	switch {
	case p.byColor[them]&bit(m.To) != 0:
		captured = p.typeAt(m.To)
	case piece == Pawn && m.To == ep && m.From.File() != m.To.File():
		captured, victim = Pawn, epVictim(m.To)
	}
	if captured != NoPieceType {
		p.halfmove = 0
		if p.variant == Crazyhouse {
			if p.promoted()&bit(victim) != 0 {
				p.addPocket(us, Pawn, 1)
			} else {
				p.addPocket(us, captured, 1)
			}
		}
		p.remove(captured, them, victim)
		p.byType[NoPieceType] &^= bit(victim)
	}
	wasPromoted := p.promoted()&bit(m.From) != 0
	p.remove(piece, us, m.From)
	p.byType[NoPieceType] &^= bit(m.From)
	switch {
	case m.Promotion != NoPieceType && piece == Pawn:
		p.put(m.Promotion, us, m.To)
		if p.variant == Crazyhouse {
			p.byType[NoPieceType] |= bit(m.To)
		}
	default:
		p.put(piece, us, m.To)
		if wasPromoted {
			p.byType[NoPieceType] |= bit(m.To)
		}
	}
	if piece == Pawn {
		p.halfmove = 0
		// Horde's pawns step two squares from the first rank too, and
		// leave no en passant square when they do.
		if (m.To-m.From == 16 || m.From-m.To == 16) && m.From.Rank() != 0 && m.From.Rank() != 7 {
			p.epSquare = (m.From + m.To) / 2
		}
	}
	if captured != NoPieceType && p.variant == Atomic {
		p.explode(m.To)
	}
	if piece == King {
		p.castling &^= (whiteShort | whiteLong) << (2 * us)
	}
	p.dropLostRights()
	p.countCheck(us)
}

// playDrop puts a piece from the mover's pocket on m.To.
func (p *Position) playDrop(us Color, m Move) {
	if m.Promotion < Pawn || m.Promotion > Queen || p.Pocket(us, m.Promotion) == 0 {
		return
	}
	p.addPocket(us, m.Promotion, -1)
	p.put(m.Promotion, us, m.To)
	if m.Promotion == Pawn {
		p.halfmove = 0
	}
	p.countCheck(us)
}

// castle moves the king and rook of colour c for castling on side cs. In
// Chess960 either may already stand on the other's target square, so both
// leave the board before either lands.
func (p *Position) castle(c Color, cs CastleSide) {
	right := castlingRight(c, cs)
	king, rook := p.kingSquare(c), p.rookFrom(right)
	kingTo, rookTo := castleTargets(c, cs)
	p.remove(King, c, king)
	p.remove(Rook, c, rook)
	p.put(King, c, kingTo)
	p.put(Rook, c, rookTo)
	p.castling &^= (whiteShort | whiteLong) << (2 * c)
}

// explode applies Atomic's explosion of a capture on sq: the capturing
// piece, now on sq, and every piece but a pawn on the squares around it
// leave the board.
func (p *Position) explode(sq Square) {
	for b := (kingAttacks[sq]&^p.byType[Pawn] | bit(sq)) & p.occupied(); b != 0; b &= b - 1 {
		s := firstSquare(b)
		pt, c, _ := p.PieceAt(s)
		p.remove(pt, c, s)
	}
}

// dropLostRights removes the castling rights whose rook is no longer on
// its square, or whose king is gone: moved, captured or exploded.
func (p *Position) dropLostRights() {
	for _, right := range [...]castlingRights{whiteShort, whiteLong, blackShort, blackLong} {
		if p.castling&right == 0 {
			continue
		}
		c := Color(rightIndex(right) >> 1)
		if p.pieces(Rook, c)&bit(p.rookFrom(right)) == 0 || p.pieces(King, c)&rankMask(7*int(c)) == 0 {
			p.castling &^= right
		}
	}
}

// countCheck counts, in Three-check, a check that colour c's move has just
// given.
func (p *Position) countCheck(c Color) {
	if p.variant == ThreeCheck && p.variantInCheck() && p.ChecksGiven(c) < 3 {
		p.checks += 1 << (4 * c)
	}
}
