package board

// SAN returns the canonical SAN of m, a legal move in p, as PGN export
// format writes it: the origin named only as far as needed to tell m from
// other legal moves of the same piece type to the same square (file first,
// then rank, then both), "x" for captures, "=Q" for promotions, O-O and
// O-O-O for castling, and "+" or "#" when the move gives check or mate.
func (p *Position) SAN(m Move) string {
	var buf [16]byte
	return string(p.AppendSAN(buf[:0], m))
}

// AppendSAN appends the canonical SAN of m to dst. It allocates only when
// dst runs out of capacity.
//
// In a variant, a drop is written with its piece's letter, pawns included
// (P@d4, as lichess writes it), castling is O-O or O-O-O wherever king and
// rook start, and "#" marks any move that wins the game (see CheckSign).
func (p *Position) AppendSAN(dst []byte, m Move) []byte {
	if p.variant != Standard {
		dst = p.appendVariantSANMove(dst, m)
	} else {
		dst = p.appendSANMove(dst, m)
	}
	if suffix := p.CheckStatus(m); suffix != NoCheckSuffix {
		dst = append(dst, byte(suffix))
	}
	return dst
}

// appendSANMove appends the SAN of m without a check sign.
func (p *Position) appendSANMove(dst []byte, m Move) []byte {
	if m.IsNull() {
		return append(dst, "--"...)
	}
	piece := p.typeAt(m.From)
	if piece == King {
		if cs := castleSideOf(m.From, m.To); cs != NoCastle {
			return append(dst, cs.String()...)
		}
	}
	if piece == Pawn {
		if m.From.File() != m.To.File() {
			dst = append(dst, fileLetter(m.From.File()), 'x')
		}
		dst = append(dst, m.To.String()...)
		if m.Promotion != NoPieceType {
			dst = append(dst, '=', m.Promotion.Letter())
		}
		return dst
	}
	dst = append(dst, piece.Letter())
	dst = p.appendDisambiguation(dst, piece, m)
	if p.occupied()&bit(m.To) != 0 {
		dst = append(dst, 'x')
	}
	return append(dst, m.To.String()...)
}

// appendDisambiguation appends what SAN needs to tell m, a move of a piece of
// type pt, from other legal moves of the same type to the same square: the
// origin file if that is unique among them, else the rank if that is, else
// both. Pieces that cannot legally make the move, pinned ones for instance,
// do not count.
func (p *Position) appendDisambiguation(dst []byte, pt PieceType, m Move) []byte {
	rivals := pieceAttacks(pt, m.To, p.occupied()) & p.pieces(pt, p.side) &^ bit(m.From)
	if rivals == 0 {
		return dst // nearly every move: no call for what has no rival
	}
	return appendOrigin(dst, m.From, p.legalOrigins(pt, rivals, m.To))
}

// legalOrigins returns the squares of froms, each holding a piece of the
// side to move of type pt (not a pawn) that attacks to, from which that
// piece can legally move to to.
func (p *Position) legalOrigins(pt PieceType, froms uint64, to Square) uint64 {
	for r := froms; r != 0; r &= r - 1 {
		if from := firstSquare(r); !p.isLegal(p.makeMove(pt, from, to, NoPieceType)) {
			froms &^= bit(from)
		}
	}
	return froms
}

// originParts says which parts of the origin square from SAN writes to
// tell a move from the same piece type's legal moves from rivals to the
// same square: none without rivals, else the file if that is unique among
// them, else the rank if that is, else both.
func originParts(from Square, rivals uint64) (file, rank bool) {
	switch {
	case rivals == 0:
		return false, false
	case rivals&fileMask(from.File()) == 0:
		return true, false
	case rivals&rankMask(from.Rank()) == 0:
		return false, true
	}
	return true, true
}

// appendOrigin appends the parts of from that originParts asks for.
func appendOrigin(dst []byte, from Square, rivals uint64) []byte {
	file, rank := originParts(from, rivals)
	if file {
		dst = append(dst, fileLetter(from.File()))
	}
	if rank {
		dst = append(dst, rankDigit(from.Rank()))
	}
	return dst
}

// CheckStatus returns the check sign that m, a legal move in p, earns: "+"
// if it gives check, "#" if it gives checkmate. p is not changed. A caller
// that plays m anyway should call CheckSign on the result instead, which
// spares a copy of the position and a second Play.
func (p *Position) CheckStatus(m Move) CheckSuffix {
	q := *p
	q.Play(m)
	return q.CheckSign()
}

// CheckSign returns the check sign earned by the move that led to p, judged
// from p itself: MateSuffix if the side to move is checkmated, PlusSuffix if
// it is in check with a legal move, NoCheckSuffix if it is not in check.
//
// In a variant, MateSuffix marks any position the move has won by the
// variant's rules (a king on the hill, a third check, an exploded king,
// Antichess's stalemate or lost pieces), as lichess writes it, and
// PlusSuffix a check that has not.
func (p *Position) CheckSign() CheckSuffix {
	if p.variant != Standard {
		return p.variantCheckSign()
	}
	checkers := p.checkers()
	switch {
	case checkers == 0:
		return NoCheckSuffix
	case p.hasLegalMove(checkers):
		return PlusSuffix
	}
	return MateSuffix
}

// variantCheckSign is CheckSign for a variant.
func (p *Position) variantCheckSign() CheckSuffix {
	switch {
	case p.Outcome().Decisive:
		return MateSuffix
	case p.variantInCheck():
		return PlusSuffix
	}
	return NoCheckSuffix
}

// appendVariantSANMove is appendSANMove for a variant.
func (p *Position) appendVariantSANMove(dst []byte, m Move) []byte {
	switch {
	case m.IsNull():
		return append(dst, "--"...)
	case m.IsDrop():
		return append(append(append(dst, "?PNBRQK"[m.Promotion&7]), '@'), m.To.String()...)
	}
	piece := p.typeAt(m.From)
	if piece == King {
		if cs := p.castleSideOfVariant(m); cs != NoCastle {
			return append(dst, cs.String()...)
		}
	}
	if piece == Pawn || p.variant.standardPieceRules() {
		return p.appendSANMove(dst, m)
	}
	dst = append(dst, piece.Letter())
	dst = p.appendVariantDisambiguation(dst, piece, m)
	if p.occupied()&bit(m.To) != 0 {
		dst = append(dst, 'x')
	}
	return append(dst, m.To.String()...)
}

// appendVariantDisambiguation is appendDisambiguation for a variant, whose
// legal moves come from its generator.
func (p *Position) appendVariantDisambiguation(dst []byte, pt PieceType, m Move) []byte {
	var buf [256]Move
	var rivals uint64
	for _, o := range p.variantLegalMoves(buf[:0]) {
		if o.To == m.To && o.From != m.From && !o.IsDrop() && o.Castle() == NoCastle && p.typeAt(o.From) == pt {
			rivals |= bit(o.From)
		}
	}
	return appendOrigin(dst, m.From, rivals)
}
