// Package ucitest runs a fake UCI engine for tests: the test binary itself,
// started again as the engine, so that no engine needs to be installed or
// built. A test package enables it in its TestMain:
//
//	func TestMain(m *testing.M) {
//		ucitest.Main() // when started as a fake engine, runs it and exits
//		os.Exit(m.Run())
//	}
//
// and a test starts engines with New(t, ucitest.Normal).Options.
//
// The fake plays honest chess, shallowly: it searches two plies and counts
// material, so its evaluations are exact functions of the position and it
// sees a piece left en prise. The other scenarios misbehave in the ways a
// real engine can.
package ucitest

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"pgnls/analysis/board"
	"pgnls/analysis/uci"
)

// Scenario is how a fake engine behaves.
type Scenario string

const (
	// Normal answers everything as a UCI engine should.
	Normal Scenario = "normal"
	// Silent reads its input and never answers.
	Silent Scenario = "silent"
	// Garbage answers "uci" with lines that are no UCI (and bytes that are
	// no text), and never with "uciok".
	Garbage Scenario = "garbage"
	// ExitAtStart writes a complaint on stderr and exits with status 3.
	ExitAtStart Scenario = "exit-at-start"
	// NoReadyOK answers "uciok" but never "readyok".
	NoReadyOK Scenario = "no-readyok"
	// CrashInSearch prints one "info" line when told to search, then a
	// complaint on stderr, and exits with status 2.
	CrashInSearch Scenario = "crash-in-search"
	// Slow takes SlowSearch over each search, unless told to stop; a search
	// stopped early is logged as StoppedEarly among the commands.
	Slow Scenario = "slow"
	// DeafToStop never ends a search, even after "stop".
	DeafToStop Scenario = "deaf-to-stop"
	// IllegalBestMove answers every search with the best move "a1a8", which
	// is legal in no position of a normal game's first moves.
	IllegalBestMove Scenario = "illegal-bestmove"
	// NoOptions declares no options in its handshake.
	NoOptions Scenario = "no-options"
	// ExitAfterSearch exits (with status 0) after its first search, as an
	// engine killed while idle.
	ExitAfterSearch Scenario = "exit-after-search"
)

// SlowSearch is how long a search of the Slow scenario takes.
const SlowSearch = 300 * time.Millisecond

// StoppedEarly is the line a Slow fake adds to its log of commands when
// "stop" ends a search before its time.
const StoppedEarly = "# stopped early"

// engineArg, as the test binary's first argument, starts it as a fake
// engine.
const engineArg = "ucitest-fake-engine"

// Main runs the fake engine and exits, when the process was started as one;
// otherwise it returns at once. Call it first in TestMain.
func Main() {
	if len(os.Args) < 4 || os.Args[1] != engineArg {
		return
	}
	os.Exit(run(Scenario(os.Args[2]), os.Args[3], os.Stdin, os.Stdout, os.Stderr))
}

// Fake is a fake engine set up for a test.
type Fake struct {
	// Options start a fake engine; a test may change everything but Path
	// and Args.
	Options uci.Options
	log     string
}

// New returns a fake engine that behaves as scenario says. Each engine
// started with its Options appends the commands it receives to a log in
// t's temporary directory (see Commands).
func New(t testing.TB, scenario Scenario) *Fake {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatalf("cannot find the test binary to run as a fake engine: %v", err)
	}
	log := filepath.Join(t.TempDir(), "commands.log")
	return &Fake{
		Options: uci.Options{Path: self, Args: []string{engineArg, string(scenario), log}, Timeout: 2 * time.Second},
		log:     log,
	}
}

// Executable writes a script in t's temporary directory that starts this
// fake engine, and returns its path: an engine for a program that takes
// only a path (the pgnls binary under test, an editor's settings), which
// runs the test binary again as the engine. (The test binary must call
// Main in its TestMain.) It needs a Unix shell.
func (f *Fake) Executable(t testing.TB) string {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the fake engine's script needs a Unix shell")
	}
	var b strings.Builder
	b.WriteString("#!/bin/sh\nexec")
	for _, word := range append([]string{f.Options.Path}, f.Options.Args...) {
		b.WriteString(" '" + strings.ReplaceAll(word, "'", `'\''`) + "'")
	}
	b.WriteString("\n")
	path := filepath.Join(t.TempDir(), "fake-engine")
	if err := os.WriteFile(path, []byte(b.String()), 0o755); err != nil {
		t.Fatalf("cannot write the fake engine's script: %v", err)
	}
	return path
}

