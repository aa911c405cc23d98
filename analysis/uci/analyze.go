package uci

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"pgnls/analysis/board"
)

// DefaultNodes is the nodes searched per position when a Config gives no
// limit: about half a second of Stockfish on one thread, enough to see the
// tactics that lose material.
const DefaultNodes = 500_000

// Config sets up an Analyzer.
type Config struct {
	// Engine says which engine to run and its options. Threads 0 means 1:
	// with one thread and a node limit, Stockfish's evaluations repeat
	// exactly from run to run.
	Engine Options
	// Limit is each position's search; zero means DefaultNodes nodes.
	Limit Limit
	// Thresholds judge the moves; zero means LichessThresholds.
	Thresholds Thresholds
	// Cache keeps the evaluations across runs; nil means a new one of
	// DefaultCacheSize. Share one between Analyzers of the same engine to
	// share evaluations.
	Cache *Cache
}

// Analyzer analyses games with an engine it starts when first needed and
// restarts after a failure. One game is analysed at a time; Analyze waits
// for the run before it.
type Analyzer struct {
	cfg         Config
	fingerprint string // the settings that decide an engine's answers, in every cache key
	sem         chan struct{}

	mu     sync.Mutex
	engine *Engine
	closed bool
}

// NewAnalyzer returns an Analyzer for the configuration, which it checks.
// It starts no engine.
func NewAnalyzer(cfg Config) (*Analyzer, error) {
	if cfg.Engine.Threads == 0 {
		cfg.Engine.Threads = 1
	}
	if cfg.Limit == (Limit{}) {
		cfg.Limit = Limit{Nodes: DefaultNodes}
	}
	if cfg.Thresholds == (Thresholds{}) {
		cfg.Thresholds = LichessThresholds()
	}
	if cfg.Cache == nil {
		cfg.Cache = NewCache(0)
	}
	goCommand, err := cfg.Limit.goCommand()
	if err != nil {
		return nil, err
	}
	if err := cfg.Thresholds.Validate(); err != nil {
		return nil, err
	}
	e := cfg.Engine
	fingerprint := fmt.Sprintf("%q %q threads=%d hash=%d multipv=%d chess960=%t %s",
		e.Path, e.Args, e.Threads, e.Hash, e.MultiPV, e.Chess960, goCommand)
	return &Analyzer{cfg: cfg, fingerprint: fingerprint, sem: make(chan struct{}, 1)}, nil
}

// Cache returns the analyzer's cache.
func (a *Analyzer) Cache() *Cache { return a.cfg.Cache }

// Close ends the analyzer's engine, interrupting a run in progress. Analyze
// fails after it.
func (a *Analyzer) Close() error {
	a.mu.Lock()
	a.closed = true
	e := a.engine
	a.engine = nil
	a.mu.Unlock()
	if e != nil {
		return e.Close()
	}
	return nil
}

// Game is a game to analyse: its start and the moves of one line from it,
// each legal in its position (a null move is not).
type Game struct {
	Start board.Position
	Moves []board.Move
}

// ParseGame returns the game from a FEN ("" for the standard start) and its
// moves in SAN ("Nf3", "exd8=Q+", without annotations such as "!?"),
// replayed with analysis/board. The error names the first move that is not
// legal.
func ParseGame(fen string, sans []string) (Game, error) {
	if fen == "" {
		fen = board.StartFEN
	}
	start, err := board.ParseFEN(fen)
	if err != nil {
		return Game{}, err
	}
	g := Game{Start: start, Moves: make([]board.Move, 0, len(sans))}
	pos := start
	for _, text := range sans {
		san, err := board.ParseSAN(text)
		if err != nil {
			return Game{}, fmt.Errorf("move %s: %w", moveLabel(&pos, text), err)
		}
		m, err := pos.Resolve(san)
		if err != nil {
			return Game{}, fmt.Errorf("move %s: %w", moveLabel(&pos, text), err)
		}
		g.Moves = append(g.Moves, m)
		pos.Play(m)
	}
	return g, nil
}

// moveLabel numbers a move as PGN does: "3. e4", "3... e5".
func moveLabel(pos *board.Position, move string) string {
	dots := ". "
	if pos.SideToMove() == board.Black {
		dots = "... "
	}
	return strconv.Itoa(pos.FullMoveNumber()) + dots + move
}

