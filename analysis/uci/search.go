package uci

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"
)

// DefaultSearchTimeout bounds a search limited by nodes or depth alone:
// long enough for millions of nodes on a slow machine, short enough that a
// hung engine is noticed.
const DefaultSearchTimeout = 2 * time.Minute

// Limit says how long a search runs: until any of its limits is reached
// ("go nodes N depth D movetime MS"). At least one must be set.
type Limit struct {
	Nodes    int64
	Depth    int
	MoveTime time.Duration
	// Timeout is the most the search may take before it is stopped and
	// reported as an error: by default MoveTime plus the engine's timeout,
	// or DefaultSearchTimeout without a MoveTime.
	Timeout time.Duration
}

// goCommand returns the "go" command for the limit.
func (l Limit) goCommand() (string, error) {
	command := "go"
	if l.Nodes > 0 {
		command += " nodes " + strconv.FormatInt(l.Nodes, 10)
	}
	if l.Depth > 0 {
		command += " depth " + strconv.Itoa(l.Depth)
	}
	if l.MoveTime > 0 {
		command += " movetime " + strconv.FormatInt(max(1, l.MoveTime.Milliseconds()), 10)
	}
	if command == "go" {
		return "", errors.New("a search needs a limit: nodes, depth or movetime")
	}
	return command, nil
}

func (l Limit) timeout(engineTimeout time.Duration) time.Duration {
	switch {
	case l.Timeout > 0:
		return l.Timeout
	case l.MoveTime > 0:
		return l.MoveTime + engineTimeout
	}
	return DefaultSearchTimeout
}

// Result is what a search found.
type Result struct {
	// BestMove is the engine's move in UCI notation ("e2e4", "e7e8q"), or
	// "" when it has none (the position is checkmate or stalemate).
	BestMove string
	Ponder   string // the reply it expects, or ""
	// Lines are the best lines, the best first: for each "multipv" rank,
	// the last "info" with a score the engine printed.
	Lines []Line
}

// Line is one line of an engine's "info" output: the score of one of the
// best moves and its principal variation.
type Line struct {
	MultiPV  int // the line's rank, from 1
	Depth    int
	SelDepth int
	Score    Score // from the side to move's point of view
	Nodes    int64
	NPS      int64
	Time     time.Duration
	PV       []string // moves in UCI notation
}

// Search sets up the position, the game's start (a FEN, or "" for the
// standard start) and the moves played since (in UCI notation), and
// searches it to the limit: "position fen F moves M...", then "go ...", then
// the "info" lines until "bestmove".
//
// When ctx ends or the search passes its timeout, Search sends "stop" and
// waits for the engine's "bestmove": the engine is then still usable, and
// Search returns ctx's error or a timeout error. An engine that does not
// stop either is killed.
func (e *Engine) Search(ctx context.Context, fen string, moves []string, limit Limit) (Result, error) {
	var result Result
	err := e.command(func() error {
		var err error
		result, err = e.search(ctx, fen, moves, limit)
		return err
	})
	return result, err
}

func (e *Engine) search(ctx context.Context, fen string, moves []string, limit Limit) (Result, error) {
	if err := ctx.Err(); err != nil {
		return Result{}, err
	}
	position, err := positionCommand(fen, moves)
	if err != nil {
		return Result{}, err
	}
	goCommand, err := limit.goCommand()
	if err != nil {
		return Result{}, err
	}
	if err := e.send(position); err != nil {
		return Result{}, err
	}
	if err := e.send(goCommand); err != nil {
		return Result{}, err
	}
	var result Result
	lines := map[int]Line{}
	doing := fmt.Sprintf("waiting for \"bestmove\" after %q", goCommand)
	handle := func(text string) (bool, error) {
		keyword, rest := cutWord(text)
		switch keyword {
		case "info":
			if line, ok := parseInfo(rest); ok {
				lines[line.MultiPV] = line
			}
		case "bestmove":
			best, rest := cutWord(rest)
			if best == "(none)" || best == "0000" {
				best = ""
			}
			if best != "" && !isMoveSyntax(best) {
				return true, e.failure(doing, fmt.Errorf("%w: %q is not a move", ErrProtocol, text))
			}
			result.BestMove = best
			if word, ponder := cutWord(rest); word == "ponder" {
				if ponder, _ = cutWord(ponder); isMoveSyntax(ponder) {
					result.Ponder = ponder
				}
			}
			return true, nil
		}
		return false, nil
	}
	timeout := limit.timeout(e.timeout)
	err = e.await(ctx, timeout, doing, handle)
	if interrupted := ctx.Err() != nil || errors.Is(err, ErrTimeout); err != nil && interrupted {
		if stopErr := e.stop(handle); stopErr != nil {
			return Result{}, stopErr
		}
		if ctx.Err() == nil {
			// The engine stopped when told to: it is still usable, so this
			// is not an *Error, which would have it killed.
			return Result{}, fmt.Errorf("engine %s: the search (%s) took longer than %v and was stopped: %w", e.path, goCommand, timeout, ErrTimeout)
		}
		return Result{}, ctx.Err()
	}
	if err != nil {
		return Result{}, err
	}
	result.Lines = sortedLines(lines)
	return result, nil
}

