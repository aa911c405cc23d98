package document

import (
	"iter"
	"sort"

	"pgnls/analysis"
)

// A language server shows a capped selection of a document's diagnostics
// (errors first) after every keystroke. The blocks of the chunk list keep
// the count of each code once analyzed, so the counts are a sum over blocks,
// and remember which of their chunks have the codes asked for (visitable),
// so that finding the diagnostics of some codes visits only those chunks.
// Blocks not yet analyzed are visited chunk by chunk, so the selection also
// works while the first analysis runs.

// diagnosticsOfCodes yields, in text order and whole-text coordinates, the
// diagnostics of the given codes (a set indexed like Codes) computed so
// far, visiting only the blocks and chunks that have them.
func (s *Snapshot) diagnosticsOfCodes(codes []bool) iter.Seq[analysis.Diagnostic] {
	want := codeSetOf(codes)
	return func(yield func(analysis.Diagnostic) bool) {
		l := s.list
		for bi, b := range l.blocks {
			for _, j := range b.visitable(want) {
				if !l.ofCodes(bi, int(j), codes, want, yield) {
					return
				}
			}
		}
	}
}

// codeSetOf returns the set of the codes marked in codes (indexed like
// Codes).
func codeSetOf(codes []bool) codeSet {
	var want codeSet
	for i, ok := range codes {
		if ok {
			want = want.with(i)
		}
	}
	return want
}

// ofCodes calls yield with the diagnostics of chunk j of block bi whose
// codes are marked in codes (want is their set), in text order and
// whole-text coordinates, until yield returns false; it reports whether
// yield always returned true.
func (l *chunkList) ofCodes(bi, j int, codes []bool, want codeSet, yield func(analysis.Diagnostic) bool) bool {
	r := l.blocks[bi].chunks[j].result()
	if r == nil || r.codes&want == 0 {
		return true
	}
	p := l.placeIn(bi, j)
	for i := range r.diags.len() {
		if ci := r.diags.codeIndex(i); ci >= 0 && ci < len(codes) && codes[ci] {
			if !yield(p.toWhole(r.diags.at(i))) {
				return false
			}
		}
	}
	return true
}

// codeSet is a set of codes, by their index in Codes.
type codeSet uint64

// with returns the set with code i; a code past 63 (there are fewer)
// is in every set, which costs a look but misses nothing.
func (s codeSet) with(i int) codeSet {
	if i >= 64 {
		return ^codeSet(0)
	}
	return s | 1<<i
}

// Focus returns where the edit that made the snapshot started (0 for a
// document as opened): where the user is working, around which a capped
// selection of diagnostics is taken (nearestOfCodes).
func (s *Snapshot) Focus() int { return s.focus }

