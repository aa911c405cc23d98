package analysis

import (
	"sort"

	"pgnls/analysis/board"
	"pgnls/pgn"
)

// This file answers "what is at this offset, and what is the position
// there" for the features that work at the cursor (hover, completion). The
// positions come from the replay walker shared with the checker
// (replayLines), so a position here is exactly the one the diagnostics are
// computed in.

// tokenIndex holds the tokens of a parsed file in source order, to find
// the token at an offset by binary search.
type tokenIndex struct {
	f    *pgn.File
	toks []pgn.Token
}

func newTokenIndex(f *pgn.File) *tokenIndex {
	ti := &tokenIndex{f: f, toks: make([]pgn.Token, 0, len(f.Src)/4+1)}
	f.Tokens(func(t pgn.Token) { ti.toks = append(ti.toks, t) })
	return ti
}

// under returns the index of the token under the character at off (Pos <=
// off < End), the one a mouse points at, or -1.
func (ti *tokenIndex) under(off pgn.Pos) int {
	i := sort.Search(len(ti.toks), func(i int) bool { return ti.toks[i].End > off })
	if i < len(ti.toks) && ti.toks[i].Pos <= off {
		return i
	}
	return -1
}

// ending returns the index of the token that a cursor at off is typing:
// the one with Pos < off <= End, or -1.
func (ti *tokenIndex) ending(off pgn.Pos) int {
	i := sort.Search(len(ti.toks), func(i int) bool { return ti.toks[i].End >= off })
	if i < len(ti.toks) && ti.toks[i].Pos < off {
		return i
	}
	return -1
}

// before returns the index of the last token that ends at or before off, or
// -1.
func (ti *tokenIndex) before(off pgn.Pos) int {
	return sort.Search(len(ti.toks), func(i int) bool { return ti.toks[i].End > off }) - 1
}

// gameAt returns the game that offset off belongs to: the game whose text
// holds it, or the last game before it while that game has no result
// marker yet (the text after it is where its movetext goes on). It returns
// nil between games.
func gameAt(f *pgn.File, off pgn.Pos) *pgn.Game {
	i := sort.Search(len(f.Games), func(i int) bool { return f.Games[i].From > off }) - 1
	if i < 0 {
		return nil
	}
	g := f.Games[i]
	if off <= g.To || g.Result == nil {
		return g
	}
	return nil
}

// lineFrame is one level of the lines that lead to an offset: a line, and
// the move of the enclosing line that it replaces (nil for the main line)
// with that move's index there.
type lineFrame struct {
	line        *pgn.Line
	parent      *pgn.Move
	parentIndex int
}

// linesAt returns the lines holding offset off, from the main line down to
// the innermost variation.
func linesAt(g *pgn.Game, off pgn.Pos) []lineFrame {
	frames := []lineFrame{{line: &g.Moves}}
	for {
		l := frames[len(frames)-1].line
		// The variations of move i follow its SAN, so only the moves that
		// start before off can hold it.
		n := sort.Search(len(l.Moves), func(i int) bool { return l.Moves[i].SAN.Pos >= off })
		inner := lineFrame{}
		for i := n - 1; i >= 0 && inner.line == nil; i-- {
			for _, node := range l.Moves[i].After {
				if v, ok := node.(*pgn.Variation); ok && variationHolds(g, v, off) {
					inner = lineFrame{line: &v.Line, parent: l.Moves[i], parentIndex: i}
					break
				}
			}
		}
		if inner.line == nil {
			return frames
		}
		frames = append(frames, inner)
	}
}

// variationHolds reports whether a cursor at off is inside variation v:
// after its '(' and up to its ')'. A variation not closed runs on to the
// game's result marker, as the parser reads it.
func variationHolds(g *pgn.Game, v *pgn.Variation, off pgn.Pos) bool {
	if off <= v.LParen {
		return false
	}
	if v.RParen.IsValid() {
		return off <= v.RParen
	}
	return g.Result == nil || off <= g.Result.Tok.Pos
}

