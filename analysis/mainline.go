package analysis

import (
	"errors"
	"fmt"

	"pgnls/analysis/board"
	"pgnls/pgn"
)

// MainLine is the main line of a game as far as it can be played on a
// board: what an engine analyses.
type MainLine struct {
	Game  *pgn.Game
	Start board.Position
	// FEN is the FEN tag's value, or "" for the standard start.
	FEN string
	// Moves are the moves of the main line up to the first that cannot
	// be played (illegal, a null move, after text that may hide a move),
	// and Played the same on the board.
	Moves  []*pgn.Move
	Played []board.Move
	// Stop says why the line stops before its end; "" when it is whole.
	Stop string
}

// GameMainLine returns the main line of g from its start. A game that
// cannot be replayed (a bad FEN, a variant unknown to pgnls) or that is not
// standard chess is an error: an engine plays standard chess.
func GameMainLine(g *pgn.Game) (*MainLine, error) {
	start := startOf(g)
	switch {
	case start.variant != nil:
		return nil, fmt.Errorf("the game is of the variant %q, which pgnls cannot replay", start.variant.Value)
	case start.fenErr != nil:
		return nil, fmt.Errorf("the game's FEN is not a position: %w", start.fenErr)
	case start.pos.Variant() != board.Standard:
		return nil, errors.New("the game is not standard chess (" + start.pos.Variant().String() + "): the engine analyses standard chess only")
	}
	l := &MainLine{Game: g, Start: start.pos}
	if start.fen != nil {
		l.FEN = start.pos.FEN()
	}
	if stopsReplay(g.Moves.Start) != nil {
		l.Stop = "text before the first move may hide a move"
		return l, nil
	}
	pos := start.pos
	for i, m := range g.Moves.Moves {
		mv, ok := legalMove(&pos, m.Text)
		switch {
		case !ok:
			l.Stop = "the move " + m.Text + " is illegal"
		case mv.IsNull():
			l.Stop = "a null move stops the analysis"
		}
		if l.Stop != "" {
			return l, nil
		}
		pos.Play(mv)
		l.Moves = append(l.Moves, m)
		l.Played = append(l.Played, mv)
		if stopsReplay(m.After) != nil && i+1 < len(g.Moves.Moves) {
			l.Stop = "text after " + m.Text + " may hide a move"
			return l, nil
		}
	}
	return l, nil
}
