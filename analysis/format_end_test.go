package analysis

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"pgnls/pgn"
)

// Export format ends every game with an empty line, the last one included
// (the standard's 8.2.1; python-chess and pgn-extract do the same), so that
// formatted files put one after the other (cat a.pgn b.pgn) are a
// formatted file: the concatenation parses to the games of both, each
// where it was, and formatting it changes nothing.
func TestFormattedFilesConcatenate(t *testing.T) {
	var names []string
	for _, pattern := range []string{"../testdata/format/*.input.pgn", "../testdata/games/*.pgn", "../testdata/hostile/*.pgn"} {
		found, _ := filepath.Glob(pattern)
		names = append(names, found...)
	}
	if len(names) < 20 {
		t.Fatalf("only %d test files", len(names))
	}
	formatted := make([]string, 0, len(names))
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		text, _ := pgn.DecodeText(data)
		out := Format(pgn.Parse(text), FormatOptions{})
		if out != "" && !strings.HasSuffix(out, "\n\n") && out != byteOrderMark {
			t.Errorf("%s: formatted, it ends with %q, not an empty line", name, out[max(0, len(out)-20):])
		}
		formatted = append(formatted, out)
	}
	pairs := 0
	for i, a := range formatted {
		if endsWithTagsOnly(a) || len(KeptGames(pgn.Parse(a))) > 0 {
			// Tags alone, then a game's tags: one tag section to any
			// reader, whatever the formatter writes. And a game kept for
			// a syntax error may take in what follows it (an open
			// comment runs on to the next tag pair's line).
			continue
		}
		for j, b := range formatted {
			if strings.HasPrefix(b, byteOrderMark) {
				continue // a byte order mark is one only at the start
			}
			both := a + b
			if got := Format(pgn.Parse(both), FormatOptions{}); got != both {
				t.Errorf("%s then %s: formatting the two formatted files one after the other changes them:\n%s",
					names[i], names[j], unifiedDiffForTest(both, got))
				continue
			}
			if n, m := len(pgn.Parse(both).Games), len(pgn.Parse(a).Games)+len(pgn.Parse(b).Games); n != m {
				t.Errorf("%s then %s: %d games, want %d", names[i], names[j], n, m)
			}
			pairs++
		}
	}
	if pairs < 400 {
		t.Errorf("only %d pairs tried", pairs)
	}
}

// endsWithTagsOnly reports whether the last item of a formatted text is a
// game of tags alone.
func endsWithTagsOnly(text string) bool {
	f := pgn.Parse(text)
	if len(f.Items) == 0 {
		return false
	}
	g, ok := f.Items[len(f.Items)-1].(*pgn.Game)
	return ok && g.TagsOnly()
}

func TestKeptGames(t *testing.T) {
	tests := []struct {
		name, src string
		want      []Kept
	}{
		{"clean games", "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 *\n", nil},
		{"an illegal move is formatted, not kept", "1. e4 e5 2. Ke3 *\n", nil},
		{"an unterminated comment", "[Event \"a\"]\n\n1. e4 *\n\n[Event \"b\"]\n\n1. d4 {open\n",
			[]Kept{{Game: 1, Pos: 41}}},
		{"two errors: the first is named, the other counted", "1. e4 ) e5 ) *\n",
			[]Kept{{Game: 0, Pos: 6, Reason: "')' without a matching '(' (and 1 more syntax error)"}}},
		{"a game on the line where a kept game ends", "1. e4 ) * [Event \"b\"]\n\n1. d4 *\n",
			[]Kept{{Game: 0, Pos: 6}, {Game: 1, Pos: 10, Reason: "it starts on the line where game 1 ends, which is kept as written"}}},
		{"a game on the line where text between games ends", "[Event \"a\"]\n\n1. e4 *\n\n{notes} [Event \"b\"]\n\n1. d4 *\n",
			[]Kept{{Game: 1, Pos: 30, Reason: "it starts on the line where text between games ends, which is kept as written"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := pgn.Parse(tt.src)
			got := KeptGames(f)
			for i := range got {
				if i < len(tt.want) && tt.want[i].Reason == "" {
					got[i].Reason = "" // the parser's message, whatever it says
				}
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("KeptGames = %+v, want %+v", got, tt.want)
			}
			// Format keeps exactly these games as written.
			out := Format(f, FormatOptions{})
			for _, k := range KeptGames(f) {
				g := f.Games[k.Game]
				if !strings.Contains(out, strings.TrimRight(f.Src[g.From:g.To], " \n")) {
					t.Errorf("game %d is said to be kept, but Format changed it: %q", k.Game+1, out)
				}
			}
		})
	}
}