// MoveState is what the replay found at one move.
type MoveState struct {
	// Reached reports that the replay got to the move. It does not when an
	// earlier move of the move's line is illegal, or when the game cannot be
	// replayed at all (a bad FEN, a variant).
	Reached bool
	// Legal reports that the move is legal in Before; then Move is the move
	// and After the position it leads to.
	Legal  bool
	Before board.Position
	After  board.Position
	Move   board.Move
}

// moveRecorder is a lineVisitor that plays every move and records the
// states of the moves it is asked about. Once it has them all it stops
// playing, so each line that remains ends at its first move.
type moveRecorder struct {
	want map[*pgn.Move]*MoveState
	left int
}

func (r *moveRecorder) lineStart(*pgn.Line) {}
func (r *moveRecorder) skipped(*pgn.Move)   {}

func (r *moveRecorder) move(pos *board.Position, m *pgn.Move) bool {
	if r.left == 0 {
		return false
	}
	mv, ok := legalMove(pos, m.Text)
	st := r.want[m]
	if st != nil {
		*st = MoveState{Reached: true, Legal: ok, Before: *pos, Move: mv}
		r.left--
	}
	if !ok {
		return false
	}
	pos.Play(mv)
	if st != nil {
		st.After = *pos
	}
	return true
}

// replayStates replays game g from start and returns the state of each of
// moves, in the same order.
func replayStates(g *pgn.Game, start *gameStart, moves []*pgn.Move) []MoveState {
	states := make([]MoveState, len(moves))
	if len(moves) == 0 || !start.replayable() {
		return states
	}
	r := &moveRecorder{want: make(map[*pgn.Move]*MoveState, len(moves))}
	for i, m := range moves {
		if _, dup := r.want[m]; !dup {
			r.want[m] = &states[i]
			r.left++
		}
	}
	replayLines(&g.Moves, start.pos, r, nil)
	for i, m := range moves { // duplicates share the first one's state
		states[i] = *r.want[m]
	}
	return states
}

// pathTo returns the moves played from the game's start to reach the end
// of the innermost of frames after its first n moves: the moves of each
// enclosing line before the move its variation replaces, then those n.
func pathTo(frames []lineFrame, n int) []*pgn.Move {
	var path []*pgn.Move
	for i, fr := range frames {
		if i+1 < len(frames) {
			path = append(path, fr.line.Moves[:frames[i+1].parentIndex]...)
		} else {
			path = append(path, fr.line.Moves[:n]...)
		}
	}
	return path
}

// positionAt returns the position after the first n moves of the innermost
// of frames, and false when the replay cannot get there (an illegal move
// on the way, a bad FEN). For n == 0 it is the position the line starts
// from: the game's start for the main line, the position before the
// replaced move for a variation.
func positionAt(g *pgn.Game, start *gameStart, frames []lineFrame, n int) (board.Position, bool) {
	inner := frames[len(frames)-1]
	switch {
	case !start.replayable():
		return board.Position{}, false
	case n > 0:
		st := replayStates(g, start, []*pgn.Move{inner.line.Moves[n-1]})[0]
		return st.After, st.Reached && st.Legal
	case inner.parent != nil:
		st := replayStates(g, start, []*pgn.Move{inner.parent})[0]
		return st.Before, st.Reached
	}
	return start.pos, true
}

// moveOfToken returns the move of line l whose SAN, move number or "..."
// is the token at pos, and its index, or nil.
func moveOfToken(l *pgn.Line, pos pgn.Pos) (*pgn.Move, int) {
	i := sort.Search(len(l.Moves), func(i int) bool { return l.Moves[i].SAN.End > pos })
	if i == len(l.Moves) {
		return nil, -1
	}
	m := l.Moves[i]
	if m.SAN.Pos == pos {
		return m, i
	}
	if n := m.Number; n != nil && (n.Tok.Pos == pos || n.Dots != nil && n.Dots.Pos == pos) {
		return m, i
	}
	return nil, -1
}
