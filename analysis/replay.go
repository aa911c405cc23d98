package analysis

import (
	"errors"
	"strings"

	"pgnls/analysis/board"
	"pgnls/analysis/internal/testhook"
	"pgnls/pgn"
)

// This file holds what the checker and the formatter share: where a game
// starts, and the walk that replays its main line and every variation.

// gameStart is the position a game's moves start from, as its tags say.
type gameStart struct {
	pos board.Position
	// variant is a Variant tag that names a game pgnls does not know the
	// rules of (board.ParseVariant fails), whose moves cannot be
	// replayed; nil otherwise. A known variant is pos's (pos.Variant()).
	variant *pgn.Tag
	// fen is the FEN tag, or nil for the variant's start position; fenErr
	// tells why its value is not a position.
	fen    *pgn.Tag
	fenErr error
	// fenWarnings say what was wrong with a FEN that could still be read:
	// move counters out of range, castling rights the position cannot have
	// (whole messages: "FEN: ...").
	fenWarnings []string
	// chess960 is set when the game has no Variant tag and its FEN is a
	// Chess960 position, not a standard one (castling rights for rooks or
	// a king off the standard squares, Shredder-FEN or X-FEN): pos is then
	// the Chess960 position, so that its castling replays, and the checker
	// suggests the tag.
	chess960 bool
}

// replayable reports whether the moves can be replayed from s.pos.
func (s *gameStart) replayable() bool { return s.variant == nil && s.fenErr == nil }

// startOf returns the position game g starts from: the FEN tag's, else the
// start position of its variant, in the variant its Variant tag names.
func startOf(g *pgn.Game) gameStart {
	// The test hook of the recovery from panics (testhook.PanicTag).
	if tag := testhook.PanicTag; tag != "" && g.TagNode(tag) != nil {
		panic("test hook: a game with the tag " + tag)
	}
	var s gameStart
	variant := board.Standard
	tag := g.TagNode("Variant")
	if tag != nil {
		v, ok := board.ParseVariant(strings.TrimSpace(tag.Value))
		if !ok {
			s.variant = tag
			return s
		}
		variant = v
	}
	s.fen = g.TagNode("FEN")
	if s.fen == nil {
		s.pos = board.StartPositionOf(variant)
		return s
	}
	s.pos, s.fenWarnings, s.fenErr = readFEN(s.fen.Value, variant)
	var fe *board.FENError
	if tag == nil && errors.As(s.fenErr, &fe) && fe.Chess960 {
		// The error is a standard-chess one; as Chess960 the FEN is read,
		// and a warning (the checker's) suggests the tag.
		if pos, warnings, err := readFEN(s.fen.Value, board.Chess960); err == nil {
			s.pos, s.fenWarnings, s.fenErr, s.chess960 = pos, warnings, nil, true
		}
	}
	return s
}

// readFEN reads a FEN of variant v the way real files need: lichess writes
// a fullmove number of 0, and some studies keep castling rights that the
// position cannot have. Such FENs are read (the counter at its default,
// the rights dropped) with a warning for each problem; any other problem
// is an error.
func readFEN(fen string, v board.Variant) (board.Position, []string, error) {
	var warnings []string // "FEN: ..."
	pos, err := board.ParseFENVariant(fen, v)
	if fe, ok := err.(*board.FENError); ok && fe.Field == 2 && !fe.Chess960 {
		var kept string
		fen, kept, warnings = dropImpossibleCastling(fen, v)
		if kept != "" {
			pos, err = board.ParseFENVariant(fen, v)
		}
	}
	if fe, ok := err.(*board.FENError); ok && (fe.Field == 4 || fe.Field == 5) {
		// ParseFEN returns a usable position for bad counters.
		msg := zeroFullmoveWarning
		if fe.Reason != board.ZeroFullmove {
			msg = "FEN: " + fe.Reason + "; it is ignored"
		}
		return pos, append(warnings, msg), nil
	}
	return pos, warnings, err
}

