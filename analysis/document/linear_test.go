package document

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"pgnls/analysis"
	"pgnls/pgn"
	"pgnls/pgn/pgntest"
)

// The linear-time test: no input makes parsing, checking or formatting
// super-linear. Work is counted, not timed (pgntest.Probe): TestLinearTime
// builds this package's tests with coverage counters over pgn, analysis,
// analysis/board and analysis/document, and runs TestLinearProbe once per
// hostile shape, size and stage; the sum of the statements each run ran is
// its work (GOMAXPROCS=1: the parallel loops run in turn). The work of a
// stage is that of a run up to it minus that of a run that stops before
// it. Doubling the input must not multiply the work of a stage by more
// than pgntest.MaxLinearRatio; a quadratic loop multiplies its share by 4.
//
// What the statement count misses, the library code a statement calls (a
// strings.IndexByte over the rest of the text), package pgn counts where
// it searches beyond the current token (pgn/linear_test.go).

// linearShapes are the hostile shapes, each as a function of a size n (the
// shapes of pgn/linear_test.go, and some that only the checker and the
// formatter find hard).
var linearShapes = []struct {
	name string
	n    int
	make func(n int) string
}{
	{"line of '['", 20000, func(n int) string { return strings.Repeat("[", n) }},
	{"line of tag openings without an end", 5000, func(n int) string { return strings.Repeat(`[a "`, n) + "\n1. e4 *\n" }},
	{"tag openings with values on one line", 5000, func(n int) string { return strings.Repeat(`[a "b" `, n) + "\n" }},
	{"unclosed comments cut by tag lines", 1000, func(n int) string { return strings.Repeat(pgntest.SevenTags+"1. e4 {\n", n) + "}" }},
	{"comment lines that look like tags", 5000, func(n int) string { return "1. e4 {" + strings.Repeat("\n[x \n[", n) + "} *" }},
	{"open braces", 20000, func(n int) string { return "1. e4 " + strings.Repeat("{", n) + " *\n" }},
	{"unmatched closing braces", 10000, func(n int) string { return "1. e4 " + strings.Repeat("} ", n) + "*\n" }},
	{"nested parentheses", 50000, func(n int) string { return pgntest.SevenTags + "1. e4 " + strings.Repeat("(", n) + " *\n" }},
	{"nested variations with moves", 5000, func(n int) string { return pgntest.SevenTags + "1. e4 " + strings.Repeat("( e4 ", n) + "*\n" }},
	{"closed nested variations", 5000, func(n int) string {
		return pgntest.SevenTags + "1. e4 " + strings.Repeat("(1. d4 ", n) + strings.Repeat(")", n) + " *\n"
	}},
	{"deep variations with moves", 2000, func(n int) string {
		return pgntest.SevenTags + "1. e4 e5 " + strings.Repeat("(1... c5 2. Nf3 ", n) + strings.Repeat(") ", n) + "2. Nf3 *\n"
	}},
	{"sibling variations", 5000, func(n int) string { return pgntest.SevenTags + "1. e4 " + strings.Repeat("(1. d4 d5) ", n) + "*\n" }},
	{"unmatched closing parentheses", 10000, func(n int) string { return "1. e4 " + strings.Repeat(") ", n) + "*\n" }},
	{"long movetext", 4000, func(n int) string { return pgntest.SevenTags + strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", n/4) + "*\n" }},
	{"long movetext with numbers and annotations", 4000, func(n int) string {
		var b strings.Builder
		b.WriteString(pgntest.SevenTags)
		for i := 0; i < n/4; i++ {
			fmt.Fprintf(&b, "%d. Nf3 $1 Nf6 {c} %d. Ng1 (%d. Nc3) Ng8! ", 2*i+1, 2*i+2, 2*i+2)
		}
		return b.String() + "*\n"
	}},
	{"many tags", 5000, func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "[Tag%d \"value\"]\n", i)
		}
		return b.String() + "\n1. e4 *\n"
	}},
	{"many tags in reverse order", 5000, func(n int) string {
		var b strings.Builder
		for i := n; i > 0; i-- {
			fmt.Fprintf(&b, "[Tag%06d \"value\"]\n", i)
		}
		return b.String() + "[Result \"*\"]\n[Event \"e\"]\n\n1. e4 *\n"
	}},
	{"one tag repeated", 5000, func(n int) string { return strings.Repeat("[Event \"x\"]\n", n) + "\n1. e4 *\n" }},
	{"long comment", 20000, func(n int) string { return pgntest.SevenTags + "1. e4 {" + strings.Repeat("x ", n) + "} *\n" }},
	{"long comment without spaces", 50000, func(n int) string { return pgntest.SevenTags + "1. e4 {" + strings.Repeat("x", n) + "} *\n" }},
	{"long tag value", 50000, func(n int) string { return "[Event \"" + strings.Repeat("x", n) + "\"]\n\n1. e4 *\n" }},
	{"many games without results", 1000, func(n int) string { return strings.Repeat("[Event \"x\"]\n\n1. e4 e5\n\n", n) }},
	{"many games", 500, func(n int) string { return strings.Repeat(pgntest.SevenTags+"1. e4 e5 2. Nf3 Nc6 *\n\n", n) }},
	{"many games with CRLF", 1000, func(n int) string { return strings.Repeat("[Event \"x\"]\r\n\r\n1. e4 e5 *\r\n\r\n", n) }},
	{"unterminated strings", 10000, func(n int) string { return strings.Repeat("\"abc\n", n) }},
	{"move numbers without moves", 10000, func(n int) string { return strings.Repeat("1. ", n) }},
	{"NAGs", 10000, func(n int) string { return pgntest.SevenTags + "1. e4 " + strings.Repeat("$1 ", n) + "*\n" }},
	{"escape lines", 10000, func(n int) string { return strings.Repeat("%x\n", n) }},
	{"semicolon comments", 10000, func(n int) string { return pgntest.SevenTags + "1. e4 " + strings.Repeat("; x\n", n) + "*\n" }},
	{"one long symbol", 50000, func(n int) string { return "1. " + strings.Repeat("a", n) + " *\n" }},
	{"illegal moves", 5000, func(n int) string { return pgntest.SevenTags + "1. e4 " + strings.Repeat("Ke3 ", n) + "*\n" }},
	{"illegal bytes", 10000, func(n int) string { return strings.Repeat("<\x00> ", n) }},
	{"white space then a bracket", 50000, func(n int) string { return "[" + strings.Repeat(" ", n) + "\n1. e4 *\n" }},
	{"tag pairs broken across lines", 5000, func(n int) string { return strings.Repeat("[Event\n\"x\"]\n", n) }},
}

