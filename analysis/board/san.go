package board

import "fmt"

// SAN is a move in standard algebraic notation, parsed without reference to
// a position. Resolve turns it into a Move.
type SAN struct {
	Piece     PieceType // Pawn for pawn moves, King for castling, the piece dropped for a drop
	FromFile  int8      // 0-based origin file given to disambiguate, or -1
	FromRank  int8      // 0-based origin rank given to disambiguate, or -1; DropRank for a drop
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

// DropRank is SAN.FromRank for a crazyhouse drop (N@f3, or for a pawn @d4
// or P@d4): Piece and To say what goes where, and there is no origin. The
// mark lives in FromRank, below every rank, because a thirteenth field in
// SAN slows Resolve down (bench/NOTES.md): the caller's copy of the struct
// for Resolve then straddles the bytes ParseSAN wrote one by one, and the
// processor cannot forward those stores to the loads.
const DropRank int8 = -2

// IsDrop reports whether s is a crazyhouse drop.
func (s SAN) IsDrop() bool { return s.FromRank == DropRank }

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
// "Qh4xe1", "e8=Q+", "O-O-O" or "Kxe2#", or a crazyhouse drop such as
// "N@f3" or "P@d4" ("@d4" for short). The text may end in a check or mate
// sign but not in annotations such as "!?", which the caller strips.
//
// Besides the export format it accepts forms found in real files: castling
// with zeros (0-0), promotion without '=' (e8Q), an explicit pawn letter
// (Pe4), a full origin square (Ng1f3) and a pawn capture without 'x' (ed5).
// The style flags in SAN record which were used. "--", "Z0" and "0000"
// (UCI's) are null moves.
//
// ParseSAN checks only what needs no position: for instance "e8=K" parses,
// and Resolve rejects it. It does not allocate unless it fails.
//
// It runs once per ply of every game checked, so it fills one SAN through
// a pointer rather than passing the struct (twelve one-byte fields, too
// many for registers) by value between helpers, and compares the body with
// the null and castling spellings only when its first byte could start
// one, with letter tables and a fast exit from checkShape (bench/NOTES.md).
func ParseSAN(text string) (SAN, error) {
	s := SAN{FromFile: -1, FromRank: -1, To: NoSquare}
	err := s.parse(text)
	return s, err
}

// parse is ParseSAN on s, which holds the empty SAN.
func (s *SAN) parse(text string) error {
	n := len(text)
	if n == 0 {
		return sanError(text, 0, "empty move")
	}
	switch text[n-1] {
	case '+':
		s.Suffix = PlusSuffix
		n--
	case '#':
		s.Suffix = MateSuffix
		n--
	}
	if n == 0 {
		return sanError(text, 0, "a check sign with no move")
	}
	body := text[:n]
	if c := body[n-1]; c == '+' || c == '#' {
		return sanError(text, n-1, "more than one check sign")
	}
	switch body[0] {
	case '-', 'Z', 'O', '0', 'o':
		return s.parseSpecial(text, body)
	}
	return s.parseMove(text, body)
}

// parseSpecial parses body, which starts like a null move or castling,
// with any check sign removed.
func (s *SAN) parseSpecial(text, body string) error {
	switch body {
	case "--", "Z0", "0000":
		if s.Suffix != NoCheckSuffix {
			return sanError(text, len(body), "a null move cannot give check")
		}
		s.Null = true
		return nil
	case "O-O", "0-0":
		s.castle(CastleShort, body[0] == '0')
		return nil
	case "O-O-O", "0-0-0":
		s.castle(CastleLong, body[0] == '0')
		return nil
	}
	if c := body[0]; c == 'O' || c == '0' || c == 'o' {
		return sanError(text, 0, "malformed castling; write O-O or O-O-O")
	}
	return s.parseMove(text, body)
}

func (s *SAN) castle(cs CastleSide, zeros bool) {
	s.Piece = King
	s.Castle = cs
	s.ZeroCastling = zeros
}

// parseMove parses body, a move other than castling or a null move with
// any check sign removed, into s. The grammar is
//
//	[piece] [origin file] [origin rank] [x] destination [[=]promotion]
func (s *SAN) parseMove(text, body string) error {
	i := 0
	s.Piece = Pawn
	if pt := pieceOfLetter[body[0]]; pt != NoPieceType {
		s.Piece = pt
		s.ExplicitPawn = pt == Pawn
		i++
	} else if c := body[0]; 'A' <= c && c <= 'Z' {
		return sanError(text, 0, "%q is not a piece letter; use K, Q, R, B or N", c)
	}

	end := len(body)
	if body[end-1] == '=' {
		return sanError(text, end-1, "'=' must be followed by the piece to promote to: Q, R, B or N")
	}
	if end-i >= 2 && body[end-2] == '=' {
		if s.Promotion = pieceOfLetter[body[end-1]]; s.Promotion == NoPieceType {
			return sanError(text, end-1, "%q is not a piece to promote to; use Q, R, B or N", body[end-1])
		}
		end -= 2
	} else if end-i >= 3 && isRank(body[end-2]) {
		if pt := pieceOfLetter[body[end-1]]; pt != NoPieceType {
			s.Promotion = pt
			s.BarePromotion = true
			end--
		}
	}

	if end-i < 2 {
		return sanError(text, end, "missing destination square")
	}
	file, rank := body[end-2]-'a', body[end-1]-'1'
	if file > 7 || rank > 7 {
		return sanError(text, end-2, "%q is not a square", body[end-2:end])
	}
	s.To = Square(rank*8 + file)

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
		if s.takeDrop(body, i, j, end) {
			return nil
		}
		return unexpected(text, j)
	}
	return s.checkShape(text)
}

