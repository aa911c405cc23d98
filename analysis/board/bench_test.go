package board

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/notnil/chess"
)

// benchGames are famous games, as main-line SAN, for the benchmarks: the
// Immortal Game (Anderssen–Kieseritzky, 1851), the Evergreen Game
// (Anderssen–Dufresne, 1852), the Opera Game (Morphy–Duke of Brunswick and
// Count Isouard, 1858) and the Game of the Century (D. Byrne–Fischer, 1956).
var benchGames = []string{
	`e4 e5 f4 exf4 Bc4 Qh4+ Kf1 b5 Bxb5 Nf6 Nf3 Qh6 d3 Nh5 Nh4 Qg5 Nf5 c6 g4 Nf6
	Rg1 cxb5 h4 Qg6 h5 Qg5 Qf3 Ng8 Bxf4 Qf6 Nc3 Bc5 Nd5 Qxb2 Bd6 Bxg1 e5 Qxa1+
	Ke2 Na6 Nxg7+ Kd8 Qf6+ Nxf6 Be7#`,
	`e4 e5 Nf3 Nc6 Bc4 Bc5 b4 Bxb4 c3 Ba5 d4 exd4 O-O d3 Qb3 Qf6 e5 Qg6 Re1 Nge7
	Ba3 b5 Qxb5 Rb8 Qa4 Bb6 Nbd2 Bb7 Ne4 Qf5 Bxd3 Qh5 Nf6+ gxf6 exf6 Rg8 Rad1
	Qxf3 Rxe7+ Nxe7 Qxd7+ Kxd7 Bf5+ Ke8 Bd7+ Kf8 Bxe7#`,
	`e4 e5 Nf3 d6 d4 Bg4 dxe5 Bxf3 Qxf3 dxe5 Bc4 Nf6 Qb3 Qe7 Nc3 c6 Bg5 b5 Nxb5
	cxb5 Bxb5+ Nbd7 O-O-O Rd8 Rxd7 Rxd7 Rd1 Qe6 Bxd7+ Nxd7 Qb8+ Nxb8 Rd8#`,
	`Nf3 Nf6 c4 g6 Nc3 Bg7 d4 O-O Bf4 d5 Qb3 dxc4 Qxc4 c6 e4 Nbd7 Rd1 Nb6 Qc5 Bg4
	Bg5 Na4 Qa3 Nxc3 bxc3 Nxe4 Bxe7 Qb6 Bc4 Nxc3 Bc5 Rfe8+ Kf1 Be6 Bxb6 Bxc4+
	Kg1 Ne2+ Kf1 Nxd4+ Kg1 Ne2+ Kf1 Nc3+ Kg1 axb6 Qb4 Ra4 Qxb6 Nxd1 h3 Rxa2 Kh2
	Nxf2 Re1 Rxe1 Qd8+ Bf8 Nxe1 Bd5 Nf3 Ne4 Qb8 b5 h4 h5 Ne5 Kg7 Kg1 Bc5+ Kf1
	Ng3+ Ke1 Bb4+ Kd1 Bb3+ Kc1 Ne2+ Kb1 Nc3+ Kc1 Rc2#`,
}

// benchSANs returns the benchmark games split into SAN tokens.
func benchSANs() [][]string {
	var games [][]string
	for _, g := range benchGames {
		games = append(games, strings.Fields(g))
	}
	return games
}

// TestBenchGames checks that the benchmark games are legal, so that the
// benchmarks measure what they claim to.
func TestBenchGames(t *testing.T) {
	for i, game := range benchSANs() {
		p := StartPosition()
		for ply, text := range game {
			s, err := ParseSAN(text)
			if err != nil {
				t.Fatalf("game %d ply %d: %v", i, ply, err)
			}
			m, err := p.Resolve(s)
			if err != nil {
				t.Fatalf("game %d ply %d %s: %v", i, ply, text, err)
			}
			if got := p.SAN(m); got != text {
				t.Errorf("game %d ply %d: SAN = %q, want %q", i, ply, got, text)
			}
			p.Play(m)
		}
		if !p.IsCheckmate() {
			t.Errorf("game %d does not end in checkmate", i)
		}
	}
}

