package analysis

import (
	"strconv"

	"pgnls/analysis/board"
	picture "pgnls/analysis/diagram" // hover.go has a func diagram
	"pgnls/pgn"
)

// This file answers the language server's pgnls/position request
// (editors/lsp-extensions.md): the position at the cursor, for a board
// that follows the text. It finds the cursor's line and move as the hover
// does (linesAt, pathTo), so the board and the hover agree.

// PositionAtCursor is the position at a cursor and what leads to it.
type PositionAtCursor struct {
	// Position is the position shown: the one at the cursor, or, when
	// Problem is set, the last one the replay reached on the way (nil when
	// it reached none: a variant, a bad FEN).
	Position *board.Position
	// Move is the move just played, the last one of the cursor's line at
	// or before the cursor; nil at the start of a line.
	Move *PlayedMove
	// Line is the variation path from the main line down to the cursor's
	// line, outermost first; empty on the main line.
	Line []VariationStep
	// LegalMoves is the number of legal moves in Position.
	LegalMoves int
	// Shapes are the [%cal] arrows and [%csl] squares of the comments
	// after Move.
	Shapes []Shape
	// Opening is the deepest line of the ECO classification that the
	// moves to the position follow (nil without a book, or for a game
	// from a FEN).
	Opening *ECOLine
	// Problem says why Position is not the cursor's ("" when it is).
	Problem string
	// Previous is where a cursor shows the position before this one (the
	// position before Move): the SAN of the move played before Move on
	// the way to the cursor, in the cursor's line or the line it branches
	// from, or an empty span at the game's start for the start position.
	// nil at the start, or when no place of the game shows the start (a
	// game whose first byte is its first move).
	Previous *MoveLink
	// Next is the next move of the cursor's line, whose SAN a cursor
	// moves to to show the position after it; nil at the line's end.
	Next *MoveLink
}

// MoveLink is a place of the text a board's previous and next buttons
// move the cursor to: a move's SAN, or an empty span (SAN "") at a game's
// start. A cursor at Pos shows the position after the move.
type MoveLink struct {
	SAN      string
	Pos, End pgn.Pos
}

// PlayedMove is a move of the text, as played.
type PlayedMove struct {
	SAN      string // as written
	Number   int    // its full move number
	Side     board.Color
	From, To board.Square // a castling as the king's move; NoSquare for a null move
	Pos, End pgn.Pos      // the SAN's bytes
	board    board.Move
}

// VariationStep is one level of a variation path: the variation is the
// Index-th (from 1) alternative to the move Replaces of the enclosing line.
type VariationStep struct {
	Replaces string // "3. Nf3", "3... Nf6": the move with its number
	Index    int
}

// PositionAt returns the position at byte offset off of file f: after the
// last move of the cursor's line that starts at or before off (its move
// number counts), or the line's start. It returns nil outside any game.
func PositionAt(f *pgn.File, off pgn.Pos, eco *ECOBook) *PositionAtCursor {
	g := gameAt(f, off)
	if g == nil {
		return nil
	}
	frames := linesAt(g, off)
	inner := frames[len(frames)-1].line
	n := 0
	for n < len(inner.Moves) && inner.Moves[n].Pos() <= off {
		n++
	}
	path := pathTo(frames, n)
	out := &PositionAtCursor{Previous: previousLink(g, path)}
	if n < len(inner.Moves) {
		out.Next = linkTo(inner.Moves[n])
	}
	start := startOf(g)
	out.Line = variationPath(g, &start, frames)
	if !start.replayable() {
		if start.variant != nil {
			out.Problem = "not replayed: the game is a variant (" + start.variant.Value + "), whose rules pgnls does not know"
		} else {
			out.Problem = "not replayed: the FEN tag is not a valid position"
		}
		return out
	}
	states := replayStates(g, &start, path)
	pos := start.pos
	for i, st := range states {
		if !st.Reached || !st.Legal {
			if st.Reached {
				pos = st.Before
				out.Problem = "move " + moveName(path[i], &st.Before) + " is illegal: the board is the position before it"
			} else {
				out.Problem = "not replayed: " + whyNotReached(states[:i+1])
			}
			break
		}
		pos = st.After
	}
	out.Position = &pos
	out.LegalMoves = len(pos.LegalMoves(nil))
	if n > 0 && out.Problem == "" {
		m, st := path[len(path)-1], states[len(states)-1]
		out.Move = &PlayedMove{SAN: m.Text, Number: st.Before.FullMoveNumber(), Side: st.Before.SideToMove(),
			From: st.Move.From, To: st.Move.To, Pos: m.SAN.Pos, End: m.SAN.End, board: st.Move}
		for _, fact := range AnalyzeCommands(g).Facts {
			if fact.Move == m {
				out.Shapes = append(out.Shapes, fact.Shapes...)
			}
		}
	}
	if eco != nil && start.fen == nil && out.Problem == "" {
		out.Opening, _ = eco.Deepest(afterPositions(states))
	}
	return out
}

