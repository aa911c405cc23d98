package analysis

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"pgnls/analysis/board"
	"pgnls/pgn"
	"pgnls/pgn/pgntest"
)

const testECO = "../testdata/eco/eco.pgn"

// positionsOf returns the positions after each move of a game's main line.
func positionsOf(t testing.TB, movetext string) []board.Position {
	t.Helper()
	f := pgn.Parse(movetext)
	g := f.Games[0]
	start := startOf(g)
	states := replayStates(g, &start, g.Moves.Moves)
	ps := afterPositions(states)
	if len(ps) != len(g.Moves.Moves) {
		t.Fatalf("%q: only %d of %d moves replayed", movetext, len(ps), len(g.Moves.Moves))
	}
	return ps
}

func TestParseECO(t *testing.T) {
	book, err := new(ECOCache).Load(testECO)
	if err != nil {
		t.Fatal(err)
	}
	if book.Len() != 15 || book.Skipped != 1 {
		t.Errorf("%d lines, %d skipped; want 15 and 1 (the line with an illegal move)", book.Len(), book.Skipped)
	}
	cases := []struct {
		moves, code, name string
		index             int
	}{
		{"1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3 e5 *", "B90", "Sicilian: Najdorf", 9},
		{"1. e4 c5 2. Nf3 Nc6 *", "B27", "Sicilian defence", 2},
		// A transposition: the position of C44 by another move order.
		{"1. Nf3 Nc6 2. e4 e5 3. Bb5 *", "C60", "Ruy Lopez (Spanish opening)", 4},
		{"1. Nf3 Nc6 2. e4 e5 *", "C44", "King's pawn game", 3},
		{"1. d4 d5 2. c4 dxc4 *", "D06", "Queen's Gambit", 2},
	}
	for _, c := range cases {
		l, i := book.Deepest(positionsOf(t, c.moves))
		if l == nil || l.Code != c.code || l.Name() != c.name || i != c.index {
			t.Errorf("%s: %+v at %d, want %s %q at %d", c.moves, l, i, c.code, c.name, c.index)
		}
	}
	if l, i := book.Deepest(positionsOf(t, "1. g3 *")); l != nil || i != -1 {
		t.Errorf("1. g3: %+v, %d", l, i)
	}
	if got := book.Code("C65/12"); len(got) != 1 || got[0].Moves != "1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6" {
		t.Errorf("C65: %+v", got)
	}
	var none *ECOBook
	if none.Lookup(&positionsOf(t, "1. e4 *")[0]) != nil || none.Code("A00") != nil {
		t.Error("a nil book knows something")
	}
}

// LoadECO reads a file once, and again when it changes.
func TestLoadECOCaches(t *testing.T) {
	var cache ECOCache
	dir := t.TempDir()
	path := filepath.Join(dir, "eco.pgn")
	write := func(text string, mod time.Time) {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(path, mod, mod); err != nil {
			t.Fatal(err)
		}
	}
	then := time.Now().Add(-time.Hour)
	write("[ECO \"B00\"]\n[Opening \"King's pawn\"]\n\n1. e4 *\n", then)
	a, err := cache.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := cache.Load(path); b != a {
		t.Error("the file was read twice")
	}
	write("[ECO \"A40\"]\n[Opening \"Queen's pawn\"]\n\n1. d4 *\n", then.Add(time.Minute))
	c, err := cache.Load(path)
	if err != nil || c == a || c.Code("A40") == nil {
		t.Errorf("the changed file was not read again: %v", err)
	}
	write("no games here", then.Add(2*time.Minute))
	if _, err := cache.Load(path); err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("a file without ECO lines: %v", err)
	}
	if _, err := cache.Load(filepath.Join(dir, "missing.pgn")); !os.IsNotExist(err) {
		t.Errorf("a missing file: %v", err)
	}
	// Latin-1 text is read as the PGN standard's character set.
	write("[ECO \"C00\"]\n[Opening \"Fran\xe7aise\"]\n\n1. e4 e6 *\n", then.Add(3*time.Minute))
	if d, err := cache.Load(path); err != nil || d.Code("C00")[0].Opening != "Française" {
		t.Errorf("Latin-1: %v", err)
	}
}

