package board

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// Positions used by several tests.
const (
	// Knights on b1 and f3 can both go to d2.
	twoKnightsFEN = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1"
	// Rooks on a1 and a5 can both go to a3.
	twoRooksFEN = "4k3/8/8/R7/8/8/8/R3K3 w - - 0 1"
	// Queens on a1, c1 and a3 can all go to b2.
	threeQueensFEN = "4k3/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1"
	// The knight on c3 is pinned by the bishop on b4; the one on g1 is free.
	pinnedKnightFEN = "4k3/8/8/8/1b6/2N5/8/4K1N1 w - - 0 1"
	// A pawn on e7 can promote on e8 or capture the rook on d8.
	promotionFEN = "3r3k/4P3/8/8/8/8/8/4K3 w - - 0 1"
	// Capturing d5 en passant would expose the king on a5 to the rook.
	epPinFEN = "8/8/8/K2pP2r/8/8/8/7k w - d6 0 1"
	// Black is in double check from the rook and the bishop.
	doubleCheckFEN = "4k3/8/8/rB6/8/8/8/4RK2 b - - 0 1"
)

// resolve parses and resolves text in the position given by fen.
func resolve(t *testing.T, fen, text string) (Position, Move, error) {
	t.Helper()
	p := mustParseFEN(fen)
	s, err := ParseSAN(text)
	if err != nil {
		t.Fatalf("ParseSAN(%q): %v", text, err)
	}
	m, err := p.Resolve(s)
	return p, m, err
}

