package document

import (
	"strings"

	"pgnls/analysis"
	"pgnls/pgn"
)

// FormatEdits returns the edits that format the games, and the text between
// games, that the byte range [from, to] of the snapshot's text touches, with
// offsets in the whole text: the edits of FormatRangeEdits on a parse of
// the whole text, so that Format Document gives what `pgnls fmt` gives.
//
// The text is formatted a group of chunks at a time, never whole: a parse
// of a large document costs many times its size in memory. A group starts
// with a chunk whose first item is a game and holds the chunks after it
// that do not start with one. Every chunk parses alone as it does within
// the whole text (see Document), and a game that starts a chunk starts a
// line, so what comes before it ends a slot of the whole text's formatting
// (see fileSlots): each group formats alone as its part of the whole does,
// every slot ending with its empty line, the last one too. A chunk that
// starts inside a run of text between games (an edit can leave one there)
// is in the group of the text before it, since the whole text's formatting
// keeps the run together, with its own spacing.
// The pieces of `pgnls fmt` (pgn.Reader) are cut at games too.
func (s *Snapshot) FormatEdits(opts analysis.FormatOptions, from, to int) []analysis.Edit {
	from, to = max(0, min(from, s.size)), max(0, min(to, s.size))
	// The group of the chunk before from (an empty range at a chunk's
	// start touches the item before it, as in FormatRangeEdits).
	first := s.list.atOffset(max(0, from-1)).index
	firstFile := s.list.at(first).chunk.parse()
	for first > 0 && !startsWithGame(firstFile) {
		first--
		firstFile = s.list.at(first).chunk.parse()
	}
	var out []analysis.Edit
	var group []place       // the chunks of the group being gathered
	var groupFile *pgn.File // the parse of its first chunk
	flush := func() {
		base := group[0].base
		f := groupFile
		if len(group) > 1 {
			var b strings.Builder
			for _, p := range group {
				b.WriteString(p.chunk.text)
			}
			f = pgn.Parse(b.String())
		}
		n := len(f.Src)
		rf, rt := pgn.Pos(max(0, min(from-base, n))), pgn.Pos(max(0, min(to-base, n)))
		for _, e := range analysis.FormatRangeEdits(f, opts, rf, rt) {
			e.Pos += pgn.Pos(base)
			e.End += pgn.Pos(base)
			out = append(out, e)
		}
	}
	s.list.all(first, func(p place) bool {
		f := firstFile
		if p.index != first {
			f = p.chunk.parse()
		}
		if len(group) > 0 && startsWithGame(f) {
			flush()
			group = group[:0]
			if p.base > to {
				return false // the groups after the range have no edit
			}
		}
		if len(group) == 0 {
			groupFile = f
		}
		group = append(group, p)
		return true
	})
	if len(group) > 0 && group[0].base <= to {
		flush()
	}
	return out
}

// startsWithGame reports whether a chunk's first item is a game.
func startsWithGame(f *pgn.File) bool {
	if len(f.Items) == 0 {
		return false
	}
	_, ok := f.Items[0].(*pgn.Game)
	return ok
}
