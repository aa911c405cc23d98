package board

import (
	"errors"
	"strings"
	"testing"
)

func TestParseVariantNames(t *testing.T) {
	tests := []struct {
		tag  string
		want Variant
		ok   bool
	}{
		{"Standard", Standard, true},
		{"From Position", Standard, true},
		{"", Standard, true},
		{"Chess960", Chess960, true},
		{"chess 960", Chess960, true},
		{"Fischerandom", Chess960, true},
		{"Crazyhouse", Crazyhouse, true},
		{"Three-check", ThreeCheck, true},
		{"3check", ThreeCheck, true},
		{"King of the Hill", KingOfTheHill, true},
		{"kingOfTheHill", KingOfTheHill, true},
		{"Racing Kings", RacingKings, true},
		{"Antichess", Antichess, true},
		{"Atomic", Atomic, true},
		{"Horde", Horde, true},
		{"Giveaway", Standard, false},
		{"Suicide", Standard, false},
	}
	for _, tc := range tests {
		got, ok := ParseVariant(tc.tag)
		if got != tc.want || ok != tc.ok {
			t.Errorf("ParseVariant(%q) = %v, %v; want %v, %v", tc.tag, got, ok, tc.want, tc.ok)
		}
	}
	for v := Standard; v < numVariants; v++ {
		if got, ok := ParseVariant(v.String()); !ok || got != v {
			t.Errorf("ParseVariant(%q) = %v, %v", v.String(), got, ok)
		}
	}
}