// The stages a probe runs; each includes the ones before it (but document,
// which parses the text itself).
var linearStages = []string{"none", "parse", "check", "format", "document"}

// taglessGames is n one-line games without tags, each a chunk of a
// document: the file where an edit at the top can change the parse of
// everything after it.
func taglessGames(n int) string { return strings.Repeat("1. e4 e5 *\n", n) }

// linearEdits are edits at the top of a large document that change how the
// rest of it parses (a comment opened there runs on to the end of the
// text), and their reverse: the edit and the analysis of the new version
// must cost no more than linear time in the size of the document.
var linearEdits = []struct {
	name       string
	n          int
	make       func(n int) string
	start, end int
	insert     string
}{
	{"a comment opened at the top of tagless games", 4000, taglessGames, 0, 0, "{"},
	{"the comment at the top of tagless games removed", 4000, func(n int) string { return "{" + taglessGames(n) }, 0, 1, ""},
	{"the comment at the top of tagless games closed", 4000, func(n int) string { return "{" + taglessGames(n) }, 1, 1, "}"},
	{"the closed comment at the top of tagless games opened", 4000, func(n int) string { return "{}" + taglessGames(n) }, 1, 2, ""},
	{"a string opened at the top of tagless games", 4000, taglessGames, 0, 0, "\""},
	{"the string at the top of tagless games removed", 4000, func(n int) string { return "\"" + taglessGames(n) }, 0, 1, ""},
	{"a variation opened at the top of tagless games", 4000, taglessGames, 0, 0, "("},
	{"the variation at the top of tagless games removed", 4000, func(n int) string { return "(" + taglessGames(n) }, 0, 1, ""},
	{"a comment opened at the top of games with tags", 1000, func(n int) string { return strings.Repeat(pgntest.SevenTags+"1. e4 e5 *\n\n", n) }, len(pgntest.SevenTags), len(pgntest.SevenTags), "{"},
	{"a comment opened at the top of games on one line", 4000, func(n int) string { return strings.Repeat("1. e4 e5 * ", n) + "\n" }, 0, 0, "{"},
}

// TestLinearProbe is one measured run, for TestLinearTime and
// TestEditsCostLinearTime: it skips unless PGNLS_LINEAR_PROBE says
// "shape:n:stage" or "edit:i:n:stage".
func TestLinearProbe(t *testing.T) {
	parts := strings.Split(pgntest.ProbeSpec(t, linearProbeEnv, "TestLinearTime and TestEditsCostLinearTime"), ":")
	// Warm up: what is done once (tables, caches) is then in every run.
	warm := pgntest.SevenTags + "1. e4 e5 2. Nf3 (2. f4 exf4) Nc6 {c} 3. Bb5 $1 a6 *\n"
	analysis.Format(pgn.Parse(warm), analysis.FormatOptions{})
	analysis.CheckFile(pgn.Parse(warm))
	NewDocument(warm).Snapshot().Analyze(context.Background(), nil)
	if parts[0] == "edit" {
		editProbe(t, parts[1:])
		return
	}
	shape, _ := strconv.Atoi(parts[0])
	n, _ := strconv.Atoi(parts[1])
	stage := parts[2]

	text := linearShapes[shape].make(n)
	switch stage {
	case "none":
	case "parse":
		pgn.Parse(text)
	case "check":
		analysis.CheckFile(pgn.Parse(text))
	case "format":
		analysis.Format(pgn.Parse(text), analysis.FormatOptions{})
	case "document":
		if err := NewDocument(text).Snapshot().Analyze(context.Background(), nil); err != nil {
			t.Fatal(err)
		}
	default:
		t.Fatalf("unknown stage %q", stage)
	}
}

