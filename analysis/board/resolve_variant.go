package board

// resolveVariant is Resolve for a variant.
func (p *Position) resolveVariant(s SAN) (Move, error) {
	if s.Null {
		if p.variantInCheck() {
			return nullMove, p.newError(s, NullMoveInCheck)
		}
		return nullMove, nil
	}
	if end := p.variantEnd(); end.Over() {
		e := p.newError(s, GameOver)
		e.End = end.Reason
		return Move{}, e
	}
	switch {
	case s.Castle != NoCastle:
		return p.resolveVariantCastling(s)
	case s.IsDrop():
		return p.resolveDrop(s)
	case !s.To.valid() || s.Piece < Pawn || s.Piece > King:
		return Move{}, p.newError(s, NoPieceCanReach)
	case p.variant.standardPieceRules():
		// The pieces move as in standard chess: its fast path and its
		// explanations hold.
		if m, ok := p.resolveMove(&s); ok {
			return m, nil
		}
		return Move{}, p.explain(s)
	}
	// Only the pseudo-legal moves that fit s are tested for legality:
	// testing every move, as generating the legal moves does, made
	// Racing Kings and Atomic several times slower.
	var buf [256]Move
	pseudo := p.pseudoMoves(buf[:0])
	var found []Move
	for _, m := range pseudo {
		if p.fits(&s, m) && p.variantLegal(m) {
			found = append(found, m)
		}
	}
	if p.variant == Antichess && len(found) > 0 && !found[0].IsCapture() && hasCapture(pseudo) {
		found = nil // capturing is compulsory
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return Move{}, p.explainVariant(s, p.variantLegalMoves(pseudo[:0]))
	}
	e := p.newError(s, Ambiguous)
	e.Candidates = found
	for _, m := range found {
		e.CandidateSANs = append(e.CandidateSANs, p.SAN(m))
	}
	return Move{}, e
}

// hasCapture reports whether one of moves captures.
func hasCapture(moves []Move) bool {
	for _, m := range moves {
		if m.IsCapture() {
			return true
		}
	}
	return false
}

// fits reports whether m, a move in p, is one that s, a move other than
// castling, a drop or a null move, may name: the same piece to the same
// square from where the disambiguation allows, promoting as written, and
// for a pawn a capture exactly when s is written as one.
func (p *Position) fits(s *SAN, m Move) bool {
	if m.IsDrop() || m.Castle() != NoCastle || m.To != s.To || m.Promotion != s.Promotion ||
		originMask(s)&bit(m.From) == 0 || p.typeAt(m.From) != s.Piece {
		return false
	}
	if s.Piece == Pawn {
		capture := s.Capture || s.FromFile >= 0 && int(s.FromFile) != s.To.File()
		return capture == (m.From.File() != m.To.File())
	}
	return true
}

// explainVariant works out why s, a move of a piece, names none of the
// legal moves of p, a position of a variant whose pieces do not all
// follow standard chess's rules.
func (p *Position) explainVariant(s SAN, legal []Move) error {
	if s.Piece != Pawn && s.Promotion != NoPieceType || s.Promotion == King && p.variant != Antichess {
		return p.newError(s, BadPromotion)
	}
	var pseudo []Move
	for _, m := range p.pseudoMoves(nil) {
		if p.fits(&s, m) {
			pseudo = append(pseudo, m)
		}
	}
	if len(pseudo) == 0 {
		return p.explainVariantUnreachable(s)
	}
	m := pseudo[0]
	e := p.newError(s, KingInCheck)
	e.From = m.From
	e.InCheck = p.variantInCheck()
	switch p.variant {
	case Antichess:
		e.Kind = MustCapture
		for _, c := range legal {
			e.Candidates = append(e.Candidates, c)
			e.CandidateSANs = append(e.CandidateSANs, p.SAN(c))
		}
	case RacingKings:
		if p.isLegal(m) {
			e.Kind = GivesCheck
		}
	case Atomic:
		q := *p
		q.playVariant(m)
		if q.pieces(King, p.side) == 0 {
			e.Kind = ExplodesOwnKing
		}
	}
	return e
}

