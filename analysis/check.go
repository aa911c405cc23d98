package analysis

import (
	"cmp"
	"errors"
	"fmt"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"pgnls/analysis/board"
	"pgnls/pgn"
)

// CheckFile returns every diagnostic of a parsed file in source order: the
// syntax errors between games and the diagnostics of each game. Games are
// independent, so they are checked in parallel.
func CheckFile(f *pgn.File) []Diagnostic {
	return AppendCheckFile(nil, f, nil)
}

// CheckScratch is the working space of AppendCheckFile: the workers' lists
// of diagnostics and their checkers, kept by a caller that checks one file
// after another (pgnls check, a piece at a time) so that their room is
// reused. The zero CheckScratch is ready. It is for one call at a time and
// keeps nothing a caller sees between calls, only room.
type CheckScratch struct {
	spans    []gameSpan
	lists    [][]Diagnostic // per worker
	checkers []gameChecker  // per worker
}

// AppendCheckFile appends the diagnostics CheckFile returns to dst and
// returns the extended list: a caller checking a stream of pieces (pgnls
// check) reuses its lists instead of making one per piece, and its
// scratch, when not nil (nil: a new one for this call).
//
// Each worker appends the diagnostics of the games it checks to a list of
// its own, and the games' runs are then copied in order into the result:
// one copy of each diagnostic, where a list per game would be a copy more
// and an allocation per game with diagnostics (bench/NOTES.md).
//
// A panic while checking a game becomes an internal diagnostic on that game
// and the other games are still checked (appendGameDiagnostics); a panic
// anywhere else becomes one on the start of f: callers run this on
// goroutines of their own (pgnls check, the language server's analysis),
// where a panic would end the program.
func AppendCheckFile(dst []Diagnostic, f *pgn.File, scratch *CheckScratch) (out []Diagnostic) {
	from := len(dst)
	defer func() {
		if p := recover(); p != nil {
			out = append(dst[:from], internalDiagnostic(f.Src, 0, pgn.Pos(len(f.Src)), -1, "this part of the file", p))
		}
	}()
	if scratch == nil {
		scratch = new(CheckScratch)
	}
	return appendCheckFile(dst, f, scratch)
}

func appendCheckFile(dst []Diagnostic, f *pgn.File, w *CheckScratch) []Diagnostic {
	defer w.recycle()
	w.spans = slices.Grow(w.spans[:0], len(f.Games))[:len(f.Games)]
	forEachParallel(len(f.Games), w.prepare, func(worker, i int) {
		list := &w.lists[worker]
		start := len(*list)
		*list = appendGameDiagnostics(*list, f, f.Games[i], &w.checkers[worker])
		w.spans[i] = gameSpan{worker: worker, start: start, end: len(*list)}
	})
	between := syntaxOutsideGames(f)
	n := len(between)
	for _, s := range w.spans {
		n += int(s.end - s.start)
	}
	// Sized once: a database has hundreds of thousands of diagnostics, and
	// growing the list by appending copied it over and over.
	out := slices.Grow(dst, n)
	from := len(out)
	out = append(out, between...)
	for _, s := range w.spans {
		out = append(out, w.lists[s.worker][s.start:s.end]...)
	}
	sortDiagnostics(out[from:])
	return out
}

// gameSpan is where a game's diagnostics are in its worker's list.
type gameSpan struct{ worker, start, end int }

// prepare makes an empty list and a checker for each of n workers.
func (w *CheckScratch) prepare(n int) {
	for len(w.lists) < n {
		w.lists = append(w.lists, nil)
	}
	for len(w.checkers) < n {
		w.checkers = append(w.checkers, gameChecker{})
	}
	for i := range w.lists {
		w.lists[i] = w.lists[i][:0]
	}
}

// recycle clears the lists (their messages are the caller's now), and lets
// go of one a pathological file made huge.
func (w *CheckScratch) recycle() {
	for i, l := range w.lists {
		if cap(l) > 1<<16 {
			w.lists[i] = nil
			continue
		}
		clear(l)
	}
}