// editProbe opens a document of an edit of linearEdits and analyzes it
// (stage "open"), then also makes the edit and analyzes the new version
// (stage "edit").
func editProbe(t *testing.T, spec []string) {
	i, _ := strconv.Atoi(spec[0])
	n, _ := strconv.Atoi(spec[1])
	e := linearEdits[i]
	doc := NewDocument(e.make(n))
	if err := doc.Snapshot().Analyze(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	// The counts of each block's codes are made once, when first asked
	// for (as the server does after the first analysis): their cost is
	// the opening's, not the edit's.
	doc.Snapshot().CodeCounts()
	if spec[2] == "open" {
		return
	}
	if err := doc.Edit(e.start, e.end, e.insert); err != nil {
		t.Fatal(err)
	}
	if err := doc.Snapshot().Analyze(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
}

// linearProbeEnv holds the spec of a run of TestLinearProbe.
const linearProbeEnv = "PGNLS_LINEAR_PROBE"

// linearProbe is this package's tests built with coverage counters, for
// the probes.
func linearProbe(t *testing.T) *pgntest.Probe {
	return pgntest.BuildProbe(t, "TestLinearProbe", linearProbeEnv,
		"pgnls/pgn", "pgnls/analysis", "pgnls/analysis/board", "pgnls/analysis/document")
}

// An edit at the top of a large document that changes how all the rest
// parses (a comment opened there, which runs on to the end of the text)
// costs linear time, with the analysis of the new version, and so does its
// reverse: doubling the document must not multiply their work by more
// than pgntest.MaxLinearRatio (a region of the document grown chunk by chunk and
// parsed again each time multiplied it by 4).
func TestEditsCostLinearTime(t *testing.T) {
	probe := linearProbe(t)
	// For each edit, open and edit at n, then at 2n.
	var specs []string
	for i, e := range linearEdits {
		for _, n := range []int{e.n, 2 * e.n} {
			specs = append(specs, fmt.Sprintf("edit:%d:%d:open", i, n), fmt.Sprintf("edit:%d:%d:edit", i, n))
		}
	}
	work := probe.Statements(t, specs)
	if t.Failed() {
		return
	}
	for i, e := range linearEdits {
		t.Run(e.name, func(t *testing.T) {
			k := 4 * i
			w1, w2 := work[k+1]-work[k], work[k+3]-work[k+2]
			ratio := pgntest.CheckLinear(t, "the statements the edit runs", float64(w1), float64(w2), 1000)
			t.Logf("n=%d: edit %d→%d (x%.2f)", e.n, w1, w2, ratio)
		})
	}
}

func TestLinearTime(t *testing.T) {
	probe := linearProbe(t)
	type run struct {
		shape, n int
		stage    string
	}
	var runs []run
	for i, shape := range linearShapes {
		for _, n := range []int{shape.n, 2 * shape.n} {
			for _, stage := range linearStages[1:] {
				runs = append(runs, run{i, n, stage})
			}
		}
	}
	runs = append(runs, run{0, 0, "none"})
	specs := make([]string, len(runs))
	for k, r := range runs {
		specs[k] = fmt.Sprintf("%d:%d:%s", r.shape, r.n, r.stage)
	}
	counts := probe.Statements(t, specs)
	if t.Failed() {
		return
	}
	work := make(map[run]int64, len(runs))
	for k, r := range runs {
		work[r] = counts[k]
	}

	base := work[run{0, 0, "none"}]
	for i, shape := range linearShapes {
		t.Run(shape.name, func(t *testing.T) {
			of := func(n int, stage string) int64 {
				switch stage {
				case "parse", "document":
					return work[run{i, n, stage}] - base
				}
				return work[run{i, n, stage}] - work[run{i, n, "parse"}]
			}
			var report []string
			for _, stage := range linearStages[1:] {
				w1, w2 := of(shape.n, stage), of(2*shape.n, stage)
				ratio := pgntest.CheckLinear(t, "the statements of "+stage, float64(w1), float64(w2), 1000)
				report = append(report, fmt.Sprintf("%s %d→%d (x%.2f)", stage, w1, w2, ratio))
			}
			t.Logf("n=%d: %s", shape.n, strings.Join(report, ", "))
		})
	}
}
