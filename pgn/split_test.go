package pgn

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLastSplitPoint compares the backward search with the last of all the
// split points, on every prefix (cut at a line start) of the test files,
// where the last game is often unfinished.
func TestLastSplitPoint(t *testing.T) {
	files, _ := filepath.Glob("../testdata/*/*.pgn")
	if len(files) == 0 {
		t.Fatal("no test files")
	}
	checked := 0
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data[:min(len(data), 6000)])
		for end := 0; end <= len(text); end++ {
			if end < len(text) && !AtLineStart(text, Pos(end)) {
				continue
			}
			f := Parse(text[:end])
			points := SplitPoints(f)
			got, ok := LastSplitPoint(f)
			switch {
			case len(points) == 0 && ok:
				t.Errorf("%s[:%d]: LastSplitPoint = %d, want none", name, end, got)
			case len(points) > 0 && (!ok || got != points[len(points)-1]):
				t.Errorf("%s[:%d]: LastSplitPoint = %d, %v; want %d", name, end, got, ok, points[len(points)-1])
			}
			checked++
		}
	}
	t.Logf("%d prefixes", checked)
}

// TestTagOnlyGamesAreSeparateGames: a file of tag sections without
// movetext, an empty line between them, is one game per section (a
// crosstable read as one game had every tag repeated, and could never be
// split again). A tag pair starts the next game after an empty line when it
// repeats a tag of the section; without the empty line, or without the
// repeat, it joins the section.
func TestTagOnlyGamesAreSeparateGames(t *testing.T) {
	many := strings.Builder{}
	for i := range 40 {
		fmt.Fprintf(&many, "[Tag%d \"v\"]\n\n", i)
	}
	for _, tt := range []struct {
		name  string
		src   string
		games []int // the tags of each game
	}{
		{"sections after empty lines", "[Event \"a\"]\n[White \"x\"]\n\n[Event \"b\"]\n[White \"y\"]\n\n[Event \"c\"]\n", []int{2, 2, 1}},
		{"CRLF empty line", "[Event \"a\"]\r\n\r\n[Event \"b\"]\r\n", []int{1, 1}},
		{"lone CR empty line", "[Event \"a\"]\r\r[Event \"b\"]\r", []int{1, 1}},
		{"blanks on the empty line", "[Event \"a\"]\n \t\n[Event \"b\"]\n", []int{1, 1}},
		{"a repeat without an empty line", "[Event \"a\"]\n[Event \"b\"]\n", []int{2}},
		{"an empty line without a repeat", "[Event \"a\"]\n\n[Site \"b\"]\n", []int{2}},
		{"a comment before the empty line", "[Event \"a\"]\n{c}\n\n[Event \"b\"]\n", []int{1, 1}},
		{"a section of more than 32 tags", many.String() + "[Tag3 \"again\"]\n", []int{40, 1}},
		{"the last section has movetext", "[Event \"a\"]\n\n[Event \"b\"]\n\n1. e4 *\n", []int{1, 1}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := Parse(tt.src)
			checkFile(t, f)
			var got []int
			for _, g := range f.Games {
				got = append(got, len(g.Tags))
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.games) {
				t.Errorf("tags per game %v, want %v", got, tt.games)
			}
			checkSplitPoints(t, f)
		})
	}
}

// checkSplitPoints asserts what SplitPoints promises: each piece parses
// alone as it does within the whole text, and DependsOnNext, from the
// piece's own parse, says that the next piece does not change it.
func checkSplitPoints(t *testing.T, f *File) {
	t.Helper()
	points := SplitPoints(f)
	want := shape(f, 0)
	var got []string
	var errs []string
	bounds := append(append([]Pos{0}, points...), Pos(len(f.Src)))
	for i := 0; i+1 < len(bounds); i++ {
		piece := Parse(f.Src[bounds[i]:bounds[i+1]])
		for _, s := range shape(piece, bounds[i]) {
			if strings.HasPrefix(s, "error ") {
				errs = append(errs, s)
			} else {
				got = append(got, s)
			}
		}
		if i+2 < len(bounds) && DependsOnNext(piece, f.Src[bounds[i+1]:]) {
			t.Errorf("the piece before the cut at %d depends on what follows it", bounds[i+1])
		}
	}
	got = append(got, errs...)
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("pieces cut at %v parse as\n%v\nwant\n%v", points, got, want)
	}
}

// TestTagOnlyGamesSplit: the cuts between tag-only games hold, and a cut
// is refused where the next tag pair would join the section.
func TestTagOnlyGamesSplit(t *testing.T) {
	text := strings.Repeat("[Event \"a\"]\n[Round \"1\"]\n\n", 5)
	f := Parse(text)
	if points := SplitPoints(f); len(points) != 4 {
		t.Errorf("split points %v, want one before each game after the first", points)
	}
	checkSplitPoints(t, f)
	one := Parse("[Event \"a\"]\n[Round \"1\"]\n")
	for _, tt := range []struct {
		next    string
		depends bool
	}{
		{"\n[Event \"b\"]\n", false},
		{"\n\n[Round \"2\"]\n", false},
		{"[Event \"b\"]\n", true},       // no empty line: it joins the section
		{"\n[Site \"b\"]\n", true},      // no repeat
		{"\n%x\n[Event \"b\"]\n", true}, // the escape line joins the section first
		{"\n1. e4 *\n", true},
	} {
		if got := DependsOnNext(one, tt.next); got != tt.depends {
			t.Errorf("DependsOnNext(%q) = %v, want %v", tt.next, got, tt.depends)
		}
		whole := Parse(one.Src + tt.next)
		if !tt.depends && len(whole.Games) != 2 {
			t.Errorf("%q: %d games in the whole text, want 2", tt.next, len(whole.Games))
		}
	}
	crlf := Parse("[Event \"a\"]\r")
	if !DependsOnNext(crlf, "\n[Event \"b\"]\n") {
		t.Error("a CR then a LF is one line break, not an empty line")
	}
}

// TestNoCutBeforeAByteOrderMark: text that starts with U+FEFF parses alone
// with a byte order mark, which within the whole text is illegal text: no
// cut goes before it (an edit can put one at the start of a chunk).
func TestNoCutBeforeAByteOrderMark(t *testing.T) {
	for _, before := range []string{"", "[Event \"a\"]\n\n1. e4 *\n", "%x\n"} {
		if !DependsOnNext(Parse(before), "\uFEFF[Event \"b\"]\n\n1. d4 *\n") {
			t.Errorf("DependsOnNext(%q, a text that starts with U+FEFF) = false", before)
		}
	}
}