// forEachParallel calls fn(worker, i) for i in [0, n) on all cores, worker
// being the index of the goroutine calling; prepare, when not nil, is told
// first how many workers there are.
//
// A panic in fn reaches the caller of forEachParallel, on its goroutine,
// as it would if the calls ran there: the worker that panicked takes no
// more work, the others finish theirs, and the first panic is raised again
// (with the stack of the worker; see workerPanic). A panic on a goroutine
// of its own would end the program, whatever the caller recovers.
func forEachParallel(n int, prepare func(workers int), fn func(worker, i int)) {
	workers := runtime.GOMAXPROCS(0)
	if n < 2*workers || workers == 1 {
		workers = 1
	}
	if prepare != nil {
		prepare(workers)
	}
	if workers == 1 {
		for i := 0; i < n; i++ {
			fn(0, i)
		}
		return
	}
	var next atomic.Int64
	var failed atomic.Pointer[workerPanic]
	var wg sync.WaitGroup
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer recoverWorker(&failed)
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				fn(w, i)
			}
		}()
	}
	wg.Wait()
	raiseWorkerPanic(&failed)
}

// recoverWorker, deferred by a worker goroutine, recovers its panic and
// keeps it in failed (the first one, when several workers panic), for
// raiseWorkerPanic.
func recoverWorker(failed *atomic.Pointer[workerPanic]) {
	if p := recover(); p != nil {
		failed.CompareAndSwap(nil, &workerPanic{value: p, stack: debug.Stack()})
	}
}

// raiseWorkerPanic raises again, on the goroutine that waited for the
// workers, the panic recoverWorker kept, if any.
func raiseWorkerPanic(failed *atomic.Pointer[workerPanic]) {
	if p := failed.Load(); p != nil {
		panic(p)
	}
}

// workerPanic is a panic of a worker of forEachParallel, raised again on
// the caller's goroutine: the value, and the stack where it happened,
// which the new panic's own stack no longer shows.
type workerPanic struct {
	value any
	stack []byte
}

// String is what the runtime prints of an unrecovered panic, and what a
// log of the recovered one shows.
func (p *workerPanic) String() string {
	return fmt.Sprintf("%v\n\n[recovered from a worker goroutine]\n%s", p.value, p.stack)
}

// panicValue returns the value a recovered panic was raised with, the
// worker's own for a panic raised again by forEachParallel.
func panicValue(p any) any {
	if wp, ok := p.(*workerPanic); ok {
		return wp.value
	}
	return p
}

// internalDiagnostic is the diagnostic of a panic p while checking
// [from, to) of src, what (game, or -1): an error on the first line of the
// text that failed, so that its position says where, with the panic's
// value, for the report the message asks for.
func internalDiagnostic(src string, from, to pgn.Pos, game int, what string, p any) Diagnostic {
	end := from + pgn.Pos(firstLineEnd(src[from:to]))
	return Diagnostic{
		Pos: from, End: end, Severity: Error, Code: CodeInternal, Game: game,
		Message: fmt.Sprintf("pgnls failed while checking %s: %v (a bug: please report it with the text)", what, panicValue(p)),
	}
}

// syntaxOutsideGames reports the syntax errors that lie between games.
func syntaxOutsideGames(f *pgn.File) []Diagnostic {
	var out []Diagnostic
	gi := 0
	for _, e := range f.Errors {
		for gi < len(f.Games) && f.Games[gi].To <= e.Pos {
			gi++
		}
		if gi < len(f.Games) && f.Games[gi].From <= e.Pos {
			continue // the game reports it
		}
		out = append(out, Diagnostic{Pos: e.Pos, End: e.End, Severity: Error, Code: CodeSyntax, Message: e.Msg, Game: -1})
	}
	return out
}

// sortDiagnostics puts diagnostics in source order, the more severe first
// at one position. Most lists arrive sorted, or nearly: they are checked
// first, which costs far less than sorting them.
func sortDiagnostics(ds []Diagnostic) {
	if !slices.IsSortedFunc(ds, compareDiagnostics) {
		slices.SortStableFunc(ds, compareDiagnostics)
	}
}

