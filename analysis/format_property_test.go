package analysis

import (
	"fmt"
	"math/rand"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"pgnls/analysis/board"
	"pgnls/pgn"
	"pgnls/pgn/pgntest"
)

// The formatter's promises of issue 13 ("nothing lost"), as properties over
// every text the tests have: the shared corpus, generated games, and the
// hostile inputs, alone and spliced together.

// inventory lists what a user wrote in a text, as a multiset (sorted), with
// layout left out: its tag pairs, its moves (a legal move by its squares,
// as written otherwise), its comments (by their words), its NAGs (a suffix
// annotation by the NAG that stands for it), its escape lines, the other
// tokens of games with syntax errors, and the bytes between games, white
// space aside. It reads the tree directly, independently of the formatter
// (and of fileMeaning, which keeps the order).
func inventory(f *pgn.File) []string {
	inv := &inventoryWalk{src: f.Src}
	for _, item := range f.Items {
		switch n := item.(type) {
		case *pgn.Game:
			inv.game(n)
		case *pgn.BOMNode:
			inv.add("byte order mark")
		default:
			inv.between.WriteString(withoutSpace(f.Src[n.Pos():n.End()]))
		}
	}
	inv.add("between games: " + inv.between.String())
	sort.Strings(inv.out)
	return inv.out
}

type inventoryWalk struct {
	src     string
	out     []string
	between strings.Builder
}

func (w *inventoryWalk) add(s string) { w.out = append(w.out, s) }

func (w *inventoryWalk) game(g *pgn.Game) {
	for _, item := range g.TagItems {
		if t, ok := item.(*pgn.Tag); ok {
			w.add("tag " + t.Name + "=" + strconv.Quote(t.Value))
		} else {
			w.annotation(item)
		}
	}
	s := startOf(g)
	w.line(&g.Moves, s.pos, s.replayable() && len(g.Errors) == 0)
	if g.Result != nil {
		w.add("result " + g.Result.Text)
	}
}

// line walks a line with an explicit stack of the variations still to walk
// (the inventory must not be the recursion that nesting breaks).
func (w *inventoryWalk) line(l *pgn.Line, pos board.Position, ok bool) {
	type todo struct {
		l   *pgn.Line
		pos board.Position
		ok  bool
	}
	stack := []todo{{l, pos, ok}}
	for len(stack) > 0 {
		t := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		pos, ok := t.pos, t.ok
		visit := func(nodes []pgn.Node, at board.Position, ok bool) {
			for _, n := range nodes {
				if v, isVar := n.(*pgn.Variation); isVar {
					stack = append(stack, todo{&v.Line, at, ok})
					continue
				}
				w.annotation(n)
			}
		}
		visit(t.l.Start, pos, false)
		for _, mv := range t.l.Moves {
			visit(mv.Before, pos, false)
			before, okBefore := pos, ok
			var played board.Move
			if ok {
				played, ok = (&meaning{}).resolve(&pos, mv.Text)
			}
			if ok {
				w.add("move " + played.String())
				pos.Play(played)
			} else {
				w.add("move as written " + mv.Text)
			}
			visit(mv.After, before, okBefore)
		}
	}
}

func (w *inventoryWalk) annotation(n pgn.Node) {
	switch n := n.(type) {
	case *pgn.NAGNode:
		if n.Value < 0 {
			w.add("NAG " + n.Tok.Text(w.src))
		} else {
			w.add("NAG $" + strconv.Itoa(n.Value))
		}
	case *pgn.SuffixNode:
		if nag, ok := pgn.SuffixNAG(n.Text); ok {
			w.add("NAG $" + strconv.Itoa(nag))
		} else {
			w.add("suffix " + n.Text)
		}
	case *pgn.Comment:
		w.add("comment " + strings.Join(asciiFields(n.Text), " "))
	case *pgn.Escape:
		w.add("escape " + n.Tok.Text(w.src))
	case *pgn.Bad:
		w.add("unread " + withoutSpace(w.src[n.From:n.To]))
	case *pgn.Tag:
		w.add("tag in movetext " + withoutSpace(w.src[n.Pos():n.End()]))
	default:
		w.add(fmt.Sprintf("unexpected %T", n))
	}
}

// withoutSpace returns s without its ASCII white space.
func withoutSpace(s string) string {
	return strings.Join(asciiFields(s), "")
}

