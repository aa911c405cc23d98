package analysis

import (
	"errors"
	"strings"
	"unicode/utf8"

	"pgnls/analysis/board"
	"pgnls/pgn"
)

// This file reads the moves that players paste in notations other than
// SAN. The policy: a form that names exactly one legal move without
// guessing is read as that move, the line goes on being checked, and the
// checker warns with a preferred fix to the canonical SAN (which the
// formatter writes): long algebraic and coordinate moves (e2e4, e2-e4,
// Ng1-f3, e4xd5, e1g1, d7d8q), castling in lower case or with another dash
// (o-o, O–O), a promotion piece in lower case (e8=q), en passant marks
// (exf6 e.p.), "++", and figurines (♘f3, FAN, which the standard's 8.2.3
// calls otherwise identical to SAN). What may name several moves, or none
// without a guess, stays an error: a move without its destination (Kx,
// exd), whose one match is offered as a fix that is not preferred, and a
// piece letter of another language (Sf3), whose languages the message
// names (languages.go).
//
// SAN pays nothing for this: ParseSAN rejects every one of these forms,
// and only then is the text read here.

// notation is the set of the ways in which a move read here was written
// otherwise than in SAN.
type notation uint16

const (
	withFigurine    notation = 1 << iota // ♘f3
	withOrigin                           // e2e4, Ng1-f3, e1g1: long algebraic or coordinate notation
	withLowerCastle                      // o-o
	withZeroCastle                       // 0-0, together with another form (alone, ParseSAN reads it)
	withUnicodeDash                      // O–O, e2–e4
	withLowerPromo                       // e8=q, e8q
	withEnPassant                        // exf6 e.p., exf6ep
	withDoublePlus                       // Rh7++
)

// code returns the diagnostic code of a move written so: the first of the
// forms in this order, figurine, origin square, castling, promotion, en
// passant mark, check sign. A move gets one diagnostic, whose fix, the
// canonical SAN, mends every form at once.
func (n notation) code() Code {
	switch {
	case n&withFigurine != 0:
		return CodeFigurine
	case n&withOrigin != 0:
		return CodeLongAlgebraic
	case n&(withLowerCastle|withZeroCastle|withUnicodeDash) != 0:
		return CodeCastlingStyle
	case n&withLowerPromo != 0:
		return CodePromotionStyle
	case n&withEnPassant != 0:
		return CodeEnPassantMark
	}
	return CodeCheckSuffix
}

// describe says how a move was written: "with a figurine and with its
// origin square". The en passant mark is told apart (see message).
func (n notation) describe() string {
	var parts []string
	add := func(f notation, text string) {
		if n&f != 0 {
			parts = append(parts, text)
		}
	}
	add(withFigurine, "with a figurine")
	add(withOrigin, "with its origin square (long algebraic notation)")
	add(withLowerCastle, "in lower case")
	add(withZeroCastle, "with zeros")
	add(withUnicodeDash, "with a Unicode dash for '-'")
	add(withLowerPromo, "with its promotion piece in lower case")
	add(withDoublePlus, "with '++' (SAN marks check with + and mate with #)")
	return strings.Join(parts, " and ")
}

// message is the warning for move text, written in notation n, that reads
// as mv, canonical in SAN: "2.♘f3 is written with a figurine: write Nf3".
func (n notation) message(label string, mv board.Move, canonical string) string {
	var b strings.Builder
	b.WriteString(label)
	if d := (n &^ withEnPassant).describe(); d != "" {
		b.WriteString(" is written " + d)
		if n&withEnPassant != 0 {
			b.WriteString(", with an en passant mark")
		}
	}
	if n&withEnPassant != 0 {
		if n&^withEnPassant == 0 {
			b.WriteString(" has an en passant mark")
		}
		if mv.Flags&board.EnPassant != 0 {
			b.WriteString(", which SAN does not write")
		} else {
			b.WriteString(", but it is not an en passant capture")
		}
	}
	b.WriteString(": write " + canonical)
	return b.String()
}

// readMove returns the legal move that text names in pos: a move in SAN, as
// ParseSAN reads it, or one in another notation that names exactly one
// legal move (otherNotation); n says which, 0 for SAN. A null move passes
// the turn unless the side to move is in check, as in the checker's play.
func readMove(pos *board.Position, text string) (san board.SAN, mv board.Move, n notation, ok bool) {
	san, err := board.ParseSAN(text)
	if err != nil {
		mv, n, err = otherNotation(pos, text)
		return san, mv, n, n != 0 && err == nil
	}
	if san.Null {
		if pos.InCheck() {
			return san, board.Move{}, 0, false
		}
		return san, board.Move{From: board.NoSquare, To: board.NoSquare, Flags: board.Null}, 0, true
	}
	mv, err = pos.Resolve(san)
	return san, mv, 0, err == nil
}