func compareDiagnostics(a, b Diagnostic) int {
	if a.Pos != b.Pos {
		return cmp.Compare(a.Pos, b.Pos)
	}
	return cmp.Compare(a.Severity, b.Severity)
}

// CheckGame returns the diagnostics of one game in source order.
func CheckGame(f *pgn.File, g *pgn.Game) []Diagnostic {
	return appendGameDiagnostics(nil, f, g, new(gameChecker))
}

// appendGameDiagnostics appends the diagnostics of game g, in source
// order, to dst. A panic while checking it (a bug) becomes its only
// diagnostic, an internal error at its start: per game, so that the
// diagnostic points at the game that failed and the others are still
// checked, whichever goroutine checks them. c is the checker to use, its
// room reused from game to game.
func appendGameDiagnostics(dst []Diagnostic, f *pgn.File, g *pgn.Game, c *gameChecker) (out []Diagnostic) {
	start := len(dst)
	defer func() {
		if p := recover(); p != nil {
			// The checker's state, its stack too, is whatever the panic
			// left: it starts again empty.
			*c = gameChecker{}
			out = append(dst[:start], internalDiagnostic(f.Src, g.From, g.To, g.Index, "this game", p))
		}
	}()
	return checkGame(dst, f, g, c)
}

// checkGame is appendGameDiagnostics without the recovery.
func checkGame(dst []Diagnostic, f *pgn.File, g *pgn.Game, c *gameChecker) []Diagnostic {
	start := len(dst)
	skimmed := false
	if sg := skimmedOf(g); sg != nil {
		// The skimmer let the movetext through without its tree
		// (fastcheck.go): it is replayed from the tokens kept, and
		// when it has something to report, the game is parsed again
		// into a tree of its own, and checked from that.
		if skimmed = replaySkimmed(f.Src, g, sg, &c.skim, &c.skimStack); !skimmed {
			index := g.Index
			g = pgn.ParseGameAt(f.Src, g.From)
			g.Index = index
		}
	}
	*c = gameChecker{file: f, game: g, diags: dst, first: start, stack: c.stack, skimmed: skimmed, skim: c.skim, skimStack: c.skimStack}
	for _, e := range g.Errors {
		c.report(e.Pos, e.End, CodeSyntax, e.Msg)
	}
	c.checkTags()
	if start, ok := c.startPosition(); ok {
		if c.skimmed {
			// What replay would learn, the skimmer's replay learned.
			c.final, c.replayed = c.skim.final, true
		} else {
			c.replay(start)
		}
	} else {
		c.checkAnnotationsOnly(&g.Moves)
	}
	c.checkResult()
	// Commands in comments ([%clk], [%eval], [%cal] ...): checkNodes saw
	// every comment, so a game without "[%" in them costs nothing more.
	if c.commands {
		c.diags = appendCommandDiagnostics(c.diags, g)
	}
	out := c.diags
	sortDiagnostics(out[start:])
	*c = gameChecker{stack: c.stack, skimStack: c.skimStack} // drop the pointers into the file and dst
	return out
}

// gameChecker holds the state of checking one game; AppendCheckFile keeps
// one per worker, a database being checked a game at a time. The
// diagnostics go to the caller's list (AppendCheckFile keeps one per
// worker too).
type gameChecker struct {
	file  *pgn.File
	game  *pgn.Game
	diags []Diagnostic
	// first is where the game's diagnostics start in diags, its syntax
	// errors first.
	first int
	// final is the position after the last move of the main line, when the
	// whole main line replayed.
	final    board.Position
	replayed bool
	// commands reports a comment that may hold a command ("[%").
	commands bool
	// stack is replayLines's, kept from game to game.
	stack []replayFrame
	// skimmed is set when the game's movetext was skimmed and its replay
	// found nothing to report (replaySkimmed): skim is what the replay
	// learned. skimStack is its stack, kept from game to game.
	skimmed   bool
	skim      skimReplay
	skimStack []skimFrame
}