// zeroFullmoveWarning is the warning for lichess's fullmove number 0, made
// once: a database of puzzles has one in each game.
const zeroFullmoveWarning = "FEN: " + board.ZeroFullmove + "; it is ignored"

// dropImpossibleCastling removes from a FEN the castling rights that
// ParseFEN rejects one by one, and says which it removed. kept is "" when
// the castling field was not the problem after all.
func dropImpossibleCastling(fen string, v board.Variant) (string, string, []string) {
	fields := strings.Fields(fen)
	if len(fields) < 3 || fields[2] == "-" {
		return fen, "", nil
	}
	var kept strings.Builder
	var warnings []string
	for _, right := range fields[2] {
		alone := append([]string(nil), fields...)
		alone[2] = string(right)
		_, err := board.ParseFENVariant(strings.Join(alone, " "), v)
		if fe, ok := err.(*board.FENError); ok && fe.Field == 2 && !fe.Chess960 {
			warnings = append(warnings, "FEN: "+fe.Reason+"; the right is ignored")
			continue
		}
		kept.WriteRune(right)
	}
	if len(warnings) == 0 {
		return fen, "", nil
	}
	fields[2] = kept.String()
	if fields[2] == "" {
		fields[2] = "-"
	}
	return strings.Join(fields, " "), fields[2], warnings
}

// A lineVisitor is told of the lines and moves of a game as replayLines
// walks them, in source order.
type lineVisitor interface {
	// lineStart is called as each line (the main line or a variation)
	// starts to be replayed.
	lineStart(l *pgn.Line)
	// move is called for each move with the position before it. It plays
	// the move on pos and reports whether the move was legal.
	move(pos *board.Position, m *pgn.Move) bool
	// skipped is called for each move after an illegal one in its line:
	// the moves that are not replayed (nor are their variations).
	skipped(m *pgn.Move)
}

// A stopVisitor is a lineVisitor that wants to know where unknown text
// stops the replay of a line (see stopsReplay): at, a Bad node, and rest,
// the moves of the line that are not replayed because of it. replayLines
// asks for the interface only when a line stops so, which is rare.
type stopVisitor interface {
	stoppedAt(at *pgn.Bad, rest []*pgn.Move)
}

// stopsReplay returns the first node of nodes that may hide a move, or
// nil. The replay of a line stops at such text, exactly as after an
// illegal move: a figurine (♘f3 scans as unknown text then "f3", which
// would otherwise replay as a pawn move), a piece letter of another
// alphabet, a move in quotes or a string left open (which runs to the end
// of its line, over the moves written there) make every later position of
// the line unknown, and replaying on would check the moves, hover them
// and complete after them on a board that may be wrong.
//
// The Bad nodes that stop are those holding text the scanner could not
// read (an Illegal token) or a string. The others hide no move: a move
// number or periods without their move, a suffix annotation out of place,
// a ')' or ']' without its opening (each is known text, and the moves
// around it are replayed as they are written).
func stopsReplay(nodes []pgn.Node) *pgn.Bad {
	for _, n := range nodes {
		b, ok := n.(*pgn.Bad)
		if !ok {
			continue
		}
		for _, t := range b.Tokens {
			if t.Kind == pgn.Illegal || t.Kind == pgn.String {
				return b
			}
		}
	}
	return nil
}

// unknownTextBefore reports whether, in line l, text that stops the
// replay (see stopsReplay) lies after the first n moves and before offset
// off: then the position at off is not known, though the first n moves
// replayed.
func unknownTextBefore(l *pgn.Line, n int, off pgn.Pos) bool {
	nodes := l.Start
	if n > 0 {
		nodes = l.Moves[n-1].After
	}
	b := stopsReplay(nodes)
	return b != nil && b.From < off
}

// whyNotReached says why the replay did not reach the last of states, the
// states of the moves that lead to it from the game's start: an illegal
// move on the way, or else unknown text.
func whyNotReached(states []MoveState) string {
	for _, st := range states {
		if st.Reached && !st.Legal {
			return "an earlier move of this line is illegal"
		}
	}
	return "the line stops before it, at text that is not PGN and may hide a move"
}