// GameAnalysis is the analysis of a game.
type GameAnalysis struct {
	// Positions holds the evaluation of each position: Positions[0] of the
	// start, Positions[i] of the position after i moves.
	Positions []PositionEval
	// Moves holds the analysis of each move: Moves[i] is the move from
	// Positions[i] to Positions[i+1].
	Moves []MoveAnalysis
	// Searched is the number of positions the engine searched in this run;
	// the others came from the cache (or were checkmate or stalemate).
	Searched int
}

// PositionEval is the engine's evaluation of a position. Values in a
// Cache are shared: do not modify their slices.
type PositionEval struct {
	Score Score // from White's point of view
	Depth int   // of the best line
	Nodes int64 // searched
	// Best is the engine's best move, and BestSAN its SAN; BestSAN is ""
	// when there is none, in checkmate and stalemate.
	Best    board.Move
	BestSAN string
	// Lines are the engine's best lines, the best first (one unless
	// Options.MultiPV asks for more); Lines[0] starts with Best.
	Lines []Variation
}

// Variation is a line of moves from a position, with its score.
type Variation struct {
	Score Score // from White's point of view
	Moves []board.Move
	SAN   []string
}

// MoveAnalysis is what the engine makes of one move of the game.
type MoveAnalysis struct {
	Ply        int // the move's index in the game, from 1
	MoveNumber int // the full move number, as PGN numbers it
	Mover      board.Color
	Move       board.Move
	SAN        string

	// Before and After are the evaluations of the positions before and
	// after the move, from White's point of view (as [%eval] writes them);
	// MoverBefore and MoverAfter are the same from the mover's.
	Before, After           Score
	MoverBefore, MoverAfter Score
	// WinBefore and WinAfter are the mover's win percentages (0 to 100)
	// before and after the move, and WinDrop what the move lost:
	// WinBefore - WinAfter, negative when it gained.
	WinBefore, WinAfter, WinDrop float64

	// Judgement is NoJudgement when the move is the engine's best, or
	// when it lost less than the thresholds.
	Judgement Judgement
	// Advice is the judgement in words, as lichess writes it: "Blunder",
	// or for a move about a mate "Checkmate is now unavoidable" or "Lost
	// forced checkmate sequence"; "" with NoJudgement.
	Advice string

	// Best is the engine's best move in the position before the move, and
	// BestSAN its SAN ("" when the engine had none); IsBest reports that
	// the move played is it.
	Best    board.Move
	BestSAN string
	IsBest  bool
	// BestLine is the engine's line from the position before the move, in
	// SAN, and BestVariation the same as PGN movetext with move numbers
	// ("2... Nc6 3. d4"): the variation that replaces the move.
	BestLine      []string
	BestVariation string
}

// Comment returns the comment lichess writes on a judged move, with the
// evaluations before and after it: "(+0.35 → -4.20) Blunder. Nxh4 was
// best." It is "" for a move without judgement.
func (m MoveAnalysis) Comment() string {
	if m.Judgement == NoJudgement {
		return ""
	}
	text := "(" + HumanText(m.Before) + " → " + HumanText(m.After) + ") " + m.Advice + "."
	if m.BestSAN != "" {
		text += " " + m.BestSAN + " was best."
	}
	return text
}