// checkKeepsInventory asserts that formatting text keeps its inventory.
func checkKeepsInventory(t *testing.T, name, text string, opts FormatOptions) {
	t.Helper()
	out := Format(pgn.Parse(text), opts)
	before, after := inventory(pgn.Parse(text)), inventory(pgn.Parse(out))
	if !slices.Equal(before, after) {
		t.Fatalf("%s: formatting changed what was written:\n%s", name, multisetDifference(before, after))
	}
}

// multisetDifference lists what two sorted multisets do not share.
func multisetDifference(a, b []string) string {
	var out strings.Builder
	i, j := 0, 0
	for (i < len(a) || j < len(b)) && out.Len() < 3000 {
		switch {
		case j == len(b) || i < len(a) && a[i] < b[j]:
			fmt.Fprintf(&out, "- %s\n", clipForTest(a[i]))
			i++
		case i == len(a) || b[j] < a[i]:
			fmt.Fprintf(&out, "+ %s\n", clipForTest(b[j]))
			j++
		default:
			i++
			j++
		}
	}
	return out.String()
}

// hostileTexts returns the hostile inputs (testdata/hostile).
func hostileTexts(t *testing.T) map[string]string {
	t.Helper()
	files, _ := filepath.Glob("../testdata/hostile/*.pgn")
	if len(files) < 50 {
		t.Fatalf("%d hostile files, want the catalogue", len(files))
	}
	texts := map[string]string{}
	for _, name := range files {
		texts[filepath.Base(name)] = pgntest.ReadText(t, name)
	}
	return texts
}

// TestFmtKeepsEverythingWritten: on the shared corpus, generated games and
// the hostile inputs (alone, and spliced with games and each other), `fmt`
// keeps the multiset of tag pairs, moves, comments (their words), NAGs,
// escape lines and the bytes between games (white space aside).
func TestFmtKeepsEverythingWritten(t *testing.T) {
	for _, opts := range []FormatOptions{{}, {Width: 1}} {
		t.Run(fmt.Sprintf("width %d", opts.Width), func(t *testing.T) {
			rng := rand.New(rand.NewSource(13))
			for i := 0; i < 200; i++ {
				checkKeepsInventory(t, "generated "+strconv.Itoa(i), randomPGNFile(rng), opts)
			}
			hostile := hostileTexts(t)
			names := make([]string, 0, len(hostile))
			for name, text := range hostile {
				checkKeepsInventory(t, name, text, opts)
				names = append(names, name)
			}
			sort.Strings(names)
			for i := 0; i < 300; i++ {
				var b strings.Builder
				for k := rng.Intn(4); k >= 0; k-- {
					if rng.Intn(2) == 0 {
						b.WriteString(hostile[names[rng.Intn(len(names))]])
					} else {
						b.WriteString(newRandomGame(rng).write())
					}
					b.WriteString([]string{"", "\n", "\n\n", " ", "\r\n"}[rng.Intn(5)])
				}
				checkKeepsInventory(t, "spliced "+strconv.Itoa(i), b.String(), opts)
			}
		})
	}
	t.Run("corpus", func(t *testing.T) {
		for _, path := range pgntest.CorpusFiles(t) {
			checkKeepsInventory(t, filepath.Base(path), pgntest.ReadText(t, path), FormatOptions{})
		}
	})
}

// TestFmtKeepsTextBetweenGamesAsWritten: the examples. Text between
// games comes out as it was (line breaks as LF): a stray '<' or a quoted
// string that a game shares its line with gets no line break after it.
func TestFmtKeepsTextBetweenGamesAsWritten(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"<Game notes follow>\n[Event \"a\"]\n\n1. e4 *\n", "<Game notes follow>\n\n[Event \"a\"]\n\n1. e4 *\n\n"},
		{"\"Game notes\" follow\n[Event \"a\"]\n\n1. e4 *\n", "\"Game notes\" follow\n\n[Event \"a\"]\n\n1. e4 *\n\n"},
		{"{notes} \"quoted\" text\r\nmore text  \r\n[Event \"a\"]\n\n1. e4 *\n", "{notes} \"quoted\" text\nmore text  \n\n[Event \"a\"]\n\n1. e4 *\n\n"},
		{"[Event \"a\"]\n\n1. e4 *\n\n< notes >\n", "[Event \"a\"]\n\n1. e4 *\n\n< notes >\n\n"},
	} {
		if got := Format(pgn.Parse(tt.in), FormatOptions{}); got != tt.want {
			t.Errorf("Format(%q) =\n%q\nwant\n%q", tt.in, got, tt.want)
		}
	}
}

