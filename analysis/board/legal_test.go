package board

import (
	"math/rand"
	"testing"
)

// The tests in this file check HasLegalMove and CheckSign, which decide
// without generating moves, against LegalMoves, which perft checks, and
// against notnil's check signs.

// referenceCheckSign is the check sign that the move leading to p earns, by
// the definition: in check, and with or without a legal move.
func referenceCheckSign(p *Position) CheckSuffix {
	switch {
	case !p.InCheck():
		return NoCheckSuffix
	case len(p.LegalMoves(nil)) > 0:
		return PlusSuffix
	}
	return MateSuffix
}

// legalStats counts the kinds of positions a test has covered, so that it
// can fail when it misses the ones where HasLegalMove takes a special path.
type legalStats struct {
	positions, check, doubleCheck, mate, stalemate int
	epInCheck                                      int // in check, with a legal en passant capture
	epOnly                                         int // in check, with only en passant captures legal
	epIllegal                                      int // in check, with only illegal en passant captures
	pinnedOnly                                     int // out of check, with only pinned pieces' moves legal
}

// checkLegalMove compares HasLegalMove, CheckSign, IsCheckmate and
// IsStalemate in p with what LegalMoves implies, and counts p in stats.
func checkLegalMove(t *testing.T, p *Position, stats *legalStats) {
	t.Helper()
	moves := p.LegalMoves(nil)
	if got, want := p.HasLegalMove(), len(moves) > 0; got != want {
		t.Errorf("%s: HasLegalMove() = %v, but there are %d legal moves", p.FEN(), got, len(moves))
	}
	want := referenceCheckSign(p)
	if got := p.CheckSign(); got != want {
		t.Errorf("%s: CheckSign() = %q, want %q", p.FEN(), got, want)
	}
	if p.IsCheckmate() != (want == MateSuffix) || p.IsStalemate() != (want == NoCheckSuffix && len(moves) == 0) {
		t.Errorf("%s: IsCheckmate() = %v, IsStalemate() = %v, with %d legal moves", p.FEN(), p.IsCheckmate(), p.IsStalemate(), len(moves))
	}
	stats.count(p, moves)
}

func (s *legalStats) count(p *Position, moves []Move) {
	s.positions++
	checkers := p.checkers()
	if len(moves) == 0 {
		if checkers != 0 {
			s.mate++
		} else {
			s.stalemate++
		}
	}
	if checkers == 0 {
		pinned := p.pinned(p.kingSquare(p.side))
		if len(moves) > 0 && allMoves(moves, func(m Move) bool { return pinned&bit(m.From) != 0 }) {
			s.pinnedOnly++
		}
		return
	}
	s.check++
	if popCount(checkers) > 1 {
		s.doubleCheck++
	}
	isEP := func(m Move) bool { return m.Flags&EnPassant != 0 }
	switch {
	case !allMoves(moves, func(m Move) bool { return !isEP(m) }):
		s.epInCheck++
		if allMoves(moves, isEP) {
			s.epOnly++
		}
	case p.epSquare != NoSquare && pawnAttacks[p.side.Other()][p.epSquare]&p.pieces(Pawn, p.side) != 0:
		s.epIllegal++
	}
}

// allMoves reports whether every move satisfies f.
func allMoves(moves []Move, f func(Move) bool) bool {
	for _, m := range moves {
		if !f(m) {
			return false
		}
	}
	return true
}

// TestHasLegalMoveHandMade covers the paths of HasLegalMove that random play
// reaches rarely.
func TestHasLegalMoveHandMade(t *testing.T) {
	tests := []struct {
		name, fen string
		want      CheckSuffix
		moves     int
	}{
		// b7-b5 checks the king on a4; only axb6 and cxb6 en passant
		// answer it.
		{"only en passant answers a pawn check", "7k/8/p1p5/PpPn4/K7/PP6/8/8 w - b6 0 1", PlusSuffix, 2},
		// The rook on a2 is pinned but may move up the a-file.
		{"only the pinned rook moves", "rr5k/8/8/8/8/8/R7/K7 w - - 0 1", NoCheckSuffix, 6},
		// The bishop on a2 is pinned and cannot move at all.
		{"stalemate with a pinned bishop", "rr5k/8/8/8/8/8/B7/K7 w - - 0 1", NoCheckSuffix, 0},
		{"double check", doubleCheckFEN, PlusSuffix, 3},
		// The knight could take either checker but not both.
		// The rook on e8 and the knight on d3 check; the king is boxed in.
		{"double check mate", "4r2k/8/8/8/8/3n4/3P1P2/3QKB2 w - - 0 1", MateSuffix, 0},
		// d2-d4 checks the king on e5, boxed in by its own pawns; exd3
		// en passant would take the checker but leave the e-file to the
		// rook on e1.
		{"mate where en passant is pinned", "8/8/3ppp2/3pkp2/3Ppp2/2P5/8/K3R3 b - d3 0 1", MateSuffix, 0},
		// The rook on h5 would see the king once both pawns leave the
		// fifth rank, so exd6 is illegal.
		{"en passant pinned along the rank", epPinFEN, NoCheckSuffix, 6},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p := mustParseFEN(tc.fen)
			var stats legalStats
			checkLegalMove(t, &p, &stats)
			if got := p.CheckSign(); got != tc.want {
				t.Errorf("CheckSign() = %q, want %q", got, tc.want)
			}
			if got := len(p.LegalMoves(nil)); got != tc.moves {
				t.Errorf("%d legal moves, want %d", got, tc.moves)
			}
		})
	}
}

