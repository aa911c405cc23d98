package analysis

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"pgnls/pgn"
	"pgnls/pgn/pgntest"
)

// "Fix all problems in this game" edits its own game and nothing else, and
// loses nothing of it: applied to each game of the shared corpus, of
// generated files and of the hostile and other test files, it changes no
// byte outside the game's span, and the game keeps its tag pairs (but for
// the repeated ones it removes, the roster tags and SetUp it adds, and the
// values of Result, PlyCount and SetUp it sets), its moves (but for the SAN
// it canonicalises), its comments, its annotations (a suffix becomes its
// NAG) and its escape lines.
func TestFixAllChangesNothingOutsideItsGame(t *testing.T) {
	inputs := map[string]string{}
	for _, pattern := range []string{"../testdata/*/*.pgn", "../testdata/lsp/*/*.pgn"} {
		files, _ := filepath.Glob(pattern)
		for _, name := range files {
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			text, _ := pgn.DecodeText(data)
			inputs[name] = text
		}
	}
	if len(inputs) < 20 {
		t.Fatalf("only %d test files", len(inputs))
	}
	rng := rand.New(rand.NewSource(13))
	for i := range 300 {
		inputs["generated "+strconv.Itoa(i)] = randomFixAllFile(rng)
	}
	fixed := 0
	for _, name := range sortedKeys(inputs) {
		fixed += checkFixAllOnFile(t, name, inputs[name])
	}
	for _, name := range pgntest.OptionalCorpusFiles(t) {
		fixed += checkFixAllOnFile(t, name, pgntest.ReadText(t, name))
	}
	if fixed < 300 {
		t.Errorf("Fix all applied to only %d games: the test has lost its teeth", fixed)
	}
	t.Logf("Fix all applied to %d games", fixed)
}

