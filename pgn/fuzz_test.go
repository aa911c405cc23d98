package pgn

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// reuseWarmUp has a node of every kind, to fill a parser's memory before it
// parses another text.
const reuseWarmUp = "\uFEFF% escape\n{c} [Event \"a\\\"b\"] {between} [Site \"?\"] [Bad\n" +
	"1. e4! $1 {x} (1. d4 (1. c4) ;line\n) 1... e5?! 2. Nf3 ) Nc6 2... -- 3. O-O-O+ 1-0 ] ) [Event \"b\"]\n\n1. e4 {open"

// FuzzParse checks, on any text, what Parse promises: it does not panic, the
// tree gives the text back exactly, errors and games lie within the text and
// games do not overlap. It is seeded with the golden inputs.
func FuzzParse(f *testing.F) {
	seeds, err := filepath.Glob(filepath.Join(goldenDir, "*.pgn"))
	if err != nil {
		f.Fatal(err)
	}
	for _, path := range seeds {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	for _, s := range []string{"", "(", "{", "[", "\"", "%", "\uFEFF", "1.", "[a \"", "\r\n%", "1-0 *"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		file := Parse(src)
		got, err := file.Reconstruct()
		if err != nil {
			t.Fatalf("Reconstruct: %v", err)
		}
		if got != src {
			t.Fatalf("Reconstruct = %q, want %q", got, src)
		}
		n := Pos(len(src))
		for _, e := range file.Errors {
			if e.Pos < 0 || e.End < e.Pos || e.End > n {
				t.Fatalf("error %q at [%d,%d) outside the text of %d bytes", e.Msg, e.Pos, e.End, n)
			}
		}
		prevEnd := Pos(0)
		for i, g := range file.Games {
			if g.From < 0 || g.To < g.From || g.To > n {
				t.Fatalf("game %d spans [%d,%d), outside the text of %d bytes", i, g.From, g.To, n)
			}
			if g.From < prevEnd {
				t.Fatalf("game %d starts at %d, before the end of game %d at %d", i, g.From, i-1, prevEnd)
			}
			prevEnd = g.To
		}
		// A parser whose memory held another tree (a streaming Reader's,
		// after Piece.Release) parses the text to the same tree.
		reused := new(parser)
		reused.parse(reuseWarmUp)
		reused.parse(src)
		if again := reused.parse(src); !reflect.DeepEqual(shape(again, 0), shape(file, 0)) {
			t.Fatalf("a parser reusing its memory parses %q differently", src)
		}
		// The line table converts every position the parser reports.
		for _, e := range file.Errors {
			for _, p := range []Pos{e.Pos, e.End} {
				line, col := file.Lines.UTF16Position(p)
				if _, err := file.Lines.OffsetUTF16(line, col); err != nil {
					t.Fatalf("error position %d: UTF16Position gives %d:%d, which OffsetUTF16 rejects: %v", p, line, col, err)
				}
			}
		}
	})
}