// explainVariantUnreachable explains why no piece that fits s can move to
// s.To, even ignoring what the move does to its king, in a variant where
// a side may have no king.
func (p *Position) explainVariantUnreachable(s SAN) error {
	us := p.side
	e := p.newError(s, NoPieceCanReach)
	switch {
	case p.byColor[us]&bit(s.To) != 0:
		e.Kind = TargetOccupied
		e.Where, e.Other = s.To, p.typeAt(s.To)
	case p.opponentCouldPlayVariant(s):
		e.Kind = WrongSideToMove
	case s.Piece == Pawn && s.FromFile >= 0 && p.byColor[us.Other()]&bit(s.To) == 0 && s.To != p.epSquare:
		e.Kind = NothingToCapture
	case p.pieces(s.Piece, us) == 0:
		e.Kind = NoSuchPiece
	case p.pieces(s.Piece, us)&originMask(&s) == 0:
		e.Kind = NoPieceOnSquare
	case s.FromFile >= 0 && s.FromRank >= 0:
		e.From = NewSquare(int(s.FromFile), int(s.FromRank))
	case s.Piece == King && popCount(p.pieces(King, us)) == 1:
		e.From = p.kingSquare(us)
	}
	return e
}

// opponentCouldPlayVariant reports whether s would be a move of the side
// not to move's pieces, which suggests a move is missing before it.
func (p *Position) opponentCouldPlayVariant(s SAN) bool {
	q := *p
	q.side = p.side.Other()
	q.epSquare = NoSquare
	for _, m := range q.pseudoMoves(nil) {
		if q.fits(&s, m) {
			return true
		}
	}
	return false
}

// resolveVariantCastling resolves O-O or O-O-O in a variant.
func (p *Position) resolveVariantCastling(s SAN) (Move, error) {
	m, fail, where := p.variantCastling(s.Castle)
	if fail == 0 && p.variant == RacingKings && p.givesCheck(m) {
		fail = GivesCheck
	}
	if fail == 0 && p.variant == Atomic && !p.variantLegal(m) {
		fail = KingInCheck
	}
	if fail == 0 {
		return m, nil
	}
	e := p.newError(s, fail)
	if kings := p.pieces(King, p.side); kings != 0 {
		e.From = firstSquare(kings)
	}
	e.To, _ = castleTargets(p.side, s.Castle)
	e.Where = where
	if where.valid() {
		e.Other = p.typeAt(where)
	}
	if !p.variant.hasCastling() {
		e.Kind = NoCastlingInVariant
	}
	return Move{}, e
}

// resolveDrop resolves a drop such as N@f3.
func (p *Position) resolveDrop(s SAN) (Move, error) {
	us := p.side
	var kind MoveErrorKind
	switch {
	case p.variant != Crazyhouse:
		kind = DropNotAllowed
	case s.Piece < Pawn || s.Piece > Queen || p.Pocket(us, s.Piece) == 0:
		kind = NotInPocket
	case p.occupied()&bit(s.To) != 0:
		kind = DropOccupied
	case s.Piece == Pawn && (s.To.Rank() == 0 || s.To.Rank() == 7):
		kind = BadDrop
	case !p.dropAnswersCheck(s.To):
		kind = KingInCheck
	default:
		return dropMove(s.Piece, s.To), nil
	}
	e := p.newError(s, kind)
	switch kind {
	case DropOccupied:
		e.Where, e.Other = s.To, p.typeAt(s.To)
	case KingInCheck:
		e.InCheck = true
	}
	return Move{}, e
}

// dropAnswersCheck reports whether a drop on to, an empty square, leaves
// the side to move out of check: always when it is not in check, never in
// double check, and otherwise when to blocks the check.
func (p *Position) dropAnswersCheck(to Square) bool {
	checkers := p.checkers()
	switch {
	case checkers == 0:
		return true
	case checkers&(checkers-1) != 0:
		return false
	}
	return between[p.kingSquare(p.side)][firstSquare(checkers)]&bit(to) != 0
}
