package analysis

import (
	"sort"
	"strconv"
	"strings"

	"pgnls/pgn"
)

// InlayOptions choose the inlay hints.
type InlayOptions struct {
	// NAGGlyphs shows the glyph of each NAG after it: $14 ⩲.
	NAGGlyphs bool
	// PlyNumbers shows after each move its ply: the number of half-moves
	// from the start of the game to it (1 for White's first move).
	PlyNumbers bool
	// Clocks shows after each move the time it took, from its [%clk] (and
	// the side's clock before it), [%emt] or [%timestamp]: "8 s".
	Clocks bool
	// Evals shows after each move with an [%eval] the evaluation: "+0.35",
	// "#-3".
	Evals bool
}

// InlayKind tells what a hint shows.
type InlayKind uint8

const (
	InlayNAG InlayKind = iota + 1
	InlayPly
	InlayClock
	InlayEval
)

// InlayHint is a label shown at offset Pos, after the text before it.
type InlayHint struct {
	Pos     pgn.Pos
	Label   string
	Tooltip string
	Kind    InlayKind
}

// InlayHints returns the hints for the byte range [from, to] of f, in
// source order.
func InlayHints(f *pgn.File, from, to pgn.Pos, opts InlayOptions) []InlayHint {
	if opts == (InlayOptions{}) {
		return nil
	}
	var out []InlayHint
	for _, g := range gamesIn(f, from, to) {
		h := &hinter{src: f.Src, opts: opts, from: from, to: to}
		h.line(&g.Moves, startPly(g))
		h.commands(g)
		out = append(out, h.out...)
	}
	return out
}

// startPly returns the ply of a game's first move: 1, or what its FEN says.
func startPly(g *pgn.Game) int {
	fen, ok := g.Tag("FEN")
	if !ok {
		return 1
	}
	fields := strings.Fields(fen)
	ply := 1
	if len(fields) > 5 {
		if n, err := strconv.Atoi(fields[5]); err == nil && n > 0 && n < 1<<20 {
			ply = 2*(n-1) + 1
		}
	}
	if len(fields) > 1 && fields[1] == "b" {
		ply++
	}
	return ply
}

type hinter struct {
	src      string
	opts     InlayOptions
	from, to pgn.Pos
	out      []InlayHint
}

func (h *hinter) add(pos pgn.Pos, label, tooltip string, kind InlayKind) {
	if pos >= h.from && pos <= h.to {
		h.out = append(h.out, InlayHint{Pos: pos, Label: label, Tooltip: tooltip, Kind: kind})
	}
}

// line walks a line whose first move has ply ply, and its variations (each
// starting at the ply of the move it replaces). The walk keeps its own
// stack: variations nest without limit.
func (h *hinter) line(main *pgn.Line, ply int) {
	type frame struct {
		line *pgn.Line
		ply  int
	}
	stack := []frame{{line: main, ply: ply}}
	for len(stack) > 0 {
		fr := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, n := range fr.line.Start {
			if v, ok := n.(*pgn.Variation); ok {
				stack = append(stack, frame{line: &v.Line, ply: fr.ply})
				continue
			}
			h.node(n)
		}
		for i, m := range fr.line.Moves {
			if m.Pos() > h.to {
				break
			}
			if m.End() < h.from {
				continue
			}
			if h.opts.PlyNumbers {
				h.add(m.SAN.End, "ply "+strconv.Itoa(fr.ply+i), "", InlayPly)
			}
			for _, n := range m.After {
				if v, ok := n.(*pgn.Variation); ok {
					stack = append(stack, frame{line: &v.Line, ply: fr.ply + i})
					continue
				}
				h.node(n)
			}
		}
	}
	sort.SliceStable(h.out, func(i, j int) bool { return h.out[i].Pos < h.out[j].Pos })
}

func (h *hinter) node(n pgn.Node) {
	nag, ok := n.(*pgn.NAGNode)
	if !ok || !h.opts.NAGGlyphs || nag.IsGlyph(h.src) {
		return // a glyph written as such shows itself
	}
	info, ok := LookupNAG(nag.Value)
	if !ok || info.Glyph == "" {
		return
	}
	h.add(nag.Tok.End, info.Glyph, info.Meaning, InlayNAG)
}
