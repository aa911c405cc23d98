package analysis

import (
	"sort"

	"pgnls/pgn"
)

// FoldKind is the kind of a folding range, with LSP's names.
type FoldKind string

const (
	FoldRegion  FoldKind = "region"
	FoldComment FoldKind = "comment"
)

// Fold is a range an editor can fold: a game, a tag section, a variation or
// a comment that spans several lines.
type Fold struct {
	Pos, End pgn.Pos
	Kind     FoldKind
	// KeepLastLine is set when text that is not part of the fold follows
	// it on its last line (the main line going on after a variation): an
	// editor folds whole lines, so it must stop a line earlier to leave
	// that text visible. A rest-of-line comment does not count.
	KeepLastLine bool
}

// Folds returns the folds of f in source order (outer before inner). Folds
// on a single line are left out.
func Folds(f *pgn.File) []Fold {
	fc := &folder{f: f}
	for _, item := range f.Items {
		switch n := item.(type) {
		case *pgn.Game:
			fc.game(n)
		case *pgn.Comment:
			fc.comment(n)
		}
	}
	sort.SliceStable(fc.out, func(i, j int) bool {
		a, b := fc.out[i], fc.out[j]
		if a.Pos != b.Pos {
			return a.Pos < b.Pos
		}
		return a.End > b.End
	})
	return fc.out
}

type folder struct {
	f   *pgn.File
	out []Fold
}

func (fc *folder) add(pos, end pgn.Pos, kind FoldKind) {
	lines := fc.f.Lines
	if end <= pos || lines.Line(pos) == lines.Line(end) {
		return
	}
	fc.out = append(fc.out, Fold{Pos: pos, End: end, Kind: kind, KeepLastLine: !restOfLineBlank(fc.f.Src, end)})
}

// restOfLineBlank reports whether only blanks, and perhaps a rest-of-line
// comment, follow off on its line: text that folding its line may hide.
func restOfLineBlank(src string, off pgn.Pos) bool {
	for i := int(off); i < len(src); i++ {
		switch src[i] {
		case '\n', '\r', ';':
			return true
		case ' ', '\t':
		default:
			return false
		}
	}
	return true
}

func (fc *folder) game(g *pgn.Game) {
	fc.add(g.From, g.To, FoldRegion)
	if n := len(g.TagItems); n > 0 {
		fc.add(g.TagItems[0].Pos(), g.TagItems[n-1].End(), FoldRegion)
	}
	for _, item := range g.TagItems {
		if c, ok := item.(*pgn.Comment); ok {
			fc.comment(c)
		}
	}
	// Variations nest without limit: walk them with a stack.
	stack := []*pgn.Line{&g.Moves}
	for len(stack) > 0 {
		l := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		var vars []*pgn.Line
		visit := func(nodes []pgn.Node) {
			for _, n := range nodes {
				switch n := n.(type) {
				case *pgn.Comment:
					fc.comment(n)
				case *pgn.Variation:
					fc.add(n.Pos(), n.End(), FoldRegion)
					vars = append(vars, &n.Line)
				}
			}
		}
		visit(l.Start)
		for _, m := range l.Moves {
			visit(m.Before)
			visit(m.After)
		}
		// Push in reverse so that variations are folded in source order.
		for i := len(vars) - 1; i >= 0; i-- {
			stack = append(stack, vars[i])
		}
	}
}

func (fc *folder) comment(c *pgn.Comment) {
	fc.add(c.Pos(), c.End(), FoldComment)
}