func (c *gameChecker) report(pos, end pgn.Pos, code Code, msg string) {
	c.reportFix(pos, end, code, msg, "")
}

func (c *gameChecker) reportFix(pos, end pgn.Pos, code Code, msg, replacement string) {
	c.diags = append(c.diags, Diagnostic{
		Pos: pos, End: end, Severity: DefaultSeverity(code), Code: code,
		Message: msg, Game: c.game.Index, Replacement: replacement,
	})
}

// startPosition returns the position the game starts from, from its FEN tag
// or the standard start. It reports false when the moves cannot be
// replayed: a bad FEN, or a variant of chess this checker does not know.
func (c *gameChecker) startPosition() (board.Position, bool) {
	g := c.game
	var start gameStart
	if c.skimmed {
		start = c.skim.start // the skimmer's replay's, its FEN read once
	} else {
		start = startOf(g)
	}
	if v := start.variant; v != nil {
		c.report(v.ValueTok.Pos, v.ValueTok.End, CodeVariant, "variant "+strconv.Quote(v.Value)+": the moves are parsed but not checked against the rules")
		return board.Position{}, false
	}
	fen := start.fen
	setup := g.TagNode("SetUp")
	if fen == nil {
		if setup != nil && setup.Value == "1" {
			c.report(setup.Pos(), setup.End(), CodeSetupMissing, `SetUp "1" without a FEN tag: the game starts from the standard position`)
		}
		return start.pos, true
	}
	if setup == nil || setup.Value != "1" {
		c.report(fen.Pos(), fen.End(), CodeSetupMissing, `FEN tag without [SetUp "1"]: the standard asks for both`)
	}
	for _, w := range start.fenWarnings {
		c.report(fen.ValueTok.Pos, fen.ValueTok.End, CodeTagValue, w)
	}
	if start.chess960 {
		c.report(fen.ValueTok.Pos, fen.ValueTok.End, CodeChess960FEN, `FEN: the castling rights are those of a Chess960 position, and the game has no [Variant "Chess960"]; it is checked as Chess960`)
	}
	if err := start.fenErr; err != nil {
		reason := err.Error()
		var fe *board.FENError
		if errors.As(err, &fe) {
			reason = fe.Reason
		}
		c.report(fen.ValueTok.Pos, fen.ValueTok.End, CodeBadFEN, "bad FEN: "+reason)
		return board.Position{}, false
	}
	return start.pos, true
}

// replay plays the main line and every variation (see replayLines),
// checking each move and annotation on the way.
func (c *gameChecker) replay(start board.Position) {
	c.final, c.replayed = replayLines(&c.game.Moves, start, c, &c.stack)
}

// The lineVisitor methods of the checker.

func (c *gameChecker) lineStart(l *pgn.Line) { c.checkNodes(l.Start) }

func (c *gameChecker) move(pos *board.Position, m *pgn.Move) bool {
	// Most moves have nothing around them; checkNodes, grown too large to
	// be inlined, is not called for nothing (two calls a ply were 2% of a
	// check of dense games, callgrind).
	if len(m.Before) > 0 {
		c.checkNodes(m.Before)
	}
	if len(m.After) > 0 {
		c.checkNodes(m.After)
	}
	return c.play(pos, m)
}

// stoppedAt says, in the syntax error of the unknown text that stops the
// replay of a line, that the moves after it are not checked: one
// diagnostic at the text, not a second one at the same place nor a
// cascade after it. Text after the last move of its line stops nothing
// that a user would miss, and gets no note.
func (c *gameChecker) stoppedAt(b *pgn.Bad, rest []*pgn.Move) {
	if len(rest) == 0 {
		return
	}
	const note = "; the rest of this line is not checked until this is fixed"
	syntax := c.diags[c.first : c.first+len(c.game.Errors)]
	for i := range syntax {
		if d := &syntax[i]; d.Pos >= b.From && d.Pos < b.To {
			d.Message += note
			return
		}
	}
	// Every Bad node has its syntax error; should one not, the stop is
	// still said.
	c.report(b.From, b.To, CodeSyntax, "unknown text"+note)
}

