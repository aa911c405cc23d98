package board

// Resolve returns the one legal move that s names in p.
//
// It looks for origin squares backwards from the destination with attack
// tables, narrows them by the disambiguation written, and tests only those
// candidates for legality, so it neither generates every legal move nor
// allocates when it succeeds.
//
// Resolve is lenient about what SAN merely annotates: a missing or
// superfluous 'x' and a wrong or missing check sign do not stop a move from
// resolving. Compare s.Capture with the returned move's IsCapture, and
// s.Suffix with CheckStatus, to warn about them. Over-specified
// disambiguation such as Ng1f3 is accepted too; SAN gives the canonical
// spelling.
//
// A null move resolves to a Move with the Null flag. Played in check, it
// also comes with a *MoveError of kind NullMoveInCheck, so that the caller
// can decide whether to accept it. Any other failure returns a *MoveError
// saying why no move, or more than one, matches.
//
// In a variant, Resolve follows its rules: drops (N@f3) in Crazyhouse,
// castling from any rook in Chess960, compulsory captures in Antichess,
// and so on; after the variant's own end of the game (see Outcome) every
// move fails with GameOver.
func (p *Position) Resolve(s SAN) (Move, error) {
	if p.variant != Standard {
		return p.resolveVariant(s)
	}
	switch {
	case s.Null:
		if p.InCheck() {
			return nullMove, p.newError(s, NullMoveInCheck)
		}
		return nullMove, nil
	case s.Castle != NoCastle:
		return p.resolveCastling(s)
	case !s.To.valid() || s.Piece < Pawn || s.Piece > King:
		return Move{}, p.newError(s, NoPieceCanReach)
	}
	// A drop resolves to no move here (originMask allows it no origin),
	// and explain says why, which keeps its test off the path of every
	// other move.
	if m, ok := p.resolveMove(&s); ok {
		return m, nil
	}
	return Move{}, p.explain(s)
}

// resolveMove returns the one legal move that s, a move other than a null
// move or castling, names in p, and whether there is exactly one.
//
// It passes s by pointer (its twelve fields are too many for registers)
// and, since nearly every SAN has a single candidate origin, tests that one
// directly; only several candidates go through match.
func (p *Position) resolveMove(s *SAN) (Move, bool) {
	froms := p.origins(s)
	if froms == 0 || !p.promotionFits(s) {
		return Move{}, false
	}
	if froms&(froms-1) == 0 {
		m := p.makeMove(s.Piece, firstSquare(froms), s.To, s.Promotion)
		return m, p.isLegal(m)
	}
	m, n := p.match(s)
	return m, n == 1
}

// match returns the number of legal moves of the side to move that fit s,
// and one of them.
func (p *Position) match(s *SAN) (m Move, n int) {
	for froms := p.origins(s); froms != 0; froms &= froms - 1 {
		if c := p.makeMove(s.Piece, firstSquare(froms), s.To, s.Promotion); p.isLegal(c) {
			m = c
			n++
		}
	}
	return m, n
}

// origins returns the squares from which a piece of the side to move that
// fits s could move to s.To, ignoring whether the move would leave its king
// in check.
func (p *Position) origins(s *SAN) uint64 {
	us := p.side
	if p.byColor[us]&bit(s.To) != 0 {
		return 0
	}
	pieces := p.pieces(s.Piece, us) & originMask(s)
	switch s.Piece {
	case Pawn:
		// pawnOrigins, without the call in between.
		if s.pawnCapture() {
			return p.pawnCaptureOrigins(s.To) & pieces
		}
		return p.pawnPushOrigins(s.To) & pieces
	case Knight, King:
		return pieceAttacks(s.Piece, s.To, 0) & pieces
	}
	return p.sliderOrigins(s.Piece, s.To, pieces)
}

// sliderOrigins returns the squares of pieces, bishops, rooks or queens as
// pt says, from which the piece can slide to to.
//
// There are rarely more than two such pieces, so it tests each on to's
// lines for an empty path with the between table rather than computing the
// sliding attacks from to, which is cheaper (bench/NOTES.md).
func (p *Position) sliderOrigins(pt PieceType, to Square, pieces uint64) uint64 {
	occ := p.occupied()
	var froms uint64
	for c := pieces & sliderLines(pt, to); c != 0; c &= c - 1 {
		if from := firstSquare(c); between[to][from]&occ == 0 {
			froms |= bit(from)
		}
	}
	return froms
}

