package board

import (
	"errors"
	"strings"
	"testing"
)

func TestParseFENValid(t *testing.T) {
	tests := []struct {
		fen  string
		want string // FEN() of the result, if it differs from fen
	}{
		{fen: StartFEN},
		{fen: "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"},
		{fen: "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"},
		{fen: "8/8/8/8/8/8/8/K6k w - -", want: "8/8/8/8/8/8/8/K6k w - - 0 1"},
		{fen: "  8/8/8/8/8/8/8/K6k   b  -  -  12  40 ", want: "8/8/8/8/8/8/8/K6k b - - 12 40"},
		// Castling letters in any order come out in the usual one.
		{fen: "r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1", want: "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"},
		// An en passant square is accepted though no pawn can capture.
		{fen: "rnbqkbnr/ppp1pppp/8/3p4/8/8/PPPPPPPP/RNBQKBNR w KQkq d6 0 2"},
		{fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"},
	}
	for _, tc := range tests {
		p, err := ParseFEN(tc.fen)
		if err != nil {
			t.Errorf("ParseFEN(%q): %v", tc.fen, err)
			continue
		}
		want := tc.want
		if want == "" {
			want = tc.fen
		}
		if got := p.FEN(); got != want {
			t.Errorf("ParseFEN(%q).FEN() = %q, want %q", tc.fen, got, want)
		}
	}
}

func TestParseFENInvalid(t *testing.T) {
	tests := []struct {
		fen   string
		field int
		want  string // part of the message
	}{
		{"8/8/8/8/8/8/8/K6k w - - 0", -1, "found 5 fields"},
		{"", -1, "found 0 fields"},
		{"8/8/8/8/8/8/K6k w - - 0 1", fenPlacement, "has 7 ranks"},
		{"rnbqkbnrp/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", fenPlacement, "rank 8 (\"rnbqkbnrp\") has 9 squares"},
		{"rnbqkbnr/pppppppp/7/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", fenPlacement, "rank 6 (\"7\") has 7 squares"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1", fenPlacement, "contains 'X'"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN0 w KQkq - 0 1", fenPlacement, "contains '0'"},
		{"K6k/8/8/8/8/8/8/K7 w - - 0 1", fenPlacement, "White has 2 kings"},
		{"8/8/8/8/8/8/8/K7 w - - 0 1", fenPlacement, "Black has 0 kings"},
		{"P6k/8/8/8/8/8/8/K7 w - - 0 1", fenPlacement, "pawn on a8"},
		{"7k/8/8/8/8/8/8/K6p w - - 0 1", fenPlacement, "pawn on h1"},
		{"8/8/8/8/8/8/8/K6k x - - 0 1", fenSide, `side to move is "x"`},
		{"4k3/8/8/8/8/8/8/4K3 w K - 0 1", fenCastling, "'K' needs the white king on e1 and a white rook on h1"},
		{"4k3/8/8/8/8/8/8/3K3R w K - 0 1", fenCastling, "'K' needs the white king on e1"},
		{"r3k3/8/8/8/8/8/8/4K3 w k - 0 1", fenCastling, "'k' needs the black king on e8 and a black rook on h8"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KK - 0 1", fenCastling, "repeats 'K'"},
		{"r3k2r/8/8/8/8/8/8/R3K2R w KA - 0 1", fenCastling, "contains 'A'"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1", fenEnPassant, "en passant square e3 is impossible with White to move"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", fenEnPassant, "needs a black pawn on e5"},
		{"rnbqkbnr/pppppppp/8/4p3/8/8/PPPPPPPP/RNBQKBNR w KQkq e6 0 1", fenEnPassant, "has just advanced from e7"},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", fenEnPassant, `"e9" is neither "-" nor a square`},
		{"4k3/8/8/8/8/8/8/4K2r b - - 0 1", fenSide, "White is in check but it is Black's move"},
		{"8/8/8/8/8/8/8/K6k w - - -1 1", fenHalfmove, "halfmove clock \"-1\""},
		{"8/8/8/8/8/8/8/K6k w - - x 1", fenHalfmove, "halfmove clock \"x\""},
		{"8/8/8/8/8/8/8/K6k w - - 0 0", fenFullmove, "fullmove number \"0\" is not a positive number"},
		{"8/8/8/8/8/8/8/K6k w - - 0 +3", fenFullmove, "fullmove number \"+3\""},
		{"8/8/8/8/8/8/8/K6k w - - 0 99999999999", fenFullmove, "fullmove number"},
	}
	for _, tc := range tests {
		_, err := ParseFEN(tc.fen)
		var fe *FENError
		if !errors.As(err, &fe) {
			t.Errorf("ParseFEN(%q) error = %v, want a *FENError", tc.fen, err)
			continue
		}
		if fe.Field != tc.field || !strings.Contains(fe.Error(), tc.want) {
			t.Errorf("ParseFEN(%q) = field %d, %q; want field %d, %q", tc.fen, fe.Field, fe.Error(), tc.field, tc.want)
		}
	}
}

// TestParseFENBadCounters checks that a bad move counter still yields a
// usable position, so that callers can treat it as a warning.
func TestParseFENBadCounters(t *testing.T) {
	tests := []struct{ fen, want string }{
		{"4kb1r/p2n1ppp/4q3/4p1B1/4P3/1Q6/PPP2PPP/2KR4 w k - 1 0", "4kb1r/p2n1ppp/4q3/4p1B1/4P3/1Q6/PPP2PPP/2KR4 w k - 1 1"},
		{"8/8/8/8/8/8/8/K6k b - - x 7", "8/8/8/8/8/8/8/K6k b - - 0 7"},
	}
	for _, tc := range tests {
		p, err := ParseFEN(tc.fen)
		var fe *FENError
		if !errors.As(err, &fe) || fe.Field < fenHalfmove {
			t.Errorf("ParseFEN(%q) error = %v, want a move counter error", tc.fen, err)
		}
		if got := p.FEN(); got != tc.want {
			t.Errorf("ParseFEN(%q).FEN() = %q, want %q", tc.fen, got, tc.want)
		}
	}
}

func TestPositionAccessors(t *testing.T) {
	p := mustParseFEN("r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6 3 17")
	if p.SideToMove() != White || p.FullMoveNumber() != 17 || p.HalfMoveClock() != 3 || p.EnPassantSquare() != D6 {
		t.Errorf("side %v, fullmove %d, halfmove %d, ep %v", p.SideToMove(), p.FullMoveNumber(), p.HalfMoveClock(), p.EnPassantSquare())
	}
	if !p.CanCastle(White, CastleShort) || p.CanCastle(White, CastleLong) || p.CanCastle(Black, CastleShort) || !p.CanCastle(Black, CastleLong) {
		t.Error("CanCastle disagrees with Kq")
	}
	if pt, c, ok := p.PieceAt(D5); pt != Pawn || c != Black || !ok {
		t.Errorf("PieceAt(d5) = %v, %v, %v", pt, c, ok)
	}
	if _, _, ok := p.PieceAt(D4); ok {
		t.Error("PieceAt(d4) found a piece")
	}
	if _, _, ok := p.PieceAt(NoSquare); ok {
		t.Error("PieceAt(NoSquare) found a piece")
	}
}