// A replayFrame is a line being replayed.
type replayFrame struct {
	line    *pgn.Line
	pos     board.Position // the position before the next move
	next    int            // the index of the next move
	started bool           // lineStart has been called
	dead    bool           // an illegal move ended the replay
}

// replayLines plays the main line and every variation. A variation starts
// from the position before the move it replaces. After an illegal move the
// rest of its line is skipped (one diagnostic, not a cascade), but the
// variations that replace that move are still replayed; so it is after
// text that may hide a move (stopsReplay), and a visitor that is a
// stopVisitor is told where. It returns the position after the main line
// and whether the whole main line was played.
//
// The moves are visited in source order: a move, then the variations that
// replace it, then the next move; so a visitor can record what it learns
// in a list that a printer then reads in step. Variations nest without
// limit, so the walk keeps its own stack instead of recursing.
//
// The stack is the caller's, *stackp, reused from game to game by the
// checkers and the formatter (allocating one per game shows in the
// checker's memory traffic, bench/NOTES.md; an array local to this
// function would not do: the visitor gets a pointer into it). With stackp
// nil, it is this call's.
func replayLines(main *pgn.Line, start board.Position, v lineVisitor, stackp *[]replayFrame) (final board.Position, complete bool) {
	if stackp == nil {
		stackp = new([]replayFrame)
	}
	stack := append((*stackp)[:0], replayFrame{line: main, pos: start})
	deepest := 1 // the most frames held at once, to clear
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if !top.started {
			top.started = true
			v.lineStart(top.line)
			if b := stopsReplay(top.line.Start); b != nil {
				top.dead = true
				stopped(v, b, top.line.Moves)
			}
		}
		if top.next == len(top.line.Moves) {
			if len(stack) == 1 && !top.dead {
				final, complete = top.pos, true
			}
			stack = stack[:len(stack)-1]
			continue
		}
		m := top.line.Moves[top.next]
		top.next++
		if top.dead {
			v.skipped(m)
			continue
		}
		// The position before the move is kept only for the variations
		// that replace it, not copied at every ply (bench/NOTES.md).
		var before board.Position
		varies := hasVariation(m.After)
		if varies {
			before = top.pos
		}
		top.dead = !v.move(&top.pos, m)
		if !top.dead && len(m.After) > 0 {
			if b := stopsReplay(m.After); b != nil {
				top.dead = true
				stopped(v, b, top.line.Moves[top.next:])
			}
		}
		// The variations come next, the first on top of the stack. They
		// replace the move, so text after it does not stop them.
		for i := len(m.After) - 1; varies && i >= 0; i-- {
			if vr, ok := m.After[i].(*pgn.Variation); ok {
				stack = append(stack, replayFrame{line: &vr.Line, pos: before})
			}
		}
		deepest = max(deepest, len(stack))
	}
	if cap(stack) <= 64 { // a deep nesting's stack is not worth keeping
		// Drop the pointers into this game's tree; the frames past the
		// deepest this game went hold none of its pointers (each game
		// clears what it used).
		clear(stack[:deepest])
		*stackp = stack[:0]
	} else {
		*stackp = nil
	}
	return final, complete
}

// hasVariation reports whether nodes, the nodes after a move, hold a
// variation.
func hasVariation(nodes []pgn.Node) bool {
	for _, n := range nodes {
		if _, ok := n.(*pgn.Variation); ok {
			return true
		}
	}
	return false
}

// stopped tells v, when it wants to know, that unknown text at b stops the
// replay of a line before its moves rest.
func stopped(v lineVisitor, b *pgn.Bad, rest []*pgn.Move) {
	if sv, ok := v.(stopVisitor); ok {
		sv.stoppedAt(b, rest)
	}
}

// legalMove returns the legal move that text, a move in SAN or in another
// notation that names one legal move (see readMove), names in pos. A null
// move ("--", "Z0" or "0000") passes the turn unless the side to move is
// in check, as in the checker's play.
func legalMove(pos *board.Position, text string) (board.Move, bool) {
	_, mv, _, ok := readMove(pos, text)
	return mv, ok
}