// errNotLegal is otherNotation's error for a move whose squares name no
// legal move.
var errNotLegal = errors.New("no legal move")

// otherNotation reads text, which ParseSAN rejected, as a move written in
// another notation. n is 0 when text is in none that this file reads;
// otherwise err, when not nil, says why the move it names is not legal
// (a *board.MoveError when the move is read as SAN, say after its
// figurine).
func otherNotation(pos *board.Position, text string) (mv board.Move, n notation, err error) {
	body, n, ok := plainText(text)
	if !ok {
		return board.Move{}, 0, nil
	}
	// The check sign of a move read here is not compared with the position:
	// the fix writes the canonical SAN, with the right one.
	body, signs := cutCheckSigns(body)
	if cut, ok := cutEnPassantMark(body); ok {
		body, n = cut, n|withEnPassant
		if signs == "" {
			body, signs = cutCheckSigns(body)
		}
	}
	switch signs {
	case "", "+", "#":
	case "++":
		n |= withDoublePlus
	default:
		return board.Move{}, 0, nil
	}
	if cs, zeros, lower, ok := castlingText(body); ok {
		if lower {
			n |= withLowerCastle
		}
		if zeros && n != 0 {
			n |= withZeroCastle
		}
		if n == 0 {
			return board.Move{}, 0, nil
		}
		body = cs
	} else if from, to, piece, promo, ok := longAlgebraic(body); ok {
		mv, err := longAlgebraicMove(pos, from, to, piece, promo)
		return mv, n | withOrigin, err
	} else if up, ok := lowerPromotion(body); ok {
		body, n = up, n|withLowerPromo
	}
	if n == 0 {
		return board.Move{}, 0, nil
	}
	san, err := board.ParseSAN(body)
	if err != nil {
		return board.Move{}, n, err
	}
	if san.Null {
		return board.Move{}, 0, nil // "--" with an en passant mark means nothing
	}
	mv, err = pos.Resolve(san)
	return mv, n, err
}