// sliderLines returns the squares a bishop, rook or queen, as pt says,
// attacks from sq on an empty board.
func sliderLines(pt PieceType, sq Square) uint64 {
	var lines uint64
	if pt != Rook {
		lines |= bishopLines[sq]
	}
	if pt != Bishop {
		lines |= rookLines[sq]
	}
	return lines
}

// pawnOrigins returns the squares from which a pawn of the side to move
// could make the pawn move s: a capture if s names a file other than the
// destination's or says 'x', otherwise a push of one or two squares.
func (p *Position) pawnOrigins(s *SAN) uint64 {
	if s.pawnCapture() {
		return p.pawnCaptureOrigins(s.To)
	}
	return p.pawnPushOrigins(s.To)
}

// pawnCapture reports whether s, a pawn move, captures: it says 'x' or
// names a file other than the destination's.
func (s *SAN) pawnCapture() bool {
	return s.Capture || s.FromFile >= 0 && int(s.FromFile) != s.To.File()
}

// pawnCaptureOrigins returns the squares from which a pawn of the side to
// move would capture on to, if there is something to capture there (an
// enemy piece, or the en passant square).
func (p *Position) pawnCaptureOrigins(to Square) uint64 {
	us := p.side
	victims := p.byColor[us.Other()]
	if p.epSquare != NoSquare {
		victims |= bit(p.epSquare)
	}
	if victims&bit(to) == 0 {
		return 0
	}
	return pawnAttacks[us.Other()][to]
}

// pawnPushOrigins returns the square from which a pawn of the side to move
// could push to to, one square or two: the square behind to if a pawn of
// the side stands there, else the one two behind if the push would be a
// double push over an empty square; nothing if to is occupied.
func (p *Position) pawnPushOrigins(to Square) uint64 {
	us := p.side
	occ := p.occupied()
	if occ&bit(to) != 0 || isLastRank(us.Other(), to) {
		return 0
	}
	one := pawnStep(us.Other(), to)
	if p.pieces(Pawn, us)&bit(one) != 0 {
		return bit(one)
	}
	if to.Rank() == pawnStartRank(us)+2*pawnDirection(us) && occ&bit(one) == 0 {
		return bit(pawnStep(us.Other(), one))
	}
	return 0
}

// pawnDirection is +1 for White, whose pawns move up the ranks, and -1 for
// Black.
func pawnDirection(c Color) int { return 1 - 2*int(c) }

// originMask returns the squares allowed by the disambiguation in s.
func originMask(s *SAN) uint64 {
	mask := ^uint64(0)
	if s.FromFile >= 0 {
		mask &= fileMask(int(s.FromFile))
	}
	if s.FromRank != -1 {
		// A drop's DropRank, below every rank, shifts the rank's mask
		// out of the word: a drop has no origin on the board.
		mask &= rankMask(int(s.FromRank))
	}
	return mask
}

// promotionFits reports whether s promotes exactly when it must: a pawn
// reaching the last rank becomes a knight, bishop, rook or queen, and no
// other move promotes.
func (p *Position) promotionFits(s *SAN) bool {
	if s.Piece != Pawn || !isLastRank(p.side, s.To) {
		return s.Promotion == NoPieceType
	}
	return Knight <= s.Promotion && s.Promotion <= Queen
}

// resolveCastling resolves O-O or O-O-O.
func (p *Position) resolveCastling(s SAN) (Move, error) {
	m, fail, where := p.castlingMove(s.Castle)
	if fail == 0 {
		return m, nil
	}
	e := p.newError(s, fail)
	e.From = castlings[p.side][s.Castle].kingFrom
	e.To = castlings[p.side][s.Castle].kingTo
	e.Where = where
	if where.valid() {
		e.Other = p.typeAt(where)
	}
	return Move{}, e
}

