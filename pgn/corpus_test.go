package pgn

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"pgnls/pgn/pgntest"
)

// TestCorpus parses every file of the corpus: the tree must give the file
// back byte for byte, and since these are files that real programs wrote,
// none has a syntax error and every game ends with a termination marker that
// agrees with its Result tag.
func TestCorpus(t *testing.T) {
	games := 0
	corpusDir, _ := pgntest.CorpusDir(t)
	for _, path := range pgntest.CorpusFiles(t) {
		name, _ := filepath.Rel(corpusDir, path)
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			// The raw bytes, whatever their encoding: a Go string holds
			// any bytes, and the parser must keep them all.
			src := string(data)
			f := Parse(src)
			checkFile(t, f)
			for i, e := range f.Errors {
				if i == 5 {
					t.Errorf("... %d errors in all", len(f.Errors))
					break
				}
				line, col := f.Lines.CharPosition(e.Pos)
				t.Errorf("%s:%d:%d: %s", path, line+1, col+1, e.Msg)
			}
			if len(f.Games) == 0 {
				t.Fatal("no games")
			}
			for _, g := range f.Games {
				if g.Result == nil {
					t.Errorf("game %d has no termination marker", g.Index)
					continue
				}
				if tag, ok := g.Tag("Result"); ok && tag != g.Result.Text {
					t.Errorf("game %d: Result tag %q, termination marker %q", g.Index, tag, g.Result.Text)
				}
				if len(g.Moves.Moves) == 0 && !strings.Contains(src[g.From:g.To], "[SetUp") {
					t.Errorf("game %d has no moves", g.Index)
				}
			}
			games += len(f.Games)
		})
	}
	t.Logf("%d games", games)
}

// TestCorpusLatin1 pins the one corpus file written in Latin-1, not UTF-8:
// its bytes are invalid UTF-8, and the parser must neither complain nor
// change them.
func TestCorpusLatin1(t *testing.T) {
	pgntest.CorpusFiles(t)
	corpusDir, _ := pgntest.CorpusDir(t)
	path := filepath.Join(corpusDir, "lichess-studies", "mate_in_2.pgn")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	src := string(data)
	if utf8.ValidString(src) {
		t.Fatalf("%s is valid UTF-8; this test expects its Latin-1 'á' (0xE1)", path)
	}
	f := Parse(src)
	checkFile(t, f)
	if len(f.Errors) != 0 {
		t.Fatalf("%d syntax errors, want none: %v", len(f.Errors), f.Errors)
	}
	const polgar = "Judit Polg\xe1r" // Latin-1 á
	found := 0
	for _, g := range f.Games {
		if v, _ := g.Tag("White"); v == polgar {
			found++
			// The invalid byte is one character wide.
			tag := g.TagNode("White")
			line, start := f.Lines.CharPosition(tag.ValueTok.Pos)
			_, end := f.Lines.CharPosition(tag.ValueTok.End)
			if end-start != utf8.RuneCountInString(`"Judit Polgár"`) || f.Lines.Line(tag.ValueTok.End) != line {
				t.Errorf("the value %q spans %d characters, want %d", tag.ValueTok.Text(src), end-start, utf8.RuneCountInString(`"Judit Polgár"`))
			}
		}
	}
	if found != 1 {
		t.Errorf("%d games with White %q, want 1", found, polgar)
	}
}