// skipped still checks the annotations of the moves not replayed.
func (c *gameChecker) skipped(m *pgn.Move) { c.checkAnnotationsOnlyMove(m) }

// checkAnnotationsOnly checks what can be checked without a position: NAGs
// and suffixes, in a line and all its variations.
func (c *gameChecker) checkAnnotationsOnly(l *pgn.Line) {
	c.checkNodes(l.Start)
	for _, m := range l.Moves {
		c.checkAnnotationsOnlyMove(m)
	}
}

func (c *gameChecker) checkAnnotationsOnlyMove(m *pgn.Move) {
	c.checkNodes(m.Before)
	c.checkNodes(m.After)
	for _, n := range m.After {
		if v, ok := n.(*pgn.Variation); ok {
			c.checkAnnotationsOnly(&v.Line)
		}
	}
}

// checkNodes checks NAGs and suffix annotations.
func (c *gameChecker) checkNodes(nodes []pgn.Node) {
	for _, n := range nodes {
		switch n := n.(type) {
		case *pgn.NAGNode:
			switch {
			case n.IsGlyph(c.file.Src):
				nag := "$" + strconv.Itoa(n.Value)
				c.reportFix(n.Tok.Pos, n.Tok.End, CodeNAGGlyph, "the glyph "+c.file.Src[n.Tok.Pos:n.Tok.End]+" is written "+nag+" in PGN: "+glyphMeaning(n.Value), nag)
			case n.Value < 0 || n.Value > 255:
				c.report(n.Tok.Pos, n.Tok.End, CodeNAGRange, "NAG "+c.file.Src[n.Tok.Pos:n.Tok.End]+" is outside $0..$255")
			}
		case *pgn.Comment:
			c.commands = c.commands || pgn.HasCommands(n.Text)
		case *pgn.SuffixNode:
			if nag, ok := SuffixNAG(n.Text); ok {
				c.reportFix(n.Tok.Pos, n.Tok.End, CodeSuffixAnnotation, "suffix annotation "+n.Text+" is written $"+strconv.Itoa(nag)+" in export format", "$"+strconv.Itoa(nag))
			} else {
				c.report(n.Tok.Pos, n.Tok.End, CodeSyntax, "unknown suffix annotation "+strconv.Quote(n.Text)+": use !, ?, !!, ??, !? or ?!")
			}
		}
	}
}

// glyphMeaning returns the meaning of the NAG a glyph stands for.
func glyphMeaning(v int) string {
	info, _ := LookupNAG(v)
	return info.Meaning
}

// SuffixNAG returns the NAG that a suffix annotation stands for (standard,
// 8.2.4: ! $1, ? $2, !! $3, ?? $4, !? $5, ?! $6).
func SuffixNAG(suffix string) (int, bool) { return pgn.SuffixNAG(suffix) }

// moveLabel names a move for messages as "12.Nf3" or "12...Nf6", from the
// position before it.
func moveLabel(pos *board.Position, text string) string {
	dots := "."
	if pos.SideToMove() == board.Black {
		dots = "..."
	}
	return strconv.Itoa(pos.FullMoveNumber()) + dots + text
}

// play checks one move against the position and, when it is legal, plays it.
func (c *gameChecker) play(pos *board.Position, m *pgn.Move) bool {
	c.checkMoveNumber(pos, m)
	tok := m.SAN
	san, err := board.ParseSAN(m.Text)
	if err != nil {
		return c.playOther(pos, m, err)
	}
	if san.Null {
		c.report(tok.Pos, tok.End, CodeNullMove, "null move "+m.Text+": not standard PGN; most programs reject it")
		if pos.InCheck() {
			c.report(tok.Pos, tok.End, CodeIllegalMove, moveLabel(pos, m.Text)+": a null move while in check")
			return false
		}
		pos.Play(board.Move{From: board.NoSquare, To: board.NoSquare, Flags: board.Null})
		return true
	}
	mv, err := pos.Resolve(san)
	if err != nil {
		c.reportIllegal(pos, m, err)
		return false
	}
	before := *pos
	pos.Play(mv)
	c.checkStyle(&before, pos, m, san, mv)
	return true
}