// plainText returns text with its figurines as SAN letters and its Unicode
// dashes as '-', and the forms found; it reports false when text holds
// any other character that is not ASCII.
func plainText(text string) (string, notation, bool) {
	ascii := true
	for i := 0; i < len(text); i++ {
		if text[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return text, 0, true
	}
	var n notation
	var b strings.Builder
	for _, r := range text {
		switch {
		case r < utf8.RuneSelf:
			b.WriteRune(r)
		case pgn.FigurineLetter(r) != 0:
			b.WriteByte(pgn.FigurineLetter(r))
			n |= withFigurine
		case pgn.IsDash(r):
			b.WriteByte('-')
			n |= withUnicodeDash
		default:
			return "", 0, false
		}
	}
	return b.String(), n, true
}

// cutCheckSigns splits the check and mate signs off the end of s.
func cutCheckSigns(s string) (string, string) {
	i := len(s)
	for i > 0 && (s[i-1] == '+' || s[i-1] == '#') {
		i--
	}
	return s[:i], s[i:]
}

// cutEnPassantMark removes an en passant mark, "ep" or "e.p.", attached or
// after a blank, from the end of a move that ends with a square's rank.
func cutEnPassantMark(s string) (string, bool) {
	var cut string
	switch {
	case strings.HasSuffix(s, "e.p."):
		cut = s[:len(s)-len("e.p.")]
	case strings.HasSuffix(s, "ep"):
		cut = s[:len(s)-len("ep")]
	default:
		return s, false
	}
	cut = strings.TrimRight(cut, " \t")
	if cut == "" || !isRankByte(cut[len(cut)-1]) {
		return s, false
	}
	return cut, true
}

func isRankByte(c byte) bool { return '1' <= c && c <= '8' }
func isFileByte(c byte) bool { return 'a' <= c && c <= 'h' }

// castlingText reads castling written with the letter o in either case or
// with zeros: it returns "O-O" or "O-O-O", whether zeros or a lower-case o
// were used, and false for anything else.
func castlingText(s string) (canonical string, zeros, lower, ok bool) {
	if len(s) != 3 && len(s) != 5 {
		return "", false, false, false
	}
	c := s[0]
	if c != 'o' && c != 'O' && c != '0' {
		return "", false, false, false
	}
	for i := 0; i < len(s); i++ {
		if i%2 == 0 && s[i] != c || i%2 == 1 && s[i] != '-' {
			return "", false, false, false
		}
	}
	if len(s) == 3 {
		canonical = "O-O"
	} else {
		canonical = "O-O-O"
	}
	return canonical, c == '0', c == 'o', true
}

// longAlgebraic reads a move written with its origin and destination
// squares, in long algebraic (e2-e4, Ng1-f3, e4xd5, d7-d8=Q) or coordinate
// notation (e2e4, g1f3, e1g1, d7d8q): an optional piece letter, the origin,
// an optional '-', 'x' or ':', the destination, and an optional promotion
// piece in either case, with or without '='. piece is NoPieceType when no
// letter is written.
func longAlgebraic(s string) (from, to board.Square, piece, promo board.PieceType, ok bool) {
	i := 0
	if len(s) > 0 {
		if pt := sanPiece(s[0]); pt != board.NoPieceType {
			piece = pt
			i++
		}
	}
	square := func() (board.Square, bool) {
		if i+1 < len(s) && isFileByte(s[i]) && isRankByte(s[i+1]) {
			i += 2
			return board.NewSquare(int(s[i-2]-'a'), int(s[i-1]-'1')), true
		}
		return board.NoSquare, false
	}
	var okFrom, okTo bool
	if from, okFrom = square(); !okFrom {
		return
	}
	if i < len(s) && (s[i] == '-' || s[i] == 'x' || s[i] == ':') {
		i++
	}
	if to, okTo = square(); !okTo {
		return
	}
	if i < len(s) && s[i] == '=' {
		i++
		if i == len(s) {
			return
		}
	}
	if i < len(s) {
		if promo = sanPiece(upper(s[i])); promo == board.NoPieceType || promo == board.Pawn || promo == board.King {
			return
		}
		i++
	}
	return from, to, piece, promo, i == len(s)
}

// sanPiece returns the piece of an English piece letter, or NoPieceType.
func sanPiece(c byte) board.PieceType {
	switch c {
	case 'P':
		return board.Pawn
	case 'N':
		return board.Knight
	case 'B':
		return board.Bishop
	case 'R':
		return board.Rook
	case 'Q':
		return board.Queen
	case 'K':
		return board.King
	}
	return board.NoPieceType
}

func upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// longAlgebraicMove returns the legal move from one square to another: the
// piece on from must be the one named, if one is, and a promotion must name
// its piece (pgnls does not guess the queen). Castling written as the
// king's move (e1g1, or e1h1 as the king taking its rook) is castling.
func longAlgebraicMove(pos *board.Position, from, to board.Square, piece, promo board.PieceType) (board.Move, error) {
	pt, color, occupied := pos.PieceAt(from)
	if !occupied || color != pos.SideToMove() {
		return board.Move{}, errors.New("the side to move has no piece on " + from.String())
	}
	if piece != board.NoPieceType && piece != pt {
		return board.Move{}, errors.New("the move names a " + piece.String() + ", but " + from.String() + " holds a " + pt.String())
	}
	var buf [256]board.Move
	var found []board.Move
	for _, m := range pos.LegalMoves(buf[:0]) {
		if m.From == from && (m.To == to || pt == board.King && m.Castle() != board.NoCastle && castlingTarget(pos, m) == to) {
			found = append(found, m)
		}
	}
	if len(found) == 0 {
		return board.Move{}, errors.New("the " + pt.String() + " on " + from.String() + " cannot move to " + to.String())
	}
	for _, m := range found {
		if m.Promotion == promo {
			return m, nil
		}
	}
	if found[0].Promotion == board.NoPieceType {
		return board.Move{}, errors.New("only a pawn that reaches the last rank promotes")
	}
	if promo == board.NoPieceType {
		return board.Move{}, errors.New("a pawn that reaches " + to.String() + " promotes: name the piece, as in " + from.String() + to.String() + "q")
	}
	return board.Move{}, errors.New("the pawn on " + from.String() + " does not promote on " + to.String())
}

// castlingTarget returns the square the king of a castling move goes to:
// castling written as the king's move names that square (e1g1), and the
// board encodes Chess960 castling as the king taking its rook (e1h1).
func castlingTarget(pos *board.Position, m board.Move) board.Square {
	file := 6
	if m.Castle() == board.CastleLong {
		file = 2
	}
	return board.NewSquare(file, m.From.Rank())
}

// lowerPromotion returns s, a move whose promotion piece is in lower case
// (e8=q, e8q, exd8=n), with the piece in upper case; false when s is not
// that.
func lowerPromotion(s string) (string, bool) {
	n := len(s)
	if n < 3 {
		return s, false
	}
	switch s[n-1] {
	case 'q', 'r', 'b', 'n':
	default:
		return s, false
	}
	i := n - 2
	if s[i] == '=' {
		i--
	}
	if i < 1 || !isRankByte(s[i]) || !isFileByte(s[i-1]) {
		return s, false
	}
	return s[:n-1] + string(upper(s[n-1])), true
}