// previousLink returns where a cursor shows the position before the one
// after path (the moves from the game's start to the cursor): after the
// move before path's last, or at the game's start when path has one move.
func previousLink(g *pgn.Game, path []*pgn.Move) *MoveLink {
	switch {
	case len(path) >= 2:
		return linkTo(path[len(path)-2])
	case len(path) == 1 && g.From < g.Moves.Moves[0].Pos():
		// Before the main line's first move (and its number) the cursor
		// shows the start position: the game's first byte, a tag's '['.
		return &MoveLink{Pos: g.From, End: g.From}
	}
	return nil
}

// linkTo returns the link to a move's SAN.
func linkTo(m *pgn.Move) *MoveLink {
	return &MoveLink{SAN: m.Text, Pos: m.SAN.Pos, End: m.SAN.End}
}

// variationPath names the variations of frames below the main line, each
// by the move it replaces, numbered from the replay (as written when the
// replay does not get there).
func variationPath(g *pgn.Game, start *gameStart, frames []lineFrame) []VariationStep {
	if len(frames) < 2 {
		return nil
	}
	parents := make([]*pgn.Move, len(frames)-1)
	for i := range parents {
		parents[i] = frames[i+1].parent
	}
	states := replayStates(g, start, parents)
	steps := make([]VariationStep, len(parents))
	for i, m := range parents {
		steps[i] = VariationStep{Replaces: numberedMove(m), Index: variationIndex(m, frames[i+1].line)}
		if states[i].Reached {
			steps[i].Replaces = moveName(m, &states[i].Before)
		}
	}
	return steps
}

// variationIndex returns which of the variations after m (from 1) is l.
func variationIndex(m *pgn.Move, l *pgn.Line) int {
	index := 0
	for _, node := range m.After {
		if v, ok := node.(*pgn.Variation); ok {
			index++
			if &v.Line == l {
				break
			}
		}
	}
	return index
}

// numberedMove writes a move with its number as written ("3. Nf3",
// "3... Nf6"), or its SAN alone when it has none.
func numberedMove(m *pgn.Move) string {
	if m.Number == nil {
		return m.Text
	}
	dots := ". "
	if m.Number.Black {
		dots = "... "
	}
	return strconv.Itoa(m.Number.Number) + dots + m.Text
}

// moveName writes a move with the number and side of the position before it.
func moveName(m *pgn.Move, before *board.Position) string {
	dots := ". "
	if before.SideToMove() == board.Black {
		dots = "... "
	}
	return strconv.Itoa(before.FullMoveNumber()) + dots + m.Text
}

// TextBoard draws the position as the hover does: Unicode pieces, the
// last move's squares in brackets, the shapes marked and listed under it.
func (p *PositionAtCursor) TextBoard() string {
	if p.Position == nil {
		return ""
	}
	from, to := board.NoSquare, board.NoSquare
	if p.Move != nil {
		from, to = p.Move.From, p.Move.To
	}
	return boardText(p.Position, from, to, p.Shapes)
}

// SVG draws the position as a picture (package diagram), with the last
// move, the check and the shapes; nil without a position.
func (p *PositionAtCursor) SVG(opts picture.Options) []byte {
	if p.Position == nil {
		return nil
	}
	if p.Move != nil {
		opts.LastMove = p.Move.board
	}
	opts.Arrows, opts.Marks = diagramShapes(p.Shapes)
	return picture.Render(p.Position, opts)
}

// diagramShapes converts the shapes of commands to the diagram's.
func diagramShapes(shapes []Shape) (arrows []picture.Arrow, marks []picture.Mark) {
	for _, s := range shapes {
		brush, ok := picture.BrushOf(s.Color)
		if !ok {
			continue
		}
		if s.To == "" {
			marks = append(marks, picture.Mark{Square: squareOf(s.From), Brush: brush})
		} else {
			arrows = append(arrows, picture.Arrow{From: squareOf(s.From), To: squareOf(s.To), Brush: brush})
		}
	}
	return arrows, marks
}