// playOther checks a move that is not SAN (ParseSAN failed with sanErr):
// one written in another notation that names one legal move is played,
// with a warning whose fix is its canonical SAN; anything else is an
// error, which ends the replay of its line: the move named in another
// notation is illegal, or the move is incomplete, or it has a piece letter
// of another language, or it is no move at all.
func (c *gameChecker) playOther(pos *board.Position, m *pgn.Move, sanErr error) bool {
	tok := m.SAN
	label := moveLabel(pos, m.Text)
	mv, forms, err := otherNotation(pos, m.Text)
	switch {
	case forms != 0 && err == nil:
		canonical := pos.SAN(mv)
		c.reportFix(tok.Pos, tok.End, forms.code(), forms.message(label, mv, canonical), canonical)
		pos.Play(mv)
		return true
	case forms != 0:
		var se *board.SANError
		if errors.As(err, &se) {
			c.report(tok.Pos, tok.End, CodeIllegalMove, label+" is not a move: "+se.Reason)
			return false
		}
		c.reportIllegal(pos, m, err)
		return false
	}
	if fits, ok := incompleteMove(pos, m.Text); ok {
		replacement := ""
		if len(fits) == 1 {
			replacement = fits[0]
		}
		c.reportFix(tok.Pos, tok.End, CodeIncompleteMove, incompleteMessage(label, fits), replacement)
		return false
	}
	if letter, ok := foreignLetter(m.Text); ok {
		c.report(tok.Pos, tok.End, CodeForeignPiece, foreignMessage(pos, label, m.Text, letter))
		return false
	}
	reason := sanErr.Error()
	var se *board.SANError
	if errors.As(sanErr, &se) {
		reason = se.Reason
	}
	c.report(tok.Pos, tok.End, CodeIllegalMove, label+" is not a move in SAN: "+reason)
	return false
}

func (c *gameChecker) reportIllegal(pos *board.Position, m *pgn.Move, err error) {
	tok := m.SAN
	label := moveLabel(pos, m.Text)
	if o := pos.Outcome(); o.Over() {
		c.report(tok.Pos, tok.End, CodeMovesAfterEnd, label+": the game is already over ("+o.Reason.String()+")")
		return
	}
	var me *board.MoveError
	if errors.As(err, &me) && me.Kind == board.Ambiguous {
		c.report(tok.Pos, tok.End, CodeAmbiguousMove, label+" is "+err.Error())
		return
	}
	c.report(tok.Pos, tok.End, CodeIllegalMove, label+" is illegal: "+err.Error())
}

// checkMoveNumber compares a move number indication with the position.
func (c *gameChecker) checkMoveNumber(pos *board.Position, m *pgn.Move) {
	n := m.Number
	if n == nil {
		return
	}
	want := pos.FullMoveNumber()
	side := pos.SideToMove()
	if n.Number == want && n.Black == (side == board.Black) {
		return // nearly every number: the slice of its text is left unmade
	}
	text := c.file.Src[n.Pos():n.End()]
	switch {
	case n.Number != want:
		c.report(n.Pos(), n.End(), CodeMoveNumber, "move number "+strings.TrimRight(text, ".")+" disagrees with the position: this is move "+strconv.Itoa(want)+", "+side.String()+" to play")
	case n.Black && side == board.White:
		c.report(n.Pos(), n.End(), CodeMoveNumber, strconv.Quote(text)+" marks a Black move, but it is White's turn: write "+strconv.Itoa(want)+".")
	case !n.Black && side == board.Black && strings.Contains(text, "."):
		c.report(n.Pos(), n.End(), CodeMoveNumber, strconv.Quote(text)+" marks a White move, but it is Black's turn: write "+strconv.Itoa(want)+"...")
	}
}

