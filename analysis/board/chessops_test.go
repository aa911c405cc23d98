package board

import (
	"bufio"
	"encoding/json"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The test in this file replays generated games of every variant with
// chessops (the npm package, lichess's rules in TypeScript) and compares,
// position by position, the legal moves, their SAN, check, the outcome and
// the FEN. It needs node and chessops: PGNLS_CHESSOPS names a node_modules
// folder holding chessops (npm install chessops in a folder outside the
// checkout); without them it skips, saying so.

// chessopsRules are chessops's names for the variants' rules.
var chessopsRules = map[Variant]string{
	Chess960:      "chess",
	Crazyhouse:    "crazyhouse",
	ThreeCheck:    "3check",
	KingOfTheHill: "kingofthehill",
	RacingKings:   "racingkings",
	Antichess:     "antichess",
	Atomic:        "atomic",
	Horde:         "horde",
}

// chessopsGame is a game as replay.mjs reads it.
type chessopsGame struct {
	Variant string   `json:"variant"`
	FEN     string   `json:"fen"`
	Moves   []string `json:"moves"`
}

// chessopsPosition is what replay.mjs says of each position.
type chessopsPosition struct {
	FEN          string      `json:"fen"`
	Legal        [][2]string `json:"legal"` // UCI and SAN
	Check        bool        `json:"check"`
	Over         bool        `json:"over"`
	Winner       string      `json:"winner"`
	Insufficient bool        `json:"insufficient"`
}

// chessopsOrSkip returns the command that runs replay.mjs, or skips.
func chessopsOrSkip(t *testing.T) *exec.Cmd {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node is not installed")
	}
	dir := os.Getenv("PGNLS_CHESSOPS")
	if dir == "" {
		t.Skip("PGNLS_CHESSOPS is not set: run npm install chessops in a folder outside the checkout and set it to that folder's node_modules")
	}
	if _, err := os.Stat(filepath.Join(dir, "chessops", "package.json")); err != nil {
		t.Skipf("PGNLS_CHESSOPS=%s holds no chessops: %v", dir, err)
	}
	cmd := exec.Command(node, filepath.Join("testdata", "chessops", "replay.mjs"))
	cmd.Env = append(os.Environ(), "PGNLS_CHESSOPS="+dir)
	return cmd
}

// chessopsUCI writes m as chessops does: castling as the king taking its
// rook in every variant.
func chessopsUCI(p *Position, m Move) string {
	if cs := p.castleSideOfVariant(m); cs != NoCastle && !m.IsDrop() {
		m.To = p.CastlingRook(p.side, cs)
	}
	return m.String()
}

// comparableFEN returns p's FEN as chessops writes it, without the
// en passant square, which chessops writes only when a capture is legal:
// X-FEN castling, pockets in brackets, Three-check's counters as the
// checks still needed.
func comparableFEN(p Position) string {
	p.style = 0
	if p.variant == ThreeCheck {
		p.style = styleRemainingChecks
	}
	return withoutEnPassant(p.FEN())
}

func withoutEnPassant(fen string) string {
	fields := strings.Fields(fen)
	if len(fields) > 3 {
		fields[3] = "-"
	}
	return strings.Join(fields, " ")
}

// randomGame plays a seeded random game of up to plies plies from p,
// preferring now and then a move that checks or wins, so that the games
// reach the variants' ends. It returns the positions and the moves.
func randomGame(rng *rand.Rand, p Position, plies int) ([]Position, []Move) {
	positions := []Position{p}
	var moves []Move
	for range plies {
		legal := p.LegalMoves(nil)
		if len(legal) == 0 {
			break
		}
		m := legal[rng.Intn(len(legal))]
		if rng.Intn(3) == 0 {
			for _, c := range legal {
				if p.CheckStatus(c) != NoCheckSuffix {
					m = c
					break
				}
			}
		}
		moves = append(moves, m)
		p.Play(m)
		positions = append(positions, p)
	}
	return positions, moves
}

