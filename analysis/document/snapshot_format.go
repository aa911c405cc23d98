package document

import (
	"context"
	"runtime"
	"strings"
	"sync"

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
//
// Format on save of a large database must not cost a full reformat each
// time (the editors allow it two seconds): a chunk is immutable and shared
// by every later snapshot, so a group of one chunk that formatted to no
// edit remembers it (chunk.formattedWith), and only the chunks an edit
// made since are formatted again. The groups are formatted on every core.
func (s *Snapshot) FormatEdits(opts analysis.FormatOptions, from, to int) []analysis.Edit {
	from, to = max(0, min(from, s.size)), max(0, min(to, s.size))
	// The group of the chunk before from (an empty range at a chunk's
	// start touches the item before it, as in FormatRangeEdits).
	first := s.list.atOffset(max(0, from-1)).index
	for first > 0 && !s.list.at(first).chunk.startsWithGame() {
		first--
	}
	var groups [][]place
	var group []place // the chunks of the group being gathered
	s.list.all(first, func(p place) bool {
		if len(group) > 0 && p.chunk.startsWithGame() {
			groups = append(groups, group)
			group = nil
			if p.base > to {
				return false // the groups after the range have no edit
			}
		}
		group = append(group, p)
		return true
	})
	if len(group) > 0 && group[0].base <= to {
		groups = append(groups, group)
	}
	edits := make([][]analysis.Edit, len(groups))
	forEachGroup(len(groups), func(i int) {
		edits[i] = formatGroup(groups[i], opts, from, to)
	})
	var out []analysis.Edit
	for _, e := range edits {
		out = append(out, e...)
	}
	return out
}

// WarmFormat formats the groups of one chunk that have not been with opts,
// keeping no edit, so that the first Format Document of a large document
// just opened costs only what its edits need (see FormatEdits). It starts
// at the chunk that holds byte offset from and goes to the end of the
// text, unless ctx ends first; it returns the offset to resume from, and
// whether it reached the end.
//
// It is work for the server's idle time, which must give way to a
// keystroke at once: it formats one chunk at a time on the calling
// goroutine, tests ctx before each, and yields the processor after each.
// On all cores, as it was, it stopped a keystroke's analysis from getting
// one, and it stopped only once the goroutine that handed out the chunks
// had been through the hundred thousand of a 30 MB text (bench/NOTES.md).
// Chunks are shared by the snapshots of a document, so next resumes the
// warm-up in a later snapshot: the chunks an edit made before next are
// left to FormatEdits, which formats them when they are asked for.
func (s *Snapshot) WarmFormat(ctx context.Context, opts analysis.FormatOptions, from int) (next int, done bool) {
	if from >= s.size || s.list.n == 0 {
		return s.size, true
	}
	var prev place // the chunk to warm once the one after it is known
	have, stopped := false, false
	s.list.all(s.list.atOffset(max(0, from)).index, func(p place) bool {
		if have {
			if ctx.Err() != nil {
				stopped = true
				return false
			}
			warmChunk(prev, p, opts)
			runtime.Gosched()
		}
		prev, have = p, true
		return true
	})
	if stopped || ctx.Err() != nil {
		return prev.base, false
	}
	warmChunk(prev, place{}, opts)
	return s.size, true
}

// warmChunk formats p as a group of its own, unless it formatted to no
// edit before, or it starts with no game, or the chunk after it (nil
// chunk: none) starts with no game: p's group then has several chunks,
// and nothing is remembered of those.
func warmChunk(p, after place, opts analysis.FormatOptions) {
	if p.chunk.formatted(opts) || !p.chunk.startsWithGame() {
		return
	}
	if after.chunk != nil && !after.chunk.startsWithGame() {
		return
	}
	formatGroup([]place{p}, opts, p.base, p.base+len(p.chunk.text))
}

// formatGroup returns the edits of FormatRangeEdits on one group, in
// whole-text offsets.
func formatGroup(group []place, opts analysis.FormatOptions, from, to int) []analysis.Edit {
	one := len(group) == 1
	if one && group[0].chunk.formatted(opts) {
		return nil // formatted to no edit before: its text has not changed
	}
	base := group[0].base
	var f *pgn.File
	if one {
		f = group[0].chunk.parse()
	} else {
		var b strings.Builder
		for _, p := range group {
			b.WriteString(p.chunk.text)
		}
		f = pgn.Parse(b.String())
	}
	n := len(f.Src)
	rf, rt := pgn.Pos(max(0, min(from-base, n))), pgn.Pos(max(0, min(to-base, n)))
	edits := analysis.FormatRangeEdits(f, opts, rf, rt)
	if one && len(edits) == 0 && rf == 0 && int(rt) == n {
		group[0].chunk.setFormatted(opts)
	}
	for i := range edits {
		edits[i].Pos += pgn.Pos(base)
		edits[i].End += pgn.Pos(base)
	}
	return edits
}

// forEachGroup calls fn(i) for i in [0, n) on up to GOMAXPROCS goroutines.
func forEachGroup(n int, fn func(i int)) {
	workers := min(n, runtime.GOMAXPROCS(0))
	if workers <= 1 {
		for i := range n {
			fn(i)
		}
		return
	}
	var wg sync.WaitGroup
	next := make(chan int)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				fn(i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}

// startsWithGame reports whether a chunk's first item is a game, parsing
// it the first time only.
func (c *chunk) startsWithGame() bool {
	switch c.firstItem.Load() {
	case firstIsGame:
		return true
	case firstIsOther:
		return false
	}
	f := c.parse()
	starts := false
	if len(f.Items) > 0 {
		_, starts = f.Items[0].(*pgn.Game)
	}
	if starts {
		c.firstItem.Store(firstIsGame)
	} else {
		c.firstItem.Store(firstIsOther)
	}
	return starts
}

// What a chunk knows of its first item (chunk.firstItem).
const (
	firstUnknown int32 = iota
	firstIsGame
	firstIsOther
)

// formatted reports whether the chunk, as a group of its own, formatted to
// no edit with opts.
func (c *chunk) formatted(opts analysis.FormatOptions) bool {
	o := c.formattedWith.Load()
	return o != nil && *o == opts
}

// setFormatted records that the chunk formats to no edit with opts.
func (c *chunk) setFormatted(opts analysis.FormatOptions) {
	c.formattedWith.Store(&opts)
}
