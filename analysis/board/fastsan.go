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
	switch c := text[0]; {
	case isFile(c):
		m, ok = p.canonicalPawnMove(text[:n])
	case c == 'O':
		m, ok = p.canonicalCastling(text[:n])
	default:
		m, ok = p.canonicalPieceMove(pieceOfLetter[c], text[1:n])
	}
	if !ok {
		return false
	}
	before := *p
	p.Play(m)
	if p.CheckSign() != suffix {
		*p = before
		return false
	}
	return true
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
		return m, prefix == "" && p.isLegal(m)
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
	return m, p.isLegal(m)
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