// TestVariantsAgainstChessops replays 40 seeded random games of each
// variant with chessops and compares every position.
func TestVariantsAgainstChessops(t *testing.T) {
	cmd := chessopsOrSkip(t)
	games, plies := 40, 150
	if testing.Short() || raceEnabled {
		games = 10
	}
	type game struct {
		variant   Variant
		positions []Position
		moves     []Move
	}
	var ours []game
	var input strings.Builder
	rng := rand.New(rand.NewSource(3))
	for v := Chess960; v < numVariants; v++ {
		for range games {
			start := StartPositionOf(v)
			if v == Chess960 {
				start = mustParseFENVariant(chess960FEN(rng.Intn(960)), v)
			}
			positions, moves := randomGame(rng, start, plies)
			g := chessopsGame{Variant: chessopsRules[v], FEN: start.FEN()}
			for i, m := range moves {
				g.Moves = append(g.Moves, chessopsUCI(&positions[i], m))
			}
			line, err := json.Marshal(g)
			if err != nil {
				t.Fatal(err)
			}
			input.Write(line)
			input.WriteByte('\n')
			ours = append(ours, game{v, positions, moves})
		}
	}
	cmd.Stdin = strings.NewReader(input.String())
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("replay.mjs: %v", err)
	}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	sc.Buffer(nil, 64<<20)
	stats := map[Variant]map[EndReason]int{}
	for i := 0; sc.Scan(); i++ {
		var theirs []chessopsPosition
		if err := json.Unmarshal(sc.Bytes(), &theirs); err != nil {
			t.Fatal(err)
		}
		g := ours[i]
		if len(theirs) != len(g.positions) {
			t.Fatalf("game %d: chessops replayed %d positions of %d", i, len(theirs), len(g.positions))
		}
		if stats[g.variant] == nil {
			stats[g.variant] = map[EndReason]int{}
		}
		for ply := range theirs {
			if !comparePosition(t, &g.positions[ply], &theirs[ply]) {
				t.Fatalf("%v game %d ply %d", g.variant, i, ply)
			}
		}
		stats[g.variant][g.positions[len(g.positions)-1].Outcome().Reason]++
	}
	if len(stats) != int(numVariants-Chess960) {
		t.Fatalf("chessops answered for %d variants", len(stats))
	}
	t.Logf("how the games ended: %v", stats)
}

// comparePosition compares p with what chessops says of it, and reports
// whether they agree.
func comparePosition(t *testing.T, p *Position, theirs *chessopsPosition) bool {
	t.Helper()
	ok := true
	fen := p.FEN()
	if got, want := comparableFEN(*p), withoutEnPassant(theirs.FEN); got != want {
		t.Errorf("FEN %s, chessops %s", got, want)
		ok = false
	}
	var ourMoves, theirMoves []string
	for _, m := range p.LegalMoves(nil) {
		ourMoves = append(ourMoves, chessopsUCI(p, m)+" "+p.SAN(m))
		s, err := ParseSAN(p.SAN(m))
		if back, err2 := p.Resolve(s); err != nil || err2 != nil || back != m {
			t.Errorf("%s: SAN %s of %v resolves to %v, %v, %v", fen, p.SAN(m), m, back, err, err2)
			ok = false
		}
	}
	for _, m := range theirs.Legal {
		san := m[1]
		if strings.HasPrefix(san, "@") {
			san = "P" + san // chessops writes pawn drops as @d4
		}
		theirMoves = append(theirMoves, m[0]+" "+san)
	}
	slices.Sort(ourMoves)
	slices.Sort(theirMoves)
	if !slices.Equal(ourMoves, theirMoves) {
		t.Errorf("%s: legal moves\n%v\nchessops\n%v", fen, ourMoves, theirMoves)
		ok = false
	}
	if got := p.InCheck(); got != theirs.Check {
		t.Errorf("%s: InCheck() = %v, chessops %v", fen, got, theirs.Check)
		ok = false
	}
	o := p.Outcome()
	winner := ""
	if o.Decisive {
		winner = o.Winner.String()
	}
	if theirs.Over && !o.Over() && theirs.Winner == "" && theirs.Insufficient {
		return ok // a draw by insufficient material, which Outcome does not judge
	}
	if o.Over() != theirs.Over || winner != theirs.Winner {
		t.Errorf("%s: Outcome() = %+v, chessops over %v winner %q", fen, o, theirs.Over, theirs.Winner)
		ok = false
	}
	return ok
}

// TestAtomicPerftAgainstChessops compares perft(4) with chessops on 20
// positions of Atomic, which Debian's Fairy-Stockfish does not play (see
// TestPerftAgainstEngines for the other variants). It takes about half a
// minute, most of it chessops's; in short mode and under the race detector
// it compares perft(3).
func TestAtomicPerftAgainstChessops(t *testing.T) {
	cmd := chessopsOrSkip(t)
	depth := 4
	if testing.Short() || raceEnabled {
		depth = 3
	}
	positions := oraclePositions(Atomic, 20, int64(Atomic))
	var input strings.Builder
	for _, p := range positions {
		line, err := json.Marshal(map[string]any{"variant": "atomic", "fen": p.FEN(), "perft": depth})
		if err != nil {
			t.Fatal(err)
		}
		input.Write(line)
		input.WriteByte('\n')
	}
	cmd.Stdin = strings.NewReader(input.String())
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("replay.mjs: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != len(positions) {
		t.Fatalf("chessops answered %d of %d positions", len(lines), len(positions))
	}
	bufs := make([][]Move, depth+1)
	for i, line := range lines {
		var answer struct{ Nodes int }
		if err := json.Unmarshal([]byte(line), &answer); err != nil {
			t.Fatal(err)
		}
		if got := perft(&positions[i], depth, bufs); got != answer.Nodes {
			t.Errorf("%s: perft(%d) = %d, chessops %d", positions[i].FEN(), depth, got, answer.Nodes)
		}
	}
}
