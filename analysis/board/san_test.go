package board

import (
	"errors"
	"strings"
	"testing"
)

// san builds the SAN that ParseSAN should return, with no disambiguation
// unless set afterwards.
func san(piece PieceType, to Square) SAN {
	return SAN{Piece: piece, FromFile: -1, FromRank: -1, To: to}
}

func TestParseSANValid(t *testing.T) {
	with := func(s SAN, f func(*SAN)) SAN { f(&s); return s }
	castle := func(cs CastleSide) SAN { return SAN{Piece: King, FromFile: -1, FromRank: -1, To: NoSquare, Castle: cs} }
	tests := []struct {
		text string
		want SAN
	}{
		{"e4", san(Pawn, E4)},
		{"exd5", with(san(Pawn, D5), func(s *SAN) { s.FromFile, s.Capture = 4, true })},
		{"exd6", with(san(Pawn, D6), func(s *SAN) { s.FromFile, s.Capture = 4, true })},
		{"ed5", with(san(Pawn, D5), func(s *SAN) { s.FromFile = 4 })},
		{"Nf3", san(Knight, F3)},
		{"Nbd7", with(san(Knight, D7), func(s *SAN) { s.FromFile = 1 })},
		{"N1c3", with(san(Knight, C3), func(s *SAN) { s.FromRank = 0 })},
		{"R1a3", with(san(Rook, A3), func(s *SAN) { s.FromRank = 0 })},
		{"Qh4xe1", with(san(Queen, E1), func(s *SAN) { s.FromFile, s.FromRank, s.Capture = 7, 3, true })},
		{"Ng1f3", with(san(Knight, F3), func(s *SAN) { s.FromFile, s.FromRank = 6, 0 })},
		{"e8=Q", with(san(Pawn, E8), func(s *SAN) { s.Promotion = Queen })},
		{"exd8=N+", with(san(Pawn, D8), func(s *SAN) { s.FromFile, s.Capture, s.Promotion, s.Suffix = 4, true, Knight, PlusSuffix })},
		{"e8Q", with(san(Pawn, E8), func(s *SAN) { s.Promotion, s.BarePromotion = Queen, true })},
		{"e1=K", with(san(Pawn, E1), func(s *SAN) { s.Promotion = King })},
		{"Pe4", with(san(Pawn, E4), func(s *SAN) { s.ExplicitPawn = true })},
		{"Pexd5", with(san(Pawn, D5), func(s *SAN) { s.ExplicitPawn, s.FromFile, s.Capture = true, 4, true })},
		{"Kxe2#", with(san(King, E2), func(s *SAN) { s.Capture, s.Suffix = true, MateSuffix })},
		{"Bb5+", with(san(Bishop, B5), func(s *SAN) { s.Suffix = PlusSuffix })},
		{"O-O", castle(CastleShort)},
		{"O-O-O", castle(CastleLong)},
		{"0-0", with(castle(CastleShort), func(s *SAN) { s.ZeroCastling = true })},
		{"0-0-0", with(castle(CastleLong), func(s *SAN) { s.ZeroCastling = true })},
		{"O-O+", with(castle(CastleShort), func(s *SAN) { s.Suffix = PlusSuffix })},
		{"O-O-O#", with(castle(CastleLong), func(s *SAN) { s.Suffix = MateSuffix })},
		{"--", SAN{FromFile: -1, FromRank: -1, To: NoSquare, Null: true}},
		{"Z0", SAN{FromFile: -1, FromRank: -1, To: NoSquare, Null: true}},
		{"0000", SAN{FromFile: -1, FromRank: -1, To: NoSquare, Null: true}},
	}
	for _, tc := range tests {
		got, err := ParseSAN(tc.text)
		if err != nil {
			t.Errorf("ParseSAN(%q): %v", tc.text, err)
			continue
		}
		if got != tc.want {
			t.Errorf("ParseSAN(%q) = %+v, want %+v", tc.text, got, tc.want)
		}
	}
}

func TestParseSANInvalid(t *testing.T) {
	tests := []struct {
		text   string
		offset int
		want   string // part of the reason
	}{
		{"", 0, "empty move"},
		{"#", 0, "a check sign with no move"},
		{"K", 1, "missing destination square"},
		{"N", 1, "missing destination square"},
		{"e", 1, "missing destination square"},
		{"e9", 0, `"e9" is not a square`},
		{"i4", 0, `"i4" is not a square`},
		{"Nf3g", 2, `"3g" is not a square`},
		{"Nf3++", 3, "more than one check sign"},
		{"e4+#", 2, "more than one check sign"},
		{"e2-e4", 2, "'-' does not belong in SAN"},
		{"Ng1-f3", 3, "'-' does not belong in SAN"},
		{"nf3", 0, "'n'; piece letters are upper case"},
		{"Sf3", 0, "'S' is not a piece letter"},
		{"Nfxx3", 3, `"x3" is not a square`},
		{"Nfxe4e5", 3, `unexpected 'e'`},
		{"xd5", 0, "a pawn capture names the pawn's file"},
		{"e2e4", 0, "names its origin square e2 is long algebraic notation"},
		{"e4xd5", 0, "names its origin square e4 is long algebraic notation"},
		{"g1f3", 0, "names its origin square g1 is long algebraic notation"},
		{"d7d8Q", 0, "names its origin square d7 is long algebraic notation"},
		{"2e4", 0, "a pawn move names no origin rank; write e4"},
		{"ee4", 0, "names its file twice"},
		{"exe5", 0, "names its file twice"},
		{"exg5", 0, "adjacent file"},
		{"Ne8=Q", 4, "only pawns can promote"},
		{"e8=X", 3, "'X' is not a piece to promote to"},
		{"O-O-O-O", 0, "malformed castling"},
		{"0-0-", 0, "malformed castling"},
		{"o-o", 0, "malformed castling"},
		{"--+", 2, "a null move cannot give check"},
	}
	for _, tc := range tests {
		_, err := ParseSAN(tc.text)
		var se *SANError
		if !errors.As(err, &se) {
			t.Errorf("ParseSAN(%q) error = %v, want a *SANError", tc.text, err)
			continue
		}
		if se.Offset != tc.offset || !strings.Contains(se.Reason, tc.want) {
			t.Errorf("ParseSAN(%q) = offset %d, %q; want offset %d, %q", tc.text, se.Offset, se.Reason, tc.offset, tc.want)
		}
		if !strings.Contains(se.Error(), tc.text) {
			t.Errorf("error %q does not quote the move", se.Error())
		}
	}
}

func TestSANString(t *testing.T) {
	tests := map[string]string{
		"e4": "e4", "exd8=N+": "exd8=N+", "e8Q": "e8=Q", "0-0-0#": "O-O-O#", "Ng1f3": "Ng1f3",
		"Z0": "--", "Pe4": "e4", "R1a3": "R1a3", "Qh4xe1": "Qh4xe1",
	}
	for text, want := range tests {
		s, err := ParseSAN(text)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.String(); got != want {
			t.Errorf("ParseSAN(%q).String() = %q, want %q", text, got, want)
		}
	}
}

func TestParseSANDoesNotAllocate(t *testing.T) {
	for _, text := range []string{"e4", "Nbd7", "exd8=Q+", "O-O-O", "Qh4xe1#", "--"} {
		if n := testing.AllocsPerRun(100, func() { _, _ = ParseSAN(text) }); n != 0 {
			t.Errorf("ParseSAN(%q) allocates %v times", text, n)
		}
	}
}
