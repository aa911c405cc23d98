package analysis

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"pgnls/pgn"
	"pgnls/pgn/pgntest"
)

// Table tests of the navigation features: symbols, folds, semantic tokens,
// links, selection ranges, player renaming and inlay hints. The language
// server's marker tests cover the same through the protocol.

func TestGameSymbols(t *testing.T) {
	src := `[Event "F/S Return Match"]
[Site "Belgrade, Serbia JUG"]
[Date "1992.11.04"]
[Round "29"]
[White "Fischer, Robert J."]
[Black "Spassky, Boris V."]
[Result "1/2-1/2"]

1. e4 e5 2. Nf3 Nc6 3. Bb5 1/2-1/2

[Event "?"]
[Date "1990.??.??"]
[White "A"]

1. d4 *

1. c4

[FEN "4k3/8/8/8/8/8/8/4K2R b K - 0 1"]
[SetUp "1"]
[White "X"]
[Black "Y"]

1... Kd7 2. Rh7+ *
`
	f := pgn.Parse(src)
	syms := GameSymbols(f, 1)
	want := []struct{ name, detail string }{
		{"Fischer, Robert J. – Spassky, Boris V., F/S Return Match 1992.11.04 (1/2-1/2)", "3 moves"},
		{"A – ?, 1990 (*)", "1 move"},
		{"Game 3", "1 move"},
		{"X – Y (*)", "2 moves"},
	}
	if len(syms) != len(want) {
		t.Fatalf("%d symbols, want %d", len(syms), len(want))
	}
	for i, w := range want {
		if syms[i].Name != w.name || syms[i].Detail != w.detail {
			t.Errorf("symbol %d: %q %q, want %q %q", i, syms[i].Name, syms[i].Detail, w.name, w.detail)
		}
	}
	if s := syms[0]; len(s.Tags) != 7 || s.Tags[4].Name != "White" || s.Tags[4].Value != "Fischer, Robert J." || src[s.NamePos:s.NameEnd] != `[Event "F/S Return Match"]` {
		t.Errorf("first game: %+v", s)
	}
	if s := syms[2]; src[s.NamePos:s.NameEnd] != "1." {
		t.Errorf("tagless game selects %q", src[s.NamePos:s.NameEnd])
	}
	for _, c := range []struct {
		query string
		want  bool
	}{{"", true}, {"fischer", true}, {"SPASSKY", true}, {"return match", true}, {"fischer belgrade", false}, {"karpov", false}} {
		if got := syms[0].MatchesQuery(c.query); got != c.want {
			t.Errorf("MatchesQuery(%q) = %v", c.query, got)
		}
	}
}