// Commands returns the commands the fake's engines have received, in order.
func (f *Fake) Commands() []string {
	data, err := os.ReadFile(f.log)
	if err != nil {
		return nil
	}
	return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
}

// Count returns how many of the commands received are the word, or start
// with it and a space: Count("go") counts "go nodes 1000".
func (f *Fake) Count(word string) int {
	n := 0
	for _, c := range f.Commands() {
		if c == word || strings.HasPrefix(c, word+" ") {
			n++
		}
	}
	return n
}

// CheckGoroutines fails t, at its end, if more goroutines run than at the
// call: a goroutine that outlives the test is a leak. (Goroutines of the
// runtime and of os/exec take a moment to end, so it waits up to two
// seconds for them.) Tests that use it must not run in parallel.
func CheckGoroutines(t testing.TB) {
	t.Helper()
	before := runtime.NumGoroutine()
	t.Cleanup(func() {
		deadline := time.Now().Add(2 * time.Second)
		for runtime.NumGoroutine() > before && time.Now().Before(deadline) {
			time.Sleep(10 * time.Millisecond)
		}
		if n := runtime.NumGoroutine(); n > before {
			buf := make([]byte, 1<<16)
			buf = buf[:runtime.Stack(buf, true)]
			t.Errorf("%d goroutines before the test, %d after it:\n%s", before, n, buf)
		}
	})
}

// engine is the state of a running fake engine.
type engine struct {
	scenario Scenario
	mu       sync.Mutex // held while a command is answered: a slow search answers on its own
	out      *bufio.Writer
	stderr   io.Writer
	log      io.Writer // of the commands received
	pos      board.Position
	multiPV  int
	slow     *time.Timer // the Slow scenario's search in progress
}

// run is the fake engine's main loop; it returns the exit status.
func run(scenario Scenario, logPath string, in io.Reader, out, stderr io.Writer) int {
	if scenario == ExitAtStart {
		fmt.Fprintln(stderr, "fake engine: cannot load its network")
		return 3
	}
	log, err := os.OpenFile(logPath, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		fmt.Fprintln(stderr, "fake engine:", err)
		return 1
	}
	defer log.Close()
	e := &engine{scenario: scenario, out: bufio.NewWriter(out), stderr: stderr, log: log, pos: board.StartPosition(), multiPV: 1}
	lines := bufio.NewScanner(in)
	for lines.Scan() {
		command := strings.TrimSpace(lines.Text())
		fmt.Fprintln(log, command)
		if scenario == Silent {
			continue
		}
		if status, quit := e.answer(command); quit {
			return status
		}
	}
	return 0
}

// answer answers one command; quit says that the engine is to exit, with
// status.
func (e *engine) answer(command string) (status int, quit bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	defer e.out.Flush()
	word, rest, _ := strings.Cut(command, " ")
	switch word {
	case "quit":
		return 0, true
	case "uci":
		e.handshake()
	case "isready":
		if e.scenario != NoReadyOK {
			e.println("readyok")
		}
	case "setoption":
		e.setOption(rest)
	case "position":
		if err := e.setPosition(rest); err != nil {
			fmt.Fprintln(e.stderr, "fake engine:", err)
			return 1, true
		}
	case "go":
		switch e.scenario {
		case CrashInSearch:
			e.println("info depth 1 score cp 13 nodes 20 pv e2e4")
			e.out.Flush()
			fmt.Fprintln(e.stderr, "fake engine: segmentation fault")
			return 2, true
		case DeafToStop:
			e.println("info depth 1 score cp 0 nodes 1 pv " + e.firstMove())
		case Slow:
			e.println("info depth 1 score cp 0 nodes 1 pv " + e.firstMove())
			pos := e.pos
			e.slow = time.AfterFunc(SlowSearch, func() {
				e.mu.Lock()
				defer e.mu.Unlock()
				e.search(&pos)
				e.out.Flush()
			})
		case ExitAfterSearch:
			e.search(&e.pos)
			return 0, true
		default:
			e.search(&e.pos)
		}
	case "stop":
		if e.slow != nil && e.slow.Stop() {
			fmt.Fprintln(e.log, StoppedEarly)
			e.search(&e.pos)
		}
	}
	return 0, false
}

func (e *engine) println(line string) { fmt.Fprintln(e.out, line) }