// The tag-only games that the parser merges (a game with no moves takes
// the tag pairs that follow into its tag section) are where Fix all once
// deleted another game's tags; whatever the parser makes of them, no edit
// leaves the game.
func TestFixAllKeepsToTheMergedTagOnlyGame(t *testing.T) {
	src := "[Event \"a\"]\n[Site \"s\"]\n\n[Event \"b\"]\n[Site \"s\"]\n[White \"w\"]\n\n1. e4 e5 0-0 *\n"
	if checkFixAllOnFile(t, "merged tag-only games", src) == 0 {
		t.Fatal("no Fix all offered")
	}
	// And a game with a syntax error whose result marker goes at the end
	// of its line, where the next game already starts.
	src = "1. e4 ♘ e5 2. Nf3 [Event \"next\"] 1. d4 d5 *\n"
	if checkFixAllOnFile(t, "a game ending mid-line", src) == 0 {
		t.Fatal("no Fix all offered")
	}
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// checkFixAllOnFile applies Fix all to each game of a file and checks it;
// it returns how many games it applied to.
func checkFixAllOnFile(t *testing.T, name, src string) int {
	t.Helper()
	f := pgn.Parse(src)
	applied := 0
	for _, g := range f.Games {
		var fixAll *Action
		for _, a := range GameActions(f, g, g.From, g.From, ActionOptions{}) {
			if a.Kind == KindFixAll {
				fixAll = &a
			}
		}
		if fixAll == nil {
			continue
		}
		applied++
		if msg := checkFixAll(src, g, fixAll.Edits); msg != "" {
			t.Errorf("%s, game %d (bytes %d-%d): %s\ngame:\n%s\nedits: %+v", name, g.Index+1, g.From, g.To, msg, clipForTest(src[g.From:g.To]), fixAll.Edits)
		}
	}
	return applied
}

// checkFixAll returns what is wrong with the edits of Fix all on game g,
// or "".
func checkFixAll(src string, g *pgn.Game, edits []Edit) string {
	for _, e := range edits {
		if e.Pos < g.From || e.End > g.To || e.End < e.Pos {
			return fmt.Sprintf("edit %+v lies outside the game", e)
		}
	}
	out, err := applyEditsInOrder(src, edits)
	if err != "" {
		return err
	}
	tail := len(src) - int(g.To)
	if out[:g.From] != src[:g.From] || out[len(out)-tail:] != src[g.To:] {
		return "the text outside the game changed"
	}
	before := gameContent(src[g.From:g.To])
	after := gameContent(out[g.From : len(out)-tail])
	for _, what := range []struct {
		name string
		a, b []string
	}{
		{"comments", before.comments, after.comments},
		{"annotations", before.annotations, after.annotations},
		{"escape lines", before.escapes, after.escapes},
	} {
		if !slices.Equal(what.a, what.b) {
			return fmt.Sprintf("the %s changed: %q, then %q", what.name, what.a, what.b)
		}
	}
	if msg := compareTags(before.tags, after.tags); msg != "" {
		return msg
	}
	return compareMoves(before, after)
}

// applyEditsInOrder applies edits that come in source order and do not
// overlap.
func applyEditsInOrder(src string, edits []Edit) (string, string) {
	var b strings.Builder
	prev := pgn.Pos(0)
	for _, e := range edits {
		if e.Pos < prev {
			return "", fmt.Sprintf("edits out of order or overlapping: %+v", edits)
		}
		b.WriteString(src[prev:e.Pos])
		b.WriteString(e.NewText)
		prev = e.End
	}
	b.WriteString(src[prev:])
	return b.String(), ""
}

// content is what Fix all must keep of a game's text: its parts in source
// order (the tag pairs by name).
type content struct {
	file        *pgn.File
	tags        map[string][]string // values by name
	moves       []*pgn.Move         // with the game of each
	games       []*pgn.Game
	comments    []string
	annotations []string // NAG values; a suffix as its NAG
	escapes     []string
}

func gameContent(text string) *content {
	f := pgn.Parse(text)
	c := &content{file: f, tags: map[string][]string{}}
	for _, g := range f.Games {
		for _, tag := range g.Tags {
			c.tags[tag.Name] = append(c.tags[tag.Name], tag.Value)
		}
	}
	for _, item := range f.Items {
		g, _ := item.(*pgn.Game)
		pgn.Inspect(item, func(n pgn.Node) bool {
			switch n := n.(type) {
			case *pgn.Move:
				c.moves = append(c.moves, n)
				c.games = append(c.games, g)
			case *pgn.Comment:
				c.comments = append(c.comments, n.Text)
			case *pgn.Escape:
				c.escapes = append(c.escapes, text[n.Pos():n.End()])
			case *pgn.NAGNode:
				c.annotations = append(c.annotations, "$"+strconv.Itoa(n.Value))
			case *pgn.SuffixNode:
				if nag, ok := SuffixNAG(n.Text); ok {
					c.annotations = append(c.annotations, "$"+strconv.Itoa(nag))
				} else {
					c.annotations = append(c.annotations, n.Text)
				}
			}
			return true
		})
	}
	return c
}

// valuesFixAllSets are the tags whose values Fix all may set.
var valuesFixAllSets = []string{"Result", "PlyCount", "SetUp"}

// compareTags checks the tag pairs after Fix all against those before: the
// same names with the same values, but that a repeated tag may lose its
// repeats, a missing roster tag or SetUp may appear, and Result, PlyCount
// and SetUp may change value.
func compareTags(before, after map[string][]string) string {
	for name, old := range before {
		now, ok := after[name]
		if !ok {
			return fmt.Sprintf("the tag %s is gone", name)
		}
		if len(now) > len(old) {
			return fmt.Sprintf("the tag %s is repeated: %q, then %q", name, old, now)
		}
		if slices.Contains(valuesFixAllSets, name) {
			continue
		}
		if a, b := distinct(old), distinct(now); !slices.Equal(a, b) {
			return fmt.Sprintf("the values of the tag %s changed: %q, then %q", name, old, now)
		}
	}
	for name := range after {
		if _, ok := before[name]; !ok && STRIndex(name) < 0 && name != "SetUp" {
			return fmt.Sprintf("the tag %s was added", name)
		}
	}
	return ""
}

func distinct(values []string) []string {
	out := slices.Clone(values)
	slices.Sort(out)
	return slices.Compact(out)
}

// compareMoves checks that the moves are the same ones, in the same order:
// a move written otherwise is the same move in the same position.
func compareMoves(before, after *content) string {
	if len(before.moves) != len(after.moves) {
		return fmt.Sprintf("%d moves, then %d", len(before.moves), len(after.moves))
	}
	statesOf := func(c *content) map[*pgn.Move]MoveState {
		out := map[*pgn.Move]MoveState{}
		for _, g := range c.file.Games {
			var moves []*pgn.Move
			for i, m := range c.moves {
				if c.games[i] == g {
					moves = append(moves, m)
				}
			}
			start := startOf(g)
			for i, st := range replayStates(g, &start, moves) {
				out[moves[i]] = st
			}
		}
		return out
	}
	was, is := statesOf(before), statesOf(after)
	for i, m := range before.moves {
		n := after.moves[i]
		if m.Text == n.Text {
			continue
		}
		a, b := was[m], is[n]
		if !a.Reached || !a.Legal || !b.Reached || !b.Legal || a.Move != b.Move || a.Before.FEN() != b.Before.FEN() {
			return fmt.Sprintf("move %d, %s, became %s, another move", i+1, m.Text, n.Text)
		}
	}
	return ""
}

// randomFixAllFile returns a file of games with the problems Fix all fixes
// (tags missing, repeated, out of order; SAN, move numbers, suffixes; a
// FEN without SetUp; a result marker missing or wrong), games of tags
// alone, and games with syntax errors.
func randomFixAllFile(rng *rand.Rand) string {
	var b strings.Builder
	for i := rng.Intn(5); i >= 0; i-- {
		switch rng.Intn(6) {
		case 0:
			b.WriteString(randomPGNFile(rng))
		case 1: // tags alone
			for _, name := range randomTagNames(rng) {
				b.WriteString("[" + name + " \"" + []string{"?", "x", "1-0"}[rng.Intn(3)] + "\"]\n")
			}
		case 2: // repeated tags, out of order
			names := randomTagNames(rng)
			names = append(names, names[:rng.Intn(len(names)+1)]...)
			rng.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
			for _, name := range names {
				b.WriteString("[" + name + " \"" + []string{"v", "w"}[rng.Intn(2)] + "\"]\n")
			}
			b.WriteString("\n1. e4 e5 2. Nf3 Ng1f6 3. 0-0?! *\n")
		case 3: // a FEN without SetUp, a wrong PlyCount, a mate with the wrong result
			b.WriteString("[FEN \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\"]\n[PlyCount \"9\"]\n[Result \"*\"]\n\n1. f3 e5 2. g4 Qh4 *\n")
		case 4: // syntax errors, the result marker missing
			b.WriteString("[Event \"e\"]\n\n1. e4 " + []string{"♘", "\"x", "<>", ")", "{open"}[rng.Intn(5)] + " e5 2. Nf3 Nc6 {c} $1\n")
		case 5: // no result marker, the game before the next one on its line
			b.WriteString("1. d4 d5 2. c4 ")
			if rng.Intn(2) == 0 {
				b.WriteString("[Event \"next\"]\n")
			}
		}
		b.WriteString([]string{"\n", "\n\n", "\r\n", ""}[rng.Intn(4)])
	}
	return b.String()
}

func randomTagNames(rng *rand.Rand) []string {
	names := []string{"Event", "Site", "Date", "Round", "White", "Black", "Result", "ECO", "Annotator"}
	rng.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
	return names[:1+rng.Intn(len(names)-1)]
}

// Keeping to its game loses no fix: the repeated last tag of a game of tags
// alone goes with the line break before it, the one after it being
// outside the game.
func TestFixAllRemovesTheRepeatedLastTagOfATagOnlyGame(t *testing.T) {
	for _, nl := range []string{"\n", "\r\n"} {
		src := `[Event "a"]` + nl + `[Site "s"]` + nl + `[Event "a"]` + nl
		f := pgn.Parse(src)
		var edits []Edit
		for _, a := range GameActions(f, f.Games[0], 0, 0, ActionOptions{}) {
			if a.Kind == KindFixAll {
				edits = a.Edits
			}
		}
		out, err := applyEditsInOrder(src, edits)
		if err != "" {
			t.Fatal(err)
		}
		if strings.Count(out, `[Event "a"]`) != 1 || !strings.HasSuffix(out, nl) || strings.Contains(out, nl+nl+nl) {
			t.Errorf("%q: Fix all gives %q", src, out)
		}
		if msg := checkFixAll(src, f.Games[0], edits); msg != "" {
			t.Errorf("%q: %s", src, msg)
		}
	}
}
