package pgn

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInspectOrder walks the tree of every golden input: Inspect visits the
// nodes in source order, each inside the item it belongs to, and a false
// return prunes the node's children.
func TestInspectOrder(t *testing.T) {
	inputs, _ := filepath.Glob(filepath.Join(goldenDir, "*.pgn"))
	for _, input := range inputs {
		data, err := os.ReadFile(input)
		if err != nil {
			t.Fatal(err)
		}
		f := Parse(string(data))
		for _, item := range f.Items {
			prev := item.Pos()
			Inspect(item, func(n Node) bool {
				if n.Pos() < prev || n.End() < n.Pos() || n.End() > item.End() {
					t.Errorf("%s: %T [%d,%d) visited after offset %d, in an item [%d,%d)", input, n, n.Pos(), n.End(), prev, item.Pos(), item.End())
				}
				prev = n.Pos()
				return true
			})
		}
	}
}

func TestInspectPrune(t *testing.T) {
	f := Parse("1. e4 {a} (1. d4 {b} (1. c4)) e5 $1 *")
	var kinds []string
	Inspect(f.Games[0], func(n Node) bool {
		switch n := n.(type) {
		case *Move:
			kinds = append(kinds, n.Text)
		case *Comment:
			kinds = append(kinds, "{"+n.Text+"}")
		case *Variation:
			kinds = append(kinds, "(")
			return false
		case *NAGNode:
			kinds = append(kinds, "$")
		case *ResultNode:
			kinds = append(kinds, n.Text)
		}
		return true
	})
	if got, want := strings.Join(kinds, " "), "e4 {a} ( e5 $ *"; got != want {
		t.Errorf("visited %q, want %q", got, want)
	}
	visited := 0
	Inspect(f.Games[0], func(Node) bool { visited++; return false })
	if visited != 1 {
		t.Errorf("a false return on the game visited %d nodes, want 1", visited)
	}
}

// TestReconstructErrors gives Reconstruct trees that do not cover their text,
// as a buggy parser could build them: it must say where, not return a wrong
// text.
func TestReconstructErrors(t *testing.T) {
	src := "e4 e5 e6"
	tk := func(pos, end Pos) Token { return Token{Kind: Symbol, Pos: pos, End: end} }
	bad := func(toks ...Token) *Bad { return &Bad{From: toks[0].Pos, To: toks[len(toks)-1].End, Tokens: toks} }
	for _, tt := range []struct {
		name  string
		items []Node
		err   string
	}{
		{"a gap that is not whitespace", []Node{bad(tk(0, 2), tk(6, 8))}, "offset 2: text not covered by any token:  e5 "},
		{"tokens out of order", []Node{bad(tk(0, 2), tk(3, 5)), bad(tk(0, 2))}, "offset 0: token out of order"},
		{"text after the last token", []Node{bad(tk(0, 2), tk(3, 5))}, "offset 5: text after the last token:  e6"},
	} {
		f := &File{Src: src, Items: tt.items}
		got, err := f.Reconstruct()
		if err == nil || err.Error() != tt.err || got != "" {
			t.Errorf("%s: Reconstruct() = %q, %v; want an error %q", tt.name, got, err, tt.err)
		}
	}
	f := &File{Src: " \n", Items: nil}
	if got, err := f.Reconstruct(); err != nil || got != " \n" {
		t.Errorf("whitespace only: Reconstruct() = %q, %v", got, err)
	}
}

func TestGameAccessors(t *testing.T) {
	f := Parse("[Event \"E\"]\n[White \"W\"]\n[Event \"second\"]\n1. e4!? $1 (1. d4 $2) (1. c4?) e5 $3 ?? *")
	if len(f.Games) != 1 {
		t.Fatalf("%d games", len(f.Games))
	}
	g := f.Games[0]
	if v, ok := g.Tag("Event"); !ok || v != "E" {
		t.Errorf(`Tag("Event") = %q, %v; want the first, "E"`, v, ok)
	}
	if v, ok := g.Tag("Black"); ok || v != "" {
		t.Errorf(`Tag("Black") = %q, %v; want "", false`, v, ok)
	}
	if n := g.TagNode("White"); n == nil || n.Value != "W" || n.Pos() != 12 || n.End() != 23 {
		t.Errorf(`TagNode("White") = %+v`, n)
	}
	if n := g.TagNode("Black"); n != nil {
		t.Errorf(`TagNode("Black") = %+v, want nil`, n)
	}
	e4, e5 := g.Moves.Moves[0], g.Moves.Moves[1]
	if s := e4.Suffix(); s == nil || s.Text != "!?" {
		t.Errorf("e4.Suffix() = %+v, want !?", s)
	}
	if vs := e4.Variations(); len(vs) != 2 || vs[0].Line.Moves[0].Text != "d4" || vs[1].Line.Moves[0].Suffix().Text != "?" {
		t.Errorf("e4.Variations() = %+v", vs)
	}
	// A suffix after a NAG is not the move's suffix: it is a Bad node.
	if s := e5.Suffix(); s != nil {
		t.Errorf("e5.Suffix() = %+v, want nil", s)
	}
	if vs := e5.Variations(); vs != nil {
		t.Errorf("e5.Variations() = %+v, want none", vs)
	}
	if e4.Pos() != e4.Number.Pos() || e5.Pos() != e5.SAN.Pos || e5.End() != e5.After[len(e5.After)-1].End() {
		t.Errorf("move spans: e4 [%d,%d), e5 [%d,%d)", e4.Pos(), e4.End(), e5.Pos(), e5.End())
	}
}