// nearestOfCodes appends to dst, in text order and whole-text coordinates,
// the n diagnostics of the given codes (a set indexed like Codes) nearest
// to offset focus, measured from their start; of two as near, the one
// after focus. It visits the chunks outward from focus, skipping the
// blocks and chunks without those codes, and stops once n are found on
// each side: the cost follows n, not the size of the document.
//
// With focus 0 they are the first n in text order. The lists it works in
// are scratch's, left cleared.
func (s *Snapshot) nearestOfCodes(dst []analysis.Diagnostic, codes []bool, focus, n int, scratch *nearestLists) []analysis.Diagnostic {
	if n <= 0 {
		return dst
	}
	want := codeSetOf(codes)
	l := s.list
	start := l.atOffset(max(0, min(focus, s.size)))
	sbi := sort.Search(len(l.chunkBases), func(k int) bool { return l.chunkBases[k] > start.index }) - 1
	sj := start.index - l.chunkBases[sbi]

	// after holds, in text order, the first n at or after focus; before,
	// nearest first, the n before it. The focus chunk's diagnostics
	// before focus are the nearest of those before. The lists are
	// scratch's: this runs after every keystroke.
	defer scratch.recycle()
	after, before, inStart, chunk := scratch.after[:0], scratch.before[:0], scratch.inStart[:0], scratch.chunk[:0]
	defer func() { scratch.after, scratch.before, scratch.inStart, scratch.chunk = after, before, inStart, chunk }()
	func() {
		for bi := sbi; bi < len(l.blocks); bi++ {
			for _, j := range l.blocks[bi].visitable(want) {
				if bi == sbi && int(j) < sj {
					continue
				}
				if !l.ofCodes(bi, int(j), codes, want, func(d analysis.Diagnostic) bool {
					if int(d.Pos) < focus {
						inStart = append(inStart, d)
						return true
					}
					after = append(after, d)
					return len(after) < n
				}) {
					return
				}
			}
		}
	}()
	for i := len(inStart) - 1; i >= 0 && len(before) < n; i-- {
		before = append(before, inStart[i])
	}
	for bi := sbi; bi >= 0 && len(before) < n; bi-- {
		visit := l.blocks[bi].visitable(want)
		for k := len(visit) - 1; k >= 0 && len(before) < n; k-- {
			j := int(visit[k])
			if bi == sbi && j >= sj {
				continue
			}
			chunk = chunk[:0]
			l.ofCodes(bi, j, codes, want, func(d analysis.Diagnostic) bool { chunk = append(chunk, d); return true })
			for i := len(chunk) - 1; i >= 0 && len(before) < n; i-- {
				before = append(before, chunk[i])
			}
		}
	}
	// Take the n nearest of both, then put them in text order.
	a, b := 0, 0
	for a+b < n && (a < len(after) || b < len(before)) {
		if b == len(before) || a < len(after) && int(after[a].Pos)-focus <= focus-int(before[b].Pos) {
			a++
		} else {
			b++
		}
	}
	for i := b - 1; i >= 0; i-- {
		dst = append(dst, before[i])
	}
	return append(dst, after[:a]...)
}

// nearestLists is nearestOfCodes' scratch space (Scratch).
type nearestLists struct{ after, before, inStart, chunk []analysis.Diagnostic }

// recycle clears the lists (their messages are the caller's), and drops
// those that grew past what a keystroke needs.
func (l *nearestLists) recycle() {
	for _, list := range []*[]analysis.Diagnostic{&l.after, &l.before, &l.inStart, &l.chunk} {
		if cap(*list) > 4096 {
			*list = nil
		}
		clear((*list)[:cap(*list)])
	}
}

// codeChunks is a block's memo of which of its chunks have diagnostics of
// some sets of codes.
type codeChunks struct {
	sets   []codeSet
	chunks [][]int32
}

// maxMemoSets is how many sets of codes a block remembers: a publication
// asks about two (the severities shown whole, the one cut), and settings
// rarely change.
const maxMemoSets = 4

// visitable returns the indexes of the block's chunks worth visiting for
// the codes of want: once every chunk is analyzed, those that have such a
// diagnostic; before, all of them.
//
// Blocks are shared between snapshots and an edit rebuilds only the block
// it touches, so the memo is made once per block: after every keystroke
// the server gathers the errors of the whole document, and looking at each
// of a large database's chunks for them would be much of the server's work
// per keystroke (bench/NOTES.md).
func (b *block) visitable(want codeSet) []int32 {
	memo := b.withCodes.Load()
	if memo != nil {
		for i, s := range memo.sets {
			if s == want {
				return memo.chunks[i]
			}
		}
	}
	idx := []int32{}
	for j, c := range b.chunks {
		r := c.result()
		if r == nil {
			return allChunks(len(b.chunks))
		}
		if r.codes&want != 0 {
			idx = append(idx, int32(j))
		}
	}
	next := &codeChunks{sets: []codeSet{want}, chunks: [][]int32{idx}}
	if memo != nil && len(memo.sets) < maxMemoSets {
		next.sets = append(next.sets, memo.sets...)
		next.chunks = append(next.chunks, memo.chunks...)
	}
	b.withCodes.Store(next) // two goroutines may both make it: same result
	return idx
}

// identity holds 0, 1, 2, ...: the indexes of every chunk of a block.
var identity = func() []int32 {
	idx := make([]int32, 2*blockSize)
	for i := range idx {
		idx[i] = int32(i)
	}
	return idx
}()

// allChunks returns the indexes 0 to n-1.
func allChunks(n int) []int32 {
	if n <= len(identity) {
		return identity[:n:n]
	}
	idx := make([]int32, n)
	for i := range idx {
		idx[i] = int32(i)
	}
	return idx
}
