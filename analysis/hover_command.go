package analysis

import (
	"strings"

	"pgnls/analysis/board"
	"pgnls/pgn"
)

// The hovers of commands in comments ([%clk], [%eval], [%cal] ...): over a
// command, what it means; over a move, its clock, evaluation and shapes
// (moveHover); over the result, the game's summary.

// commandDocs says what each command pgnls knows is, and who writes it.
var commandDocs = map[string]string{
	"clk":       "the time left on the clock of the side that moved (PGN Specification Supplement; lichess, chess.com)",
	"emt":       "the time the move took (PGN Specification Supplement; ChessBase)",
	"egt":       "the time the side that moved has used in all (PGN Specification Supplement)",
	"mct":       "the time a mechanical clock showed (PGN Specification Supplement)",
	"eval":      "an engine's evaluation, in pawns from White's side or as a mate (lichess, ChessBase)",
	"cal":       "coloured arrows drawn on the board (lichess, ChessBase)",
	"csl":       "coloured squares marked on the board (lichess, ChessBase)",
	"timestamp": "the time the move took, in tenths of a second (chess.com)",
	"evp":       "the evaluation profile of the game (ChessBase)",
}

// commands returns the facts of the game's commands, worked out once per
// hover.
func (h *hoverer) commands() *GameCommands {
	if h.gc == nil {
		h.gc = AnalyzeCommands(h.game)
	}
	return h.gc
}

// factsOf returns the facts of the commands in the comments after move m.
func (h *hoverer) factsOf(m *pgn.Move) []*CommandFact {
	gc := h.commands()
	var out []*CommandFact
	for i := range gc.Facts {
		if gc.Facts[i].Move == m {
			out = append(out, &gc.Facts[i])
		}
	}
	return out
}

// writeFacts writes, a paragraph each, what the commands after a move say.
func writeFacts(r *richText, facts []*CommandFact) {
	for _, f := range facts {
		if text := f.Describe(); text != "" {
			r.text("\n\n" + capitalize(text) + ".")
		}
	}
}

// factShapes returns the arrows and squares of the facts.
func factShapes(facts []*CommandFact) []Shape {
	var out []Shape
	for _, f := range facts {
		out = append(out, f.Shapes...)
	}
	return out
}

// commandHover describes the command under the cursor in a comment, and
// for [%cal] and [%csl] draws the position after its move with the shapes.
// Text of the comment outside a command has no hover.
func (h *hoverer) commandHover(r *richText) {
	f := h.commands().At(h.off)
	if f == nil {
		return
	}
	cmd := f.Command
	h.pos, h.end = cmd.Pos, cmd.End
	r.strong("[%" + cmd.Name + "]")
	doc, known := commandDocs[cmd.Name]
	if !known {
		r.text(" — a command pgnls does not know: kept as written, and not checked.")
		return
	}
	r.text(" — " + doc + ".")
	if text := f.Describe(); text != "" {
		r.text("\n\n" + capitalize(text) + ".")
	}
	if len(f.Shapes) == 0 || f.Move == nil {
		return
	}
	if st, ok := h.stateAfter(f.Move); ok {
		r.text("\n\n")
		markedDiagram(r, &st.After, st.Move.From, st.Move.To, f.Shapes)
	}
}

// stateAfter replays the game to move m; ok is false when the move is not
// reached or not legal.
func (h *hoverer) stateAfter(m *pgn.Move) (MoveState, bool) {
	start := startOf(h.game)
	if !start.replayable() {
		return MoveState{}, false
	}
	frames := linesAt(h.game, m.SAN.Pos)
	_, idx := moveOfToken(frames[len(frames)-1].line, m.SAN.Pos)
	if idx < 0 {
		return MoveState{}, false
	}
	states := replayStates(h.game, &start, pathTo(frames, idx+1))
	st := states[len(states)-1]
	return st, st.Reached && st.Legal
}

// summaryHover sums up the game's clocks and evaluations, on the hover of
// its result.
func (h *hoverer) summaryHover(r *richText) {
	if h.game == nil || h.game.Result == nil || h.game.Result.Tok.Pos != h.tok.Pos {
		return
	}
	s := h.commands().Summary
	text := s.Describe()
	if text == "" {
		return
	}
	r.text("\n\n")
	r.strong("Clocks and evaluations")
	r.text(" (main line):\n\n")
	for _, line := range strings.Split(text, "\n") {
		r.text("- " + line + "\n")
	}
}

// The marks of shapes on a text board: a square of [%csl] is drawn "(x)",
// the head of an arrow of [%cal] ">x<". The last move's brackets go first.
const (
	squareMark = "()"
	arrowMark  = "><"
)

// shapeMarks returns the mark of each square the shapes mark.
func shapeMarks(shapes []Shape) map[board.Square]string {
	if len(shapes) == 0 {
		return nil
	}
	marks := make(map[board.Square]string, len(shapes))
	for _, s := range shapes {
		if s.To == "" {
			marks[squareOf(s.From)] = squareMark
		} else if _, marked := marks[squareOf(s.To)]; !marked {
			marks[squareOf(s.To)] = arrowMark
		}
	}
	return marks
}

// shapeLegend lists the shapes under a board: "(x) red d4; >x< green
// e2→e4".
func shapeLegend(shapes []Shape) string {
	var squares, arrows []string
	for _, s := range shapes {
		if s.To == "" {
			squares = append(squares, s.String())
		} else {
			arrows = append(arrows, s.String())
		}
	}
	var parts []string
	if len(squares) > 0 {
		parts = append(parts, "(x) "+strings.Join(squares, ", "))
	}
	if len(arrows) > 0 {
		parts = append(parts, ">x< "+strings.Join(arrows, ", "))
	}
	return strings.Join(parts, "; ")
}

// squareOf returns the square a well-formed shape names ("e4").
func squareOf(name string) board.Square {
	return board.NewSquare(int(name[0]-'a'), int(name[1]-'1'))
}