// Analyze evaluates every position of the game, before and after each move,
// and judges each move. Positions in the cache are not searched again;
// progress, when not nil, is called with the number of positions searched
// so far and the number to search (those not in the cache), first with 0.
//
// Each position is searched after "ucinewgame", from the position after its
// last capture, pawn move or change of castling rights with the moves since
// (so that the engine sees repetitions). With one thread and a node limit
// the evaluation of a position is then the same in every run, whether it
// comes from the cache or not.
//
// When ctx ends, Analyze stops the engine and returns ctx's error; the
// positions searched until then stay in the cache, and the next run goes on
// from them. An engine that fails gives an *Error; the next run starts it
// again.
func (a *Analyzer) Analyze(ctx context.Context, g Game, progress func(done, total int)) (*GameAnalysis, error) {
	select {
	case a.sem <- struct{}{}:
		defer func() { <-a.sem }()
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	plan, err := a.plan(g)
	if err != nil {
		return nil, err
	}
	evals := make([]PositionEval, len(plan))
	var todo []int
	for i, p := range plan {
		switch {
		case p.pos.IsCheckmate() || p.pos.IsStalemate():
			evals[i] = gameOverEval(&p.pos)
		default:
			if eval, ok := a.cfg.Cache.get(p.key); ok {
				evals[i] = eval
			} else {
				todo = append(todo, i)
			}
		}
	}
	if progress != nil {
		progress(0, len(todo))
	}
	searched := 0
	if len(todo) > 0 {
		e, fresh, err := a.startedEngine(ctx)
		if err != nil {
			return nil, err
		}
		for done, i := range todo {
			// A position that recurs with the same history (in a game
			// edited into a loop) is searched once.
			eval, ok := a.cfg.Cache.get(plan[i].key)
			if !ok {
				eval, err = a.evaluate(ctx, e, plan[i])
				if err != nil && !fresh && errors.Is(err, ErrExited) {
					// The engine of an earlier run died while it waited
					// for this one: start another, once.
					if e, fresh, err = a.startedEngine(ctx); err == nil {
						eval, err = a.evaluate(ctx, e, plan[i])
					}
				}
				if err != nil {
					return nil, err
				}
				a.cfg.Cache.put(plan[i].key, eval)
				searched++
			}
			fresh = true // it has answered in this run
			evals[i] = eval
			if progress != nil {
				progress(done+1, len(todo))
			}
		}
	}
	return a.judgeMoves(plan, evals, searched), nil
}

// planned is a position of the game to evaluate, and how to set it up for
// the engine.
type planned struct {
	pos   board.Position
	next  board.Move // the move played from pos, as LegalMoves has it (with its flags)
	fen   string     // the last position that cannot recur, with the full move number 1
	moves []string   // the moves since, in UCI notation (never castling, which starts a new fen)
	key   string     // the cache key: the settings, fen and moves
}

// plan replays the game, checking that every move is legal.
func (a *Analyzer) plan(g Game) ([]planned, error) {
	plan := make([]planned, 0, len(g.Moves)+1)
	pos := g.Start
	root := fenForEngine(&pos)
	var since []string
	add := func() {
		p := planned{pos: pos, fen: root, moves: since[:len(since):len(since)]}
		p.key = a.fingerprint + "|" + root + "|" + strings.Join(p.moves, " ")
		plan = append(plan, p)
	}
	add()
	var buf [64]board.Move
	for _, m := range g.Moves {
		legal := pos.LegalMoves(buf[:0])
		played, ok := findMove(legal, m)
		if !ok {
			return nil, fmt.Errorf("move %s is not legal in %s", moveLabel(&pos, m.String()), pos.FEN())
		}
		plan[len(plan)-1].next = played
		before := pos
		pos.Play(played)
		if pos.HalfMoveClock() == 0 || castlingRights(&before) != castlingRights(&pos) {
			root, since = fenForEngine(&pos), nil
		} else {
			since = append(since, played.String())
		}
		add()
	}
	return plan, nil
}

// findMove returns the legal move with m's squares and promotion.
func findMove(legal []board.Move, m board.Move) (board.Move, bool) {
	for _, l := range legal {
		if l.From == m.From && l.To == m.To && l.Promotion == m.Promotion {
			return l, true
		}
	}
	return board.Move{}, false
}

// castlingRights returns the four castling rights of pos as bits.
func castlingRights(pos *board.Position) (rights uint8) {
	for i, c := range [...]board.Color{board.White, board.Black} {
		for j, side := range [...]board.CastleSide{board.CastleShort, board.CastleLong} {
			if pos.CanCastle(c, side) {
				rights |= 1 << (2*i + j)
			}
		}
	}
	return rights
}

// fenForEngine returns pos's FEN with the full move number 1: the number
// changes nothing in a search, and left out it cannot split a cache key.
func fenForEngine(pos *board.Position) string {
	fen := pos.FEN()
	return fen[:strings.LastIndexByte(fen, ' ')+1] + "1"
}

// gameOverEval is the evaluation of a checkmate or a stalemate, which
// needs no engine.
func gameOverEval(pos *board.Position) PositionEval {
	if !pos.IsCheckmate() {
		return PositionEval{Score: CP(0)}
	}
	score := Score{Kind: Checkmate, Value: 1}
	if pos.SideToMove() == board.White {
		score.Value = -1
	}
	return PositionEval{Score: score}
}

// startedEngine returns the analyzer's engine, started (again, after a
// failure) if need be; fresh reports that it was started now.
func (a *Analyzer) startedEngine(ctx context.Context) (e *Engine, fresh bool, err error) {
	a.mu.Lock()
	closed, e := a.closed, a.engine
	a.mu.Unlock()
	if closed {
		return nil, false, fmt.Errorf("analyzer: %w", ErrClosed)
	}
	if e != nil && e.Err() == nil {
		return e, false, nil
	}
	if e != nil {
		e.Close()
	}
	e, err = Start(ctx, a.cfg.Engine)
	if err != nil {
		return nil, false, err
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.closed {
		e.Close()
		return nil, false, fmt.Errorf("analyzer: %w", ErrClosed)
	}
	a.engine = e
	return e, true, nil
}

// evaluate searches one position and checks the engine's answer against it.
func (a *Analyzer) evaluate(ctx context.Context, e *Engine, p planned) (PositionEval, error) {
	if err := e.NewGame(ctx); err != nil {
		return PositionEval{}, err
	}
	fen := p.fen
	if fen == board.StartFEN {
		fen = "" // "position startpos", as a reader of the engine's log expects
	}
	result, err := e.Search(ctx, fen, p.moves, a.cfg.Limit)
	if err != nil {
		return PositionEval{}, err
	}
	eval, err := evalOf(p.pos, result)
	if err != nil {
		return PositionEval{}, e.brokeProtocol(fmt.Sprintf("searching %s", p.pos.FEN()), err)
	}
	return eval, nil
}

// evalOf turns a search's result into the position's evaluation, with
// its moves checked and written in SAN.
func evalOf(pos board.Position, result Result) (PositionEval, error) {
	if len(result.Lines) == 0 {
		return PositionEval{}, errors.New("it gave no score")
	}
	if result.BestMove == "" {
		return PositionEval{}, errors.New(`it answered "bestmove (none)" where there are legal moves`)
	}
	best, err := ParseMove(&pos, result.BestMove)
	if err != nil {
		return PositionEval{}, fmt.Errorf("its best move: %w", err)
	}
	stm := pos.SideToMove()
	eval := PositionEval{
		Score:   flipFor(result.Lines[0].Score, stm),
		Depth:   result.Lines[0].Depth,
		Nodes:   result.Lines[0].Nodes,
		Best:    best,
		BestSAN: pos.SAN(best),
	}
	for i, line := range result.Lines {
		moves, sans := playLine(pos, line.PV)
		if i == 0 && (len(moves) == 0 || moves[0] != best) {
			moves, sans = []board.Move{best}, []string{eval.BestSAN}
		}
		eval.Lines = append(eval.Lines, Variation{Score: flipFor(line.Score, stm), Moves: moves, SAN: sans})
	}
	return eval, nil
}

// whiteView turns a score from the side to move's point of view into
// White's.
func flipFor(s Score, sideToMove board.Color) Score {
	if sideToMove == board.Black {
		return s.Negate()
	}
	return s
}

// brokeProtocol reports an answer that makes no sense in its position. The
// engine's state is then unknown: it is killed, and started again for the
// next run.
func (e *Engine) brokeProtocol(doing string, cause error) error {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.fail(e.failure(doing, fmt.Errorf("%w: %w", ErrProtocol, cause)))
}

// judgeMoves puts the evaluations together into the game's analysis.
func (a *Analyzer) judgeMoves(plan []planned, evals []PositionEval, searched int) *GameAnalysis {
	analysis := &GameAnalysis{Positions: evals, Moves: make([]MoveAnalysis, len(plan)-1), Searched: searched}
	for i := range analysis.Moves {
		pos := plan[i].pos
		before, after := evals[i], evals[i+1]
		played := plan[i].next
		mover := pos.SideToMove()
		m := MoveAnalysis{
			Ply:         i + 1,
			MoveNumber:  pos.FullMoveNumber(),
			Mover:       mover,
			Move:        played,
			SAN:         pos.SAN(played),
			Before:      before.Score,
			After:       after.Score,
			MoverBefore: flipFor(before.Score, mover),
			MoverAfter:  flipFor(after.Score, mover),
			Best:        before.Best,
			BestSAN:     before.BestSAN,
		}
		m.WinBefore, m.WinAfter = m.MoverBefore.WinPercent(), m.MoverAfter.WinPercent()
		m.WinDrop = m.WinBefore - m.WinAfter
		m.IsBest = before.BestSAN != "" && before.Best == played
		if len(before.Lines) > 0 {
			m.BestLine = before.Lines[0].SAN
			m.BestVariation = FormatLine(pos, before.Lines[0].Moves)
		}
		if !m.IsBest {
			var mate string
			m.Judgement, mate = a.cfg.Thresholds.judge(m.MoverBefore, m.MoverAfter)
			m.Advice = m.Judgement.Title()
			if mate != "" {
				m.Advice = mate
			}
		}
		analysis.Moves[i] = m
	}
	return analysis
}
