package pgn

import (
	"strconv"
	"strings"
	"testing"
	"time"
)

// deep is the nesting of the hostile inputs: far past MaxNesting, and as
// deep as the issue asks ("tests at 10^7 nesting").
const deep = 10_000_000

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

var overDeepMsg = "variations nested more than " + strconv.Itoa(MaxNesting) + " deep: this one is not read (its text is kept as it is)"

// overDeepNodes returns the Bad nodes of f that hold an over-deep variation.
func overDeepNodes(f *File) []*Bad {
	var out []*Bad
	for _, item := range f.Items {
		Inspect(item, func(n Node) bool {
			if b, ok := n.(*Bad); ok && len(b.Tokens) > 0 && b.Tokens[0].Kind == Nested {
				out = append(out, b)
			}
			return true
		})
	}
	return out
}

// TestNestingPastTheLimitIsOneBadNode parses 10^7 nested variations, unclosed
// and closed, empty and holding moves: the tree stops at MaxNesting, the
// variation that opens deeper is one Bad node over the rest of its text
// with one token (no token per '(' held in memory) and one error at its
// '(', the tree stays lossless, and what follows a closed one is parsed.
func TestNestingPastTheLimitIsOneBadNode(t *testing.T) {
	opens := func(open string) int { return len("1. e4 ") + MaxNesting*len(open) }
	for _, tt := range []struct {
		name   string
		src    string
		at     int    // where the over-deep variation opens
		end    int    // where it ends
		after  string // the text of the move after the variation, or ""
		closed bool   // the outer variations are closed
	}{
		{"unclosed parentheses", "1. e4 " + strings.Repeat("(", deep), opens("("), len("1. e4 ") + deep, "", false},
		{"unclosed variations with moves", "1. e4 " + strings.Repeat("(e4 ", deep), opens("(e4 "), len("1. e4 ") + 4*deep - 1, "", false},
		{"closed parentheses", "1. e4 " + strings.Repeat("(", deep) + strings.Repeat(")", deep) + " e5 *",
			opens("("), len("1. e4 ") + 2*deep - MaxNesting, "e5", true},
		{"closed variations with moves", "1. e4 " + strings.Repeat("(e4 ", deep) + strings.Repeat(")", deep) + " e5 *",
			opens("(e4 "), len("1. e4 ") + 4*deep + deep - MaxNesting, "e5", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := Parse(tt.src)
			checkFile(t, f)
			if len(f.Games) != 1 {
				t.Fatalf("%d games, want 1", len(f.Games))
			}
			if d := variationDepth(f); d != MaxNesting {
				t.Errorf("variation depth %d, want %d", d, MaxNesting)
			}
			bads := overDeepNodes(f)
			if len(bads) != 1 {
				t.Fatalf("%d over-deep nodes, want 1", len(bads))
			}
			b := bads[0]
			if b.From != Pos(tt.at) || b.To != Pos(tt.end) || len(b.Tokens) != 1 || b.Tokens[0].Pos != b.From || b.Tokens[0].End != b.To {
				t.Errorf("over-deep node [%d,%d) with tokens %v; want [%d,%d) in one token", b.From, b.To, b.Tokens, tt.at, tt.end)
			}
			if n := countErrors(f, overDeepMsg); n != 1 {
				t.Errorf("%d errors %q, want 1", n, overDeepMsg)
			}
			for _, e := range f.Errors {
				if e.Msg == overDeepMsg && (e.Pos != Pos(tt.at) || e.End != Pos(tt.at+1)) {
					t.Errorf("the nesting error is at [%d,%d), want at the '(' [%d,%d)", e.Pos, e.End, tt.at, tt.at+1)
				}
			}
			notClosed := countErrors(f, "variation not closed: missing ')'")
			if tt.closed && notClosed != 0 || !tt.closed && notClosed != MaxNesting {
				t.Errorf("%d variations not closed, want %d", notClosed, map[bool]int{true: 0, false: MaxNesting}[tt.closed])
			}
			if len(f.Errors) > 2*MaxNesting+1 {
				t.Errorf("%d errors: more than two per level the tree holds", len(f.Errors))
			}
			moves := f.Games[0].Moves.Moves
			if tt.after != "" && (len(moves) != 2 || moves[1].Text != tt.after || f.Games[0].Result == nil) {
				t.Errorf("main line %d moves, result %v; want e4 %s and the result", len(moves), f.Games[0].Result, tt.after)
			}
		})
	}
}