// BenchmarkResolvePlay measures the per-ply work of validating movetext:
// ParseSAN, Resolve and Play over the 207 plies of the benchmark games. One
// op replays them all; the ns/ply metric is the figure to compare with the
// 500 ns target.
//
// bench/NOTES.md has its figures against notnil/chess and what its
// profile showed.
func BenchmarkResolvePlay(b *testing.B) {
	games := benchSANs()
	b.ReportAllocs()
	plies := 0
	for b.Loop() {
		for _, game := range games {
			p := StartPosition()
			for _, text := range game {
				s, err := ParseSAN(text)
				if err != nil {
					b.Fatal(err)
				}
				m, err := p.Resolve(s)
				if err != nil {
					b.Fatal(err)
				}
				p.Play(m)
				plies++
			}
		}
	}
	reportPerPly(b, plies)
}

// BenchmarkParseSAN measures ParseSAN alone over the 207 plies of the
// benchmark games, to tell its share of BenchmarkResolvePlay.
func BenchmarkParseSAN(b *testing.B) {
	games := benchSANs()
	b.ReportAllocs()
	plies := 0
	for b.Loop() {
		for _, game := range games {
			for _, text := range game {
				if _, err := ParseSAN(text); err != nil {
					b.Fatal(err)
				}
				plies++
			}
		}
	}
	reportPerPly(b, plies)
}

// BenchmarkNotnilDecode is the reference for BenchmarkResolvePlay: the same
// games through notnil/chess, decoding each SAN and updating the position.
// Its Decode generates every legal move and encodes each as SAN to compare
// with the input, which is where the time and the allocations go.
func BenchmarkNotnilDecode(b *testing.B) {
	games := benchSANs()
	b.ReportAllocs()
	plies := 0
	for b.Loop() {
		for _, game := range games {
			p := chess.StartingPosition()
			for _, text := range game {
				m, err := chess.AlgebraicNotation{}.Decode(p, text)
				if err != nil {
					b.Fatal(err)
				}
				p = p.Update(m)
				plies++
			}
		}
	}
	reportPerPly(b, plies)
}

// BenchmarkLegalMoves measures generating all legal moves in each position
// of the benchmark games; the ns/position metric is the time per position.
// bench/NOTES.md has its figures.
func BenchmarkLegalMoves(b *testing.B) {
	var positions []Position
	for _, game := range benchSANs() {
		p := StartPosition()
		for _, text := range game {
			positions = append(positions, p)
			s, _ := ParseSAN(text)
			m, _ := p.Resolve(s)
			p.Play(m)
		}
	}
	buf := make([]Move, 0, 256)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		for i := range positions {
			buf = positions[i].LegalMoves(buf[:0])
			n++
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), "ns/position")
}

// BenchmarkSAN measures writing canonical SAN, check signs included, for
// every move of the benchmark games. bench/NOTES.md has its figures.
func BenchmarkSAN(b *testing.B) {
	type ply struct {
		p Position
		m Move
	}
	var plies []ply
	for _, game := range benchSANs() {
		p := StartPosition()
		for _, text := range game {
			s, _ := ParseSAN(text)
			m, _ := p.Resolve(s)
			plies = append(plies, ply{p, m})
			p.Play(m)
		}
	}
	buf := make([]byte, 0, 16)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		for i := range plies {
			buf = plies[i].p.AppendSAN(buf[:0], plies[i].m)
			n++
		}
	}
	reportPerPly(b, n)
}

func reportPerPly(b *testing.B, plies int) {
	if plies > 0 {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(plies), "ns/ply")
	}
}

// corpusPositions returns every position of the corpus games' main lines,
// the final ones included, keeping only those for which keep is true.
func corpusPositions(b *testing.B, keep func(*Position) bool) []Position {
	var positions []Position
	for _, g := range corpusGamesOrSkip(b) {
		for i := range g.plies {
			if keep(&g.plies[i].before) {
				positions = append(positions, g.plies[i].before)
			}
		}
		if keep(&g.final) {
			positions = append(positions, g.final)
		}
	}
	if len(positions) == 0 {
		b.Skip("no positions")
	}
	return positions
}