// checkStyle compares a legal move as written with its canonical SAN; after
// is the position the move led to, which tells whether it gave check.
// Most moves are written canonically, so the cheap comparisons come first.
func (c *gameChecker) checkStyle(before, after *board.Position, m *pgn.Move, san board.SAN, mv board.Move) {
	// Read off the position already played: CheckStatus on the one before
	// would copy it and play the move a second time.
	want := after.CheckSign()
	overSpecified := san.Piece != board.Pawn && (san.FromFile >= 0 || san.FromRank >= 0)
	if san.Suffix != want || san.ZeroCastling || san.BarePromotion || san.ExplicitPawn || san.Capture != (mv.Flags&board.Capture != 0) || overSpecified {
		c.checkWritten(before, m, san, mv, want)
	}
}

// checkWritten reports each way in which a legal move is written otherwise
// than in canonical SAN. It runs only for moves that differ, so the
// canonical SAN is computed off the common path.
func (c *gameChecker) checkWritten(pos *board.Position, m *pgn.Move, san board.SAN, mv board.Move, want board.CheckSuffix) {
	tok := m.SAN
	canonical := pos.SAN(mv)
	label := moveLabel(pos, m.Text)
	if san.Suffix != want {
		var msg string
		switch want {
		case board.MateSuffix:
			msg = label + " is checkmate: write " + canonical
			if pos.Variant() != board.Standard {
				// A variant's '#' marks any move that wins the game.
				msg = label + " wins the game: write " + canonical
			}
		case board.PlusSuffix:
			msg = label + " gives check: write " + canonical
		default:
			msg = label + " gives no check: write " + canonical
		}
		c.reportFix(tok.Pos, tok.End, CodeCheckSuffix, msg, canonical)
	}
	if san.ZeroCastling {
		c.reportFix(tok.Pos, tok.End, CodeCastlingZero, label+": castling is written with the letter O: "+canonical, canonical)
	}
	if san.BarePromotion {
		c.reportFix(tok.Pos, tok.End, CodePromotionStyle, label+": a promotion is written with '=': "+canonical, canonical)
	}
	if san.ExplicitPawn {
		c.reportFix(tok.Pos, tok.End, CodePawnLetter, label+": pawn moves are written without a piece letter: "+canonical, canonical)
	}
	if captures := mv.Flags&board.Capture != 0; san.Capture != captures {
		msg := label + " captures: write " + canonical
		if !captures {
			msg = label + " captures nothing: write " + canonical
		}
		c.reportFix(tok.Pos, tok.End, CodeCaptureMark, msg, canonical)
	}
	if san.Piece != board.Pawn && (san.FromFile >= 0 || san.FromRank >= 0) {
		if cs, err := board.ParseSAN(canonical); err == nil && (san.FromFile >= 0 && cs.FromFile < 0 || san.FromRank >= 0 && cs.FromRank < 0) {
			c.reportFix(tok.Pos, tok.End, CodeDisambiguation, label+" names its origin more fully than needed: "+canonical, canonical)
		}
	}
}

// checkResult compares the termination marker with the Result tag and with
// the final position, and the PlyCount tag with the main line.
func (c *gameChecker) checkResult() {
	g := c.game
	tag := g.TagNode("Result")
	marker := g.Result
	if marker != nil {
		if written := c.file.Src[marker.Tok.Pos:marker.Tok.End]; written != marker.Text {
			c.reportFix(marker.Tok.Pos, marker.Tok.End, CodeResultStyle, "the result "+written+" is written "+marker.Text+" in PGN", marker.Text)
		}
	}
	switch {
	case marker == nil:
		pos, end := c.lastToken()
		want := "*"
		if tag != nil && IsResult(tag.Value) {
			want = tag.Value
		}
		c.reportFix(pos, end, CodeMissingResult, "the game has no termination marker: end the movetext with "+want, want)
	case tag != nil && IsResult(tag.Value) && tag.Value != marker.Text:
		c.reportFix(marker.Tok.Pos, marker.Tok.End, CodeResultMismatch, "the Result tag says "+tag.Value+" but the game ends with "+marker.Text, tag.Value)
	}
	if c.replayed {
		c.checkFinalPosition(tag, marker)
	}
	if pc := g.TagNode("PlyCount"); pc != nil && allDigits(pc.Value) {
		if n := c.mainLinePlies(); !isCount(pc.Value, n) {
			count := strconv.Itoa(n)
			c.reportFix(pc.ValueTok.Pos, pc.ValueTok.End, CodePlyCountMismatch, "PlyCount is "+pc.Value+" but the main line has "+count+" plies", `"`+count+`"`)
		}
	}
}