func TestResolve(t *testing.T) {
	tests := []struct {
		name, fen, san string
		want           Move
	}{
		{"pawn push", StartFEN, "e4", Move{From: E2, To: E4, Flags: DoublePush}},
		{"single push", StartFEN, "e3", Move{From: E2, To: E3}},
		{"knight", StartFEN, "Nf3", Move{From: G1, To: F3}},
		{"file disambiguation", twoKnightsFEN, "Nbd2", Move{From: B1, To: D2}},
		{"rank disambiguation", twoRooksFEN, "R5a3", Move{From: A5, To: A3}},
		{"full disambiguation", threeQueensFEN, "Qa1b2", Move{From: A1, To: B2}},
		{"over-disambiguated", StartFEN, "Ng1f3", Move{From: G1, To: F3}},
		{"pinned rival ignored", pinnedKnightFEN, "Ne2", Move{From: G1, To: E2}},
		{"pinned piece along the pin", "4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1", "Re5", Move{From: E2, To: E5}},
		{"capture", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "exd5", Move{From: E4, To: D5, Flags: Capture}},
		{"en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "exd6", Move{From: E5, To: D6, Flags: Capture | EnPassant}},
		{"black en passant", "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1", "dxe3", Move{From: D4, To: E3, Flags: Capture | EnPassant}},
		{"promotion", promotionFEN, "e8=Q+", Move{From: E7, To: E8, Promotion: Queen}},
		{"promotion with capture", promotionFEN, "exd8=Q+", Move{From: E7, To: D8, Promotion: Queen, Flags: Capture}},
		{"under-promotion", promotionFEN, "exd8=N", Move{From: E7, To: D8, Promotion: Knight, Flags: Capture}},
		{"bare promotion", promotionFEN, "e8R", Move{From: E7, To: E8, Promotion: Rook}},
		{"castling short", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "O-O", Move{From: E1, To: G1, Flags: KingsideCastling}},
		{"castling long", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "0-0-0", Move{From: E8, To: C8, Flags: QueensideCastling}},
		{"castling long past an attacked b1", "1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "O-O-O", Move{From: E1, To: C1, Flags: QueensideCastling}},
		{"double check king move", doubleCheckFEN, "Kd8", Move{From: E8, To: D8}},
		{"missing x still resolves", "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "Kd2", Move{From: E1, To: D2, Flags: Capture}},
		{"extra x still resolves", StartFEN, "Nxf3", Move{From: G1, To: F3}},
		{"null move", StartFEN, "--", nullMove},
	}
	for _, tc := range tests {
		_, m, err := resolve(t, tc.fen, tc.san)
		if err != nil || m != tc.want {
			t.Errorf("%s: Resolve(%q) = %+v, %v; want %+v", tc.name, tc.san, m, err, tc.want)
		}
	}
}

func TestResolveErrors(t *testing.T) {
	tests := []struct {
		name, fen, san string
		kind           MoveErrorKind
		message        string
	}{
		{"no piece can reach", StartFEN, "Nd4", NoPieceCanReach, "no knight can reach d4"},
		{"no pawn can reach", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e5", NoPieceCanReach, "no pawn can reach e5"},
		{"king cannot reach", StartFEN, "Ke3", NoPieceCanReach, "the king cannot reach e3"},
		{"castling as a king move", "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "Kg1", NoPieceCanReach, "the king cannot reach g1; castling is written O-O"},
		{"no piece on the file can reach", twoKnightsFEN, "Nbh4", NoPieceCanReach, "no knight on the b-file can reach h4"},
		{"no pawn on the file can capture", "4k3/8/8/2p5/8/3P4/8/4K3 w - - 0 1", "dxc5", NoPieceCanReach, "no pawn on the d-file can capture on c5"},
		{"no pawn on the file", "4k3/8/8/2p5/8/1P6/8/4K3 w - - 0 1", "dxc5", NoPieceOnSquare, "there is no white pawn on the d-file"},
		{"the piece on the square cannot reach", twoKnightsFEN, "Nb1h4", NoPieceCanReach, "the knight on b1 cannot reach h4"},
		{"no such piece", "4k3/8/8/8/8/8/8/4K3 w - - 0 1", "Bc4", NoSuchPiece, "White has no bishop"},
		{"no piece on the file", twoKnightsFEN, "Ncd2", NoPieceOnSquare, "there is no white knight on the c-file"},
		{"no piece on the rank", twoRooksFEN, "R2a3", NoPieceOnSquare, "there is no white rook on rank 2"},
		{"no piece on the square", StartFEN, "Nh1g3", NoPieceOnSquare, "there is no white knight on h1"},
		{"own piece on target", StartFEN, "Nd2", TargetOccupied, "d2 is occupied by White's own pawn"},
		{"nothing to capture", "4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", "exd5", NothingToCapture, "there is nothing to capture on d5"},
		{"en passant too late", "4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1", "exd6", NothingToCapture, "there is nothing to capture on d6"},
		{"pinned", pinnedKnightFEN, "Ne4", Pinned, "the knight on c3 is pinned by the bishop on b4"},
		{"pinned off the line", "4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1", "Rd2", Pinned, "the rook on e2 is pinned by the rook on e7"},
		{"king into check", "4k3/8/8/8/8/8/5r2/4K3 w - - 0 1", "Kd2", KingInCheck, "the king would be in check on d2"},
		{"check not answered", "4k3/8/8/8/8/8/8/R3K2r w - - 0 1", "Ra2", KingInCheck, "the king is in check and this move does not get it out of check"},
		{"double check", doubleCheckFEN, "Rxb5", KingInCheck, "does not get it out of check"},
		{"en passant exposing the king", epPinFEN, "exd6", KingInCheck, "the move would expose the king to check"},
		{"ambiguous", twoKnightsFEN, "Nd2", Ambiguous, "ambiguous: Nbd2 or Nfd2"},
		{"ambiguous three ways", threeQueensFEN, "Qb2", Ambiguous, "ambiguous: Qa1b2, Qcb2 or Q3b2"},
		{"ambiguous by rank", threeQueensFEN, "Qab2", Ambiguous, "ambiguous: Qa1b2 or Q3b2"},
		{"castling rights gone", "r3k2r/8/8/8/8/8/8/R3K2R w - - 0 1", "O-O", CastlingRightsGone, "White can no longer castle kingside"},
		{"castling rights gone long", "r3k2r/8/8/8/8/8/8/R3K2R b K - 0 1", "O-O-O", CastlingRightsGone, "Black can no longer castle queenside"},
		{"castling through check", "r3k2r/8/8/8/8/8/5r2/R3K2R w KQ - 0 1", "O-O", CastlingThroughCheck, "cannot castle through check: f1 is attacked"},
		{"castling into check", "r3k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "O-O", KingInCheck, "cannot castle into check: g1 is attacked"},
		{"castling blocked", StartFEN, "O-O", CastlingBlocked, "cannot castle: the bishop on f1 is in the way"},
		{"castling blocked long", StartFEN, "O-O-O", CastlingBlocked, "cannot castle: the queen on d1 is in the way"},
		{"castling in check", "4k3/8/8/8/4r3/8/8/R3K2R w KQ - 0 1", "O-O", CastlingInCheck, "cannot castle out of check"},
		{"promotion missing", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8", BadPromotion, "a pawn reaching a8 must promote"},
		{"promotion to a king", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=K", BadPromotion, "a pawn cannot promote to a king"},
		{"promotion to a pawn", "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8=P", BadPromotion, "a pawn cannot promote to a pawn"},
		{"promotion too early", StartFEN, "e3=Q", BadPromotion, "a pawn can promote only on the last rank, and e3 is not on it"},
		{"null move in check", "4k3/8/8/8/4r3/8/8/4K3 w - - 0 1", "--", NullMoveInCheck, "a null move cannot be played in check"},
		{"wrong side to move", StartFEN, "Nf6", WrongSideToMove, "it is White's move, but this is a move for Black"},
		{"wrong side pawn", StartFEN, "e5", WrongSideToMove, "it is White's move, but this is a move for Black"},
	}
	for _, tc := range tests {
		_, _, err := resolve(t, tc.fen, tc.san)
		var me *MoveError
		if !errors.As(err, &me) {
			t.Errorf("%s: Resolve(%q) error = %v, want a *MoveError", tc.name, tc.san, err)
			continue
		}
		if me.Kind != tc.kind || !strings.Contains(me.Error(), tc.message) {
			t.Errorf("%s: Resolve(%q) = %v %q; want %v %q", tc.name, tc.san, me.Kind, me.Error(), tc.kind, tc.message)
		}
	}
}

func TestResolveErrorDetails(t *testing.T) {
	_, _, err := resolve(t, twoKnightsFEN, "Nd2+")
	var me *MoveError
	if !errors.As(err, &me) {
		t.Fatalf("got %v", err)
	}
	want := []Move{{From: B1, To: D2}, {From: F3, To: D2}}
	if !slices.Equal(me.Candidates, want) || !slices.Equal(me.CandidateSANs, []string{"Nbd2", "Nfd2"}) {
		t.Errorf("candidates %v %v, want %v", me.Candidates, me.CandidateSANs, want)
	}
	if me.SAN != "Nd2+" {
		t.Errorf("SAN = %q", me.SAN)
	}

	_, _, err = resolve(t, pinnedKnightFEN, "Ne4")
	if !errors.As(err, &me) || me.From != C3 || me.Where != B4 || me.Other != Bishop ||
		!slices.Equal(me.Candidates, []Move{{From: C3, To: E4}}) {
		t.Errorf("pinned: %+v", me)
	}

	// A null move in check still comes back, for the caller to accept.
	_, m, err := resolve(t, "4k3/8/8/8/4r3/8/8/4K3 w - - 0 1", "Z0")
	if !m.IsNull() || err == nil {
		t.Errorf("null move in check: %v, %v", m, err)
	}
}

func TestSAN(t *testing.T) {
	tests := []struct {
		name, fen string
		m         Move
		want      string
	}{
		{"pawn", StartFEN, Move{From: E2, To: E4}, "e4"},
		{"knight", StartFEN, Move{From: G1, To: F3}, "Nf3"},
		{"by file", twoKnightsFEN, Move{From: F3, To: D2}, "Nfd2"},
		{"by rank", twoRooksFEN, Move{From: A1, To: A3}, "R1a3"},
		{"by file among three", threeQueensFEN, Move{From: C1, To: B2}, "Qcb2"},
		{"by rank among three", threeQueensFEN, Move{From: A3, To: B2}, "Q3b2"},
		{"by both", threeQueensFEN, Move{From: A1, To: B2}, "Qa1b2"},
		{"pinned rival not counted", pinnedKnightFEN, Move{From: G1, To: E2}, "Ne2"},
		{"pawn capture", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", Move{From: E4, To: D5}, "exd5"},
		{"en passant", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", Move{From: E5, To: D6}, "exd6"},
		{"promotion with check", promotionFEN, Move{From: E7, To: E8, Promotion: Queen}, "e8=Q+"},
		{"promotion capture with check", promotionFEN, Move{From: E7, To: D8, Promotion: Rook}, "exd8=R+"},
		{"under-promotion", promotionFEN, Move{From: E7, To: D8, Promotion: Knight}, "exd8=N"},
		{"castling with check", "5k2/8/8/8/8/8/8/4K2R w K - 0 1", Move{From: E1, To: G1}, "O-O+"},
		{"long castling", "r3k3/8/8/8/8/8/8/4K3 b q - 0 1", Move{From: E8, To: C8}, "O-O-O"},
		{"mate", "6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1", Move{From: A1, To: A8}, "Ra8#"},
		{"discovered check", "4k3/8/8/8/8/8/4N3/4RK2 w - - 0 1", Move{From: E2, To: C3}, "Nc3+"},
		{"capture", "4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", Move{From: E1, To: D2}, "Kxd2"},
		{"null", StartFEN, nullMove, "--"},
	}
	for _, tc := range tests {
		p := mustParseFEN(tc.fen)
		if got := p.SAN(tc.m); got != tc.want {
			t.Errorf("%s: SAN(%v) = %q, want %q", tc.name, tc.m, got, tc.want)
		}
	}
}

func TestCheckStatus(t *testing.T) {
	p := mustParseFEN("6k1/5ppp/8/8/8/8/8/R3K3 w Q - 0 1")
	before := p
	if got := p.CheckStatus(Move{From: A1, To: A8}); got != MateSuffix {
		t.Errorf("Ra8: %v", got)
	}
	if got := p.CheckStatus(Move{From: A1, To: A7}); got != NoCheckSuffix {
		t.Errorf("Ra7: %v", got)
	}
	promo := mustParseFEN(promotionFEN)
	if got := promo.CheckStatus(Move{From: E7, To: E8, Promotion: Queen}); got != PlusSuffix {
		t.Errorf("e8=Q: %v", got)
	}
	if p != before {
		t.Error("CheckStatus changed the position")
	}
}

func TestMateAndStalemate(t *testing.T) {
	tests := []struct {
		name, fen            string
		inCheck, mate, stale bool
	}{
		{"start", StartFEN, false, false, false},
		{"fool's mate", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", true, true, false},
		{"back rank mate", "R5k1/5ppp/8/8/8/8/8/4K3 b - - 1 1", true, true, false},
		{"stalemate", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", false, false, true},
		{"double check with an escape", doubleCheckFEN, true, false, false},
		{"check answered only en passant", "8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1", true, false, false},
	}
	for _, tc := range tests {
		p := mustParseFEN(tc.fen)
		if p.InCheck() != tc.inCheck || p.IsCheckmate() != tc.mate || p.IsStalemate() != tc.stale {
			t.Errorf("%s: InCheck %v, IsCheckmate %v, IsStalemate %v; want %v, %v, %v",
				tc.name, p.InCheck(), p.IsCheckmate(), p.IsStalemate(), tc.inCheck, tc.mate, tc.stale)
		}
	}
	// Only king moves answer a double check.
	p := mustParseFEN(doubleCheckFEN)
	for _, m := range p.LegalMoves(nil) {
		if m.From != E8 {
			t.Errorf("double check: legal move %v is not a king move", m)
		}
	}
}

func TestPlay(t *testing.T) {
	tests := []struct {
		name, fen string
		moves     []string
		want      string
	}{
		{"opening", StartFEN, []string{"e4", "c5", "Nf3"},
			"rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"},
		{"castling moves the rook", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", []string{"O-O", "O-O-O"},
			"2kr3r/8/8/8/8/8/8/R4RK1 w - - 2 2"},
		{"capturing a rook removes its right", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", []string{"Rxa8+"},
			"R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1"},
		{"en passant removes the pawn", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", []string{"exd6"},
			"4k3/8/3P4/8/8/8/8/4K3 b - - 0 1"},
		{"promotion", promotionFEN, []string{"exd8=N"},
			"3N3k/8/8/8/8/8/8/4K3 b - - 0 1"},
		{"null move", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", []string{"--"},
			"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2"},
	}
	for _, tc := range tests {
		p := mustParseFEN(tc.fen)
		for _, text := range tc.moves {
			s, err := ParseSAN(text)
			if err != nil {
				t.Fatal(err)
			}
			m, err := p.Resolve(s)
			if err != nil {
				t.Fatalf("%s: %s: %v", tc.name, text, err)
			}
			p.Play(m)
		}
		if got := p.FEN(); got != tc.want {
			t.Errorf("%s: FEN = %q, want %q", tc.name, got, tc.want)
		}
	}
}

// TestNoAllocations checks the promise that the per-ply path allocates
// nothing.
func TestNoAllocations(t *testing.T) {
	p := mustParseFEN(twoKnightsFEN)
	s, _ := ParseSAN("Nbd2")
	buf := make([]Move, 0, 256)
	dst := make([]byte, 0, 16)
	m, err := p.Resolve(s)
	if err != nil {
		t.Fatal(err)
	}
	const kiwipeteFEN = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
	checks := map[string]func(){
		"Resolve":      func() { m, _ = p.Resolve(s) },
		"Play":         func() { q := p; q.Play(m) },
		"LegalMoves":   func() { buf = p.LegalMoves(buf[:0]) },
		"HasLegalMove": func() { _ = p.HasLegalMove() },
		"AppendSAN":    func() { dst = p.AppendSAN(dst[:0], m) },
		"AppendFEN":    func() { dst = p.AppendFEN(dst[:0]) },
		"ParseFEN":     func() { _, _ = ParseFEN(kiwipeteFEN) },
		"CheckStatus":  func() { _ = p.CheckStatus(m) },
		"CheckSign":    func() { _ = p.CheckSign() },
	}
	for name, f := range checks {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s allocates %v times", name, n)
		}
	}
}
