package document

import (
	"context"
	"fmt"
	"math/rand"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"pgnls/analysis"
	"pgnls/pgn"
	"pgnls/pgn/pgntest"
)

// fileShape describes a parse as the list of its top-level items and their
// tokens, with absolute positions: two parses with the same shape are the
// same tree.
func fileShape(f *pgn.File, base pgn.Pos) []string {
	var out []string
	for _, item := range f.Items {
		line := fmt.Sprintf("%T %d-%d:", item, item.Pos()+base, item.End()+base)
		var toks []string
		pgn.NodeTokens(item, func(t pgn.Token) {
			toks = append(toks, fmt.Sprintf("%s@%d-%d", t.Kind, t.Pos+base, t.End+base))
		})
		out = append(out, line+strings.Join(toks, " "))
	}
	return out
}

func snapshotShape(s *Snapshot) []string {
	var out []string
	s.list.all(0, func(p place) bool {
		out = append(out, fileShape(p.chunk.parse(), pgn.Pos(p.base))...)
		return true
	})
	return out
}

// checkAgainstFullParse asserts that a document equals a fresh parse and
// analysis of its text: same text, same tree, same diagnostics, same
// positions.
func checkAgainstFullParse(t *testing.T, doc *Document, want string, step string) {
	t.Helper()
	s := doc.Snapshot()
	if got := s.Text(); got != want {
		t.Fatalf("%s: text differs", step)
	}
	full := pgn.Parse(want)
	if got, exp := snapshotShape(s), fileShape(full, 0); !reflect.DeepEqual(got, exp) {
		for i := range min(len(got), len(exp)) {
			if got[i] != exp[i] {
				t.Fatalf("%s: tree differs at item %d:\n got %s\nwant %s", step, i, got[i], exp[i])
			}
		}
		t.Fatalf("%s: tree has %d items, want %d", step, len(got), len(exp))
	}
	if s.Games() != len(full.Games) {
		t.Fatalf("%s: %d games, want %d", step, s.Games(), len(full.Games))
	}
	// Each chunk keeps the tail of its own parse, which edits rely on.
	s.list.all(0, func(p place) bool {
		if want := pgn.TailOf(p.chunk.parse()); p.chunk.tail != want {
			t.Fatalf("%s: chunk %d has tail %d, its parse %d", step, p.index, p.chunk.tail, want)
		}
		return true
	})
	// Positions: every token start, converted by the chunks' line tables,
	// must agree with one table over the whole text.
	full.Tokens(func(tok pgn.Token) {
		wl, wc := full.Lines.UTF16Position(tok.Pos)
		if l, c := s.PositionUTF16(int(tok.Pos)); l != wl || c != wc {
			t.Fatalf("%s: offset %d at %d:%d, want %d:%d", step, tok.Pos, l, c, wl, wc)
		}
	})
	if err := s.Analyze(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	got, exp := s.Diagnostics(), analysis.CheckFile(full)
	if len(got) == 0 && len(exp) == 0 {
		return
	}
	for i := range min(len(got), len(exp)) {
		if got[i] != exp[i] {
			t.Fatalf("%s: diagnostic %d differs:\n got %v\nwant %v", step, i, got[i], exp[i])
		}
	}
	if len(got) != len(exp) {
		t.Fatalf("%s: %d diagnostics, want %d", step, len(got), len(exp))
	}
}

// snippets are what the random edits insert: the characters that make and
// break PGN structure, and whole pieces of games.
var snippets = []string{
	"", " ", "\n", "\r\n", "\r", "[", "]", "{", "}", "(", ")", "*", "1-0", "0-1", "1/2-1/2",
	"e4", "Nf3", "1. ", "12... ", "$14", "!?", ";", "; comment\n", "%", "\n% escape\n", "\"",
	"[Event \"x\"]\n", "\n[Site \"y\"]\n\n", "{ comment }", "1. d4 d5 2. c4 *\n", "é", "💎",
}

// randomEdit returns a random edit of text: a range and its replacement.
func randomEdit(rng *rand.Rand, text string) (int, int, string) {
	start := rng.Intn(len(text) + 1)
	end := min(len(text), start+rng.Intn(12))
	if rng.Intn(8) == 0 {
		end = min(len(text), start+rng.Intn(400)) // sometimes a whole game
	}
	var insert string
	switch rng.Intn(4) {
	case 0: // a piece of the text itself
		a := rng.Intn(len(text) + 1)
		insert = text[a:min(len(text), a+rng.Intn(60))]
	default:
		insert = snippets[rng.Intn(len(snippets))]
	}
	return start, end, insert
}

// TestDocumentEditsMatchFullParse is the property that makes incremental
// reparsing trustworthy: after every edit of a random sequence, the
// document equals a full parse of its text.
func TestDocumentEditsMatchFullParse(t *testing.T) {
	sources := map[string]string{
		"games":    pgntest.ReadText(t, pgntest.ProjectFile(t, "testdata/games/classics.pgn")),
		"markers":  pgntest.ReadText(t, pgntest.ProjectFile(t, "testdata/check/moves.pgn")),
		"tagless":  "1. e4 e5 *\n1. d4 d5 *\n\n1. c4 * 1. Nf3 *\n",
		"no-marks": "[Event \"a\"]\n\n1. e4 e5\n\n[Event \"b\"]\n\n1. d4\n\n[Event \"c\"]\n[Site \"d\"]\n\n[Event \"e\"]\n1. c4 {open\n\n[Event \"f\"]\n\n1. f4 *\n",
		"empty":    "",
		"crlf":     strings.ReplaceAll(pgntest.ReadText(t, pgntest.ProjectFile(t, "testdata/games/classics.pgn")), "\n", "\r\n"),
		"lone-cr":  strings.ReplaceAll(strings.Repeat("[Event \"a\"]\n\n1. e4 *\n\n", 30), "\n", "\r"),
	}
	steps := 300
	if testing.Short() {
		steps = 60
	}
	for name, text := range sources {
		t.Run(name, func(t *testing.T) {
			rng := rand.New(rand.NewSource(int64(len(text))))
			doc := NewDocument(text)
			checkAgainstFullParse(t, doc, text, "open")
			for i := 0; i < steps; i++ {
				start, end, insert := randomEdit(rng, text)
				if err := doc.Edit(start, end, insert); err != nil {
					t.Fatalf("step %d: %v", i, err)
				}
				text = text[:start] + insert + text[end:]
				checkAgainstFullParse(t, doc, text, fmt.Sprintf("step %d (edit %d-%d %q)", i, start, end, insert))
			}
		})
	}
}

// TestDocumentEditAfterUnclosedComment: a chunk that ends in a comment
// without its '}' depends on the next unless that starts with a tag pair,
// and a line that does not start with '[' is none, whatever follows (it
// was taken for one, and the edit below left two chunks parsed apart).
func TestDocumentEditAfterUnclosedComment(t *testing.T) {
	doc := NewDocument("\xff)( \n\n*{c}};c\ne2\"*\r\n \n")
	if err := doc.Edit(9, 11, "\r\n"); err != nil {
		t.Fatal(err)
	}
	checkAgainstFullParse(t, doc, "\xff)( \n\n*{c\r\n;c\ne2\"*\r\n \n", "edit")
}

// An edit whose region runs on over many chunks (a comment opened in a
// file of tagless games swallows the rest of it; the region grows by
// doubling, past the chunks it needs) gives the document a full parse
// gives, and so does closing the comment again.
func TestDocumentEditThatRunsOnMatchesAFullParse(t *testing.T) {
	text := strings.Repeat("1. e4 e5 *\n", 1500) + "[Event \"e\"]\n\n1. d4 *\n" + strings.Repeat("1. c4 *\n", 700)
	doc := NewDocument(text)
	for _, at := range []int{0, 11 * 700, 11*1500 - 11, len(text) - 8} {
		if err := doc.Edit(at, at, "{"); err != nil {
			t.Fatal(err)
		}
		text = text[:at] + "{" + text[at:]
		checkAgainstFullParse(t, doc, text, fmt.Sprintf("'{' at %d", at))
		if err := doc.Edit(at+1, at+1, "}"); err != nil {
			t.Fatal(err)
		}
		text = text[:at+1] + "}" + text[at+1:]
		checkAgainstFullParse(t, doc, text, fmt.Sprintf("'}' at %d", at+1))
	}
}

// TestDocumentEditsOnCorpus runs the same property on the real files.
func TestDocumentEditsOnCorpus(t *testing.T) {
	files := pgntest.CorpusFiles(t)
	rng := rand.New(rand.NewSource(1))
	for _, name := range files {
		text := pgntest.ReadText(t, name)
		doc := NewDocument(text)
		// Each step checks the whole file again; a few per file are enough
		// here, the hand-made texts above take the long random runs.
		for i := 0; i < 6; i++ {
			start, end, insert := randomEdit(rng, text)
			if err := doc.Edit(start, end, insert); err != nil {
				t.Fatal(err)
			}
			text = text[:start] + insert + text[end:]
			checkAgainstFullParse(t, doc, text, fmt.Sprintf("%s step %d (edit %d-%d %q)", name, i, start, end, insert))
		}
	}
}

func TestDocumentRejectsOutOfRangeEdits(t *testing.T) {
	doc := NewDocument("1. e4 *\n")
	for _, r := range [][2]int{{-1, 0}, {3, 2}, {0, 9}, {9, 9}} {
		if err := doc.Edit(r[0], r[1], "x"); err == nil {
			t.Errorf("edit %v accepted", r)
		}
	}
	if got := doc.Snapshot().Text(); got != "1. e4 *\n" {
		t.Errorf("text changed to %q", got)
	}
}

// TestDocumentEditTouchesOneChunk shows the point of chunks: an edit inside
// one game of many leaves the other chunks, and their analysis, alone.
func TestDocumentEditTouchesOneChunk(t *testing.T) {
	game := "[Event \"e\"]\n[Site \"s\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"w\"]\n[Black \"b\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n"
	doc := NewDocument(strings.Repeat(game, 100))
	before := doc.Snapshot()
	before.Analyze(context.Background(), nil)
	at := 50*len(game) + strings.Index(game, "e5")
	if err := doc.Edit(at, at+2, "Ke7"); err != nil {
		t.Fatal(err)
	}
	after := doc.Snapshot()
	if after.list.n != 100 {
		t.Fatalf("%d chunks, want 100", after.list.n)
	}
	fresh := 0
	for i := range after.list.n {
		if after.list.at(i).chunk != before.list.at(i).chunk {
			fresh++
		}
	}
	if fresh != 1 {
		t.Errorf("%d chunks replaced, want 1", fresh)
	}
	if after.Analyzed() {
		t.Error("the edited chunk is already analyzed")
	}
	after.Analyze(context.Background(), nil)
	diags := after.Diagnostics()
	if len(diags) != 1 || diags[0].Code != analysis.CodeIllegalMove || diags[0].Game != 50 {
		t.Errorf("diagnostics %v, want one illegal move in game 51", diags)
	}
}

func TestSnapshotPositions(t *testing.T) {
	text := "[White \"Müller\"]\r\n\r\n1. e4 *\n[Black \"💎\"]\n\n1. d4 *\n"
	s := NewDocument(text).Snapshot()
	table := pgn.NewLineTable(text)
	for off := 0; off <= len(text); off++ {
		wl, wc := table.UTF16Position(pgn.Pos(off))
		if l, c := s.PositionUTF16(off); l != wl || c != wc {
			t.Errorf("offset %d: %d:%d, want %d:%d", off, l, c, wl, wc)
		}
		want, werr := table.OffsetUTF16(wl, wc)
		got, err := s.OffsetUTF16(wl, wc)
		if (err != nil) != (werr != nil) || int(want) != got && err == nil {
			t.Errorf("position %d:%d: %d %v, want %d %v", wl, wc, got, err, want, werr)
		}
	}
	if _, err := s.OffsetUTF16(99, 0); err == nil {
		t.Error("line 99 accepted")
	}
	if got := s.ClampUTF16(0, 999); got != strings.Index(text, "\r") {
		t.Errorf("clamped to %d", got)
	}
}

// TestDocumentCapsDiagnosticsPerChunk: junk with a problem per token keeps
// the most severe thousand and a note, not millions.
func TestDocumentCapsDiagnosticsPerChunk(t *testing.T) {
	text := "[Event \"a\"]\n\n1. e4 *\n\n" + strings.Repeat("} ", 5000) + "\n\n[Event \"b\"]\n\n1. d4 *\n"
	s := NewDocument(text).Snapshot()
	s.Analyze(context.Background(), nil)
	diags := s.Diagnostics()
	notes := 0
	for _, d := range diags {
		if d.Code == analysis.CodeTooMany {
			notes++
			if !strings.Contains(d.Message, "more problems") {
				t.Errorf("note %q", d.Message)
			}
		}
	}
	if notes != 1 || len(diags) > maxChunkDiagnostics+20 {
		t.Errorf("%d diagnostics with %d notes; want at most %d and one note", len(diags), notes, maxChunkDiagnostics+20)
	}
	if full := analysis.CheckFile(pgn.Parse(text)); len(full) < 5000 {
		t.Errorf("CheckFile kept %d diagnostics; it must keep them all", len(full))
	}
}

// withPieceSize makes NewDocument cut texts into pieces of size bytes for
// the rest of the test, so that small texts take the parallel path.
func withPieceSize(t testing.TB, size int) {
	old := pieceSize
	pieceSize = size
	t.Cleanup(func() { pieceSize = old })
}

// TestDocumentPiecesMatchFullParse: a text parsed in pieces, with cuts
// that hold and cuts that do not (games without a result, comments left
// open, CRLF and lone CR line breaks, hostile files), gives the document
// of a full parse.
func TestDocumentPiecesMatchFullParse(t *testing.T) {
	texts := map[string]string{
		"games":    pgntest.ReadText(t, pgntest.ProjectFile(t, "testdata/games/classics.pgn")),
		"markers":  pgntest.ReadText(t, pgntest.ProjectFile(t, "testdata/check/moves.pgn")),
		"no-marks": strings.Repeat("[Event \"a\"]\n\n1. e4 e5\n\n[Event \"b\"]\n\n1. d4\n\n[Event \"c\"]\n[Site \"d\"]\n\n[Event \"e\"]\n1. c4 {open\n\n[Event \"f\"]\n\n1. f4 *\n", 5),
		"crlf":     strings.ReplaceAll(pgntest.ReadText(t, pgntest.ProjectFile(t, "testdata/games/classics.pgn")), "\n", "\r\n"),
		"lone-cr":  strings.ReplaceAll(strings.Repeat("[Event \"a\"]\n\n1. e4 *\n\n", 30), "\n", "\r"),
	}
	for _, shape := range linearShapes {
		texts["shape "+shape.name] = shape.make(20)
	}
	hostile, _ := filepath.Glob("../testdata/hostile/*.pgn")
	for _, name := range hostile {
		texts[filepath.Base(name)] = pgntest.ReadText(t, name)
	}
	for _, size := range []int{8, 64, 300} {
		withPieceSize(t, size)
		for name, text := range texts {
			checkAgainstFullParse(t, NewDocument(text), text, fmt.Sprintf("%s in pieces of %d", name, size))
		}
	}
}

// FuzzDocumentPieces: any text parsed in small pieces gives the document of
// a full parse.
func FuzzDocumentPieces(f *testing.F) {
	fuzzSeeds(f, func(text string) { f.Add(text, uint8(40)) })
	f.Fuzz(func(t *testing.T, text string, size uint8) {
		withPieceSize(t, int(size)+2)
		checkAgainstFullParse(t, NewDocument(text), text, "pieces")
	})
}

// The analysis of the version an edit makes stops when the next keystroke
// cancels it, between chunks, even when the edit re-parsed the whole
// document (a comment at its top closed: thousands of chunks to check);
// what it did is kept, and the next analysis does the rest.
func TestAnalysisOfAnEditIsCancellable(t *testing.T) {
	text := strings.Repeat("1. e4 e5 2. Ke3 *\n", 4000)
	doc := NewDocument("{" + text)
	if err := doc.Snapshot().Analyze(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	if err := doc.Edit(0, 1, ""); err != nil {
		t.Fatal(err)
	}
	s := doc.Snapshot()
	ctx, cancel := context.WithCancel(context.Background())
	done := 0
	err := s.Analyze(ctx, func(n, total int) {
		done = n
		if n == 10 {
			cancel() // the next keystroke
		}
	})
	if err != context.Canceled || s.Analyzed() || done >= 4000 {
		t.Fatalf("cancelled analysis: %v, %d of 4000 chunks done, analyzed %v", err, done, s.Analyzed())
	}
	if err := s.Analyze(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	if n := len(s.Diagnostics()); n != 8000 { // a missing tag and an illegal move a game
		t.Errorf("%d diagnostics after the analysis resumed, want 8000", n)
	}
}
