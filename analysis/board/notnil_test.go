package board

import (
	"math/rand"
	"slices"
	"testing"

	"github.com/notnil/chess"
)

// The tests in this file compare the package with github.com/notnil/chess,
// used as an independent implementation of the rules. No disagreement about
// the rules has turned up: its SAN encoder, like this package, counts only
// legal moves when disambiguating, so a pinned rival does not force Nce7.
// Quirks of notnil that the tests have to work around:
//
//   - Its FEN decoder leaves the "in check" flag unset, and Status relies on
//     it; a position must come from chess.NewGame(chess.FEN(...)) or from
//     Position.Update for Status to be right.
//   - Position.String writes the en passant square after every double push,
//     as this package's FEN does and the PGN standard asks (XFENString is
//     the variant that writes it only when a capture is possible), so FENs
//     are compared as they are.
//   - Its SAN decoder accepts only its own canonical spelling, so it cannot
//     read a game that writes Nce7 where the other knight is pinned (one
//     such game is in the corpus); Resolve accepts over-disambiguation.
//   - Its PGN reader panics on a comment before the first move, rejects a
//     FEN tag with fullmove number 0 (as ParseFEN does), accepts castling
//     rights for a king or rook that is not at home (ParseFEN does not), and
//     drops null moves. corpus_test.go works around the first three and
//     counts the games it still cannot replay.

// notnilGame pairs a position of this package with notnil's.
type notnilGame struct {
	ours   Position
	theirs *chess.Position
}

func newNotnilGame(t *testing.T, fen string) notnilGame {
	t.Helper()
	ours, err := ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	opt, err := chess.FEN(fen)
	if err != nil {
		t.Fatalf("chess.FEN(%q): %v", fen, err)
	}
	return notnilGame{ours, chess.NewGame(opt).Position()}
}

// compare checks everything the two implementations can disagree on in the
// current position (the check sign of every legal move included, through
// SAN), and returns the legal moves sorted by UCI name along
// with notnil's moves by the same names.
func (g *notnilGame) compare(t *testing.T) ([]Move, map[string]*chess.Move) {
	t.Helper()
	fen := g.ours.FEN()
	if want := g.theirs.String(); fen != want {
		t.Fatalf("FEN = %q, notnil has %q", fen, want)
	}
	ours := g.ours.LegalMoves(nil)
	theirs := map[string]*chess.Move{}
	for _, m := range g.theirs.ValidMoves() {
		theirs[chess.UCINotation{}.Encode(g.theirs, m)] = m
	}
	if len(ours) != len(theirs) {
		t.Fatalf("%s: %d legal moves, notnil has %d", fen, len(ours), len(theirs))
	}
	if got := g.ours.HasLegalMove(); got != (len(theirs) > 0) {
		t.Errorf("%s: HasLegalMove() = %v, notnil has %d legal moves", fen, got, len(theirs))
	}
	slices.SortFunc(ours, func(a, b Move) int { return compareStrings(a.String(), b.String()) })
	for _, m := range ours {
		nm, ok := theirs[m.String()]
		if !ok {
			t.Fatalf("%s: legal move %v is not legal for notnil", fen, m)
		}
		san := g.ours.SAN(m)
		if want := (chess.AlgebraicNotation{}).Encode(g.theirs, nm); san != want {
			t.Errorf("%s: SAN(%v) = %q, notnil writes %q", fen, m, san, want)
		}
		g.checkResolves(t, san, m)
	}
	status := g.theirs.Status()
	if got, want := g.ours.IsCheckmate(), status == chess.Checkmate; got != want {
		t.Errorf("%s: IsCheckmate() = %v, notnil says %v", fen, got, status)
	}
	if got, want := g.ours.IsStalemate(), status == chess.Stalemate; got != want {
		t.Errorf("%s: IsStalemate() = %v, notnil says %v", fen, got, status)
	}
	return ours, theirs
}

// checkResolves checks that san parses and resolves to m.
func (g *notnilGame) checkResolves(t *testing.T, san string, m Move) {
	t.Helper()
	s, err := ParseSAN(san)
	if err != nil {
		t.Errorf("%s: ParseSAN(%q): %v", g.ours.FEN(), san, err)
		return
	}
	got, err := g.ours.Resolve(s)
	if err != nil || got != m {
		t.Errorf("%s: Resolve(%q) = %v, %v; want %v", g.ours.FEN(), san, got, err, m)
	}
}

func (g *notnilGame) play(m Move, nm *chess.Move) {
	g.ours.Play(m)
	g.theirs = g.theirs.Update(nm)
}

func compareStrings(a, b string) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// TestRandomGamesAgainstNotnil plays seeded random games from the start
// position and from the perft positions, comparing legal moves, SAN,
// resolution, FEN and mate and stalemate detection with notnil at every ply.
func TestRandomGamesAgainstNotnil(t *testing.T) {
	games, plies := 60, 200 // 300 games in all
	if testing.Short() || raceEnabled {
		games, plies = 15, 160
	}
	rng := rand.New(rand.NewSource(1))
	for _, pos := range perftPositions {
		t.Run(pos.name, func(t *testing.T) {
			for range games {
				g := newNotnilGame(t, pos.fen)
				for range plies {
					moves, theirs := g.compare(t)
					if len(moves) == 0 || t.Failed() {
						break
					}
					m := moves[rng.Intn(len(moves))]
					g.play(m, theirs[m.String()])
				}
			}
		})
	}
}