// stop sends "stop" and waits for the "bestmove" that ends the search, so
// that no answer of this search is left to be taken for the next one's.
func (e *Engine) stop(handle func(string) (bool, error)) error {
	if err := e.send("stop"); err != nil {
		return err
	}
	return e.await(context.Background(), e.timeout, `waiting for "bestmove" after "stop"`, handle)
}

func sortedLines(byRank map[int]Line) []Line {
	lines := make([]Line, 0, len(byRank))
	for _, line := range byRank {
		lines = append(lines, line)
	}
	sort.Slice(lines, func(i, j int) bool { return lines[i].MultiPV < lines[j].MultiPV })
	return lines
}

// positionCommand returns the "position" command, refusing text that
// would smuggle in another command.
func positionCommand(fen string, moves []string) (string, error) {
	var b strings.Builder
	if fen == "" {
		b.WriteString("position startpos")
	} else {
		if strings.ContainsAny(fen, "\r\n") {
			return "", fmt.Errorf("the FEN %q holds a line break", fen)
		}
		b.WriteString("position fen ")
		b.WriteString(fen)
	}
	if len(moves) > 0 {
		b.WriteString(" moves")
	}
	for _, m := range moves {
		if !isMoveSyntax(m) {
			return "", fmt.Errorf("%q is not a move in UCI notation", m)
		}
		b.WriteByte(' ')
		b.WriteString(m)
	}
	return b.String(), nil
}

// isMoveSyntax reports whether s looks like a move in UCI notation: two
// squares and perhaps a promotion letter ("e2e4", "e7e8q"), or the null
// move "0000".
func isMoveSyntax(s string) bool {
	if s == "0000" {
		return true
	}
	if len(s) != 4 && len(s) != 5 {
		return false
	}
	for i := 0; i < 4; i += 2 {
		if s[i] < 'a' || s[i] > 'h' || s[i+1] < '1' || s[i+1] > '8' {
			return false
		}
	}
	return len(s) == 4 || strings.IndexByte("nbrq", s[4]) >= 0
}

// infoKeywords are the words that start a field of an "info" line; a
// principal variation ends at the first of them.
var infoKeywords = map[string]bool{
	"depth": true, "seldepth": true, "time": true, "nodes": true, "pv": true, "multipv": true,
	"score": true, "currmove": true, "currmovenumber": true, "hashfull": true, "nps": true,
	"tbhits": true, "sbhits": true, "cpuload": true, "string": true, "refutation": true,
	"currline": true, "wdl": true,
}

// parseInfo parses the rest of an "info" line. It reports ok only for a
// line with a score: the lines that say which move is being searched, or
// carry a string, are of no use to an analysis. Fields it does not know or
// cannot read are skipped, as the protocol asks.
func parseInfo(text string) (line Line, ok bool) {
	line.MultiPV = 1
	fields := strings.Fields(text)
	for i := 0; i < len(fields); i++ {
		next := func() (int64, bool) {
			if i+1 >= len(fields) {
				return 0, false
			}
			n, err := strconv.ParseInt(fields[i+1], 10, 64)
			if err != nil {
				return 0, false
			}
			i++
			return n, true
		}
		switch fields[i] {
		case "string":
			return line, ok // the rest of the line is free text
		case "depth":
			if n, good := next(); good {
				line.Depth = int(n)
			}
		case "seldepth":
			if n, good := next(); good {
				line.SelDepth = int(n)
			}
		case "multipv":
			if n, good := next(); good && n >= 1 {
				line.MultiPV = int(n)
			}
		case "nodes":
			if n, good := next(); good {
				line.Nodes = n
			}
		case "nps":
			if n, good := next(); good {
				line.NPS = n
			}
		case "time":
			if n, good := next(); good {
				line.Time = time.Duration(n) * time.Millisecond
			}
		case "score":
			if i+2 >= len(fields) {
				continue
			}
			n, err := strconv.ParseInt(fields[i+2], 10, 32)
			if err != nil {
				continue
			}
			switch fields[i+1] {
			case "cp":
				line.Score = CP(int(n))
			case "mate":
				line.Score = MateIn(int(n))
				if n == 0 {
					// "mate 0": the side to move is checkmated.
					line.Score = Score{Kind: Checkmate, Value: -1}
				}
			default:
				continue
			}
			ok = true
			i += 2
			if i+1 < len(fields) {
				switch fields[i+1] {
				case "lowerbound":
					line.Score.Bound = LowerBound
					i++
				case "upperbound":
					line.Score.Bound = UpperBound
					i++
				}
			}
		case "pv":
			// A variation ends at the next field, or early at a word that
			// is not a move: what follows that cannot be played.
			line.PV = line.PV[:0]
			good := true
			for i+1 < len(fields) && !infoKeywords[fields[i+1]] {
				good = good && isMoveSyntax(fields[i+1])
				if good {
					line.PV = append(line.PV, fields[i+1])
				}
				i++
			}
		}
	}
	return line, ok
}