// TestHasLegalMoveOnCorpus checks every position of the corpus games' main
// lines, and that the check sign CheckStatus gives each move, and CheckSign
// gives the position after it, is the one notnil writes.
func TestHasLegalMoveOnCorpus(t *testing.T) {
	var stats legalStats
	for _, g := range corpusGamesOrSkip(t) {
		for _, ply := range g.plies {
			checkLegalMove(t, &ply.before, &stats)
			after := ply.before
			after.Play(ply.move)
			want := sanCheckSign(ply.san)
			if got := ply.before.CheckStatus(ply.move); got != want {
				t.Errorf("%s: CheckStatus(%v) = %q, notnil writes %s", ply.before.FEN(), ply.move, got, ply.san)
			}
			if got := after.CheckSign(); got != want {
				t.Errorf("%s: CheckSign() after %s = %q", after.FEN(), ply.san, got)
			}
		}
		checkLegalMove(t, &g.final, &stats)
	}
	t.Logf("%+v", stats)
	if stats.check == 0 || stats.doubleCheck == 0 || stats.mate == 0 || stats.stalemate == 0 {
		t.Errorf("the corpus lacks checks, double checks, mates or stalemates: %+v", stats)
	}
}

// sanCheckSign returns the check sign at the end of a SAN move.
func sanCheckSign(san string) CheckSuffix {
	switch san[len(san)-1] {
	case '+':
		return PlusSuffix
	case '#':
		return MateSuffix
	}
	return NoCheckSuffix
}

// TestHasLegalMoveOnRandomGames plays seeded random games from the perft
// positions and the hand-made ones above. The players prefer checks and
// en passant captures, so that the games are full of checks, double checks,
// mates and en passant evasions; the test fails if any kind is missing.
func TestHasLegalMoveOnRandomGames(t *testing.T) {
	games, plies := 400, 200
	if testing.Short() || raceEnabled {
		games = 60
	}
	fens := []string{epPinFEN, doubleCheckFEN, "7k/8/p1p5/PpPn4/K7/PP6/8/8 w - b6 0 1"}
	for _, pos := range perftPositions {
		fens = append(fens, pos.fen)
	}
	rng := rand.New(rand.NewSource(1))
	var stats legalStats
	for i := range games {
		p := mustParseFEN(fens[i%len(fens)])
		for range plies {
			checkLegalMove(t, &p, &stats)
			moves := p.LegalMoves(nil)
			if len(moves) == 0 || t.Failed() {
				break
			}
			m := pickBiased(rng, &p, moves)
			sign := p.CheckStatus(m)
			p.Play(m)
			if got := p.CheckSign(); got != sign {
				t.Errorf("%s: CheckSign() = %q after a move that CheckStatus gave %q", p.FEN(), got, sign)
			}
		}
	}
	t.Logf("%+v", stats)
	if stats.check == 0 || stats.doubleCheck == 0 || stats.mate == 0 || stats.epInCheck == 0 {
		t.Errorf("random games missed a kind of position: %+v", stats)
	}
}

// pickBiased picks an en passant capture if there is one, else, half the
// time, a move that gives check, else any move.
func pickBiased(rng *rand.Rand, p *Position, moves []Move) Move {
	var checks []Move
	for _, m := range moves {
		if m.Flags&EnPassant != 0 {
			return m
		}
		if q := *p; rng.Intn(2) == 0 {
			q.Play(m)
			if q.InCheck() {
				checks = append(checks, m)
			}
		}
	}
	if len(checks) > 0 {
		return checks[rng.Intn(len(checks))]
	}
	return moves[rng.Intn(len(moves))]
}
