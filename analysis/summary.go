package analysis

import (
	"iter"
	"slices"

	"pgnls/pgn"
)

// A language server shows a capped selection of a document's diagnostics
// (errors first) after every keystroke. Finding it by visiting every chunk
// costs a pointer chase per game, tens of milliseconds on a 30 MB database;
// a summary per snapshot — the count of each code and, for each code, the
// chunks that have it — finds it by visiting only the chunks that hold what
// is shown. An edit derives the new summary from the old one in time
// proportional to the lists, not to the text.

// summary describes the diagnostics of a fully analyzed snapshot.
type summary struct {
	counts []int     // per code, indexed like Codes
	byCode [][]int32 // per code: the indexes of the chunks that have it, ascending
}

// derivation records how a snapshot was made from its parent by Edit:
// removed chunks from first were replaced by added ones.
type derivation struct {
	parent                *Snapshot
	first, removed, added int
}

// derivation returns how to make the summary of a child snapshot made from
// s by edit: from s's summary if it has one, else, composing the edits, from
// the snapshot s would have made its own from — during fast typing each
// snapshot is replaced before its analysis ends, and its summary is never
// made.
func (s *Snapshot) derivation(edit *derivation) *derivation {
	s.summaryMu.Lock()
	defer s.summaryMu.Unlock()
	if s.summary != nil || s.derivedFrom == nil {
		return edit
	}
	return compose(s.derivedFrom, edit)
}

// compose returns the derivation of s3 from s1, given that of s2 from s1
// (a) and of s3 from s2 (b): the window of chunks either changed.
func compose(a, b *derivation) *derivation {
	lo := min(a.first, b.first)
	hi2 := max(a.first+a.added, b.first+b.removed) // in s2's indexes
	hi1 := hi2 - a.added + a.removed
	hi3 := hi2 - b.removed + b.added
	return &derivation{parent: a.parent, first: lo, removed: hi1 - lo, added: hi3 - lo}
}

// Summary returns the summary of the snapshot's diagnostics, or nil while
// some chunk is not analyzed yet.
func (s *Snapshot) Summary() *summary {
	s.summaryMu.Lock()
	defer s.summaryMu.Unlock()
	if s.summary != nil {
		return s.summary
	}
	if d := s.derivedFrom; d != nil {
		if sum := d.parent.summaryIfMade(); sum != nil {
			if derived, ok := s.derive(sum, d); ok {
				s.summary, s.derivedFrom = derived, nil
				return s.summary
			}
		}
	}
	for _, c := range s.chunks {
		if c.result() == nil {
			return nil
		}
	}
	s.summary, s.derivedFrom = s.summarize(), nil
	return s.summary
}

// summaryIfMade returns the summary if it has been made, without making it.
func (s *Snapshot) summaryIfMade() *summary {
	s.summaryMu.Lock()
	defer s.summaryMu.Unlock()
	return s.summary
}

// summarize visits every chunk.
func (s *Snapshot) summarize() *summary {
	sum := &summary{counts: make([]int, len(Codes)), byCode: make([][]int32, len(Codes))}
	for i, c := range s.chunks {
		for code, n := range c.result().counts {
			if n > 0 {
				sum.counts[code] += int(n)
				sum.byCode[code] = append(sum.byCode[code], int32(i))
			}
		}
	}
	return sum
}

// derive makes the summary from the parent's: the counts of the removed
// chunks out, those of the added chunks in, and the chunk indexes after the
// edit shifted. It fails while an added chunk is not analyzed.
func (s *Snapshot) derive(parent *summary, d *derivation) (*summary, bool) {
	added := s.chunks[d.first : d.first+d.added]
	for _, c := range added {
		if c.result() == nil {
			return nil, false
		}
	}
	removed := d.parent.chunks[d.first : d.first+d.removed]
	shift := int32(d.added - d.removed)
	end := int32(d.first + d.removed)
	sum := &summary{counts: slices.Clone(parent.counts), byCode: make([][]int32, len(Codes))}
	for code, list := range parent.byCode {
		for _, c := range removed {
			sum.counts[code] -= int(c.result().counts[code])
		}
		lo, _ := slices.BinarySearch(list, int32(d.first))
		hi, _ := slices.BinarySearch(list, end)
		out := make([]int32, 0, len(list)-(hi-lo)+d.added)
		out = append(out, list[:lo]...)
		for j, c := range added {
			if n := c.result().counts[code]; n > 0 {
				sum.counts[code] += int(n)
				out = append(out, int32(d.first+j))
			}
		}
		for _, i := range list[hi:] {
			out = append(out, i+shift)
		}
		sum.byCode[code] = out
	}
	return sum, true
}

// DiagnosticsOfCodes yields, in text order and whole-text coordinates, the
// diagnostics of the given codes (a set indexed like Codes), visiting only
// the chunks that have them. It needs the summary: it yields nothing while
// the snapshot is not fully analyzed.
func (s *Snapshot) DiagnosticsOfCodes(codes []bool) iter.Seq[Diagnostic] {
	return func(yield func(Diagnostic) bool) {
		sum := s.Summary()
		if sum == nil {
			return
		}
		var lists [][]int32
		for code, want := range codes {
			if want && code < len(sum.byCode) && len(sum.byCode[code]) > 0 {
				lists = append(lists, sum.byCode[code])
			}
		}
		for i := range mergeSorted(lists) {
			r := s.chunks[i].result()
			for _, d := range r.diags {
				if ci := CodeIndex(d.Code); ci < 0 || ci >= len(codes) || !codes[ci] {
					continue
				}
				if !yield(s.toWhole(i, d)) {
					return
				}
			}
		}
	}
}

// toWhole moves a chunk's diagnostic into whole-text coordinates.
func (s *Snapshot) toWhole(chunk int, d Diagnostic) Diagnostic {
	base := pgn.Pos(s.bases[chunk])
	d.Pos += base
	d.End += base
	if d.Game >= 0 {
		d.Game += s.gameBases[chunk]
	}
	return d
}

// mergeSorted yields the distinct values of ascending lists in order.
func mergeSorted(lists [][]int32) iter.Seq[int] {
	return func(yield func(int) bool) {
		pos := make([]int, len(lists))
		last := int32(-1)
		for {
			best := -1
			for k, l := range lists {
				if pos[k] < len(l) && (best < 0 || l[pos[k]] < lists[best][pos[best]]) {
					best = k
				}
			}
			if best < 0 {
				return
			}
			v := lists[best][pos[best]]
			pos[best]++
			if v != last {
				last = v
				if !yield(int(v)) {
					return
				}
			}
		}
	}
}
