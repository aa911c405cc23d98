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

// TestNoCutAfterATagOnlyGame: a game of tags alone is followed in the same
// piece by what follows it, whatever that is (even the next game, which
// a repeated tag after an empty line starts): the formatter writes the
// next game's tags knowing the ones before (PrintOptions.After).
func TestNoCutAfterATagOnlyGame(t *testing.T) {
	text := strings.Repeat("[Event \"a\"]\n[Round \"1\"]\n\n", 5) + "[Event \"b\"]\n\n1. e4 *\n\n[Event \"c\"]\n\n1. d4 *\n"
	f := Parse(text)
	if len(f.Games) != 7 {
		t.Fatalf("%d games, want 7", len(f.Games))
	}
	if points := SplitPoints(f); len(points) != 1 || points[0] != f.Games[6].From {
		t.Errorf("split points %v, want only the one before the last game (%d)", points, f.Games[6].From)
	}
	checkSplitPoints(t, f)
	one := Parse("[Event \"a\"]\n[Round \"1\"]\n")
	for _, next := range []string{"\n[Event \"b\"]\n", "[Event \"b\"]\n", "\n[Site \"b\"]\n", "\n%x\n", "\n1. e4 *\n"} {
		if !DependsOnNext(one, next) {
			t.Errorf("DependsOnNext(a tag-only game, %q) = false", next)
		}
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
