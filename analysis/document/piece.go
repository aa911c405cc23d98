package document

import (
	"iter"

	"pgnls/analysis"
	"pgnls/pgn"
)

// Piece is one chunk of a snapshot parsed on its own, for a request: a few
// whole games, parsed in microseconds, which is what a request at one
// position or over a range needs. Its parse has offsets relative to the
// chunk; its methods take and return offsets in the whole text, so that
// the language server never shifts one. Each request parses again: trees
// are not kept.
type Piece struct {
	snap *Snapshot
	f    *pgn.File
	base int    // the chunk's offset in the whole text
	line int    // the line the chunk starts on
	c    *chunk // for its line table
}

// PieceAt returns the piece holding byte offset off (the last one for the
// end of the text).
func (s *Snapshot) PieceAt(off int) Piece {
	return s.pieceOf(s.list.atOffset(max(0, min(off, s.size))))
}

func (s *Snapshot) pieceOf(p place) Piece {
	return Piece{snap: s, f: p.chunk.parse(), base: p.base, line: p.line, c: p.chunk}
}

// Pieces yields every piece, in text order.
func (s *Snapshot) Pieces() iter.Seq[Piece] { return s.PiecesIn(0, s.size) }

// PiecesIn yields, in text order, the pieces that hold a byte of [from, to]
// (both ends included, so that an empty range at a chunk's start yields the
// piece before it too).
func (s *Snapshot) PiecesIn(from, to int) iter.Seq[Piece] {
	return func(yield func(Piece) bool) {
		from, to = max(0, min(from, s.size)), max(0, min(to, s.size))
		first := s.list.atOffset(max(0, from-1)).index
		s.list.all(first, func(p place) bool {
			return p.base <= to && yield(s.pieceOf(p))
		})
	}
}

// Games returns the number of games of the piece.
func (p Piece) Games() int { return len(p.f.Games) }

// TextBefore returns up to n bytes of the piece's text before off.
func (p Piece) TextBefore(off, n int) string {
	o := p.at(off)
	return p.f.Src[max(0, int(o)-n):o]
}

// at converts a whole-text offset to one of the piece, clamped to it.
func (p Piece) at(off int) pgn.Pos { return pgn.Pos(max(0, min(off-p.base, len(p.f.Src)))) }

// whole converts an offset of the piece to one of the whole text.
func (p Piece) whole(pos pgn.Pos) pgn.Pos { return pos + pgn.Pos(p.base) }

func (p Piece) edits(edits []analysis.Edit) []analysis.Edit {
	for i := range edits {
		edits[i].Pos, edits[i].End = p.whole(edits[i].Pos), p.whole(edits[i].End)
	}
	return edits
}

// Hover is analysis.Hover at off.
func (p Piece) Hover(off int, opts analysis.HoverOptions) *analysis.HoverResult {
	h := analysis.Hover(p.f, p.at(off), opts)
	if h != nil {
		h.Pos, h.End = p.whole(h.Pos), p.whole(h.End)
	}
	return h
}

// Complete is analysis.Complete at off.
func (p Piece) Complete(off int, opts analysis.CompleteOptions) *analysis.Completion {
	c := analysis.Complete(p.f, p.at(off), opts)
	if c != nil {
		c.Pos, c.End = p.whole(c.Pos), p.whole(c.End)
	}
	return c
}

// PlayerAt is analysis.PlayerAt at off, with the span of the tag's value
// (analysis.ValueSpan).
func (p Piece) PlayerAt(off int) (tag *pgn.Tag, valuePos, valueEnd int) {
	tag = analysis.PlayerAt(p.f, p.at(off))
	if tag == nil {
		return nil, 0, 0
	}
	pos, end := analysis.ValueSpan(p.f.Src, tag)
	return tag, int(p.whole(pos)), int(p.whole(end))
}

// RenamePlayer is analysis.RenamePlayer.
func (p Piece) RenamePlayer(name, newName string) []analysis.Edit {
	return p.edits(analysis.RenamePlayer(p.f, name, newName))
}

// SelectionRanges is analysis.SelectionRanges at off.
func (p Piece) SelectionRanges(off int) []analysis.Span {
	spans := analysis.SelectionRanges(p.f, p.at(off))
	for i := range spans {
		spans[i].Pos, spans[i].End = p.whole(spans[i].Pos), p.whole(spans[i].End)
	}
	return spans
}

// Actions is analysis.Actions over [from, to].
func (p Piece) Actions(from, to int, opts analysis.ActionOptions) []analysis.Action {
	actions := analysis.Actions(p.f, p.at(from), p.at(to), opts)
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

// StripFileActions is analysis.StripFileActions of the piece.
func (p Piece) StripFileActions() []analysis.Action {
	actions := analysis.StripFileActions(p.f)
	for i := range actions {
		actions[i].Edits = p.edits(actions[i].Edits)
	}
	return actions
}

// InlayHints is analysis.InlayHints over [from, to].
func (p Piece) InlayHints(from, to int, opts analysis.InlayOptions) []analysis.InlayHint {
	hints := analysis.InlayHints(p.f, p.at(from), p.at(to), opts)
	for i := range hints {
		hints[i].Pos = p.whole(hints[i].Pos)
	}
	return hints
}

// SemanticTokens is analysis.SemanticTokens over [from, to].
func (p Piece) SemanticTokens(from, to int) []analysis.SemanticToken {
	tokens := analysis.SemanticTokens(p.f, p.at(from), p.at(to))
	for i := range tokens {
		tokens[i].Pos, tokens[i].End = p.whole(tokens[i].Pos), p.whole(tokens[i].End)
	}
	return tokens
}

// Folds is analysis.Folds.
func (p Piece) Folds() []analysis.Fold {
	folds := analysis.Folds(p.f)
	for i := range folds {
		folds[i].Pos, folds[i].End = p.whole(folds[i].Pos), p.whole(folds[i].End)
	}
	return folds
}

// Links is analysis.Links.
func (p Piece) Links() []analysis.Link {
	links := analysis.Links(p.f)
	for i := range links {
		links[i].Pos, links[i].End = p.whole(links[i].Pos), p.whole(links[i].End)
	}
	return links
}

// GameSymbols is analysis.GameSymbols, the first game numbered number.
func (p Piece) GameSymbols(number int) []analysis.GameSymbol {
	games := analysis.GameSymbols(p.f, number)
	for i := range games {
		g := &games[i]
		g.Pos, g.End = p.whole(g.Pos), p.whole(g.End)
		g.NamePos, g.NameEnd = p.whole(g.NamePos), p.whole(g.NameEnd)
		for j := range g.Tags {
			t := &g.Tags[j]
			t.Pos, t.End = p.whole(t.Pos), p.whole(t.End)
			t.NamePos, t.NameEnd = p.whole(t.NamePos), p.whole(t.NameEnd)
		}
	}
	return games
}

// PositionAt is analysis.PositionAt at off, its move's and links' spans in
// whole-text offsets.
func (p Piece) PositionAt(off int, eco *analysis.ECOBook) *analysis.PositionAtCursor {
	at := analysis.PositionAt(p.f, p.at(off), eco)
	if at == nil {
		return nil
	}
	if at.Move != nil {
		at.Move.Pos, at.Move.End = p.whole(at.Move.Pos), p.whole(at.Move.End)
	}
	for _, l := range []*analysis.MoveLink{at.Previous, at.Next} {
		if l != nil {
			l.Pos, l.End = p.whole(l.Pos), p.whole(l.End)
		}
	}
	return at
}
