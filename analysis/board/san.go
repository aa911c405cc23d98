package board

import "fmt"

// SAN is a move in standard algebraic notation, parsed without reference to
// a position. Resolve turns it into a Move.
type SAN struct {
	Piece     PieceType // Pawn for pawn moves, King for castling
	FromFile  int8      // 0-based origin file given to disambiguate, or -1
	FromRank  int8      // 0-based origin rank given to disambiguate, or -1
	To        Square    // the destination; for castling, NoSquare
	Capture   bool      // written with 'x'
	Promotion PieceType // NoPieceType unless written
	Castle    CastleSide
	Null      bool // "--" or "Z0"
	Suffix    CheckSuffix

	// Style flags, for warning about forms that PGN export format does not
	// use.
	ZeroCastling  bool // written 0-0 or 0-0-0 instead of O-O or O-O-O
	BarePromotion bool // written e8Q instead of e8=Q
	ExplicitPawn  bool // written with a pawn letter, as in Pe4
}

// SANError reports text that is not a move in SAN.
type SANError struct {
	Text   string // the text given to ParseSAN
	Offset int    // byte offset into Text of the problem
	Reason string
}

func (e *SANError) Error() string { return fmt.Sprintf("invalid move %q: %s", e.Text, e.Reason) }

func sanError(text string, offset int, format string, args ...any) error {
	return &SANError{Text: text, Offset: offset, Reason: fmt.Sprintf(format, args...)}
}

// ParseSAN parses one move in SAN, such as "e4", "exd5", "Nbd7", "R1a3",
// "Qh4xe1", "e8=Q+", "O-O-O" or "Kxe2#". The text may end in a check or mate
// sign but not in annotations such as "!?", which the caller strips.
//
// Besides the export format it accepts forms found in real files: castling
// with zeros (0-0), promotion without '=' (e8Q), an explicit pawn letter
// (Pe4), a full origin square (Ng1f3) and a pawn capture without 'x' (ed5).
// The style flags in SAN record which were used. "--" and "Z0" are null
// moves.
//
// ParseSAN checks only what needs no position: for instance "e8=K" parses,
// and Resolve rejects it. It does not allocate unless it fails.
func ParseSAN(text string) (SAN, error) {
	s := SAN{FromFile: -1, FromRank: -1, To: NoSquare}
	if text == "" {
		return s, sanError(text, 0, "empty move")
	}
	body := text
	switch body[len(body)-1] {
	case '+':
		s.Suffix = PlusSuffix
		body = body[:len(body)-1]
	case '#':
		s.Suffix = MateSuffix
		body = body[:len(body)-1]
	}
	if body == "" {
		return s, sanError(text, 0, "a check sign with no move")
	}
	if n := len(body); body[n-1] == '+' || body[n-1] == '#' {
		return s, sanError(text, n-1, "more than one check sign")
	}
	switch body {
	case "--", "Z0":
		if s.Suffix != NoCheckSuffix {
			return s, sanError(text, len(body), "a null move cannot give check")
		}
		s.Null = true
		return s, nil
	case "O-O", "0-0":
		return castleSAN(s, CastleShort, body[0] == '0'), nil
	case "O-O-O", "0-0-0":
		return castleSAN(s, CastleLong, body[0] == '0'), nil
	}
	if c := body[0]; c == 'O' || c == '0' || c == 'o' {
		return s, sanError(text, 0, "malformed castling; write O-O or O-O-O")
	}
	return parseMove(text, body, s)
}

func castleSAN(s SAN, cs CastleSide, zeros bool) SAN {
	s.Piece = King
	s.Castle = cs
	s.ZeroCastling = zeros
	return s
}