// TestFmtKeptGameKeepsItsBytes: a game left as written because of a syntax
// error has its line breaks made LF, like the rest of the output, and keeps
// the blanks of its last line, in an open comment too (they are its text).
func TestFmtKeptGameKeepsItsBytes(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"[Event \"a\"]\r\n\r\n1. e4 (e5\r\n2. Nf3 *\r\n", "[Event \"a\"]\n\n1. e4 (e5\n2. Nf3 *\n\n"},
		{"[Event \"a\"]\n\n1. e4 (e5 \t \n\n[Event \"b\"]\n\n1. d4 *\n", "[Event \"a\"]\n\n1. e4 (e5 \t \n\n[Event \"b\"]\n\n1. d4 *\n\n"},
		{"[Event \"a\"]\n\n1. e4 {open   ", "[Event \"a\"]\n\n1. e4 {open   \n\n"},
		{"[Event \"a\"]\n\n1. e4 {open \r\n  more   \r\n\r\n[Event \"b\"]\n\n1. d4 *\n", "[Event \"a\"]\n\n1. e4 {open \n  more   \n\n[Event \"b\"]\n\n1. d4 *\n\n"},
	} {
		got := Format(pgn.Parse(tt.in), FormatOptions{})
		if got != tt.want {
			t.Errorf("Format(%q) =\n%q\nwant\n%q", tt.in, got, tt.want)
		}
		if again := Format(pgn.Parse(got), FormatOptions{}); again != got {
			t.Errorf("Format of %q changes it again: %q", got, again)
		}
	}
}

// TestFmtKeepsTagOnlyGamesApart: a file of tag-only games (a crosstable, a
// list of players), an empty line between them, is one game each, with no
// duplicate-tag warning, and formats to one tag section each; a section
// that still repeats a tag keeps its order.
func TestFmtKeepsTagOnlyGamesApart(t *testing.T) {
	var in, want strings.Builder
	for i := range 605 {
		fmt.Fprintf(&in, "[White \"Player %d\"]\n[Event \"Crosstable\"]\n[Result \"1-0\"]\n[Round \"%d\"]\n\n", i, i%9+1)
		fmt.Fprintf(&want, "[Event \"Crosstable\"]\n[Round \"%d\"]\n[White \"Player %d\"]\n[Result \"1-0\"]\n\n", i%9+1, i)
	}
	f := pgn.Parse(in.String())
	if len(f.Games) != 605 {
		t.Fatalf("%d games, want 605", len(f.Games))
	}
	for _, d := range CheckFile(f) {
		if d.Code == CodeDuplicateTag {
			t.Fatalf("a duplicate-tag warning: %v", d)
		}
	}
	if got := Format(f, FormatOptions{}); got != want.String() {
		t.Errorf("Format = %s", unifiedDiffForTest(want.String(), got))
	}
	repeat := "[Site \"b\"]\n[Event \"a\"]\n[Site \"c\"]\n\n1. e4 *\n\n"
	if got := Format(pgn.Parse(repeat), FormatOptions{}); got != repeat {
		t.Errorf("a section that repeats a tag: Format = %q, want it in its order %q", got, repeat)
	}
	// Export order would start the second section with a tag the first
	// lacks, and the two would read as one: a tag the first holds comes
	// first (found by FuzzFormat).
	for _, tt := range []struct{ in, want string }{
		{"[White \"\"] \n\n[White \"\"][Round \"\"]", "[White \"\"]\n\n[White \"\"]\n[Round \"\"]\n\n"},
		{"[White \"a\"]\n[Site \"s\"]\n\n[White \"b\"]\n[Round \"1\"]\n{c}\n\n[Round \"2\"]\n[Event \"e\"]\n",
			"[Site \"s\"]\n[White \"a\"]\n\n[White \"b\"]\n[Round \"1\"]\n\n{ c }\n\n[Round \"2\"]\n[Event \"e\"]\n\n"},
	} {
		got := Format(pgn.Parse(tt.in), FormatOptions{})
		if got != tt.want {
			t.Errorf("Format(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if n, m := len(pgn.Parse(tt.in).Games), len(pgn.Parse(got).Games); n != m {
			t.Errorf("Format(%q): %d games, then %d", tt.in, n, m)
		}
	}
}
