package analysis

import (
	"sort"

	"pgnls/pgn"
)

// commands adds the clock and evaluation hints of game g (InlayOptions
// Clocks and Evals): after each move, the time it took and the evaluation
// its comments give, after the hints of the move itself (its ply).
func (h *hinter) commands(g *pgn.Game) {
	if !h.opts.Clocks && !h.opts.Evals || g.To < h.from || g.From > h.to {
		return
	}
	gc := AnalyzeCommands(g)
	if len(gc.Facts) == 0 {
		return
	}
	timed := map[*pgn.Move]bool{} // a move with a clock and an [%emt] gets one hint
	evaluated := map[*pgn.Move]bool{}
	for i := range gc.Facts {
		f := &gc.Facts[i]
		if f.Move == nil || f.Problem != "" {
			continue
		}
		at := f.Move.SAN.End
		if took, ok := f.Took(); ok && h.opts.Clocks && !timed[f.Move] {
			timed[f.Move] = true
			h.add(at, HumanDuration(took), f.Describe(), InlayClock)
		}
		if f.Eval != nil && h.opts.Evals && !evaluated[f.Move] {
			evaluated[f.Move] = true
			h.add(at, evalLabel(*f.Eval), f.Eval.Describe(), InlayEval)
		}
	}
	// The hints of the moves came first, in source order; these join them
	// at the same places, after them.
	sort.SliceStable(h.out, func(i, j int) bool { return h.out[i].Pos < h.out[j].Pos })
}

// evalLabel writes an evaluation short, with its sign: "+0.35", "-1.20",
// "0.00", "#3", "#-3".
func evalLabel(e Eval) string {
	if !e.Mate && e.Pawns > 0 {
		return "+" + e.String()
	}
	return e.String()
}