// explain works out why s does not name exactly one legal move. It runs
// only when resolution has failed, so it favours clear answers over speed.
func (p *Position) explain(s SAN) error {
	if s.IsDrop() {
		return p.newError(s, DropNotAllowed)
	}
	if s.Piece != Pawn && s.Promotion != NoPieceType {
		return p.newError(s, BadPromotion)
	}
	froms := p.origins(&s)
	if froms == 0 {
		return p.explainUnreachable(s)
	}
	if !p.promotionFits(&s) {
		return p.newError(s, BadPromotion)
	}
	var legal, illegal []Move
	for ; froms != 0; froms &= froms - 1 {
		m := p.makeMove(s.Piece, firstSquare(froms), s.To, s.Promotion)
		if p.isLegal(m) {
			legal = append(legal, m)
		} else {
			illegal = append(illegal, m)
		}
	}
	if len(illegal) == 0 && len(legal) < 2 {
		// Resolve has already taken the case of one legal move, so this
		// cannot happen; answer sensibly rather than panic if it does.
		return p.newError(s, NoPieceCanReach)
	}
	if len(legal) > 1 {
		e := p.newError(s, Ambiguous)
		e.Candidates = legal
		for _, m := range legal {
			e.CandidateSANs = append(e.CandidateSANs, p.SAN(m))
		}
		return e
	}
	return p.explainIllegal(s, illegal)
}

// explainUnreachable explains why no piece that fits s can move to s.To.
func (p *Position) explainUnreachable(s SAN) error {
	us := p.side
	mask := originMask(&s)
	e := p.newError(s, NoPieceCanReach)
	switch {
	case p.opponentCouldPlay(s):
		e.Kind = WrongSideToMove
	case p.byColor[us]&bit(s.To) != 0:
		e.Kind = TargetOccupied
		e.Where, e.Other = s.To, p.typeAt(s.To)
	case s.Piece == Pawn && s.FromFile >= 0 && p.pawnOrigins(&s) == 0:
		e.Kind = NothingToCapture
	case p.pieces(s.Piece, us) == 0:
		e.Kind = NoSuchPiece
	case p.pieces(s.Piece, us)&mask == 0:
		e.Kind = NoPieceOnSquare
	case s.Piece == King:
		e.From = p.kingSquare(us)
	case s.FromFile >= 0 && s.FromRank >= 0:
		e.From = NewSquare(int(s.FromFile), int(s.FromRank))
	}
	return e
}

// opponentCouldPlay reports whether s would be a legal move for the side
// that is not to move, which suggests a move is missing before it.
func (p *Position) opponentCouldPlay(s SAN) bool {
	q := *p
	q.side = p.side.Other()
	q.epSquare = NoSquare
	_, n := q.match(&s)
	return n > 0
}

// explainIllegal explains why none of the pseudo-legal moves that fit s is
// legal: each would leave the mover's king in check.
func (p *Position) explainIllegal(s SAN, illegal []Move) error {
	m := illegal[0]
	e := p.newError(s, KingInCheck)
	e.From = m.From
	e.InCheck = p.InCheck()
	if s.Piece == King {
		return e
	}
	for _, m := range illegal {
		pinner := p.pinner(m.From)
		if pinner == NoSquare {
			continue
		}
		if e.Kind != Pinned {
			e.Kind = Pinned
			e.From = m.From
			e.Where, e.Other = pinner, p.typeAt(pinner)
		}
		e.Candidates = append(e.Candidates, m)
	}
	return e
}

// pinner returns the enemy slider that pins the side to move's piece on sq
// to its king, or NoSquare if the piece is not pinned.
func (p *Position) pinner(sq Square) Square {
	us := p.side
	king := p.kingSquare(us)
	sliders := p.byColor[us.Other()] & (p.byType[Bishop] | p.byType[Rook] | p.byType[Queen])
	occ := p.occupied()
	exposed := p.attackers(king, occ&^bit(sq), sliders) &^ p.attackers(king, occ, sliders)
	if exposed == 0 {
		return NoSquare
	}
	return firstSquare(exposed)
}

// newError returns a MoveError of kind k about s in p, with the squares it
// does not know yet unset.
func (p *Position) newError(s SAN, k MoveErrorKind) *MoveError {
	return &MoveError{
		Variant:   p.variant,
		Kind:      k,
		SAN:       s.String(),
		Side:      p.side,
		Piece:     s.Piece,
		From:      NoSquare,
		To:        s.To,
		FromFile:  s.FromFile,
		FromRank:  s.FromRank,
		Promotion: s.Promotion,
		Castle:    s.Castle,
		Where:     NoSquare,
	}
}
