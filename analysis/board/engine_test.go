package board

import (
	"bufio"
	"fmt"
	"math/rand"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The tests in this file compare perft counts with Stockfish (Chess960) and
// Fairy-Stockfish (the other variants), Debian's packages stockfish and
// fairy-stockfish, which CI installs. Without an engine they skip, saying
// so. Fairy-Stockfish 11 (Debian 12's) does not play Atomic, whose oracle
// is chessops (chessops_test.go) and the published counts of
// perft_variant_test.go.

// findEngine returns the path of an engine on PATH or in /usr/games, where
// Debian installs them.
func findEngine(name string) (string, bool) {
	if path, err := exec.LookPath(name); err == nil {
		return path, true
	}
	path := "/usr/games/" + name
	if _, err := exec.LookPath(path); err == nil {
		return path, true
	}
	return "", false
}

// engineVariants are the UCI_Variant values of Fairy-Stockfish for
// lichess's variants.
var engineVariants = map[Variant]string{
	Crazyhouse:    "crazyhouse",
	ThreeCheck:    "3check",
	KingOfTheHill: "kingofthehill",
	RacingKings:   "racingkings",
	Antichess:     "antichess",
	Atomic:        "atomic",
	Horde:         "horde",
}

// engine is a UCI engine set up for one variant.
type engine struct {
	path    string
	options []string // setoption commands
}

// engineFor returns the engine that knows v's rules, or why there is none.
func engineFor(v Variant) (engine, string) {
	if v == Chess960 {
		path, ok := findEngine("stockfish")
		if !ok {
			return engine{}, "stockfish is not installed (apt-get install stockfish)"
		}
		return engine{path, []string{"setoption name UCI_Chess960 value true"}}, ""
	}
	path, ok := findEngine("fairy-stockfish")
	if !ok {
		return engine{}, "fairy-stockfish is not installed (apt-get install fairy-stockfish)"
	}
	name := engineVariants[v]
	e := engine{path, []string{"setoption name UCI_Variant value " + name}}
	if !e.knows(name) {
		return engine{}, fmt.Sprintf("this fairy-stockfish does not play %s", name)
	}
	return e, ""
}

// knows reports whether the engine lists variant among its UCI_Variant
// values.
func (e engine) knows(variant string) bool {
	cmd := exec.Command(e.path)
	cmd.Stdin = strings.NewReader("uci\nquit\n")
	out, err := cmd.Output()
	if err != nil {
		return false
	}
	for _, line := range strings.Split(string(out), "\n") {
		if strings.Contains(line, "name UCI_Variant ") {
			return slices.Contains(strings.Fields(line), variant)
		}
	}
	return false
}

// perft runs "go perft depth" on each FEN in one engine process and
// returns the counts, or with divide the count of each root move too.
func (e engine) perft(fens []string, depth int) ([]int, []map[string]int, error) {
	var in strings.Builder
	in.WriteString("uci\n")
	for _, o := range e.options {
		in.WriteString(o + "\n")
	}
	for _, fen := range fens {
		fmt.Fprintf(&in, "position fen %s\ngo perft %d\n", fen, depth)
	}
	in.WriteString("quit\n")
	cmd := exec.Command(e.path)
	cmd.Stdin = strings.NewReader(in.String())
	out, err := cmd.Output()
	if err != nil {
		return nil, nil, err
	}
	var counts []int
	divides := []map[string]int{{}}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	for sc.Scan() {
		line := sc.Text()
		if n, ok := strings.CutPrefix(line, "Nodes searched: "); ok {
			count, err := strconv.Atoi(strings.TrimSpace(n))
			if err != nil {
				return nil, nil, fmt.Errorf("engine wrote %q", line)
			}
			counts = append(counts, count)
			divides = append(divides, map[string]int{})
			continue
		}
		if move, n, ok := strings.Cut(line, ": "); ok && len(move) >= 4 && len(move) <= 5 {
			if count, err := strconv.Atoi(strings.TrimSpace(n)); err == nil {
				divides[len(divides)-1][move] = count
			}
		}
	}
	if len(counts) != len(fens) {
		return nil, nil, fmt.Errorf("engine answered %d of %d positions:\n%s", len(counts), len(fens), out)
	}
	return counts, divides[:len(fens)], nil
}

// chess960Start returns the back rank of Chess960 starting position n (0
// to 959) by the standard numbering, in which 518 is standard chess's.
func chess960Start(n int) string {
	var rank [8]byte
	place := func(piece byte, nth int) { // on the nth empty square
		for i := range rank {
			if rank[i] == 0 {
				if nth == 0 {
					rank[i] = piece
					return
				}
				nth--
			}
		}
	}
	rank[2*(n%4)+1] = 'B'
	n /= 4
	rank[2*(n%4)] = 'B'
	n /= 4
	place('Q', n%6)
	n /= 6
	knights := [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}[n]
	place('N', knights[1])
	place('N', knights[0])
	place('R', 0)
	place('K', 0)
	place('R', 0)
	return string(rank[:])
}

// chess960FEN returns the FEN of Chess960 starting position n, with
// Shredder-FEN castling rights.
func chess960FEN(n int) string {
	back := chess960Start(n)
	var files []byte
	for i := 7; i >= 0; i-- {
		if back[i] == 'R' {
			files = append(files, 'a'+byte(i))
		}
	}
	rights := strings.ToUpper(string(files)) + string(files)
	return strings.ToLower(back) + "/pppppppp/8/8/8/8/PPPPPPPP/" + back + " w " + rights + " - 0 1"
}

func TestChess960Start(t *testing.T) {
	if got := chess960Start(518); got != "RNBQKBNR" {
		t.Errorf("position 518 = %s, want RNBQKBNR", got)
	}
	if got := chess960Start(0); got != "BBQNNRKR" {
		t.Errorf("position 0 = %s, want BBQNNRKR", got)
	}
}

// oraclePositions returns n positions of v for the engines to count: the
// variant's start, then positions of seeded random games at various plies
// (from random Chess960 starts for Chess960) that have not ended.
// Crazyhouse's games stay short, so that the pockets stay small enough
// for perft.
func oraclePositions(v Variant, n int, seed int64) []Position {
	rng := rand.New(rand.NewSource(seed))
	maxPlies := 40
	if v == Crazyhouse {
		maxPlies = 12
	}
	positions := []Position{StartPositionOf(v)}
	for len(positions) < n {
		p := StartPositionOf(v)
		if v == Chess960 {
			p = mustParseFENVariant(chess960FEN(rng.Intn(960)), v)
		}
		plies := 1 + rng.Intn(maxPlies)
		for range plies {
			moves := p.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			p.Play(moves[rng.Intn(len(moves))])
		}
		if !p.Outcome().Over() { // whose perft is 0 for everyone
			positions = append(positions, p)
		}
	}
	return positions
}

// engineFEN returns p's FEN the way the engines read it: Three-check's
// counters as the checks still needed, before the move counters.
func engineFEN(p Position) string {
	if p.variant == ThreeCheck {
		p.style |= styleRemainingChecks
	}
	return p.FEN()
}

// TestPerftAgainstEngines compares perft(4) with Stockfish (Chess960) and
// Fairy-Stockfish on 20 positions of every variant: the start and
// positions of random games. It takes about a minute, most of it the
// engines'; under the race detector, which slows the move generator ten
// times, and in short mode it compares perft(3).
func TestPerftAgainstEngines(t *testing.T) {
	depth, n := 4, 20
	if testing.Short() || raceEnabled {
		depth = 3
	}
	for v := Chess960; v < numVariants; v++ {
		t.Run(v.String(), func(t *testing.T) {
			e, why := engineFor(v)
			if why != "" {
				t.Skip(why)
			}
			positions := oraclePositions(v, n, int64(v))
			if !slices.ContainsFunc(positions, hasVariantState) {
				t.Fatalf("no position has what %v adds to a position", v)
			}
			fens := make([]string, len(positions))
			for i, p := range positions {
				fens[i] = engineFEN(p)
			}
			counts, divides, err := e.perft(fens, depth)
			if err != nil {
				t.Fatal(err)
			}
			bufs := make([][]Move, depth+1)
			for i := range positions {
				got := perft(&positions[i], depth, bufs)
				if got == counts[i] {
					continue
				}
				t.Errorf("%s: perft(%d) = %d, engine %d", fens[i], depth, got, counts[i])
				reportDivide(t, &positions[i], depth, divides[i])
			}
		})
	}
}

// reportDivide logs the root moves whose perft counts differ from the
// engine's.
func reportDivide(t *testing.T, p *Position, depth int, theirs map[string]int) {
	t.Helper()
	bufs := make([][]Move, depth+1)
	ours := map[string]int{}
	for _, m := range p.LegalMoves(nil) {
		q := *p
		q.Play(m)
		ours[m.String()] = perft1(&q, depth-1, bufs)
	}
	for move, n := range ours {
		if theirs[move] != n {
			t.Logf("  %s: %d, engine %d", move, n, theirs[move])
		}
	}
	for move, n := range theirs {
		if _, ok := ours[move]; !ok {
			t.Logf("  %s: not generated, engine %d", move, n)
		}
	}
}

// perft1 is perft that also counts depth 0 as one node.
func perft1(p *Position, depth int, bufs [][]Move) int {
	if depth == 0 {
		return 1
	}
	return perft(p, depth, bufs)
}

// hasVariantState reports whether p has what its variant adds to standard
// chess: castling rights off the standard squares (Chess960), something in
// a pocket (Crazyhouse), a check given (Three-check). It is true for the
// other variants.
func hasVariantState(p Position) bool {
	switch p.variant {
	case Chess960:
		for _, right := range [...]castlingRights{whiteShort, whiteLong, blackShort, blackLong} {
			if p.castling&right != 0 && p.rookFrom(right).File()%7 != 0 {
				return true
			}
		}
		return false
	case Crazyhouse:
		return p.pockets != 0
	case ThreeCheck:
		return p.checks != 0
	}
	return true
}