// takeDrop makes s a drop, [piece]@square, if that is what body is, the
// grammar of parseMove having stopped at j, after the piece letter (if any)
// at i, with the destination at end-2. Drops take this way out of
// parseMove, so that the moves of standard chess pay nothing for them.
func (s *SAN) takeDrop(body string, i, j, end int) bool {
	if body[j] != '@' || j != i || j != end-3 || s.Promotion != NoPieceType {
		return false
	}
	s.FromRank = DropRank
	s.ExplicitPawn = false // P@d4 is how lichess writes a pawn's drop
	return true
}

// unexpected reports the character at text[i], with a hint for the common
// mistakes.
func unexpected(text string, i int) error {
	switch c := text[i]; c {
	case '-':
		return sanError(text, i, "'-' does not belong in SAN; write e4 or Nf3, not e2-e4 or Ng1-f3")
	case '@':
		return sanError(text, i, "a drop is written as a piece letter, '@' and the square, as in N@f3 or P@d4")
	case 'n', 'r', 'q', 'k':
		return sanError(text, i, "unexpected %q; piece letters are upper case", c)
	default:
		return sanError(text, i, "unexpected %q", c)
	}
}

// checkShape rejects parsed moves that no position can make sense of. The
// shapes a legal move can have are told apart with a few comparisons; only
// the others pay for the call that works out what is wrong.
func (s *SAN) checkShape(text string) error {
	var fine bool
	if s.Piece == Pawn {
		push := s.FromFile < 0 && !s.Capture
		fileStep := int(s.FromFile) - s.To.File()
		fine = s.FromRank < 0 && (push || s.FromFile >= 0 && (fileStep == 1 || fileStep == -1))
	} else {
		fine = s.Promotion == NoPieceType
	}
	if fine {
		return nil
	}
	return checkShape(text, s)
}

func checkShape(text string, s *SAN) error {
	if s.Piece != Pawn {
		if s.Promotion != NoPieceType {
			return sanError(text, len(text)-1, "only pawns can promote")
		}
		return nil
	}
	switch {
	case s.FromRank >= 0 && s.FromFile >= 0:
		// "g1f3" or "d7d8Q" names the square a move starts from, as long
		// algebraic notation does: it may be any piece's move, and only
		// the position can tell which.
		return sanError(text, 0, "a move that names its origin square %c%c is long algebraic notation, not SAN, which writes a piece letter and the destination (Nf3, e4, exd5)", fileLetter(int(s.FromFile)), rankDigit(int(s.FromRank)))
	case s.FromRank >= 0:
		return sanError(text, 0, "a pawn move names no origin rank; write %v", s.To)
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
	case s.IsDrop():
		dst = append(dst, "?PNBRQK"[s.Piece&7], '@')
		dst = append(dst, s.To.String()...)
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