// mainLinePlies returns how many plies the game's main line has.
func (c *gameChecker) mainLinePlies() int {
	if c.skimmed {
		return c.skim.plies
	}
	return len(c.game.Moves.Moves)
}

// checkFinalPosition warns when the game is over in its final position,
// by the rules of its variant (checkmate, stalemate, or a variant's own
// end: a king on the hill, a third check, ...), and the result says
// otherwise.
func (c *gameChecker) checkFinalPosition(tag *pgn.Tag, marker *pgn.ResultNode) {
	o := c.final.Outcome()
	if !o.Over() {
		return
	}
	want := o.Result()
	message := func(got string) string {
		if o.Reason == board.Checkmate || o.Reason == board.Stalemate {
			return endMessage(o.Reason.String(), want, got)
		}
		// A variant's own end, such as "third check".
		return "the game is over (" + o.Reason.String() + "), so the result is " + want + ", not " + got
	}
	switch {
	case marker != nil && marker.Text != want:
		c.reportFix(marker.Tok.Pos, marker.Tok.End, CodeResultVsPosition, message(marker.Text), want)
	case marker == nil && tag != nil && IsResult(tag.Value) && tag.Value != want:
		c.reportFix(tag.ValueTok.Pos, tag.ValueTok.End, CodeResultVsPosition, message(tag.Value), `"`+want+`"`)
	}
}

// resultTexts lists the four results, to index endMessages.
var resultTexts = [...]string{"1-0", "0-1", "1/2-1/2", "*"}

// endMessages holds endMessage's texts for the results, made once: a
// database of puzzles has a game ending in mate with "*" every few hundred
// bytes.
var endMessages = func() (m [2][len(resultTexts)][len(resultTexts)]string) {
	for w, why := range []string{"stalemate", "checkmate"} {
		for i, want := range resultTexts {
			for j, got := range resultTexts {
				m[w][i][j] = "the game ends in " + why + ", so the result is " + want + ", not " + got
			}
		}
	}
	return m
}()

// endMessage says that the game ends in why, so the result is want, not got.
func endMessage(why, want, got string) string {
	w := 0
	if why == "checkmate" {
		w = 1
	}
	i, j := slices.Index(resultTexts[:], want), slices.Index(resultTexts[:], got)
	if i < 0 || j < 0 || why != "checkmate" && why != "stalemate" {
		return "the game ends in " + why + ", so the result is " + want + ", not " + got
	}
	return endMessages[w][i][j]
}

// isCount reports whether digits, a run of decimal digits, is the number n
// (leading zeros allowed; "" is 0).
func isCount(digits string, n int) bool {
	digits = strings.TrimLeft(digits, "0")
	if len(digits) > 18 {
		return false
	}
	v := 0
	for i := 0; i < len(digits); i++ {
		v = v*10 + int(digits[i]-'0')
	}
	return v == n
}

// lastToken returns the range of the game's last token that is not a
// comment: where a missing result marker belongs.
func (c *gameChecker) lastToken() (pgn.Pos, pgn.Pos) {
	last := pgn.Token{Pos: c.game.From, End: c.game.To}
	pgn.NodeTokens(c.game, func(t pgn.Token) {
		if t.Kind != pgn.BraceComment && t.Kind != pgn.LineComment && t.Kind != pgn.EscapeLine {
			last = t
		}
	})
	return last.Pos, last.End
}