// parseMove parses body, a move other than castling or a null move with
// any check sign removed, into s. The grammar is
//
//	[piece] [origin file] [origin rank] [x] destination [[=]promotion]
func parseMove(text, body string, s SAN) (SAN, error) {
	i := 0
	s.Piece = Pawn
	if pt := pieceFromLetter(body[0]); pt != NoPieceType {
		s.Piece = pt
		s.ExplicitPawn = pt == Pawn
		i++
	} else if c := body[0]; 'A' <= c && c <= 'Z' {
		return s, sanError(text, 0, "%q is not a piece letter; use K, Q, R, B or N", c)
	}

	end := len(body)
	if body[end-1] == '=' {
		return s, sanError(text, end-1, "'=' must be followed by the piece to promote to: Q, R, B or N")
	}
	if end-i >= 2 && body[end-2] == '=' {
		if s.Promotion = pieceFromLetter(body[end-1]); s.Promotion == NoPieceType {
			return s, sanError(text, end-1, "%q is not a piece to promote to; use Q, R, B or N", body[end-1])
		}
		end -= 2
	} else if end-i >= 3 && isRank(body[end-2]) {
		if pt := pieceFromLetter(body[end-1]); pt != NoPieceType {
			s.Promotion = pt
			s.BarePromotion = true
			end--
		}
	}

	if end-i < 2 {
		return s, sanError(text, end, "missing destination square")
	}
	to, ok := ParseSquare(body[end-2 : end])
	if !ok {
		return s, sanError(text, end-2, "%q is not a square", body[end-2:end])
	}
	s.To = to

	j := i
	if j < end-2 && isFile(body[j]) {
		s.FromFile = int8(body[j] - 'a')
		j++
	}
	if j < end-2 && isRank(body[j]) {
		s.FromRank = int8(body[j] - '1')
		j++
	}
	if j < end-2 && body[j] == 'x' {
		s.Capture = true
		j++
	}
	if j < end-2 {
		return s, unexpected(text, j)
	}
	return s, checkShape(text, s)
}

// unexpected reports the character at text[i], with a hint for the common
// mistakes.
func unexpected(text string, i int) error {
	switch c := text[i]; c {
	case '-':
		return sanError(text, i, "'-' does not belong in SAN; write e4 or Nf3, not e2-e4 or Ng1-f3")
	case 'n', 'r', 'q', 'k':
		return sanError(text, i, "unexpected %q; piece letters are upper case", c)
	default:
		return sanError(text, i, "unexpected %q", c)
	}
}

// checkShape rejects parsed moves that no position can make sense of.
func checkShape(text string, s SAN) error {
	if s.Piece != Pawn {
		if s.Promotion != NoPieceType {
			return sanError(text, len(text)-1, "only pawns can promote")
		}
		return nil
	}
	switch {
	case s.FromRank >= 0:
		return sanError(text, 0, "a pawn move names no origin rank; write %s", pawnSpelling(s))
	case s.Capture && s.FromFile < 0:
		return sanError(text, 0, "a pawn capture names the pawn's file, as in %cx%v", fileLetter(max(s.To.File()-1, 0)), s.To)
	case s.FromFile >= 0 && abs(int(s.FromFile)-s.To.File()) != 1:
		if int(s.FromFile) == s.To.File() {
			return sanError(text, 0, "a pawn move to %v names its file twice; write %v", s.To, s.To)
		}
		return sanError(text, 0, "a pawn captures on an adjacent file, not from the %c-file to %v", fileLetter(int(s.FromFile)), s.To)
	}
	return nil
}

// pawnSpelling returns the SAN a pawn move written with an origin square
// should have used.
func pawnSpelling(s SAN) string {
	if s.FromFile >= 0 && int(s.FromFile) != s.To.File() {
		return string(fileLetter(int(s.FromFile))) + "x" + s.To.String()
	}
	return s.To.String()
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// String returns the move as SAN in PGN export style, spelling out what was
// parsed: "0-0" becomes "O-O" and "e8Q" becomes "e8=Q", while
// disambiguation is kept as written.
func (s SAN) String() string {
	var buf [16]byte
	return string(s.appendText(buf[:0]))
}

func (s SAN) appendText(dst []byte) []byte {
	switch {
	case s.Null:
		return append(dst, "--"...)
	case s.Castle != NoCastle:
		dst = append(dst, s.Castle.String()...)
	default:
		if s.Piece != Pawn {
			dst = append(dst, s.Piece.Letter())
		}
		if s.FromFile >= 0 {
			dst = append(dst, fileLetter(int(s.FromFile)))
		}
		if s.FromRank >= 0 {
			dst = append(dst, rankDigit(int(s.FromRank)))
		}
		if s.Capture {
			dst = append(dst, 'x')
		}
		dst = append(dst, s.To.String()...)
		if s.Promotion != NoPieceType {
			dst = append(dst, '=', "?PNBRQK"[s.Promotion])
		}
	}
	if s.Suffix != NoCheckSuffix {
		dst = append(dst, byte(s.Suffix))
	}
	return dst
}
