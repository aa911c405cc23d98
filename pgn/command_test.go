package pgn

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"pgnls/pgn/pgntest"
)

// firstComment returns the first comment of src's first game's movetext.
func firstComment(t *testing.T, src string) *Comment {
	t.Helper()
	f := Parse(src)
	var found *Comment
	for _, item := range f.Items {
		Inspect(item, func(n Node) bool {
			if c, ok := n.(*Comment); ok && found == nil {
				found = c
			}
			return found == nil
		})
	}
	if found == nil {
		t.Fatalf("no comment in %q", src)
	}
	return found
}

// TestCommandsKeepTheirBytes checks the commands read from comments of
// real shapes: each command's name, its operand text, and its positions,
// which must point at its exact bytes in the source.
func TestCommandsKeepTheirBytes(t *testing.T) {
	type want struct {
		name, args, text string // text: src[Pos:End]
		closed           bool
	}
	cases := []struct {
		src  string
		want []want
	}{
		{"1. e4 { [%clk 0:03:00] } *", []want{{"clk", "0:03:00", "[%clk 0:03:00]", true}}},
		{"1. e4 {[%clk 0:00:07][%eval -6.05] White is toast} *", []want{
			{"clk", "0:00:07", "[%clk 0:00:07]", true}, {"eval", "-6.05", "[%eval -6.05]", true}}},
		{"1. d4 {Optional leading [%clk 1:05:23] trailing} *", []want{{"clk", "1:05:23", "[%clk 1:05:23]", true}}},
		// chess.com wraps long lines inside a command.
		{"3... Nxd5 {[%clk\n0:10:10.3]} *", []want{{"clk", "0:10:10.3", "[%clk\n0:10:10.3]", true}}},
		{"1. e4 { [%eval   0.3  ] } *", []want{{"eval", "0.3", "[%eval   0.3  ]", true}}},
		{"1. e4 { [%csl Ga4][%cal Ge2e4,Rd7d5] } *", []want{
			{"csl", "Ga4", "[%csl Ga4]", true}, {"cal", "Ge2e4,Rd7d5", "[%cal Ge2e4,Rd7d5]", true}}},
		// Unknown commands are kept like the others.
		{"1. e4 { [%mdl 8192] [%foo] } *", []want{{"mdl", "8192", "[%mdl 8192]", true}, {"foo", "", "[%foo]", true}}},
		// Not closed: to the end of the comment, or to the next command.
		{"1. e4 { [%clk 0:01:00 } *", []want{{"clk", "0:01:00", "[%clk 0:01:00", false}}},
		{"1. e4 { [%clk 0:01:00 [%eval 0.2] } *", []want{
			{"clk", "0:01:00", "[%clk 0:01:00", false}, {"eval", "0.2", "[%eval 0.2]", true}}},
		{"1. e4 { text [%clk } *", []want{{"clk", "", "[%clk", false}}},
		// "[%" without a name, and brackets that are text, are text.
		{"1. e4 { 50[% of] [this] [%] } *", nil},
		// A ']' in a quoted operand does not close the command; an unclosed
		// quote does not swallow the rest.
		{`1. e4 { [%cmd 1:45:12,"a ] b",e4] } *`, []want{{"cmd", `1:45:12,"a ] b",e4`, `[%cmd 1:45:12,"a ] b",e4]`, true}}},
		{`1. e4 { [%cmd "open] x } *`, []want{{"cmd", `"open`, `[%cmd "open]`, true}}},
		// Rest-of-line comments hold commands too.
		{"1. e4 ; [%clk 0:01:00]\n*", []want{{"clk", "0:01:00", "[%clk 0:01:00]", true}}},
	}
	for _, tc := range cases {
		c := firstComment(t, tc.src)
		var got []want
		for _, cmd := range c.Commands() {
			got = append(got, want{cmd.Name, cmd.Args, tc.src[cmd.Pos:cmd.End], cmd.Closed})
			if a := tc.src[cmd.ArgsPos:cmd.ArgsEnd()]; a != cmd.Args {
				t.Errorf("%q: the operands' position holds %q, not %q", tc.src, a, cmd.Args)
			}
			if n := tc.src[cmd.NamePos:cmd.NameEnd()]; n != cmd.Name {
				t.Errorf("%q: the name's position holds %q, not %q", tc.src, n, cmd.Name)
			}
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q:\n got %+v\nwant %+v", tc.src, got, tc.want)
		}
	}
}

