package document

import (
	"cmp"
	"slices"

	"pgnls/analysis"
)

// SelectOptions say which of a snapshot's diagnostics an editor shows.
type SelectOptions struct {
	// Severity overrides the severity of some codes (the severity
	// setting); one outside analysis.Error..analysis.Hint hides the code.
	Severity map[analysis.Code]analysis.Severity
	// Max is the most diagnostics shown; 0 shows them all.
	Max int
	// Scratch, when set, is the space Select works in, reused from call
	// to call; nil: Select makes its own.
	Scratch *Scratch
	// Extra are diagnostics found outside the snapshot's analysis (the
	// engine's, analysis/engine), in whole-text offsets: shown with the
	// others, under the same severities and cap.
	Extra []analysis.Diagnostic
}

// Scratch is the working space of Select, kept by a caller that selects
// again and again (a language server, after every keystroke, for each
// open document), so that a selection makes no garbage beyond its result.
// The zero Scratch is ready. It is for one Select at a time, and holds
// nothing of a snapshot between them.
type Scratch struct{ nearest nearestLists }

// severity returns the severity d is shown with.
func (o *SelectOptions) severity(d analysis.Diagnostic) analysis.Severity {
	if sev, ok := o.Severity[d.Code]; ok {
		return sev
	}
	return d.Severity
}

// Selection is what Select chose.
type Selection struct {
	// Diagnostics are the diagnostics shown, in text order and whole-text
	// offsets, each with the severity it is shown with.
	Diagnostics []analysis.Diagnostic
	// Omitted is how many of those computed so far are left out by Max.
	Omitted int
}

// Select returns the diagnostics computed so far that an editor shows with
// opts, appended to dst: the severities overridden, hidden codes left out,
// and at most opts.Max of them. The most severe are kept first; of the
// severity that does not fit whole, those nearest the edit that made the
// snapshot (Focus), so that in a database with more problems than the cap
// the ones around where the user works are shown.
//
// It counts from the per-code totals, then visits only the chunks that hold
// diagnostics that will be shown: a large document can have hundreds of
// thousands of diagnostics, and a language server selects after every
// keystroke, so the cost follows what is shown, not the size of the
// document.
func (s *Snapshot) Select(opts SelectOptions, dst []analysis.Diagnostic) Selection {
	counts := s.CodeCounts()
	effective := make([]analysis.Severity, analysis.CodeCount())
	var perSeverity [analysis.Hint + 1]int
	shown := 0
	for i := range analysis.CodeCount() {
		info := analysis.CodeAt(i)
		effective[i] = opts.severity(analysis.Diagnostic{Code: info.Code, Severity: info.Severity})
		if sev := effective[i]; sev >= analysis.Error && sev <= analysis.Hint {
			perSeverity[sev] += counts[i]
			shown += counts[i]
		}
	}
	for _, d := range opts.Extra {
		if sev := opts.severity(d); sev >= analysis.Error && sev <= analysis.Hint {
			perSeverity[sev]++
			shown++
		}
	}
	cut, room, omitted := severityCut(perSeverity, opts.Max)
	limit := shown - omitted
	above := make([]bool, len(effective))
	at := make([]bool, len(effective))
	for i, sev := range effective {
		above[i] = sev >= analysis.Error && sev < cut
		at[i] = sev == cut
	}
	// While the first analysis runs, chunks finish between counting and
	// selecting: limit bounds what is taken all the same.
	var extraAbove, extraAt []analysis.Diagnostic
	for _, d := range opts.Extra {
		switch sev := opts.severity(d); {
		case sev >= analysis.Error && sev < cut:
			extraAbove = append(extraAbove, d)
		case sev == cut:
			extraAt = append(extraAt, d)
		}
	}
	kept := dst
	for d := range s.diagnosticsOfCodes(above) {
		if len(kept)-len(dst) == limit-len(extraAbove) {
			break
		}
		kept = append(kept, d)
	}
	kept = append(kept, extraAbove...)
	if room = min(room, limit-(len(kept)-len(dst))); room > 0 {
		scratch := opts.Scratch
		if scratch == nil {
			scratch = new(Scratch)
		}
		start := len(kept)
		kept = s.nearestOfCodes(kept, at, s.focus, room, &scratch.nearest)
		if len(extraAt) > 0 {
			kept = append(kept[:start], nearest(append(slices.Clone(kept[start:]), extraAt...), s.focus, room)...)
		}
	}
	mine := kept[len(dst):]
	slices.SortStableFunc(mine, func(a, b analysis.Diagnostic) int { return cmp.Compare(a.Pos, b.Pos) })
	for i := range mine {
		mine[i].Severity = opts.severity(mine[i])
	}
	return Selection{Diagnostics: kept, Omitted: omitted}
}

// severityCut says which diagnostics to keep when there may be more than
// limit (0: no limit), given how many there are of each severity: all those
// more severe than cut, and the first room of severity cut. It also returns
// how many are left out.
func severityCut(perSeverity [analysis.Hint + 1]int, limit int) (cut analysis.Severity, room, omitted int) {
	total := 0
	for _, n := range perSeverity {
		total += n
	}
	if limit <= 0 || total <= limit {
		return analysis.Hint, perSeverity[analysis.Hint], 0
	}
	cut, room = analysis.Error, limit
	for cut < analysis.Hint && perSeverity[cut] < room {
		room -= perSeverity[cut]
		cut++
	}
	return cut, room, total - limit
}

// nearest returns the n of diags nearest to focus.
func nearest(diags []analysis.Diagnostic, focus, n int) []analysis.Diagnostic {
	distance := func(d analysis.Diagnostic) int {
		if int(d.Pos) >= focus {
			return int(d.Pos) - focus
		}
		return focus - int(d.End)
	}
	slices.SortStableFunc(diags, func(a, b analysis.Diagnostic) int { return cmp.Compare(distance(a), distance(b)) })
	return diags[:min(n, len(diags))]
}