func TestFolds(t *testing.T) {
	src := `{ A preface
over two lines }
[Event "E"]
[Site "S"]

1. e4 e5 (1... c5 2. Nf3
2... d6) 2. Nf3 { a comment
on two lines } (2. Nc3 Nc6) *
`
	f := pgn.Parse(src)
	var got []string
	for _, fd := range Folds(f) {
		got = append(got, fmt.Sprintf("%s %d-%d %v", fd.Kind, f.Lines.Line(fd.Pos), f.Lines.Line(fd.End), fd.KeepLastLine))
	}
	want := []string{
		"comment 0-1 false", // the preface
		"region 2-7 false",  // the game
		"region 2-3 false",  // its tags
		"region 5-6 true",   // the variation, which the main line follows
		"comment 6-7 true",  // the comment
	}
	if !slices.Equal(got, want) {
		t.Errorf("folds:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestSemanticTokens(t *testing.T) {
	src := "[White \"W\"]\n\n1. e4 $1 e5 {c} 2. Nf3! Nc6 3. Bxc6+ dxc6 4. O-O Qd4 5. e8=Q# ; x\n1-0\n"
	f := pgn.Parse(src)
	var got []string
	for _, tok := range SemanticTokens(f, 0, pgn.Pos(len(src))) {
		got = append(got, fmt.Sprintf("%s:%d:%d", src[tok.Pos:tok.End], tok.Type, tok.Mods))
	}
	want := []string{
		"White:0:0", `"W":1:0`,
		"1.:2:0", "e4:4:0", "$1:6:0", "e5:4:0", "{c}:7:0",
		"2.:2:0", "Nf3:3:0", "!:5:0", "Nc6:3:0",
		"3.:2:0", fmt.Sprintf("Bxc6+:3:%d", ModCapture|ModCheck), fmt.Sprintf("dxc6:4:%d", ModCapture),
		"4.:2:0", fmt.Sprintf("O-O:3:%d", ModCastling), "Qd4:3:0",
		"5.:2:0", fmt.Sprintf("e8=Q#:4:%d", ModPromotion|ModMate), "; x:7:0",
		"1-0:8:0",
	}
	if !slices.Equal(got, want) {
		t.Errorf("tokens:\n%v\nwant:\n%v", got, want)
	}
	// A range gives the tokens that meet it.
	from := pgn.Pos(strings.Index(src, "Nc6"))
	var ranged []string
	for _, tok := range SemanticTokens(f, from, from+6) {
		ranged = append(ranged, src[tok.Pos:tok.End])
	}
	if !slices.Equal(ranged, []string{"Nc6", "3."}) {
		t.Errorf("range: %v", ranged)
	}
}

func TestLinks(t *testing.T) {
	src := `[Site "https://lichess.org/abcd1234"]
[Event "https://not.a.site.tag"]

1. e4 { see www.example.com/x, and (https://en.wikipedia.org/wiki/Chess_(game)). } *
`
	f := pgn.Parse(src)
	var got []string
	for _, l := range Links(f) {
		got = append(got, src[l.Pos:l.End]+" -> "+l.Target)
	}
	want := []string{
		"https://lichess.org/abcd1234 -> https://lichess.org/abcd1234",
		"www.example.com/x -> https://www.example.com/x",
		"https://en.wikipedia.org/wiki/Chess_(game) -> https://en.wikipedia.org/wiki/Chess_(game)",
	}
	if !slices.Equal(got, want) {
		t.Errorf("links:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestSelectionRanges(t *testing.T) {
	src := `[White "Anand"]
[Black "Carlsen"]

1. e4 $1 {best} e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6) 2. Nf3 *
`
	f := pgn.Parse(src)
	sel := func(at string, delta int) []string {
		off := pgn.Pos(strings.Index(src, at) + delta)
		var out []string
		for _, s := range SelectionRanges(f, off) {
			out = append(out, src[s.Pos:s.End])
		}
		return out
	}
	game := strings.TrimSuffix(src, "\n")
	movetext := "1. e4 $1 {best} e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6) 2. Nf3 *"
	cases := []struct {
		at    string
		delta int
		want  []string
	}{
		{"e4", 0, []string{"e4", "1. e4 $1 {best}", movetext, game}},
		{"$1", 1, []string{"$1", "1. e4 $1 {best}", movetext, game}},
		{"d5", 0, []string{"d5", "d5", "(2. c3 d5)", "2. Nf3 (2. c3 d5)", "(1... c5 2. Nf3 (2. c3 d5) 2... d6)",
			"e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6)", movetext, game}},
		{"Carlsen", 2, []string{"Carlsen", `"Carlsen"`, `[Black "Carlsen"]`, "[White \"Anand\"]\n[Black \"Carlsen\"]", game}},
		{"*", 0, []string{"*", movetext, game}},
	}
	for _, c := range cases {
		got := sel(c.at, c.delta)
		// "d5" is both the token and the move without annotations.
		want := slices.Compact(c.want)
		if !slices.Equal(got, want) {
			t.Errorf("at %q: %q\nwant %q", c.at, got, want)
		}
	}
	if got := SelectionRanges(f, pgn.Pos(len(src))); got != nil {
		t.Errorf("past the game: %v", got)
	}
}

func TestRenamePlayer(t *testing.T) {
	src := `[White "Carlsen, Magnus"]
[Black "Anand"]
[Annotator "Carlsen, Magnus"]

1. e4 *

[White "Anand"]
[Black "Carlsen, Magnus"]

1. d4 *

[White "Carlsen, Magnus Jr"]

1. c4 *
`
	f := pgn.Parse(src)
	off := pgn.Pos(strings.Index(src, "Magnus"))
	tag := PlayerAt(f, off)
	if tag == nil || tag.Value != "Carlsen, Magnus" {
		t.Fatalf("PlayerAt: %+v", tag)
	}
	if p, e := ValueSpan(src, tag); src[p:e] != "Carlsen, Magnus" {
		t.Errorf("ValueSpan: %q", src[p:e])
	}
	if PlayerAt(f, pgn.Pos(strings.Index(src, "Annotator"))) != nil {
		t.Errorf("a player at the Annotator tag")
	}
	got := applyActionEdits(t, src, RenamePlayer(f, tag.Value, `Carlsen, M. "The Mozart"`))
	want := strings.NewReplacer(`[White "Carlsen, Magnus"]`, `[White "Carlsen, M. \"The Mozart\""]`,
		`[Black "Carlsen, Magnus"]`, `[Black "Carlsen, M. \"The Mozart\""]`).Replace(src)
	if got != want {
		t.Errorf("renamed:\n%s\nwant:\n%s", got, want)
	}
	if CheckPlayerName(" ") == nil || CheckPlayerName("a\nb") == nil || CheckPlayerName("Kasparov") != nil {
		t.Errorf("CheckPlayerName")
	}
}

// navInvariantFiles returns the texts the invariants are checked on: the
// project's test files, and the shared corpus when it is there.
func navInvariantFiles(t *testing.T) map[string]string {
	out := map[string]string{}
	corpusDir, _ := pgntest.CorpusDir(t)
	for _, dir := range []string{"../testdata", corpusDir} {
		filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && filepath.Ext(path) == ".pgn" {
				if data, err := os.ReadFile(path); err == nil {
					out[path] = string(data)
				}
			}
			return nil
		})
	}
	if len(out) == 0 {
		t.Skip("no PGN files")
	}
	return out
}

// Every navigation function answers within the text and in order, and
// every code action's edits apply, on every test file (hostile ones
// included) and the corpus.
func TestNavInvariants(t *testing.T) {
	for path, src := range navInvariantFiles(t) {
		f := pgn.Parse(src)
		n := pgn.Pos(len(src))
		bad := func(format string, args ...any) {
			t.Helper()
			t.Errorf("%s: "+format, append([]any{path}, args...)...)
		}
		prev := pgn.Pos(0)
		for _, tok := range SemanticTokens(f, 0, n) {
			if tok.Pos < prev || tok.End <= tok.Pos || tok.End > n || tok.Type >= numTokenTypes {
				bad("semantic token %+v after %d", tok, prev)
				break
			}
			prev = tok.End
		}
		for _, fd := range Folds(f) {
			if fd.Pos < 0 || fd.End <= fd.Pos || fd.End > n {
				bad("fold %+v", fd)
			}
		}
		for _, l := range Links(f) {
			if l.Pos < 0 || l.End <= l.Pos || l.End > n || l.Target == "" {
				bad("link %+v", l)
			}
		}
		for _, s := range GameSymbols(f, 1) {
			if s.Name == "" || s.NamePos < s.Pos || s.NameEnd < s.NamePos || s.NameEnd > s.End {
				bad("symbol %+v", s)
			}
		}
		prev = 0
		for _, h := range InlayHints(f, 0, n, InlayOptions{NAGGlyphs: true, PlyNumbers: true}) {
			if h.Pos < prev || h.Pos > n || h.Label == "" {
				bad("inlay hint %+v after %d", h, prev)
				break
			}
			prev = h.Pos
		}
		step := max(1, int(n)/200)
		for off := 0; off <= int(n); off += step {
			spans := SelectionRanges(f, pgn.Pos(off))
			for i, s := range spans {
				if s.Pos > pgn.Pos(off) || s.End < pgn.Pos(off) || i > 0 && (s.Pos > spans[i-1].Pos || s.End < spans[i-1].End) {
					bad("selection at %d: %+v", off, spans)
					break
				}
			}
		}
		if len(src) > 1<<20 {
			continue // the actions re-check every game: the big files are for the parser
		}
		// Each game is re-checked on its own: its text to the end of its
		// last line (where a fix may insert), edits shifted.
		count := func(text string, code Code) int {
			k := 0
			for _, d := range CheckFile(pgn.Parse(text)) {
				if d.Code == code {
					k++
				}
			}
			return k
		}
		for _, g := range f.Games {
			end := int(g.To)
			for end < len(src) && src[end] != '\n' && src[end] != '\r' {
				end++
			}
			region := src[g.From:end]
			for _, a := range Actions(f, g.From, g.To, ActionOptions{}) {
				prev := pgn.Pos(0)
				ok := true
				shifted := make([]Edit, 0, len(a.Edits))
				for _, e := range a.Edits {
					if e.Pos < prev || e.End < e.Pos || e.End > n {
						bad("action %q: edits %+v", a.Title, a.Edits)
						ok = false
						break
					}
					prev = e.End
					if e.Pos < g.From || int(e.End) > end {
						ok = false // outside the region: not re-checked
					}
					shifted = append(shifted, Edit{Pos: e.Pos - g.From, End: e.End - g.From, NewText: e.NewText})
				}
				// A quick fix removes a diagnostic of its code (an
				// ambiguous move made legal lets the rest of its line be
				// checked, which may find more). Text with NUL bytes (a
				// UTF-16 file) is not PGN and is left out.
				// Only the game's own fixes: a game's range touches the
				// next one where it starts, and a fix of the game before
				// may insert there.
				if d := a.Diagnostic; ok && d != nil && d.Game == g.Index && d.Code != CodeAmbiguousMove && !strings.Contains(region, "\x00") {
					if count(applyActionEdits(t, region, shifted), d.Code) >= count(region, d.Code) {
						bad("%q does not fix %v", a.Title, *d)
					}
				}
			}
		}
	}
}
