package analysis

import (
	"sort"

	"pgnls/pgn"
)

// Span is a byte range [Pos, End).
type Span struct{ Pos, End pgn.Pos }

// SelectionRanges returns the ranges around offset off that an editor's
// "expand selection" steps through, innermost first, each containing the
// one before: a token (a move, a tag value, a comment), the move with its
// number and annotations, the move with its variations, the variation, the
// same again outwards for each enclosing variation, the movetext (or the tag
// pair and the tag section), and the game. It returns nil when off is in no
// game and no comment.
func SelectionRanges(f *pgn.File, off pgn.Pos) []Span {
	item := pick(len(f.Items), func(i int) (pgn.Pos, pgn.Pos) { return f.Items[i].Pos(), f.Items[i].End() }, off)
	if item < 0 {
		return nil
	}
	s := &selector{off: off}
	switch n := f.Items[item].(type) {
	case *pgn.Game:
		s.game(n)
	default:
		s.push(n.Pos(), n.End())
	}
	// The spans were pushed outermost first.
	out := make([]Span, 0, len(s.spans))
	for i := len(s.spans) - 1; i >= 0; i-- {
		out = append(out, s.spans[i])
	}
	return out
}

// pick returns the index of the element whose span holds off: one that
// starts at or before off and ends after it, else one that ends at off (the
// cursor just after a token selects that token), else -1. Spans are sorted
// and do not overlap.
func pick(n int, span func(int) (pgn.Pos, pgn.Pos), off pgn.Pos) int {
	i := sort.Search(n, func(i int) bool { _, end := span(i); return end >= off })
	for j := i; j < n && j <= i+1; j++ {
		if pos, end := span(j); pos <= off && off < end {
			return j
		}
	}
	if i < n {
		if pos, end := span(i); pos <= off && off <= end {
			return i
		}
	}
	return -1
}

type selector struct {
	off   pgn.Pos
	spans []Span // outermost first
}

// push adds a span unless it is empty or the same as the last one.
func (s *selector) push(pos, end pgn.Pos) {
	if end <= pos {
		return
	}
	if n := len(s.spans); n > 0 && s.spans[n-1] == (Span{pos, end}) {
		return
	}
	s.spans = append(s.spans, Span{pos, end})
}

func (s *selector) game(g *pgn.Game) {
	s.push(g.From, g.To)
	if n := len(g.TagItems); n > 0 && s.off <= g.TagItems[n-1].End() {
		s.push(g.TagItems[0].Pos(), g.TagItems[n-1].End())
		i := pick(n, func(i int) (pgn.Pos, pgn.Pos) { return g.TagItems[i].Pos(), g.TagItems[i].End() }, s.off)
		if i < 0 {
			return
		}
		item := g.TagItems[i]
		s.push(item.Pos(), item.End())
		if t, ok := item.(*pgn.Tag); ok {
			for _, tok := range []pgn.Token{t.NameTok, t.ValueTok} {
				if tok.Pos <= s.off && s.off <= tok.End {
					s.push(tok.Pos, tok.End)
					if tok.Kind == pgn.String && tok.End-tok.Pos >= 2 && s.off > tok.Pos && s.off < tok.End {
						s.push(tok.Pos+1, tok.End-1) // the value without its quotes
					}
					break
				}
			}
		}
		return
	}
	start := movetextStart(g)
	if start < 0 || s.off < start {
		return // between the tags and the movetext
	}
	s.push(start, g.To)
	if r := g.Result; r != nil && s.off >= r.Tok.Pos {
		s.push(r.Tok.Pos, r.Tok.End)
		return
	}
	s.line(&g.Moves)
}

// movetextStart returns where a game's movetext begins, or -1.
func movetextStart(g *pgn.Game) pgn.Pos {
	switch l := &g.Moves; {
	case len(l.Start) > 0:
		return l.Start[0].Pos()
	case len(l.Moves) > 0:
		return l.Moves[0].Pos()
	case g.Result != nil:
		return g.Result.Tok.Pos
	}
	return -1
}

// line descends into a line: its start nodes and moves, and the variation
// that holds off, iteratively (variations nest without limit).
func (s *selector) line(l *pgn.Line) {
	for l != nil {
		l = s.lineStep(l)
	}
}

// lineStep pushes the spans of the part of l that holds off, and returns
// the variation line to go on with, or nil.
func (s *selector) lineStep(l *pgn.Line) *pgn.Line {
	if i := pick(len(l.Start), func(i int) (pgn.Pos, pgn.Pos) { return l.Start[i].Pos(), l.Start[i].End() }, s.off); i >= 0 {
		return s.node(l.Start[i])
	}
	i := pick(len(l.Moves), func(i int) (pgn.Pos, pgn.Pos) { return l.Moves[i].Pos(), l.Moves[i].End() }, s.off)
	if i < 0 {
		return nil
	}
	m := l.Moves[i]
	annotated := annotatedEnd(m)
	if s.off > annotated {
		// In a variation of the move, or in what follows it.
		s.push(m.Pos(), m.End())
		j := pick(len(m.After), func(j int) (pgn.Pos, pgn.Pos) { return m.After[j].Pos(), m.After[j].End() }, s.off)
		if j < 0 {
			return nil
		}
		return s.node(m.After[j])
	}
	s.push(m.Pos(), annotated)
	switch {
	case s.off >= m.SAN.Pos && s.off <= m.SAN.End:
		s.push(m.SAN.Pos, m.SAN.End)
	case m.Number != nil && s.off <= m.Number.End():
		s.push(m.Number.Pos(), m.Number.End())
	default:
		if j := pick(len(m.Before), func(j int) (pgn.Pos, pgn.Pos) { return m.Before[j].Pos(), m.Before[j].End() }, s.off); j >= 0 {
			s.push(m.Before[j].Pos(), m.Before[j].End())
		} else if j := pick(len(m.After), func(j int) (pgn.Pos, pgn.Pos) { return m.After[j].Pos(), m.After[j].End() }, s.off); j >= 0 {
			s.push(m.After[j].Pos(), m.After[j].End())
		}
	}
	return nil
}

// node pushes the span of a node of a line and returns its line when it is
// a variation.
func (s *selector) node(n pgn.Node) *pgn.Line {
	s.push(n.Pos(), n.End())
	if v, ok := n.(*pgn.Variation); ok {
		return &v.Line
	}
	return nil
}

// annotatedEnd returns where a move's own annotations end: the end of the
// last node after it that comes before its first variation.
func annotatedEnd(m *pgn.Move) pgn.Pos {
	end := m.SAN.End
	for _, n := range m.After {
		if _, ok := n.(*pgn.Variation); ok {
			break
		}
		end = n.End()
	}
	return end
}