// TestCommandOperandsSplitAtCommasOutsideQuotes follows the Supplement's
// example of a command with a time, a move and a quoted string.
func TestCommandOperandsSplitAtCommasOutsideQuotes(t *testing.T) {
	src := `1. e4 { [%command 1:45:12, Nf6,"very interesting, but wrong"] } *`
	cmds := firstComment(t, src).Commands()
	if len(cmds) != 1 {
		t.Fatalf("got %d commands, want 1", len(cmds))
	}
	var got []string
	for _, op := range cmds[0].Operands() {
		got = append(got, op.Text)
		if src[op.Pos:op.End] != op.Text {
			t.Errorf("operand %q: its position holds %q", op.Text, src[op.Pos:op.End])
		}
	}
	want := []string{"1:45:12", "Nf6", `"very interesting, but wrong"`}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func stripAll(src string, names ...string) string {
	set := CommandSet{}
	for _, n := range names {
		set[n] = true
	}
	return ApplyEdits(src, StripFileCommands(Parse(src), set.Has))
}

// TestStripCommandsLeavesReadableText checks what stripping leaves: the
// comment's other words with one blank between them, no empty comment, no
// blank line, and no tokens glued together.
func TestStripCommandsLeavesReadableText(t *testing.T) {
	cases := []struct {
		src   string
		strip []string
		want  string
	}{
		{"1. e4 { [%clk 0:01:00] } e5 *", []string{"clk"}, "1. e4 e5 *"},
		{"1. e4 { [%clk 0:01:00] good move } e5 *", []string{"clk"}, "1. e4 { good move } e5 *"},
		{"1. e4 { good move [%clk 0:01:00] } e5 *", []string{"clk"}, "1. e4 { good move } e5 *"},
		{"1. e4 { good [%clk 0:01:00] move } e5 *", []string{"clk"}, "1. e4 { good move } e5 *"},
		{"1. e4 {[%clk 0:01:00] good} e5 *", []string{"clk"}, "1. e4 {good} e5 *"},
		{"1. e4 {good [%clk 0:01:00]} e5 *", []string{"clk"}, "1. e4 {good} e5 *"},
		{"1. e4 { a[%clk 0:01:00]b } e5 *", []string{"clk"}, "1. e4 { a b } e5 *"},
		{"1. e4 { [%eval 0.3] [%clk 0:00:59] } e5 *", []string{"clk"}, "1. e4 { [%eval 0.3] } e5 *"},
		{"1. e4 { [%clk 0:01:00][%eval 0.3] } e5 *", []string{"clk"}, "1. e4 { [%eval 0.3] } e5 *"},
		{"1. e4 { [%clk 0:01:00][%eval 0.3] } e5 *", []string{"eval"}, "1. e4 { [%clk 0:01:00] } e5 *"},
		{"1. e4 { [%clk 0:01:00][%eval 0.3] } e5 *", []string{"clk", "eval"}, "1. e4 e5 *"},
		{"1. e4 { [%csl Ga4][%cal Ge2e4,Rd7d5] } e5 *", []string{"cal", "csl"}, "1. e4 e5 *"},
		{"1. e4 { [%clk 0:01:00] [%eval 0.3] note } e5 *", []string{"clk", "eval"}, "1. e4 { note } e5 *"},
		{"1. e4 { note\n[%clk 0:01:00]\nmore } e5 *", []string{"clk"}, "1. e4 { note\nmore } e5 *"},
		// The comment's own line goes with it; at the end of a line, the
		// blanks before it.
		{"1. e4\n{ [%clk 0:01:00] }\n1... e5 *", []string{"clk"}, "1. e4\n1... e5 *"},
		{"1. e4\r\n{ [%clk 0:01:00] }\r\n1... e5 *", []string{"clk"}, "1. e4\r\n1... e5 *"},
		{"1. e4 { [%clk 0:01:00] }\n1... e5 *", []string{"clk"}, "1. e4\n1... e5 *"},
		{"1. e4\n  { [%clk 0:01:00] } e5 *", []string{"clk"}, "1. e4\n  e5 *"},
		{"1. e4 ; [%clk 0:01:00]\ne5 *", []string{"clk"}, "1. e4\ne5 *"},
		{"1. {[%clk 0:01:00]} e4 *", []string{"clk"}, "1. e4 *"},
		// Glued to tokens: a space keeps them apart, but not inside parentheses.
		{"1. e4{[%clk 0:01:00]}e5 *", []string{"clk"}, "1. e4 e5 *"},
		{"1. e4 ({[%clk 0:01:00]}1. d4) *", []string{"clk"}, "1. e4 (1. d4) *"},
		{"1. e4 (1. d4{[%clk 0:01:00]}) *", []string{"clk"}, "1. e4 (1. d4) *"},
		// Only the named commands go; commands not closed and comments not
		// closed stay as written.
		{"1. e4 { [%mdl 8192] [%clk 0:01:00] } *", []string{"mdl"}, "1. e4 { [%clk 0:01:00] } *"},
		{"1. e4 { [%clk 0:01:00 text } e5 *", []string{"clk"}, "1. e4 { [%clk 0:01:00 text } e5 *"},
		{"1. e4 { [%clk 0:01:00] text", []string{"clk"}, "1. e4 { [%clk 0:01:00] text"},
		{"1. e4 { [%clk 0:01:00] } *", []string{"eval"}, "1. e4 { [%clk 0:01:00] } *"},
		// Comments side by side go as one.
		{"1. e4\n{ [%clk 0:01:00] } { [%eval 0.3] } e5 *", []string{"clk", "eval"}, "1. e4\ne5 *"},
		{"1. e4 {[%clk 0:01:00]} {[%eval 0.3]}\n1... e5 *", []string{"clk", "eval"}, "1. e4\n1... e5 *"},
		{"1. e4\n{[%clk 0:01:00]}\n{[%eval 0.3]}\n1... e5 *", []string{"clk", "eval"}, "1. e4\n1... e5 *"},
		{"1. e4 {[%clk 0:01:00]} {note} {[%eval 0.3]} e5 *", []string{"clk", "eval"}, "1. e4 {note} e5 *"},
		// Between games and in the tag section too.
		{"{ [%clk 0:01:00] }\n[Event \"x\"]\n\n1. e4 *", []string{"clk"}, "[Event \"x\"]\n\n1. e4 *"},
	}
	for _, tc := range cases {
		got := stripAll(tc.src, tc.strip...)
		if got != tc.want {
			t.Errorf("strip %v of %q:\n got %q\nwant %q", tc.strip, tc.src, got, tc.want)
		}
		if again := stripAll(got, tc.strip...); again != got {
			t.Errorf("strip %v twice of %q: the second changed %q to %q", tc.strip, tc.src, got, again)
		}
	}
}

// TestStripCommandTextForPrinters strips the text of comments, as the
// printer writes it.
func TestStripCommandTextForPrinters(t *testing.T) {
	clk := func(name string) bool { return name == "clk" }
	cases := []struct {
		text, kept string
		empty      bool
	}{
		{" [%clk 0:01:00] good move ", " good move ", false},
		{" [%clk 0:01:00] [%eval 0.3] ", " [%eval 0.3] ", false},
		{" [%clk 0:01:00] ", "", true},
		{" no commands ", " no commands ", false},
		{"  ", "  ", true},
		{" [%clk 0:01:00 ", " [%clk 0:01:00 ", false},
	}
	for _, tc := range cases {
		kept, empty := StripCommandText(tc.text, clk)
		if kept != tc.kept || empty != tc.empty {
			t.Errorf("%q: got %q, %v; want %q, %v", tc.text, kept, empty, tc.kept, tc.empty)
		}
	}
}

// TestParseCommandSet reads the names of `fmt --strip`.
func TestParseCommandSet(t *testing.T) {
	set, err := ParseCommandSet("clk, eval,arrows")
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]bool{"clk": true, "eval": true, "cal": true, "csl": true, "emt": false, "evp": false} {
		if set.Has(name) != want {
			t.Errorf("clk,eval,arrows: Has(%q) = %v, want %v", name, !want, want)
		}
	}
	if set, _ := ParseCommandSet("clocks"); !set.Has("emt") || !set.Has("timestamp") || set.Has("eval") {
		t.Errorf("clocks: got %v", set)
	}
	if set, _ := ParseCommandSet("all"); !set.Has("anything") {
		t.Errorf("all does not hold every command")
	}
	for _, bad := range []string{"", "clk,", "c l k", "%clk", "[%clk]"} {
		if _, err := ParseCommandSet(bad); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestStripCommandsKeepsEverythingElseOnTheCorpus strips every command of
// every corpus file: the games, their tags and moves, and every word of
// every comment that is not a command must be left, and no command.
func TestStripCommandsKeepsEverythingElseOnTheCorpus(t *testing.T) {
	stripped := 0
	for _, path := range pgntest.CorpusFiles(t) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		src := string(data)
		before := Parse(src)
		edits := StripFileCommands(before, func(string) bool { return true })
		stripped += len(edits)
		after := Parse(ApplyEdits(src, edits))
		if got, want := gameSkeleton(after, false), gameSkeleton(before, true); got != want {
			t.Errorf("%s: stripping the commands changed more than them", path)
			for i := range min(len(got), len(want)) {
				if got[i] != want[i] {
					t.Logf("from byte %d:\n got %q\nwant %q", i, got[i:min(len(got), i+200)], want[i:min(len(want), i+200)])
					break
				}
			}
		}
	}
	if stripped == 0 {
		t.Log("the corpus holds no commands")
	}
}

// gameSkeleton writes what stripping must keep of a file: its tags, moves
// and the words of its comments, without the commands when dropCommands.
func gameSkeleton(f *File, dropCommands bool) string {
	var b strings.Builder
	for _, item := range f.Items {
		Inspect(item, func(n Node) bool {
			switch n := n.(type) {
			case *Tag:
				b.WriteString("[" + n.Name + " " + n.Value + "]\n")
			case *Move:
				b.WriteString(n.Text + " ")
			case *Comment:
				text := n.Text
				if dropCommands {
					cmds := n.Commands()
					for i := len(cmds) - 1; i >= 0; i-- {
						if c := cmds[i]; c.Closed {
							from, to := int(c.Pos-n.Tok.Pos-1), int(c.End-n.Tok.Pos-1)
							text = text[:from] + " " + text[to:]
						}
					}
				}
				if words := strings.Fields(text); len(words) > 0 {
					b.WriteString("{" + strings.Join(words, " ") + "} ")
				}
			case *ResultNode:
				b.WriteString(n.Text + "\n")
			}
			return true
		})
	}
	return b.String()
}

// FuzzStripCommands strips every command of any text: the commands must
// point inside their comments, and what is left must parse to the same
// tags, moves and comment words as the text without its commands.
func FuzzStripCommands(f *testing.F) {
	for _, seed := range []string{
		"1. e4 { [%clk 0:01:00] } e5 *",
		"1. e4{[%clk 0:01:00]}e5 ({[%eval 0.3]}1. d4) *",
		"1. e4\n{ [%clk 0:01:00] } { [%eval 0.3] } ; [%cal Ge2e4]\ne5 *",
		"[Event \"x\"]\n{[%csl Ga4]}\n[Site \"y\"]\n\n1. e4 { a[%clk 0:01:00]b [%x \"]\" } *",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, src string) {
		before := Parse(src)
		for _, item := range before.Items {
			Inspect(item, func(n Node) bool {
				if c, ok := n.(*Comment); ok {
					for _, cmd := range c.Commands() {
						if cmd.Pos < c.Pos() || cmd.End > c.End() || cmd.ArgsPos < cmd.NameEnd() || cmd.ArgsEnd() > cmd.End {
							t.Fatalf("command %+v outside its comment %d-%d", cmd, c.Pos(), c.End())
						}
					}
				}
				return true
			})
		}
		after := Parse(ApplyEdits(src, StripFileCommands(before, func(string) bool { return true })))
		if len(after.Errors) == 0 && len(before.Errors) == 0 {
			if got, want := gameSkeleton(after, false), gameSkeleton(before, true); got != want {
				t.Fatalf("stripping changed more than the commands:\n got %q\nwant %q", got, want)
			}
		}
	})
}
