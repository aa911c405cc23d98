package analysis

import "iter"

// A language server shows a capped selection of a document's diagnostics
// (errors first) after every keystroke. The blocks of the chunk list keep
// the count of each code once analyzed, so the counts are a sum over blocks,
// and finding the diagnostics of some codes visits only the blocks, and in
// them the chunks, that have them.

// summary describes the diagnostics of a fully analyzed snapshot.
type summary struct {
	counts []int // per code, indexed like Codes
}

// Summary returns the summary of the snapshot's diagnostics, or nil while
// some chunk is not analyzed yet.
func (s *Snapshot) Summary() *summary {
	if !s.Analyzed() {
		return nil
	}
	return &summary{counts: s.CodeCounts()}
}

// DiagnosticsOfCodes yields, in text order and whole-text coordinates, the
// diagnostics of the given codes (a set indexed like Codes) computed so
// far, visiting only the blocks and chunks that have them.
func (s *Snapshot) DiagnosticsOfCodes(codes []bool) iter.Seq[Diagnostic] {
	wanted := func(counts []int32) bool {
		for i, n := range counts {
			if n > 0 && i < len(codes) && codes[i] {
				return true
			}
		}
		return false
	}
	return func(yield func(Diagnostic) bool) {
		l := s.list
		for bi, b := range l.blocks {
			if counts := b.codeCounts(); counts != nil && !blockHas(counts, codes) {
				continue
			}
			for j, c := range b.chunks {
				r := c.result()
				if r == nil || !wanted(r.counts) {
					continue
				}
				p := l.placeIn(bi, j)
				for _, d := range r.diags {
					if i := CodeIndex(d.Code); i >= 0 && i < len(codes) && codes[i] {
						if !yield(p.toWhole(d)) {
							return
						}
					}
				}
			}
		}
	}
}

func blockHas(counts []int, codes []bool) bool {
	for i, n := range counts {
		if n > 0 && i < len(codes) && codes[i] {
			return true
		}
	}
	return false
}
