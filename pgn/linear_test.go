package pgn

import (
	"fmt"
	"strings"
	"testing"

	"pgnls/pgn/pgntest"
)

// The linear-time test: no input makes scanning and parsing super-linear.
// For each hostile shape, the work of parsing an input of size n and one of
// size 2n is compared, as counted, not timed: the bytes examined, which are
// the bytes of the text (each read once as the scanner goes) plus those that
// searches beyond the current token examined (the scanner's search for a
// comment's '}' and for a tag line inside a comment, the tag-line reader,
// the same-line checks: every place where a byte can be looked at again),
// and, separately, the allocations. A quadratic loop doubles its share of
// the work again at each doubling: a ratio over pgntest.MaxLinearRatio
// fails. The counts are exact, so inputs of some ten thousand bytes show a
// square as well as larger ones. (analysis/document/linear_test.go counts
// every statement that parse, check and format run, in a test binary built
// with coverage counters.)

// linearShapes are the hostile shapes, each as a function of a size n.
var linearShapes = []struct {
	name string
	n    int
	make func(n int) string
}{
	{"line of '['", 25000, func(n int) string { return strings.Repeat("[", n) }},
	{"line of tag openings without an end", 12500, func(n int) string { return strings.Repeat(`[a "`, n) + "\n1. e4 *\n" }},
	{"tag openings with values on one line", 5000, func(n int) string { return strings.Repeat(`[a "b" `, n) + "\n" }},
	{"unclosed comments cut by tag lines, a '}' at the end", 1250, func(n int) string {
		return strings.Repeat("[Event \"x\"]\n\n1. e4 {\n", n) + "}"
	}},
	{"unclosed comments cut by tag lines", 1250, func(n int) string { return strings.Repeat(pgntest.SevenTags+"1. e4 {\n", n) }},
	{"comment lines that look like tags", 5000, func(n int) string { return "1. e4 {" + strings.Repeat("\n[x \n[", n) + "} *" }},
	{"open braces", 25000, func(n int) string { return "1. e4 " + strings.Repeat("{", n) + " *\n" }},
	{"unmatched closing braces", 12500, func(n int) string { return "1. e4 " + strings.Repeat("} ", n) + "*\n" }},
	{"nested parentheses", 12500, func(n int) string { return pgntest.SevenTags + "1. e4 " + strings.Repeat("(", n) + " *\n" }},
	{"nested variations with moves", 5000, func(n int) string { return pgntest.SevenTags + "1. e4 " + strings.Repeat("( e4 ", n) + "*\n" }},
	{"closed nested variations", 5000, func(n int) string {
		return pgntest.SevenTags + "1. e4 " + strings.Repeat("(1. d4 ", n) + strings.Repeat(")", n) + " *\n"
	}},
	{"sibling variations", 5000, func(n int) string { return pgntest.SevenTags + "1. e4 " + strings.Repeat("(1. d4 d5) ", n) + "*\n" }},
	{"unmatched closing parentheses", 12500, func(n int) string { return "1. e4 " + strings.Repeat(") ", n) + "*\n" }},
	{"long movetext", 5000, func(n int) string { return pgntest.SevenTags + strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", n/4) + "*\n" }},
	{"long movetext with numbers", 5000, func(n int) string {
		var b strings.Builder
		b.WriteString(pgntest.SevenTags)
		for i := 0; i < n/4; i++ {
			fmt.Fprintf(&b, "%d. Nf3 Nf6 %d. Ng1 Ng8 ", 2*i+1, 2*i+2)
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
	{"one tag repeated", 5000, func(n int) string { return strings.Repeat("[Event \"x\"]\n", n) + "\n1. e4 *\n" }},
	{"tag-only games", 2500, func(n int) string { return strings.Repeat("[Event \"x\"]\n[Site \"y\"]\n\n", n) }},
	{"many tags, an empty line after each", 5000, func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "[Tag%d \"value\"]\n\n", i)
		}
		return b.String() + "[Tag1 \"again\"]\n"
	}},
	{"long comment", 25000, func(n int) string { return pgntest.SevenTags + "1. e4 {" + strings.Repeat("x ", n) + "} *\n" }},
	{"long tag value", 50000, func(n int) string { return "[Event \"" + strings.Repeat("x", n) + "\"]\n\n1. e4 *\n" }},
	{"tag value of backslashes", 50000, func(n int) string { return "[Event \"" + strings.Repeat(`\`, n) + "\"]\n\n1. e4 *\n" }},
	{"many games without results", 2500, func(n int) string { return strings.Repeat("[Event \"x\"]\n\n1. e4 e5\n\n", n) }},
	{"many games", 1250, func(n int) string { return strings.Repeat(pgntest.SevenTags+"1. e4 e5 2. Nf3 Nc6 *\n\n", n) }},
	{"many games with CRLF", 1250, func(n int) string { return strings.Repeat("[Event \"x\"]\r\n\r\n1. e4 e5 *\r\n\r\n", n) }},
	{"unterminated strings", 12500, func(n int) string { return strings.Repeat("\"abc\n", n) }},
	{"move numbers without moves", 12500, func(n int) string { return strings.Repeat("1. ", n) }},
	{"NAGs", 12500, func(n int) string { return "1. e4 " + strings.Repeat("$1 ", n) + "*\n" }},
	{"suffixes out of place", 12500, func(n int) string { return "1. e4 $1 " + strings.Repeat("!? ", n) + "*\n" }},
	{"escape lines", 12500, func(n int) string { return strings.Repeat("%x\n", n) }},
	{"semicolon comments", 12500, func(n int) string { return "1. e4 " + strings.Repeat("; x\n", n) + "*\n" }},
	{"one long symbol", 50000, func(n int) string { return "1. " + strings.Repeat("a", n) + " *\n" }},
	{"illegal moves", 5000, func(n int) string { return pgntest.SevenTags + "1. e4 " + strings.Repeat("Ke3 ", n) + "*\n" }},
	{"illegal bytes", 12500, func(n int) string { return strings.Repeat("<\x00> ", n) }},
	{"white space then a bracket", 50000, func(n int) string { return "[" + strings.Repeat(" ", n) + "\n1. e4 *\n" }},
	{"tag pairs broken across lines", 5000, func(n int) string { return strings.Repeat("[Event\n\"x\"]\n", n) }},
}

// parseWork parses src and returns the bytes examined.
func parseWork(src string) int {
	_, p := parse(src)
	return len(src) + p.looked + p.scanner.looked
}

func TestLinearParse(t *testing.T) {
	for _, shape := range linearShapes {
		t.Run(shape.name, func(t *testing.T) {
			small, large := shape.make(shape.n), shape.make(2*shape.n)
			w1, w2 := parseWork(small), parseWork(large)
			a1 := testing.AllocsPerRun(1, func() { Parse(small) })
			a2 := testing.AllocsPerRun(1, func() { Parse(large) })
			work := pgntest.CheckLinear(t, "the bytes the parser examines", float64(w1), float64(w2), 0)
			allocs := pgntest.CheckLinear(t, "the parser's allocations", a1, a2, 0)
			t.Logf("%d bytes: work %d, allocations %.0f; %d bytes: work %d (x%.2f), allocations %.0f (x%.2f)",
				len(small), w1, a1, len(large), w2, work, a2, allocs)
		})
	}
}
