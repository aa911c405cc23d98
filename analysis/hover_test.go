package analysis

import (
	"os"
	"path/filepath"
	"regexp"
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
	book, err := new(ECOCache).Load(testECO)
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

// For a client that renders no Markdown, every hover comes in plain text:
// the same words without Markdown's marks (no '**', no '`', no code
// fence), and a board as the same lines, aligned, as the Markdown's code
// block holds.
func TestHoverPlainText(t *testing.T) {
	src := "[Event \"x\"]\n[ECO \"C20\"]\n[FEN \"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1\"]\n[SetUp \"1\"]\n[Termination \"normal\"]\n\n1... e5 2. Nf3 $14 Nc6!? 3. Qh8 $300 *\n"
	f := pgn.Parse(src)
	book, err := new(ECOCache).Load(testECO)
	if err != nil {
		t.Fatal(err)
	}
	for _, at := range []string{"Event", "C20", "rnbq", "normal", "e5", "Nf3", "$14", "!?", "Qh8", "$300", "2.", "*\n"} {
		off := strings.Index(src, at)
		h := Hover(f, pgn.Pos(off), HoverOptions{ECO: func() *ECOBook { return book }})
		if h == nil {
			t.Fatalf("no hover over %q", at)
		}
		if strings.ContainsAny(h.PlainText, "`") || strings.Contains(h.PlainText, "**") {
			t.Errorf("hover over %q, plain text, has Markdown:\n%s", at, h.PlainText)
		}
		// Tag values are quoted, as in PGN.
		unmarked := regexp.MustCompile("(?m)(Examples: |, |^)`([^`\n]+)`").ReplaceAllString(h.Markdown, `$1"$2"`)
		unmarked = strings.NewReplacer("```text\n", "", "```\n", "", "**", "", "`", "").Replace(unmarked)
		if h.PlainText != unmarked {
			t.Errorf("hover over %q: plain text\n%s\nwant the Markdown's words\n%s", at, h.PlainText, unmarked)
		}
	}
	h := Hover(f, pgn.Pos(strings.Index(src, "Event")), HoverOptions{})
	if !strings.Contains(h.PlainText, `Examples: "FIDE World Championship", "Casual Game".`) {
		t.Errorf("the Event tag's examples, in plain text:\n%s", h.PlainText)
	}
	// The board: the Markdown's code block, line for line.
	h = Hover(f, pgn.Pos(strings.Index(src, "Nf3")), HoverOptions{})
	block := h.Markdown[strings.Index(h.Markdown, "```text\n")+len("```text\n"):]
	block = block[:strings.Index(block, "```")]
	if !strings.Contains(h.PlainText, "\n\n"+block+"\nFEN: ") || !strings.Contains(block, "3  ·  ·  ·  ·  · [♘] ·  ·\n") {
		t.Errorf("the board in plain text:\n%s\nwant the lines\n%s", h.PlainText, block)
	}
}
