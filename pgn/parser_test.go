package pgn

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files of the parser tests (testdata/pgn/*.golden)")

// goldenDir holds the parser's golden tests: NAME.pgn is parsed and the tree
// is dumped to NAME.golden. It lies at the module root, beside the golden
// files of the other packages.
const goldenDir = "../testdata/pgn"

func TestParseGolden(t *testing.T) {
	inputs, err := filepath.Glob(filepath.Join(goldenDir, "*.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	if len(inputs) == 0 {
		t.Fatalf("no golden inputs in %s", goldenDir)
	}
	for _, input := range inputs {
		name := strings.TrimSuffix(filepath.Base(input), ".pgn")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(input)
			if err != nil {
				t.Fatal(err)
			}
			f := Parse(string(src))
			checkFile(t, f)
			got := dumpFile(f)
			golden := strings.TrimSuffix(input, ".pgn") + ".golden"
			if *update {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./pgn -run TestParseGolden -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("tree of %s differs from %s (-want +got):\n%s", input, golden, lineDiff(string(want), got))
			}
		})
	}
}

// checkFile asserts the invariants that hold for every parse, whatever the
// input: the tree is lossless, the nodes lie in order within the text, the
// errors lie within the text and are sorted, and each game's Errors are the
// file's errors that start inside it.
func checkFile(t testing.TB, f *File) {
	t.Helper()
	got, err := f.Reconstruct()
	if err != nil {
		t.Fatalf("Reconstruct: %v", err)
	}
	if got != f.Src {
		t.Fatalf("Reconstruct is not the input:\n got %q\nwant %q", clip(got, 200), clip(f.Src, 200))
	}
	n := Pos(len(f.Src))
	for i, e := range f.Errors {
		if e.Pos < 0 || e.End < e.Pos || e.End > n {
			t.Errorf("error %d %q has span [%d,%d) outside [0,%d]", i, e.Msg, e.Pos, e.End, n)
		}
		if i > 0 && f.Errors[i-1].Pos > e.Pos {
			t.Errorf("errors not sorted: %d before %d", f.Errors[i-1].Pos, e.Pos)
		}
	}
	prev := Pos(0)
	games := 0
	for i, item := range f.Items {
		if item.Pos() < prev || item.End() < item.Pos() || item.End() > n {
			t.Errorf("item %d (%T) has span [%d,%d), previous item ends at %d, text length %d", i, item, item.Pos(), item.End(), prev, n)
		}
		prev = item.End()
		// An item spans exactly its tokens.
		first, last := NoPos, NoPos
		NodeTokens(item, func(tk Token) {
			if first == NoPos {
				first = tk.Pos
			}
			last = tk.End
		})
		if first != item.Pos() || last != item.End() {
			t.Errorf("item %d (%T) spans [%d,%d), its tokens [%d,%d)", i, item, item.Pos(), item.End(), first, last)
		}
		if g, ok := item.(*Game); ok {
			if games >= len(f.Games) || f.Games[games] != g || g.Index != games {
				t.Errorf("item %d: game %d is not Games[%d]", i, g.Index, games)
			}
			games++
			var want ErrorList
			for _, e := range f.Errors {
				if e.Pos >= g.From && e.Pos < g.To {
					want = append(want, e)
				}
			}
			if fmt.Sprint(want) != fmt.Sprint(g.Errors) || len(want) != len(g.Errors) {
				t.Errorf("game %d: Errors = %v, want the file's errors within [%d,%d): %v", g.Index, g.Errors, g.From, g.To, want)
			}
		}
	}
	if games != len(f.Games) {
		t.Errorf("Items hold %d games, Games %d", games, len(f.Games))
	}
}

// dumpFile writes the tree of f as text, one node a line, nesting shown by
// indentation. Positions are 1-based line:column in characters, as the CLI
// prints them.
func dumpFile(f *File) string {
	d := &dumper{f: f}
	d.printf("file: %d games, %d errors\n", len(f.Games), len(f.Errors))
	for _, item := range f.Items {
		d.node(item)
	}
	if len(f.Errors) > 0 {
		d.printf("errors:\n")
		d.depth++
		for _, e := range f.Errors {
			d.printf("%s-%s: %s\n", d.pos(e.Pos), d.pos(e.End), e.Msg)
		}
		d.depth--
	}
	return d.b.String()
}

type dumper struct {
	f     *File
	b     strings.Builder
	depth int
}

func (d *dumper) printf(format string, args ...any) {
	d.b.WriteString(strings.Repeat("  ", d.depth))
	fmt.Fprintf(&d.b, format, args...)
}

func (d *dumper) pos(p Pos) string {
	line, col := d.f.Lines.CharPosition(p)
	return fmt.Sprintf("%d:%d", line+1, col+1)
}

func (d *dumper) text(from, to Pos) string { return strconv.Quote(d.f.Src[from:to]) }

func (d *dumper) nodes(label string, nodes []Node) {
	if len(nodes) == 0 {
		return
	}
	d.printf("%s:\n", label)
	d.depth++
	for _, n := range nodes {
		d.node(n)
	}
	d.depth--
}

func (d *dumper) line(l *Line) {
	d.nodes("start", l.Start)
	for _, m := range l.Moves {
		d.node(m)
	}
}

func (d *dumper) node(n Node) {
	at := d.pos(n.Pos())
	switch n := n.(type) {
	case *Game:
		d.printf("game %d %s-%s\n", n.Index, at, d.pos(n.To))
		d.depth++
		d.nodes("tags", n.TagItems)
		if len(n.Moves.Start) > 0 || len(n.Moves.Moves) > 0 {
			d.printf("moves:\n")
			d.depth++
			d.line(&n.Moves)
			d.depth--
		}
		if n.Result != nil {
			d.node(n.Result)
		} else {
			d.printf("no result\n")
		}
		if len(n.Errors) > 0 {
			d.printf("%d errors\n", len(n.Errors))
		}
		d.depth--
	case *Tag:
		stray := ""
		if n.StrayQuote {
			stray = " (stray quote)"
		}
		d.printf("%s tag %s = %q%s\n", at, n.Name, n.Value, stray)
	case *Move:
		var num string
		if n.Number != nil {
			num = strconv.Quote(d.f.Src[n.Number.Tok.Pos:n.Number.Tok.End])
			if n.Number.Dots != nil {
				num += " " + strconv.Quote(n.Number.Dots.Text(d.f.Src))
			}
			num = fmt.Sprintf(" number %s = %d", num, n.Number.Number)
			if n.Number.Black {
				num += " black"
			}
		}
		d.printf("%s move %s %s%s\n", at, n.SAN.Kind, n.Text, num)
		d.depth++
		d.nodes("before", n.Before)
		for _, a := range n.After {
			d.node(a)
		}
		d.depth--
	case *Variation:
		d.printf("%s variation\n", at)
		d.depth++
		d.line(&n.Line)
		d.depth--
		if n.RParen.IsValid() {
			d.printf("%s end of variation\n", d.pos(n.RParen))
		} else {
			d.printf("%s variation not closed\n", d.pos(n.Closing))
		}
	case *SuffixNode:
		d.printf("%s suffix %s\n", at, n.Text)
	case *NAGNode:
		d.printf("%s nag %s = %d\n", at, n.Tok.Text(d.f.Src), n.Value)
	case *Comment:
		kind := "{}"
		if n.Tok.Kind == LineComment {
			kind = ";"
		}
		if n.Unterminated {
			kind += " unterminated"
		}
		d.printf("%s comment %s %q\n", at, kind, n.Text)
	case *Escape:
		d.printf("%s escape %s\n", at, d.text(n.Tok.Pos, n.Tok.End))
	case *ResultNode:
		d.printf("%s result %s\n", at, n.Text)
	case *Bad:
		var kinds []string
		for _, t := range n.Tokens {
			kinds = append(kinds, t.Kind.String())
		}
		d.printf("%s bad %s [%s]\n", at, d.text(n.From, n.To), strings.Join(kinds, ", "))
	case *BOMNode:
		d.printf("%s byte order mark\n", at)
	default:
		d.printf("%s unknown node %T\n", at, n)
	}
}

// lineDiff is a small line-by-line comparison for golden failures: it prints
// the lines from the first difference on, marked - (want) and + (got).
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	i := 0
	for i < len(w) && i < len(g) && w[i] == g[i] {
		i++
	}
	var b strings.Builder
	fmt.Fprintf(&b, "first difference at line %d\n", i+1)
	for j := i; j < len(w) && j < i+10; j++ {
		fmt.Fprintf(&b, "-%s\n", w[j])
	}
	for j := i; j < len(g) && j < i+10; j++ {
		fmt.Fprintf(&b, "+%s\n", g[j])
	}
	return b.String()
}