// BenchmarkHasLegalMove measures HasLegalMove over the positions of the
// corpus games: all of them, those in check (where pgnls calls it once per
// checking move to tell + from #), and the final ones (where it looks for
// mate and stalemate at each game's end).
func BenchmarkHasLegalMove(b *testing.B) {
	sets := []struct {
		name string
		keep func(*Position) bool
	}{
		{"all", func(*Position) bool { return true }},
		{"check", (*Position).InCheck},
	}
	for _, set := range sets {
		b.Run(set.name, func(b *testing.B) {
			positions := corpusPositions(b, set.keep)
			b.ReportAllocs()
			n, found := 0, 0
			for b.Loop() {
				for i := range positions {
					if positions[i].HasLegalMove() {
						found++
					}
					n++
				}
			}
			reportPer(b, n, "ns/position")
		})
	}
	b.Run("final", func(b *testing.B) {
		var finals []Position
		for _, g := range corpusGamesOrSkip(b) {
			finals = append(finals, g.final)
		}
		b.ReportAllocs()
		n := 0
		for b.Loop() {
			for i := range finals {
				_ = finals[i].HasLegalMove()
				n++
			}
		}
		reportPer(b, n, "ns/position")
	})
}

// BenchmarkCheckStatus measures CheckStatus, which pgnls calls once per
// move to compare the check sign written with the one earned, over every
// move of the corpus games, and over the checking moves alone.
func BenchmarkCheckStatus(b *testing.B) {
	var all, checks []corpusPly
	for _, g := range corpusGamesOrSkip(b) {
		for _, ply := range g.plies {
			all = append(all, ply)
			after := ply.before
			after.Play(ply.move)
			if after.InCheck() {
				checks = append(checks, ply)
			}
		}
	}
	for _, set := range []struct {
		name  string
		plies []corpusPly
	}{{"all", all}, {"check", checks}} {
		b.Run(set.name, func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				for i := range set.plies {
					_ = set.plies[i].before.CheckStatus(set.plies[i].move)
					n++
				}
			}
			reportPer(b, n, "ns/ply")
		})
	}
}

// BenchmarkParseFEN measures ParseFEN on the FEN of every position of the
// corpus games.
func BenchmarkParseFEN(b *testing.B) {
	var fens []string
	for _, p := range corpusPositions(b, func(*Position) bool { return true }) {
		fens = append(fens, p.FEN())
	}
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		for _, fen := range fens {
			if _, err := ParseFEN(fen); err != nil {
				b.Fatal(err)
			}
			n++
		}
	}
	reportPer(b, n, "ns/FEN")
}

// reportPer reports the time per unit of work, n units in all.
func reportPer(b *testing.B, n int, unit string) {
	if n > 0 {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(n), unit)
	}
}

// BenchmarkCheckSign measures CheckSign on the position after every move of
// the corpus games: what CheckStatus costs a caller that plays the move
// anyway, without the copy and the second Play. bench/NOTES.md has its
// figures.
func BenchmarkCheckSign(b *testing.B) {
	var after []Position
	for _, g := range corpusGamesOrSkip(b) {
		for _, ply := range g.plies {
			p := ply.before
			p.Play(ply.move)
			after = append(after, p)
		}
	}
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		for i := range after {
			_ = after[i].CheckSign()
			n++
		}
	}
	reportPer(b, n, "ns/ply")
}

// BenchmarkVariantResolvePlay measures ParseSAN, Resolve and Play in each
// variant, over seeded random games of up to 100 plies (those of
// TestVariantsAgainstChessops's kind): what replaying a variant's game
// costs a ply, next to BenchmarkResolvePlay's standard chess. The
// variants whose pieces move as in standard chess take its fast path but
// for castling and drops; the others generate the pseudo-legal moves and
// test those that fit the SAN (each test of a legality in Racing Kings
// plays the move on a copy). bench/NOTES.md has its figures.
func BenchmarkVariantResolvePlay(b *testing.B) {
	for v := Chess960; v < numVariants; v++ {
		b.Run(strings.ReplaceAll(v.String(), " ", ""), func(b *testing.B) {
			rng := rand.New(rand.NewSource(int64(v)))
			type game struct {
				start Position
				sans  []string
			}
			var games []game
			for range 8 {
				start := StartPositionOf(v)
				if v == Chess960 {
					start = mustParseFENVariant(chess960FEN(rng.Intn(960)), v)
				}
				positions, moves := randomGame(rng, start, 100)
				g := game{start: start}
				for i, m := range moves {
					g.sans = append(g.sans, positions[i].SAN(m))
				}
				games = append(games, g)
			}
			b.ReportAllocs()
			plies := 0
			for b.Loop() {
				for _, g := range games {
					p := g.start
					for _, text := range g.sans {
						s, err := ParseSAN(text)
						if err != nil {
							b.Fatal(err)
						}
						m, err := p.Resolve(s)
						if err != nil {
							b.Fatal(err)
						}
						p.Play(m)
						plies++
					}
				}
			}
			reportPerPly(b, plies)
		})
	}
}