// TestVariantFENWrittenBackInItsStyle checks that FEN writes a position
// back as it was read: castling as Shredder-FEN or X-FEN, pockets in
// brackets or as a ninth rank, Three-check's counters in either style.
func TestVariantFENWrittenBackInItsStyle(t *testing.T) {
	tests := []struct {
		variant Variant
		fen     string
		want    string // if it differs from fen
	}{
		{Chess960, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", ""},
		{Chess960, "nrbqkbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBQKBRN w KQkq - 0 1", ""},
		// X-FEN: K for the outermost rook, the file for an inner one.
		{Chess960, "1k6/8/8/8/8/8/8/1K1R3R w D - 0 1", ""},
		{Chess960, "1k6/8/8/8/8/8/8/1K1R3R w K - 0 1", ""},
		{Chess960, "1k6/8/8/8/8/8/8/1K1R3R w H - 0 1", ""},
		{Standard, "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1", ""},
		{Standard, "r3k2r/8/8/8/8/8/8/R3K2R w AHah - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1"},
		{Crazyhouse, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[Pp] w KQkq - 2 3", ""},
		{Crazyhouse, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R/pP w KQkq - 2 3", "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R/Pp w KQkq - 2 3"},
		{Crazyhouse, "4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - - 0 1", ""},
		{Crazyhouse, "4k3/1Q~6/8/8/4b3/8/Kpp5/8[NNq] b - - 0 1", ""},
		{ThreeCheck, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 +1+2", ""},
		{ThreeCheck, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2+1 0 2", ""},
		{ThreeCheck, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 +0+0"},
		// The rarer forms come back in the usual ones.
		{ThreeCheck, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - +1+2 0 2", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 +1+2"},
		{ThreeCheck, "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 2+1", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 +1+2"},
		{Horde, "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1", ""},
		{RacingKings, "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1", ""},
		{Atomic, "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQ - 0 1", ""},
		{Antichess, "8/8/8/8/8/8/8/KK6 w - - 0 1", ""},
	}
	for _, tc := range tests {
		p, err := ParseFENVariant(tc.fen, tc.variant)
		if err != nil {
			t.Errorf("ParseFENVariant(%q, %v): %v", tc.fen, tc.variant, err)
			continue
		}
		want := tc.want
		if want == "" {
			want = tc.fen
		}
		if got := p.FEN(); got != want {
			t.Errorf("%v %q: FEN() = %q, want %q", tc.variant, tc.fen, got, want)
		}
		if q, err := ParseFENVariant(p.FEN(), tc.variant); err != nil || q != p {
			t.Errorf("%v %q: its FEN %q reads back as %q, %v", tc.variant, tc.fen, p.FEN(), q.FEN(), err)
		}
	}
}

func TestVariantFENAccessors(t *testing.T) {
	p := mustParseFENVariant("4k3/1Q~6/8/8/4b3/8/Kpp5/8[NNq] b - - 0 1", Crazyhouse)
	if p.Pocket(White, Knight) != 2 || p.Pocket(Black, Queen) != 1 || p.Pocket(White, Pawn) != 0 {
		t.Errorf("pockets: N %d, q %d, P %d", p.Pocket(White, Knight), p.Pocket(Black, Queen), p.Pocket(White, Pawn))
	}
	if !p.IsPromoted(B7) || p.IsPromoted(E4) {
		t.Errorf("IsPromoted(b7) = %v, IsPromoted(e4) = %v", p.IsPromoted(B7), p.IsPromoted(E4))
	}
	q := mustParseFENVariant("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2+1 0 2", ThreeCheck)
	if q.ChecksGiven(White) != 1 || q.ChecksGiven(Black) != 2 {
		t.Errorf("checks given %d, %d; want 1, 2", q.ChecksGiven(White), q.ChecksGiven(Black))
	}
	r := mustParseFENVariant("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", Chess960)
	if r.CastlingRook(White, CastleShort) != H1 || r.CastlingRook(Black, CastleLong) != F8 || r.Variant() != Chess960 {
		t.Errorf("castling rooks %v, %v", r.CastlingRook(White, CastleShort), r.CastlingRook(Black, CastleLong))
	}
	if s := StartPosition(); s.CastlingRook(White, CastleLong) != A1 || s.Pocket(White, Pawn) != 0 {
		t.Error("the standard start position's castling rook is not a1")
	}
}

func TestParseFENVariantInvalid(t *testing.T) {
	tests := []struct {
		variant Variant
		fen     string
		field   int
		want    string
	}{
		{Antichess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", fenCastling, "Antichess has no castling"},
		{RacingKings, "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w K - 0 1", fenCastling, "Racing Kings has no castling"},
		{ThreeCheck, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", fenPlacement, "only Crazyhouse has"},
		{Standard, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", fenPlacement, "contains '['"},
		{Crazyhouse, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[K] w KQkq - 0 1", fenPlacement, "holds a king"},
		{Crazyhouse, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[X] w KQkq - 0 1", fenPlacement, "'X', which is not a piece letter"},
		{Crazyhouse, "rnbqkbnr/pppppppp/8/8/8/8/PPP~PPPPP/RNBQKBNR[] w KQkq - 0 1", fenPlacement, "the pawn on c2 cannot be one"},
		{Chess960, "rnbqkbnr/pppppppp/8/8/8/8/PPP~PPPPP/RNBQKBNR w KQkq - 0 1", fenPlacement, "contains '~'"},
		{ThreeCheck, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4+3 0 1", fenChecks, "check counters \"4+3\""},
		{ThreeCheck, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+", fenChecks, "check counters \"+1+\""},
		{ThreeCheck, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 +1+4", fenChecks, "check counters \"+1+4\""},
		{Horde, "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPKPPP w kq - 0 1", fenPlacement, "2 kings"},
		{Horde, "rnbqkbPr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1", fenPlacement, "pawn on g8"},
		{Horde, "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w KQkq - 0 1", fenCastling, "needs the white king"},
		{RacingKings, "8/8/8/8/8/8/krbnNBRP/qrbnNBRK w - - 0 1", fenPlacement, "Racing Kings has no pawns"},
		{RacingKings, "7K/8/8/8/8/8/k5R1/8 b - - 0 1", fenSide, "Racing Kings never allows"},
		{Atomic, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNK w - - 0 1", fenPlacement, "White has 2 kings"},
		{Atomic, "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", fenPlacement, "Black has 0 kings"},
		{Chess960, "1k6/8/8/8/8/8/8/1K1R3R w G - 0 1", fenCastling, "needs a white rook on g1"},
		{Chess960, "1k6/8/8/8/8/8/8/1K1R3R w Q - 0 1", fenCastling, "a-file side of the king on b1"},
		{Chess960, "1k6/8/8/8/8/8/8/1K1R3R w DH - 0 1", fenCastling, "two rights on the kingside"},
		{KingOfTheHill, "1k6/8/8/8/8/8/8/1K1R3R w H - 0 1", fenCastling, "needs the white king on e1"},
	}
	for _, tc := range tests {
		_, err := ParseFENVariant(tc.fen, tc.variant)
		var fe *FENError
		if !errors.As(err, &fe) || fe.Field != tc.field || !strings.Contains(fe.Reason, tc.want) {
			t.Errorf("ParseFENVariant(%q, %v) = %v; want field %d, %q", tc.fen, tc.variant, err, tc.field, tc.want)
		}
	}
}

// TestChess960HintOnStandardCastlingError covers the promise that a FEN
// whose castling rights only Chess960 can have is marked so, and that
// reading it as Chess960 makes its castling legal: a Chess960 start
// position with KQkq and no Variant tag must not make O-O illegal.
func TestChess960HintOnStandardCastlingError(t *testing.T) {
	tests := []struct {
		fen      string
		chess960 bool
	}{
		{"nrbqkbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBQKBRN w KQkq - 0 1", true},
		{"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", true},
		{"nrbqkbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBQKBRN w KQkq - 0 0", true},
		// No rook for the right at all: wrong in both.
		{"4k3/8/8/8/8/8/8/4K3 w K - 0 1", false},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqX - 0 1", false},
	}
	for _, tc := range tests {
		_, err := ParseFEN(tc.fen)
		var fe *FENError
		if !errors.As(err, &fe) || fe.Field != fenCastling || fe.Chess960 != tc.chess960 {
			t.Errorf("ParseFEN(%q) = %#v; want a castling error with Chess960 %v", tc.fen, err, tc.chess960)
		}
	}
	p, err := ParseFENVariant("nrbqkbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBQKBRN w KQkq - 0 1", Chess960)
	if err != nil {
		t.Fatal(err)
	}
	for _, san := range []string{"g3", "g6", "Bh3", "Bh6", "O-O", "O-O"} {
		s, _ := ParseSAN(san)
		m, err := p.Resolve(s)
		if err != nil {
			t.Fatalf("%s in %s: %v", san, p.FEN(), err)
		}
		p.Play(m)
	}
	if want := "nrbq1rkn/pppppp1p/6pb/8/8/6PB/PPPPPP1P/NRBQ1RKN w - - 4 4"; p.FEN() != want {
		t.Errorf("after both O-O: %s, want %s", p.FEN(), want)
	}
}

// TestChess960Castling covers castling where king and rook start on or
// pass over each other's squares, and its failures.
func TestChess960Castling(t *testing.T) {
	tests := []struct {
		name, fen, san string
		uci            string // the move, if legal
		after          string // the FEN after it
		written        string // its canonical SAN
		fail           MoveErrorKind
		where          Square
	}{
		{name: "king already on g1", fen: "6k1/8/8/8/8/8/8/6KR w K - 0 1", san: "O-O",
			uci: "g1h1", after: "6k1/8/8/8/8/8/8/5RK1 b - - 1 1", written: "O-O"},
		{name: "king and rook swap", fen: "4k3/8/8/8/8/8/8/5KR1 w K - 0 1", san: "O-O",
			uci: "f1g1", after: "4k3/8/8/8/8/8/8/5RK1 b - - 1 1", written: "O-O"},
		{name: "queenside from b1", fen: "1k6/8/8/8/8/8/8/RK6 w Q - 0 1", san: "O-O-O",
			uci: "b1a1", after: "1k6/8/8/8/8/8/8/2KR4 b - - 1 1", written: "O-O-O"},
		{name: "rook lands on the king's square", fen: "7k/8/8/8/8/8/8/1R1K4 w Q - 0 1", san: "O-O-O",
			uci: "d1b1", after: "7k/8/8/8/8/8/8/2KR4 b - - 1 1", written: "O-O-O"},
		{name: "castling gives check", fen: "5k2/8/8/8/8/8/8/6KR w K - 0 1", san: "O-O",
			uci: "g1h1", after: "5k2/8/8/8/8/8/8/5RK1 b - - 1 1", written: "O-O+"},
		{name: "the rook's square attacked", fen: "k4r2/8/8/8/8/8/8/6KR w K - 0 1", san: "O-O",
			uci: "g1h1", after: "k4r2/8/8/8/8/8/8/5RK1 b - - 1 1", written: "O-O"},
		{name: "blocked", fen: "1k6/8/8/8/8/8/8/1K2N2R w K - 0 1", san: "O-O", fail: CastlingBlocked, where: E1},
		{name: "through check", fen: "1k1r4/8/8/8/8/8/8/1K5R w K - 0 1", san: "O-O", fail: CastlingThroughCheck, where: D1},
		{name: "into check", fen: "1k4r1/8/8/8/8/8/8/1K5R w K - 0 1", san: "O-O", fail: KingInCheck, where: G1},
		{name: "in check", fen: "1r4k1/8/8/8/8/8/8/1K5R w K - 0 1", san: "O-O", fail: CastlingInCheck, where: NoSquare},
		{name: "no right", fen: "1k6/8/8/8/8/8/8/1K5R w - - 0 1", san: "O-O", fail: CastlingRightsGone, where: NoSquare},
		// The rook on a1 shields b1 from the queen until it leaves.
		{name: "rook leaves a pin open", fen: "7k/8/8/8/8/8/8/qRK5 w Q - 0 1", san: "O-O-O", fail: KingInCheck, where: C1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustParseFENVariant(tc.fen, Chess960)
			s, err := ParseSAN(tc.san)
			if err != nil {
				t.Fatal(err)
			}
			m, err := p.Resolve(s)
			if tc.fail != 0 {
				var me *MoveError
				if !errors.As(err, &me) || me.Kind != tc.fail || me.Where != tc.where {
					t.Fatalf("Resolve(%s) = %v, %v; want %v at %v", tc.san, m, err, tc.fail, tc.where)
				}
				return
			}
			if err != nil {
				t.Fatalf("Resolve(%s): %v", tc.san, err)
			}
			if m.String() != tc.uci || p.SAN(m) != tc.written {
				t.Errorf("Resolve(%s) = %v, SAN %q; want %s, %q", tc.san, m, p.SAN(m), tc.uci, tc.written)
			}
			byHand := p
			byHand.Play(Move{From: m.From, To: m.To})
			p.Play(m)
			if p.FEN() != tc.after || byHand.FEN() != tc.after {
				t.Errorf("after %s: %s (by hand %s), want %s", tc.san, p.FEN(), byHand.FEN(), tc.after)
			}
		})
	}
}

func TestParseSANDrops(t *testing.T) {
	tests := []struct {
		text  string
		piece PieceType
		to    Square
		back  string
	}{
		{"N@f3", Knight, F3, "N@f3"},
		{"P@d4", Pawn, D4, "P@d4"},
		{"@d4", Pawn, D4, "P@d4"},
		{"Q@h5+", Queen, H5, "Q@h5+"},
		{"R@e8#", Rook, E8, "R@e8#"},
	}
	for _, tc := range tests {
		s, err := ParseSAN(tc.text)
		if err != nil || !s.IsDrop() || s.Piece != tc.piece || s.To != tc.to || s.ExplicitPawn || s.String() != tc.back {
			t.Errorf("ParseSAN(%q) = %+v, %v; want a drop of a %v on %v, written %s", tc.text, s, err, tc.piece, tc.to, tc.back)
		}
	}
	for _, bad := range []string{"N@", "@", "N@xf3", "Nf@3", "N@f3=Q", "Nb@f3", "@@d4", "xN@f3"} {
		if s, err := ParseSAN(bad); err == nil {
			t.Errorf("ParseSAN(%q) = %+v, want an error", bad, s)
		}
	}
	if _, err := ParseSAN("Nb@f3"); err == nil || !strings.Contains(err.Error(), "a drop is written") {
		t.Errorf("ParseSAN(Nb@f3): %v, want the drop hint", err)
	}
}

func TestCrazyhouseDrops(t *testing.T) {
	// Black's queen checks from a5; White holds a knight and a pawn.
	fen := "rnb1kbnr/pppp1ppp/8/q7/8/3P4/PPP2PPP/RNBQKBNR[NPp] w KQkq - 0 4"
	tests := []struct {
		san  string
		want string // the SAN written back, or the error kind
	}{
		{"N@c3", "N@c3"},
		{"P@c3", "P@c3"},
		{"@b4", "P@b4"},
		{"N@f3", "KingInCheck"},
		{"B@d2", "NotInPocket"},
		{"N@e1", "DropOccupied"},
		{"N@e8", "DropOccupied"},
		{"Nd2", "Nd2"},
	}
	p := mustParseFENVariant(fen, Crazyhouse)
	for _, tc := range tests {
		s, err := ParseSAN(tc.san)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.Resolve(s)
		got := ""
		if err != nil {
			var me *MoveError
			errors.As(err, &me)
			got = me.Kind.String()
			_ = me.Error()
		} else {
			got = p.SAN(m)
		}
		if got != tc.want {
			t.Errorf("%s: %s, want %s", tc.san, got, tc.want)
		}
	}
	q := mustParseFENVariant("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1", Crazyhouse)
	if _, err := q.Resolve(SAN{Piece: Pawn, To: D8, FromFile: -1, FromRank: DropRank}); err == nil || !strings.Contains(err.Error(), "first or last rank") {
		t.Errorf("a pawn dropped on d8: %v", err)
	}
	// A drop in standard chess is not a pawn move.
	s, _ := ParseSAN("@e4")
	std := StartPosition()
	if _, err := std.Resolve(s); err == nil || !strings.Contains(err.Error(), "only in Crazyhouse") {
		t.Errorf("a drop in standard chess: %v", err)
	}
}

// TestCrazyhousePromotedGoBackAsPawns checks that capturing a promoted
// piece puts a pawn in the pocket, and a piece born so a piece.
func TestCrazyhousePromotedGoBackAsPawns(t *testing.T) {
	p := mustParseFENVariant("4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - - 0 1", Crazyhouse)
	for _, san := range []string{"Bxb7", "Ka3", "c1=N"} {
		s, _ := ParseSAN(san)
		m, err := p.Resolve(s)
		if err != nil {
			t.Fatalf("%s: %v", san, err)
		}
		p.Play(m)
	}
	if p.Pocket(Black, Pawn) != 1 || p.Pocket(Black, Queen) != 0 || !p.IsPromoted(C1) {
		t.Errorf("after Bxb7 and c1=N: %s", p.FEN())
	}
	if want := "4k3/1b6/8/8/8/K7/1p6/2n~5/p w - - 0 3"; p.FEN() != want {
		t.Errorf("FEN %s, want %s", p.FEN(), want)
	}
}

// TestVariantOutcomes covers every end the variants have, and the "#"
// that the winning move earns.
func TestVariantOutcomes(t *testing.T) {
	tests := []struct {
		variant Variant
		fen     string
		reason  EndReason
		result  string
	}{
		{Standard, "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", Checkmate, "0-1"},
		{Standard, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Stalemate, "1/2-1/2"},
		{Standard, StartFEN, NotOver, "*"},
		{Chess960, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", Stalemate, "1/2-1/2"},
		{KingOfTheHill, "7k/8/8/3K4/8/8/8/8 b - - 0 1", KingOnTheHill, "1-0"},
		{ThreeCheck, "4k3/8/8/8/8/8/8/4K3 w - - 0 9 +1+3", ThirdCheck, "0-1"},
		{ThreeCheck, "4k3/8/8/8/8/8/8/4K3 w - - 0 9 +2+2", NotOver, "*"},
		{RacingKings, "6K1/8/k7/8/8/8/8/8 b - - 0 1", KingReachedGoal, "1-0"},
		{RacingKings, "6K1/8/8/k7/8/8/8/8 w - - 0 1", KingReachedGoal, "1-0"},
		{RacingKings, "6K1/k7/8/8/8/8/8/8 b - - 0 1", NotOver, "*"},
		{RacingKings, "k5K1/8/8/8/8/8/8/8 w - - 0 1", BothKingsReachedGoal, "1/2-1/2"},
		{RacingKings, "k7/8/8/8/8/8/8/6K1 w - - 0 1", KingReachedGoal, "0-1"},
		{Atomic, "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQ - 0 1", KingExploded, "1-0"},
		{Antichess, "8/8/8/8/8/8/8/K7 b - - 0 1", AllPiecesLost, "0-1"},
		{Antichess, "8/8/8/8/8/p7/P7/8 w - - 0 1", Stalemate, "1-0"},
		{Horde, "4k3/8/8/8/8/8/8/8 w - - 0 1", HordeDestroyed, "0-1"},
		{Horde, "7k/6Q1/7P/8/8/8/8/8 b - - 0 1", Checkmate, "1-0"},
		{Horde, "7k/5Q2/6P1/8/8/8/8/8 b - - 0 1", Stalemate, "1/2-1/2"},
	}
	for _, tc := range tests {
		p, err := ParseFENVariant(tc.fen, tc.variant)
		if err != nil {
			t.Errorf("%v %s: %v", tc.variant, tc.fen, err)
			continue
		}
		o := p.Outcome()
		if o.Reason != tc.reason || o.Result() != tc.result {
			t.Errorf("%v %s: Outcome() = %+v (%s), want %v, %s", tc.variant, tc.fen, o, o.Result(), tc.reason, tc.result)
		}
		wantSign := NoCheckSuffix
		switch {
		case o.Decisive:
			wantSign = MateSuffix
		case p.InCheck():
			wantSign = PlusSuffix
		}
		if p.CheckSign() != wantSign || p.IsCheckmate() != (tc.reason == Checkmate) || p.IsStalemate() != (tc.reason == Stalemate) {
			t.Errorf("%v %s: CheckSign %q, IsCheckmate %v, IsStalemate %v", tc.variant, tc.fen, p.CheckSign(), p.IsCheckmate(), p.IsStalemate())
		}
		if o.Over() && p.HasLegalMove() {
			t.Errorf("%v %s: the game is over but HasLegalMove", tc.variant, tc.fen)
		}
	}
}

// TestVariantMoveErrors covers the reasons the variants' own rules give
// for an illegal move.
func TestVariantMoveErrors(t *testing.T) {
	tests := []struct {
		variant Variant
		fen     string
		san     string
		kind    MoveErrorKind
		message string
	}{
		{Antichess, "rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2", "Nf3", MustCapture, "capturing is compulsory in Antichess: exd5"},
		{Antichess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", "O-O", NoCastlingInVariant, "no castling in Antichess"},
		{RacingKings, "8/8/8/8/7K/8/k7/6R1 w - - 0 1", "Rg2", GivesCheck, "would give check, which Racing Kings forbids"},
		{Atomic, "rnbqkbnr/pppp1ppp/8/4p3/4P3/5K2/PPPP1PPP/RNBQ1BNR w kq - 0 1", "Kxe5", NoPieceCanReach, ""},
		{Atomic, "rnbqkbnr/ppp2ppp/8/3pp3/4PK2/8/PPPP1PPP/RNBQ1BNR w kq - 0 1", "Kxe5", ExplodesOwnKing, "a king cannot capture"},
		{Atomic, "rnbqkbnr/ppp1pppp/8/3p4/3KP3/8/PPPP1PPP/RNBQ1BNR w kq - 0 1", "exd5", ExplodesOwnKing, "blow up White's own king"},
		{KingOfTheHill, "7k/8/8/3K4/8/8/8/8 b - - 0 1", "Kg8", GameOver, "already over (king on the hill)"},
		{ThreeCheck, "4k3/8/8/8/8/8/8/4K3 w - - 0 9 +1+3", "Ke2", GameOver, "already over (third check)"},
		{Horde, "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1", "Ka6", NoSuchPiece, "White has no king"},
		{Horde, "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1", "b7", NoPieceCanReach, ""},
		{Horde, "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1", "Nf6", WrongSideToMove, ""},
		{Chess960, "nrbqkbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBQKBRN w KQkq - 0 1", "N@f3", DropNotAllowed, "only in Crazyhouse, not in Chess960"},
	}
	for _, tc := range tests {
		p := mustParseFENVariant(tc.fen, tc.variant)
		s, err := ParseSAN(tc.san)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.Resolve(s)
		var me *MoveError
		if !errors.As(err, &me) || me.Kind != tc.kind || !strings.Contains(me.Error(), tc.message) {
			t.Errorf("%v %s: Resolve(%s) = %v, %v; want %v, %q", tc.variant, tc.fen, tc.san, m, err, tc.kind, tc.message)
		}
	}
}

// TestVariantMovesResolve covers moves that only a variant allows.
func TestVariantMovesResolve(t *testing.T) {
	tests := []struct {
		variant      Variant
		fen          string
		san, written string
		after        string
	}{
		// A pawn of the horde steps two squares from the first rank and
		// leaves no en passant square.
		{Horde, "4k3/8/8/8/8/8/8/4P3 w - - 0 1", "e3", "e3", "4k3/8/8/8/8/4P3/8/8 b - - 0 1"},
		{Antichess, "8/4P3/8/8/8/8/8/k7 w - - 0 1", "e8=K", "e8=K", "4K3/8/8/8/8/8/8/k7 b - - 0 1"},
		// The explosion takes the knights and bishop around f7, not the
		// pawns, and wins.
		{Atomic, "rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1", "Ng5", "Ng5", "rnbqkb1r/pppppppp/5n2/6N1/8/8/PPPPPPPP/RNBQKB1R b KQkq - 1 1"},
		{Atomic, "rnbqkb1r/pppppppp/5n2/6N1/8/8/PPPPPPPP/RNBQKB1R w KQkq - 0 1", "Nxf7", "Nxf7#", "rnbq3r/ppppp1pp/8/8/8/8/PPPPPPPP/RNBQKB1R b KQ - 0 1"},
		{KingOfTheHill, "4k3/8/8/8/8/4K3/8/8 w - - 0 1", "Kd4", "Kd4#", "4k3/8/8/8/3K4/8/8/8 b - - 1 1"},
		{ThreeCheck, "4k3/8/8/8/8/8/8/R3K3 w - - 0 1 +2+0", "Ra8", "Ra8#", "R3k3/8/8/8/8/8/8/4K3 b - - 1 1 +3+0"},
		{RacingKings, "8/6K1/k7/8/8/8/8/8 w - - 0 1", "Kg8", "Kg8#", "6K1/8/k7/8/8/8/8/8 b - - 1 1"},
		{RacingKings, "8/1k4K1/8/8/8/8/8/8 w - - 0 1", "Kg8", "Kg8", "6K1/1k6/8/8/8/8/8/8 b - - 1 1"},
	}
	for _, tc := range tests {
		p := mustParseFENVariant(tc.fen, tc.variant)
		s, err := ParseSAN(tc.san)
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.Resolve(s)
		if err != nil {
			t.Errorf("%v %s: Resolve(%s): %v", tc.variant, tc.fen, tc.san, err)
			continue
		}
		if got := p.SAN(m); got != tc.written {
			t.Errorf("%v %s: SAN = %s, want %s", tc.variant, tc.fen, got, tc.written)
		}
		p.Play(m)
		if p.FEN() != tc.after {
			t.Errorf("%v %s: after %s, %s; want %s", tc.variant, tc.fen, tc.san, p.FEN(), tc.after)
		}
	}
}
