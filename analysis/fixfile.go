package analysis

import (
	"strings"

	"pgnls/pgn"
)

// FixAllEdits returns the edits that apply every preferred quick fix of
// game g, merged as "Fix all problems in this game" merges them (its
// action is offered for two fixes or more; these are the edits of one fix
// too): in source order, none outside the game. Codes that opts.Skip
// names get no fix.
func FixAllEdits(f *pgn.File, g *pgn.Game, opts ActionOptions) []Edit {
	diags := CheckGame(f, g)
	fx := &fixer{f: f, g: g}
	var preferred []Action
	for i := range diags {
		d := &diags[i]
		if opts.Skip != nil && opts.Skip(d.Code) {
			continue
		}
		for _, a := range fx.fixes(d) {
			if a.Preferred && !fx.leavesGame(a) {
				preferred = append(preferred, a)
			}
		}
	}
	if len(preferred) == 0 {
		return nil
	}
	return fx.fixAll(preferred)
}

// FixFileEdits returns the edits of FixAllEdits for the games of f that
// games indexes (every game when games is nil), in source order, and the
// indexes of the games they edit. The games are fixed in parallel, on all
// cores. The edits of each stay inside its game, so they never overlap.
func FixFileEdits(f *pgn.File, games []int, opts ActionOptions) (edits []Edit, edited []int) {
	if games == nil {
		games = make([]int, len(f.Games))
		for i := range games {
			games[i] = i
		}
	}
	perGame := make([][]Edit, len(games))
	forEachParallel(len(games), nil, func(_, k int) {
		perGame[k] = FixAllEdits(f, f.Games[games[k]], opts)
	})
	for k, e := range perGame {
		if len(e) > 0 {
			edits = append(edits, e...)
			edited = append(edited, games[k])
		}
	}
	return edits, edited
}

// ApplyEdits returns src with edits applied: they come in source order and
// do not overlap, as the edits of this package do.
func ApplyEdits(src string, edits []Edit) string {
	if len(edits) == 0 {
		return src
	}
	var b strings.Builder
	n := len(src)
	for _, e := range edits {
		n += len(e.NewText) - int(e.End-e.Pos)
	}
	b.Grow(n)
	at := pgn.Pos(0)
	for _, e := range edits {
		b.WriteString(src[at:e.Pos])
		b.WriteString(e.NewText)
		at = e.End
	}
	b.WriteString(src[at:])
	return b.String()
}
