package analysis

import (
	"strings"
	"testing"
)

// The table holds the standard's $0..$139 in order, with the meanings of
// section 10, and the ChessBase extensions after them.
func TestNAGTable(t *testing.T) {
	for v := 0; v <= 139; v++ {
		n, ok := LookupNAG(v)
		if !ok || n.Value != v || !n.Standard || n.Meaning == "" {
			t.Errorf("$%d: %+v, %v", v, n, ok)
		}
	}
	for i := 1; i < len(nags); i++ {
		if nags[i].Value <= nags[i-1].Value {
			t.Errorf("NAGs out of order at $%d", nags[i].Value)
		}
	}
	cases := []struct {
		v              int
		glyph, meaning string
	}{
		{1, "!", "good move"},
		{5, "!?", "speculative move"},
		{13, "∞", "unclear position"},
		{14, "⩲", "White has a slight advantage"},
		{15, "⩱", "Black has a slight advantage"},
		{16, "±", "White has a moderate advantage"},
		{19, "−+", "Black has a decisive advantage"},
		{22, "⨀", "White is in zugzwang"},
		{36, "↑", "White has the initiative"},
		{139, "⊕", "Black has severe time control pressure"},
		{140, "∆", "with the idea"},
		{146, "N", "novelty"},
	}
	for _, c := range cases {
		n, ok := LookupNAG(c.v)
		if !ok || n.Glyph != c.glyph || !strings.HasPrefix(n.Meaning, c.meaning) {
			t.Errorf("$%d = %+v, want %s %s", c.v, n, c.glyph, c.meaning)
		}
	}
	for _, v := range []int{-1, 147, 200, 255, 256} {
		if n, ok := LookupNAG(v); ok {
			t.Errorf("$%d is defined: %+v", v, n)
		}
	}
}

// The six suffix annotations mean what $1..$6 mean.
func TestSuffixMeaning(t *testing.T) {
	for i, s := range []string{"!", "?", "!!", "??", "!?", "?!"} {
		n, ok := SuffixMeaning(s)
		if !ok || n.Value != i+1 || !strings.Contains(n.Meaning, `"`+s+`"`) {
			t.Errorf("%s: %+v, %v", s, n, ok)
		}
	}
	if _, ok := SuffixMeaning("!!!"); ok {
		t.Error("!!! has a meaning")
	}
}

func TestNAGHover(t *testing.T) {
	for src, want := range map[string]string{
		"1. e4 $14 *":  "**$14 ⩲** — White has a slight advantage",
		"1. e4 $7 *":   "**$7 □** — forced move",
		"1. e4 $9 *":   "**$9** — worst move",
		"1. e4 $145 *": "ChessBase",
		"1. e4 $150 *": "undefined NAG",
		"1. e4 $999 *": "not a NAG",
		"1. e4?! *":    "**?!** — questionable move",
		"1. e4!!! *":   "not a suffix annotation",
	} {
		off := strings.IndexAny(src, "$!?") + 1
		h := hoverAt(t, src, off)
		if !strings.Contains(h, want) {
			t.Errorf("%s: %q lacks %q", src, h, want)
		}
	}
}