func (e *engine) handshake() {
	if e.scenario == Garbage {
		e.println("Welcome to ChessMaster 2000!")
		e.println("\x00\xff\xfe not text")
		e.println(strings.Repeat("x", 100_000))
		e.println("Type 'help' for help.")
		return
	}
	e.println("id name FakeFish 1")
	e.println("id author pgnls tests")
	if e.scenario != NoOptions {
		e.println("option name Threads type spin default 1 min 1 max 64")
		e.println("option name Hash type spin default 16 min 1 max 1024")
		e.println("option name Clear Hash type button")
		e.println("option name MultiPV type spin default 1 min 1 max 10")
		e.println("option name UCI_Chess960 type check default false")
	}
	e.println("uciok")
}

func (e *engine) setOption(text string) {
	name, value, _ := strings.Cut(strings.TrimPrefix(text, "name "), " value ")
	if strings.EqualFold(name, "MultiPV") {
		fmt.Sscan(value, &e.multiPV)
	}
}

// setPosition reads "startpos" or "fen F", then "moves M...".
func (e *engine) setPosition(text string) error {
	setup, moves, _ := strings.Cut(text, " moves ")
	setup = strings.TrimSuffix(setup, " moves")
	switch {
	case setup == "startpos":
		e.pos = board.StartPosition()
	case strings.HasPrefix(setup, "fen "):
		pos, err := board.ParseFEN(strings.TrimPrefix(setup, "fen "))
		if err != nil {
			return err
		}
		e.pos = pos
	default:
		return fmt.Errorf("cannot read position %q", text)
	}
	for _, text := range strings.Fields(moves) {
		m, err := uci.ParseMove(&e.pos, text)
		if err != nil {
			return err
		}
		e.pos.Play(m)
	}
	return nil
}

func (e *engine) firstMove() string {
	if moves := e.pos.LegalMoves(nil); len(moves) > 0 {
		return moves[0].String()
	}
	return "0000"
}

// mateScore stands for a mate in the fake's negamax.
const mateScore = 100_000

var pieceValues = [...]int{board.Pawn: 100, board.Knight: 300, board.Bishop: 300, board.Rook: 500, board.Queen: 900}

// material counts the side to move's material less the opponent's.
func material(p *board.Position) int {
	score := 0
	for sq := board.A1; sq <= board.H8; sq++ {
		if pt, c, ok := p.PieceAt(sq); ok && pt != board.King {
			if c == p.SideToMove() {
				score += pieceValues[pt]
			} else {
				score -= pieceValues[pt]
			}
		}
	}
	return score
}

// reply returns the opponent's best answer after a move, with its score for
// the opponent: a search of one ply with material counted at its leaves,
// and a mate seen at them.
func reply(p *board.Position, nodes *int) (best board.Move, score int, any bool) {
	score = -2 * mateScore
	for _, m := range p.LegalMoves(nil) {
		q := *p
		q.Play(m)
		*nodes++
		s := -material(&q)
		if !q.HasLegalMove() {
			s = 0
			if q.InCheck() {
				s = mateScore
			}
		}
		if s > score {
			best, score, any = m, s, true
		}
	}
	if !any {
		score = 0
		if p.InCheck() {
			score = -mateScore
		}
	}
	return best, score, any
}

// search prints the best lines of a search of two plies from pos and the
// best move.
func (e *engine) search(pos *board.Position) {
	type line struct {
		moves []string
		score int
	}
	var lines []line
	nodes := 0
	for _, m := range pos.LegalMoves(nil) {
		q := *pos
		q.Play(m)
		nodes++
		answer, s, any := reply(&q, &nodes)
		l := line{moves: []string{m.String()}, score: -s}
		if any {
			l.moves = append(l.moves, answer.String())
		}
		// Insertion keeps the engine's move order among equal scores.
		i := len(lines)
		for i > 0 && lines[i-1].score < l.score {
			i--
		}
		lines = append(lines, line{})
		copy(lines[i+1:], lines[i:])
		lines[i] = l
	}
	if len(lines) == 0 {
		if pos.InCheck() {
			e.println("info depth 0 score mate 0")
		} else {
			e.println("info depth 0 score cp 0")
		}
		e.println("bestmove (none)")
		return
	}
	for i, l := range lines[:min(len(lines), e.multiPV)] {
		score := fmt.Sprintf("cp %d", l.score)
		switch {
		case l.score >= mateScore:
			score = "mate 1"
		case l.score <= -mateScore:
			score = "mate -1"
		}
		e.println(fmt.Sprintf("info depth 2 seldepth 2 multipv %d score %s nodes %d nps 1000 time 1 pv %s",
			i+1, score, nodes, strings.Join(l.moves, " ")))
	}
	best := lines[0].moves[0]
	if e.scenario == IllegalBestMove {
		best = "a1a8"
	}
	e.println("bestmove " + best)
}