// The ECO file that pgn-extract installs (the default of the ecoFile
// setting), from the shared corpus or the system.
func TestRealECOFile(t *testing.T) {
	var path string
	corpusDir, _ := pgntest.CorpusDir(t)
	for _, p := range []string{filepath.Join(corpusDir, "eco", "eco.pgn"), "/usr/share/pgn-extract/eco.pgn"} {
		if _, err := os.Stat(p); err == nil {
			path = p
			break
		}
	}
	if path == "" {
		t.Skip("no eco.pgn: neither ../shared/corpus/eco/eco.pgn nor pgn-extract's is present")
	}
	book, err := new(ECOCache).Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if book.Len() < 1900 {
		t.Errorf("%s: %d lines (%d skipped)", path, book.Len(), book.Skipped)
	}
	l, _ := book.Deepest(positionsOf(t, "1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3 e5 7. Nb3 *"))
	if l == nil || l.Code != "B90" || !strings.Contains(l.Name(), "Najdorf") {
		t.Errorf("the Najdorf with 6. Be3: %+v", l)
	}
	if got := book.Code("C65"); len(got) == 0 || !strings.Contains(got[0].Name(), "Berlin") {
		t.Errorf("C65: %+v", got)
	}
}

// Hovers over the ECO tag and over moves name the opening.
func TestECOHover(t *testing.T) {
	book, err := new(ECOCache).Load(testECO)
	if err != nil {
		t.Fatal(err)
	}
	src := "[ECO \"C60\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. O-O *"
	f := pgn.Parse(src)
	for at, want := range map[string]string{
		"ECO":  "The moves follow **C65** Ruy Lopez: Berlin defence (1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6). (The tag says C60.)",
		"C60":  "`C60`: Ruy Lopez (Spanish opening).",
		"Nf3":  "Opening: **C40** King's knight opening",
		"O-O":  "Opening: **C65**",
		"e4 e": "Opening: **B00**",
	} {
		h := Hover(f, pgn.Pos(strings.Index(src, at)+1), HoverOptions{ECO: func() *ECOBook { return book }})
		if h == nil || !strings.Contains(h.Markdown, want) {
			t.Errorf("%s: %v lacks %q", at, h, want)
		}
	}
}

// What the ecoFile setting names is read only if it is a regular file of at
// most MaxECOFileSize bytes; anything else is refused without being read,
// with an error that says what it is (on /dev/zero the server grew to 4 GB).
func TestLoadECORefusesWhatIsNotARegularFile(t *testing.T) {
	dir := t.TempDir()
	huge := filepath.Join(dir, "huge.pgn")
	f, err := os.Create(huge)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(MaxECOFileSize + 1); err != nil { // sparse: nothing written
		t.Fatal(err)
	}
	f.Close()
	cases := map[string]string{dir: "a directory, not a regular file", huge: "more than the 16777216 an ECO file may have"}
	if _, err := os.Stat("/dev/zero"); err == nil {
		cases["/dev/zero"] = "a character device, not a regular file"
	}
	for path, want := range cases {
		book, err := new(ECOCache).Load(path)
		if book != nil || err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), path) {
			t.Errorf("%s: %v, %v; want an error naming it and saying %q", path, book, err, want)
		}
	}
}

// A load that takes longer than ecoReadTimeout is given up by whoever
// waits for it, and at once by those who come after (nobody waits twice
// for a stalled file system); the book is used once the load ends.
func TestLoadECOGivesUpOnAStalledRead(t *testing.T) {
	path := filepath.Join(t.TempDir(), "eco.pgn")
	if err := os.WriteFile(path, []byte("[ECO \"B00\"]\n\n1. e4 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	release := make(chan struct{})
	cache := &ECOCache{read: func(path string) (*ECOBook, error) { <-release; return readECO(path) }, timeout: time.Millisecond}

	for i := range 2 {
		if book, err := cache.Load(path); book != nil || err == nil || !strings.Contains(err.Error(), "not read within") {
			t.Fatalf("call %d during a stalled read: %v, %v; want the error that it is late", i, book, err)
		}
	}
	close(release)
	cache.mu.Lock()
	load := cache.files[path]
	cache.mu.Unlock()
	<-load.done
	if book, err := cache.Load(path); err != nil || book.Code("B00") == nil {
		t.Errorf("after the read ended: %v, %v; want its book", book, err)
	}
}