// TestOverDeepVariationEndsAsAnOpenVariationDoes: an over-deep variation that
// is not closed ends where an open variation ends, before the '[' of the
// next game's tag pair or before a result marker, and the game ends there.
// Errors of the scanner inside it are not reported: its one error says
// why it is not read.
func TestOverDeepVariationEndsAsAnOpenVariationDoes(t *testing.T) {
	deepOpen := "1. e4 " + strings.Repeat("(", MaxNesting+10) + "\"x\n<>"
	for _, tt := range []struct {
		name, src string
		games     int
		result    string
	}{
		{"tag pair", deepOpen + "\n[Event \"x\"]\n\n1. d4 *\n", 2, ""},
		{"result", deepOpen + " 1-0\n\n1. d4 *\n", 2, "1-0"},
		{"end of text", deepOpen, 1, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := Parse(tt.src)
			checkFile(t, f)
			if len(f.Games) != tt.games {
				t.Fatalf("%d games, want %d", len(f.Games), tt.games)
			}
			g := f.Games[0]
			if r := g.Result; tt.result != "" && (r == nil || r.Text != tt.result) || tt.result == "" && r != nil {
				t.Errorf("first game's result %v, want %q", r, tt.result)
			}
			bads := overDeepNodes(f)
			if len(bads) != 1 || !strings.HasSuffix(tt.src[:bads[0].To], "<>") {
				t.Fatalf("over-deep nodes %v, want one that ends after \"<>\"", bads)
			}
			for _, e := range f.Errors {
				if e.Pos > bads[0].From && e.Pos < bads[0].To {
					t.Errorf("error %v inside the variation that is not read", e)
				}
			}
		})
	}
}

// TestOverDeepVariationKeepsAnOpenCommentApart: an over-deep variation whose
// text ends in a brace comment without its '}' keeps that comment as a
// token of its own, so that TailOf sees the open comment (the text after a
// cut could close it) and a cut before the next game stays where the whole
// text's parse puts the game.
func TestOverDeepVariationKeepsAnOpenCommentApart(t *testing.T) {
	head := "1. e4 " + strings.Repeat("(", MaxNesting+3) + "e4 {open\n"
	f := Parse(head)
	checkFile(t, f)
	b := overDeepNodes(f)
	if len(b) != 1 || len(b[0].Tokens) != 2 || b[0].Tokens[1].Kind != BraceComment || b[0].Tokens[0].End != Pos(strings.Index(head, " {")) {
		t.Fatalf("over-deep node %+v, want a Nested token to \"e4\" and the comment", b)
	}
	if tail := TailOf(f); tail&tailOpenComment == 0 {
		t.Errorf("TailOf = %b, want an open comment", tail)
	}
	next := "[Event \"x\"]\n\n1. d4 *\n"
	whole := Parse(head + next)
	if len(whole.Games) != 2 || whole.Games[1].From != Pos(len(head)) || DependsOnNext(f, next) {
		t.Errorf("%d games in the whole, DependsOnNext %v; want a second game at %d and a cut there that does not depend on the next text", len(whole.Games), DependsOnNext(f, next), len(head))
	}
	if !DependsOnNext(f, "1. d4 *\n") {
		t.Error("DependsOnNext(movetext after the open comment) = false; the comment would run on into it")
	}
}

// TestDeepOpenBraces parses 10^7 '{' without '}': a single comment that
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
