package analysis

import (
	"slices"
	"testing"

	"pgnls/pgn"
)

func TestFixFileEdits(t *testing.T) {
	tests := []struct {
		name, src string
		games     []int
		skip      Code
		want      string
		edited    []int
	}{
		{"one fix, which Fix all is not offered for", "[Event \"a\"]\n[Site \"s\"]\n[Date \"?\"]\n[Round \"?\"]\n[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 e5 2. Ng1f3 *\n", nil, "",
			"[Event \"a\"]\n[Site \"s\"]\n[Date \"?\"]\n[Round \"?\"]\n[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 e5 2. Nf3 *\n", []int{0}},
		{"every game", "[Event \"a\"]\n\n1. e4 e5 2. 0-0 *\n\n{between}\n\n[Event \"b\"]\n\n1. d4 d5 2. Ng1f3 *\n", nil, CodeMissingTag,
			"[Event \"a\"]\n\n1. e4 e5 2. 0-0 *\n\n{between}\n\n[Event \"b\"]\n\n1. d4 d5 2. Nf3 *\n", []int{1}},
		{"the games asked for", "1. Ng1f3 *\n\n1. Ng1f3 *\n\n1. Ng1f3 *\n", []int{0, 2}, CodeMissingTag,
			"1. Nf3 *\n\n1. Ng1f3 *\n\n1. Nf3 *\n", []int{0, 2}},
		{"nothing to fix", "1. e4 *\n", nil, CodeMissingTag, "1. e4 *\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := pgn.Parse(tt.src)
			opts := ActionOptions{}
			if tt.skip != "" {
				opts.Skip = func(c Code) bool { return c == tt.skip }
			}
			edits, edited := FixFileEdits(f, tt.games, opts)
			if got := ApplyEdits(f.Src, edits); got != tt.want || !slices.Equal(edited, tt.edited) {
				t.Errorf("fixed %q, games %v; want %q, %v", got, edited, tt.want, tt.edited)
			}
			for i := 1; i < len(edits); i++ {
				if edits[i].Pos < edits[i-1].End {
					t.Errorf("edits out of order or overlapping: %+v", edits)
				}
			}
		})
	}
}

func TestApplyEdits(t *testing.T) {
	src := "abcdef"
	got := ApplyEdits(src, []Edit{{Pos: 0, End: 0, NewText: "<"}, {Pos: 1, End: 3, NewText: "X"}, {Pos: 6, End: 6, NewText: ">"}})
	if got != "<aXdef>" {
		t.Errorf("ApplyEdits = %q", got)
	}
	if got := ApplyEdits(src, nil); got != src {
		t.Errorf("no edits: %q", got)
	}
}
