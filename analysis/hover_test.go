package analysis

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pgnls/pgn"
)

// Hover and Complete answer at every offset of every test file (marker
// files, parser golden files with broken syntax, checker cases) without
// panicking, with ranges that hold the offset; the answers at offsets of
// truncated texts (a game being typed) too.
func TestHoverCompleteEverywhere(t *testing.T) {
	var files []string
	for _, pattern := range []string{"../testdata/*/*.pgn", "../testdata/lsp/bench/*.pgn"} {
		m, _ := filepath.Glob(pattern)
		files = append(files, m...)
	}
	if len(files) < 10 {
		t.Fatalf("only %d test files", len(files))
	}
	book, err := LoadECO(testECO)
	if err != nil {
		t.Fatal(err)
	}
	eco := func() *ECOBook { return book }
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		src := string(data)
		// Every offset of a small file; about 1,500 of a larger one.
		step := max(1, len(src)/1500)
		check := func(src string, f *pgn.File, off int) {
			defer func() {
				if p := recover(); p != nil {
					t.Fatalf("%s at %d (%q): panic %v", path, off, src[max(0, off-20):min(len(src), off+20)], p)
				}
			}()
			if h := Hover(f, pgn.Pos(off), HoverOptions{ECO: eco}); h != nil && (int(h.Pos) > off || int(h.End) < off || h.Markdown == "") {
				t.Errorf("%s at %d: hover over %d-%d", path, off, h.Pos, h.End)
			}
			if c := Complete(f, pgn.Pos(off), CompleteOptions{ECO: eco}); c != nil && (int(c.Pos) > off || int(c.End) < off) {
				t.Errorf("%s at %d: completion replaces %d-%d", path, off, c.Pos, c.End)
			}
		}
		f := pgn.Parse(src)
		for off := 0; off <= len(src); off += step {
			check(src, f, off)
		}
		// As if typed up to there: the text cut at a sample of offsets,
		// asked at its end.
		for off := 0; off <= len(src); off += max(13, len(src)/100) {
			cut := src[:off]
			check(cut, pgn.Parse(cut), off)
		}
		if t.Failed() {
			return
		}
	}
}

// A hover over a move of a long game costs one replay of the game: the
// hovers of the benchmark game agree with what its moves are.
func TestHoverLongGame(t *testing.T) {
	data, err := os.ReadFile(benchGamePath)
	if err != nil {
		t.Fatal(err)
	}
	src := string(data)
	f := pgn.Parse(src)
	n := 0
	pgn.Inspect(f.Games[0], func(node pgn.Node) bool {
		m, ok := node.(*pgn.Move)
		if !ok {
			return true
		}
		h := Hover(f, m.SAN.Pos, HoverOptions{})
		if h == nil || !strings.Contains(h.Markdown, " "+m.Text+"** — ") || !strings.Contains(h.Markdown, "FEN: `") {
			t.Fatalf("hover over %s at %d: %v", m.Text, m.SAN.Pos, h)
		}
		n++
		return true
	})
	if n < 300 {
		t.Errorf("%d moves", n)
	}
}
