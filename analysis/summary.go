package analysis

import "iter"

// A language server shows a capped selection of a document's diagnostics
// (errors first) after every keystroke. The blocks of the chunk list keep
// the count of each code once analyzed, so the counts are a sum over blocks,
// and finding the diagnostics of some codes visits only the blocks, and in
// them the chunks, that have them. Blocks not yet analyzed are visited chunk
// by chunk, so the selection also works while the first analysis runs.

// DiagnosticsOfCodes yields, in text order and whole-text coordinates, the
// diagnostics of the given codes (a set indexed like Codes) computed so
// far, visiting only the blocks and chunks that have them.
func (s *Snapshot) DiagnosticsOfCodes(codes []bool) iter.Seq[Diagnostic] {
	var want codeSet
	for i, ok := range codes {
		if ok {
			want = want.with(i)
		}
	}
	return func(yield func(Diagnostic) bool) {
		l := s.list
		for bi, b := range l.blocks {
			if counts := b.codeCounts(); counts != nil && !hasAny(counts, codes) {
				continue
			}
			for j, c := range b.chunks {
				// One AND per chunk: in a block that has them, every chunk
				// is looked at (looping over the counts of each took a fifth
				// of a large document's keystroke).
				r := c.result()
				if r == nil || r.codes&want == 0 {
					continue
				}
				p := l.placeIn(bi, j)
				for i := range r.diags.len() {
					if ci := r.diags.codeIndex(i); ci >= 0 && ci < len(codes) && codes[ci] {
						if !yield(p.toWhole(r.diags.at(i))) {
							return
						}
					}
				}
			}
		}
	}
}

// hasAny reports whether counts (per code) has any of the codes.
func hasAny(counts []int, codes []bool) bool {
	for i, n := range counts {
		if n > 0 && i < len(codes) && codes[i] {
			return true
		}
	}
	return false
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
