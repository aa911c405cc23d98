package pgn

import (
	"strings"
	"testing"
	"time"
)

const deep = 100_000

// countErrors returns how many of f's errors have exactly the message msg.
func countErrors(f *File, msg string) int {
	n := 0
	for _, e := range f.Errors {
		if e.Msg == msg {
			n++
		}
	}
	return n
}

// variationDepth returns the deepest nesting of variations in f, walking the
// tree with Inspect.
func variationDepth(f *File) int {
	depth, deepest := 0, 0
	var visit func(n Node) bool
	visit = func(n Node) bool {
		v, ok := n.(*Variation)
		if !ok {
			return true
		}
		depth++
		if depth > deepest {
			deepest = depth
		}
		// Walk the variation's own line with a fresh Inspect so that the
		// depth can be decremented on the way out.
		for _, s := range v.Line.Start {
			Inspect(s, visit)
		}
		for _, m := range v.Line.Moves {
			Inspect(m, visit)
		}
		depth--
		return false
	}
	for _, item := range f.Items {
		Inspect(item, visit)
	}
	return deepest
}

// TestDeepUnclosedVariations parses 100,000 nested '(' with nothing else: the
// parser keeps its own stack, so the goroutine stack does not overflow, and
// it reports at most two errors per '(': each variation is not closed, and
// each but the first opens before any move of the line it is in.
func TestDeepUnclosedVariations(t *testing.T) {
	src := "1. e4 " + strings.Repeat("(", deep)
	f := Parse(src)
	checkFile(t, f)
	if len(f.Games) != 1 {
		t.Fatalf("%d games, want 1", len(f.Games))
	}
	notClosed := countErrors(f, "variation not closed: missing ')'")
	beforeMove := countErrors(f, "variation before the first move: a variation follows the move it replaces")
	if notClosed != deep || beforeMove != deep-1 || len(f.Errors) != 2*deep-1 {
		t.Errorf("%d errors: %d not closed (want %d), %d before the first move (want %d)", len(f.Errors), notClosed, deep, beforeMove, deep-1)
	}
	if d := variationDepth(f); d != deep {
		t.Errorf("variation depth %d, want %d", d, deep)
	}
	// Every unclosed variation ends where its text ends: after the last '('.
	g := f.Games[0]
	if g.To != Pos(len(src)) {
		t.Errorf("game ends at %d, want %d", g.To, len(src))
	}
	v := g.Moves.Moves[0].Variations()[0]
	if v.RParen.IsValid() || v.End() != Pos(len(src)) {
		t.Errorf("outer variation: RParen %d, End %d; want NoPos and %d", v.RParen, v.End(), len(src))
	}
}

// TestDeepVariationsWithMoves nests 100,000 variations that each hold a move,
// first unclosed (one error each, and nothing else), then closed (no error).
func TestDeepVariationsWithMoves(t *testing.T) {
	open := "1. e4 " + strings.Repeat("(e5 ", deep)
	f := Parse(open)
	checkFile(t, f)
	if n := countErrors(f, "variation not closed: missing ')'"); n != deep || len(f.Errors) != deep {
		t.Errorf("%d errors, %d of them 'not closed'; want %d, all 'not closed'", len(f.Errors), n, deep)
	}
	if d := variationDepth(f); d != deep {
		t.Errorf("variation depth %d, want %d", d, deep)
	}

	closed := open + strings.Repeat(")", deep) + " *"
	f = Parse(closed)
	checkFile(t, f)
	if len(f.Errors) != 0 {
		t.Errorf("%d errors, want none; first: %v", len(f.Errors), f.Errors[0])
	}
	if d := variationDepth(f); d != deep {
		t.Errorf("variation depth %d, want %d", d, deep)
	}
	if g := f.Games[0]; g.Result == nil || g.Result.Text != "*" {
		t.Errorf("result %+v, want *", g.Result)
	}
}

// TestDeepOpenBraces parses 100,000 '{' without '}': a single comment that
// runs to the end of the text, and a single error.
func TestDeepOpenBraces(t *testing.T) {
	src := "1. e4 " + strings.Repeat("{", deep)
	f := Parse(src)
	checkFile(t, f)
	if len(f.Errors) != 1 || f.Errors[0].Msg != "comment not terminated: missing '}'" || f.Errors[0].Pos != 6 {
		t.Fatalf("errors = %v, want one unterminated comment at offset 6", f.Errors)
	}
	moves := f.Games[0].Moves.Moves
	if len(moves) != 1 || len(moves[0].After) != 1 {
		t.Fatalf("want one move with one comment, got %d moves", len(moves))
	}
	if c, ok := moves[0].After[0].(*Comment); !ok || !c.Unterminated || c.End() != Pos(len(src)) {
		t.Errorf("after the move: %#v, want an unterminated comment to the end of the text", moves[0].After[0])
	}
}

// TestLongTagLines parses single lines of 300,000 tokens that keep a tag pair
// open: a malformed tag pair that runs on ("[a a a ..."), and a line of
// '[' that each open a value ('[a "[a "...'). Both used to take time
// quadratic in the line's length (minutes for these inputs: every token was
// checked against the start of the tag for a line break, and every '['
// scanned the rest of the line for the end of its value); they must take
// milliseconds. The budget is generous, for slow machines and -race.
func TestLongTagLines(t *testing.T) {
	const n = 300_000
	for _, tt := range []struct {
		name   string
		src    string
		errors int
	}{
		{"malformed tag pair that runs on", "[a" + strings.Repeat(" a", n), 1},
		{"strings after a tag value", "[a " + strings.Repeat(`"x" `, n), 1},
		{"brackets that open values", strings.Repeat(`[a "`, n), n / 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Now()
			f := Parse(tt.src)
			if d := time.Since(start); d > 10*time.Second {
				t.Errorf("Parse took %v for %d bytes", d, len(tt.src))
			}
			checkFile(t, f)
			if len(f.Errors) != tt.errors {
				t.Errorf("%d errors, want %d", len(f.Errors), tt.errors)
			}
		})
	}
}
