package document

import (
	"errors"

	"pgnls/analysis"
	"pgnls/analysis/engine"
	"pgnls/pgn"
)

// The engine's findings (analysis/engine) on the games of a piece. The
// language server keeps each game's engine.Result with an anchor, the
// offset where the game started when it was analysed (moved along by the
// edits before it), and finds the game again from it.

// GameStarts returns the whole-text offset of each game of the piece.
func (p Piece) GameStarts() []int {
	starts := make([]int, len(p.f.Games))
	for i, g := range p.f.Games {
		starts[i] = int(p.whole(g.From))
	}
	return starts
}

// GameSpan returns the whole-text span of a game of the piece (of its
// EngineLine or EngineView).
func (p Piece) GameSpan(g *pgn.Game) (start, end int) {
	return int(p.whole(g.From)), int(p.whole(g.To))
}

// gameNear returns the game of the piece that holds offset o, else the
// first after it, else the last before it; nil when the piece has none.
func (p Piece) gameNear(o pgn.Pos) *pgn.Game {
	games := p.f.Games
	for _, g := range games {
		if o < g.To || o == g.To && g == games[len(games)-1] {
			return g
		}
	}
	if len(games) > 0 {
		return games[len(games)-1]
	}
	return nil
}

// EngineLine returns the main line of the game at off (or the nearest,
// as gameNear finds it), for the engine to analyse, and the whole-text
// offset where that game starts. The error says why the game cannot be
// analysed.
func (p Piece) EngineLine(off int) (*analysis.MainLine, int, error) {
	g := p.gameNear(p.at(off))
	if g == nil {
		return nil, 0, errNoGame
	}
	l, err := analysis.GameMainLine(g)
	return l, int(p.whole(g.From)), err
}

var errNoGame = errors.New("there is no game here")

// EngineView returns the view of r on the game anchored at anchor, or nil
// when the game there is not the one analysed (its first move differs).
func (p Piece) EngineView(anchor int, r *engine.Result) *engine.View {
	g := p.gameNear(p.at(anchor))
	if g == nil {
		return nil
	}
	l, err := analysis.GameMainLine(g)
	if err != nil {
		return nil
	}
	v := engine.NewView(l, r)
	if v.Valid == 0 {
		return nil
	}
	return v
}

// EngineDiagnostics is View.Diagnostics in whole-text offsets.
func (p Piece) EngineDiagnostics(v *engine.View) []analysis.Diagnostic {
	diags := v.Diagnostics()
	for i := range diags {
		diags[i].Pos, diags[i].End = p.whole(diags[i].Pos), p.whole(diags[i].End)
	}
	return diags
}

// EngineActions is View.Actions over [from, to], in whole-text offsets.
func (p Piece) EngineActions(v *engine.View, from, to int) []analysis.Action {
	actions := v.Actions(p.f.Src, p.at(from), p.at(to))
	for i := range actions {
		a := &actions[i]
		a.Edits = p.edits(a.Edits)
		if a.Diagnostic != nil {
			d := *a.Diagnostic
			d.Pos, d.End = p.whole(d.Pos), p.whole(d.End)
			a.Diagnostic = &d
		}
	}
	return actions
}

// EngineAnnotateEdits is View.AnnotateEdits in whole-text offsets.
func (p Piece) EngineAnnotateEdits(v *engine.View) []analysis.Edit {
	return p.edits(v.AnnotateEdits(p.f.Src))
}

// EngineHints is View.Hints over [from, to], in whole-text offsets.
func (p Piece) EngineHints(v *engine.View, from, to int) []analysis.InlayHint {
	hints := v.Hints(p.at(from), p.at(to))
	for i := range hints {
		hints[i].Pos = p.whole(hints[i].Pos)
	}
	return hints
}

// EngineHover is View.HoverAt at off, its span in whole-text offsets.
func (p Piece) EngineHover(v *engine.View, off int) (markdown, plain string, pos, end int, ok bool) {
	md, pl, from, to, ok := v.HoverAt(p.at(off))
	return md, pl, int(p.whole(from)), int(p.whole(to)), ok
}
