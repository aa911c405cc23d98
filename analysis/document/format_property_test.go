package document

import (
	"fmt"
	"io"
	"math/rand"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"pgnls/analysis"
	"pgnls/pgn"
	"pgnls/pgn/pgntest"
)

// fmtLikeCLI formats text as `pgnls fmt` does: in the pieces of a streaming
// pgn.Reader of the given block size, each formatted alone, one after the
// other (see formatStream in cmd/pgnls).
func fmtLikeCLI(t *testing.T, text string, block int, opts analysis.FormatOptions) string {
	t.Helper()
	r := pgn.NewReader(strings.NewReader(text))
	r.BlockSize = block
	var out strings.Builder
	for {
		p, err := r.Next()
		if err == io.EOF {
			return out.String()
		}
		if err != nil {
			t.Fatal(err)
		}
		out.WriteString(analysis.Format(p.File, opts))
		p.Release()
	}
}

// applyByteEdits applies non-overlapping edits in source order.
func applyByteEdits(t *testing.T, text string, edits []analysis.Edit) string {
	t.Helper()
	var b strings.Builder
	at := 0
	for _, e := range edits {
		if int(e.Pos) < at || e.End < e.Pos || int(e.End) > len(text) {
			t.Fatalf("edits out of order or outside the text: %v", edits)
		}
		b.WriteString(text[at:e.Pos])
		b.WriteString(e.NewText)
		at = int(e.End)
	}
	b.WriteString(text[at:])
	return b.String()
}

// checkFormatDocument asserts that the document is its text's fresh parse,
// chunk by chunk, and that analysis.Format Document (analysis.Format Selection over the whole
// text is the same call) gives `pgnls fmt` of its text.
func checkFormatDocument(t *testing.T, doc *Document, text, step string, opts analysis.FormatOptions) {
	t.Helper()
	s := doc.Snapshot()
	if got := s.Text(); got != text {
		t.Fatalf("%s: the document's text differs from the edited text", step)
	}
	if got, want := snapshotShape(s), fileShape(pgn.Parse(text), 0); !slices.Equal(got, want) {
		t.Fatalf("%s: the document's chunks do not parse as the whole text", step)
	}
	want := analysis.Format(pgn.Parse(text), opts)
	if got := applyByteEdits(t, text, s.FormatEdits(opts, 0, len(text))); got != want {
		t.Fatalf("%s: analysis.Format Document of\n%q\ngives\n%q\nwant (pgnls fmt)\n%q", step, text, got, want)
	}
}

// editPieces are what the random edits insert: the characters that change
// how text parses (quotes, braces, parentheses, escape lines, tag pairs,
// empty lines, CRLF), and whole games.
var editPieces = []string{
	"\"", "{", "}", "(", ")", "%x\n", "[Event \"x\"]\n", "[Event \"y\"]\n[Site \"z\"]\n\n", "\n", "\n\n", "\r\n", "\r",
	"1. e4 ", "e5 ", "*", "1-0\n", " ", "<", ";c\n", "\uFEFF", "$1 ", "[", "]",
	"[Event \"g\"]\n\n1. d4 d5 2. c4 *\n\n", "{open\n", "1. e4 (1. d4 (1. c4)) *\n",
}

// randomFormatEdit edits text at random and returns the range and the new text.
func randomFormatEdit(rng *rand.Rand, text string) (start, end int, insert string) {
	start = rng.Intn(len(text) + 1)
	if rng.Intn(4) == 0 {
		start = strings.LastIndexByte(text[:start], '\n') + 1 // a line start, where chunks begin
	}
	end = min(len(text), start+[]int{0, 0, 1, 3, 20}[rng.Intn(5)])
	for start > 0 && start < len(text) && !utf8.RuneStart(text[start]) {
		start-- // an editor edits characters
	}
	for end < len(text) && !utf8.RuneStart(text[end]) {
		end++
	}
	for k := rng.Intn(3); k > 0; k-- {
		insert += editPieces[rng.Intn(len(editPieces))]
	}
	return start, end, insert
}

// editStartTexts are the texts random edit sequences start from.
func editStartTexts(t *testing.T) []string {
	games := pgntest.ReadText(t, pgntest.ProjectFile(t, "testdata/games/classics.pgn"))
	return []string{
		"%x\n1. e4 *\n",
		strings.Repeat("[Event \"a\"]\n\n1. e4 e5 *\n\n", 20),
		strings.Repeat("[Event \"a\"]\n[Round \"1\"]\n\n", 20),
		games[:min(len(games), 4000)],
		strings.Repeat("{between}\n[Event \"b\"]\n\n1. d4 {open\n\n", 10),
		"",
	}
}

// TestFormatDocumentEqualsFmtAfterEdits: after every step of random edit
// sequences, the incremental document parses as its text does, and analysis.Format
// Document gives what `pgnls fmt` gives of that text (the drift:
// blank lines at chunk boundaries after a flood of changes, and a quote
// typed before an escape line).
func TestFormatDocumentEqualsFmtAfterEdits(t *testing.T) {
	withPieceSize(t, 64)
	opts := analysis.FormatOptions{}
	doc := NewDocument("%x\n1. e4 *\n")
	for _, at := range []int{0, 3} { // a quote at the start of each line
		text := doc.Snapshot().Text()
		if err := doc.Edit(at, at, "\""); err != nil {
			t.Fatal(err)
		}
		checkFormatDocument(t, doc, text[:at]+"\""+text[at:], "a quote typed at "+strconv.Itoa(at), opts)
	}
	rng := rand.New(rand.NewSource(22))
	for n, start := range editStartTexts(t) {
		for seq := 0; seq < 10; seq++ {
			text := start
			doc := NewDocument(text)
			checkFormatDocument(t, doc, text, "opened", opts)
			for step := 0; step < 60; step++ {
				s, e, insert := randomFormatEdit(rng, text)
				if err := doc.Edit(s, e, insert); err != nil {
					t.Fatal(err)
				}
				text = text[:s] + insert + text[e:]
				checkFormatDocument(t, doc, text, fmt.Sprintf("text %d, sequence %d, step %d (%d-%d %q)", n, seq, step, s, e, insert), opts)
			}
			for _, block := range []int{16, 4096} {
				if !utf8.ValidString(text) {
					break // read as Latin-1 by pgnls fmt; an editor's text is UTF-8
				}
				if got, want := fmtLikeCLI(t, text, block, opts), analysis.Format(pgn.Parse(text), opts); got != want {
					t.Fatalf("pgnls fmt in pieces of %d gives\n%q\nthe whole text formatted\n%q", block, got, want)
				}
			}
		}
	}
}

// FuzzFormatDocumentEdits: after a sequence of edits read from the fuzzer's
// bytes, analysis.Format Document equals `pgnls fmt` of the final text, and the
// document parses as its text does after every step.
func FuzzFormatDocumentEdits(f *testing.F) {
	fuzzSeeds(f, func(text string) { f.Add(text, []byte{3, 0, 7, 200, 1, 9, 40, 2, 2}) })
	f.Add("%x\n1. e4 *\n", []byte{0, 0, 0})
	f.Fuzz(func(t *testing.T, text string, program []byte) {
		withPieceSize(t, 32)
		doc := NewDocument(text)
		for i := 0; i+2 < len(program) && i < 60; i += 3 {
			start := int(program[i]) * (len(text) + 1) / 256
			end := min(len(text), start+int(program[i+1]%8))
			insert := editPieces[int(program[i+2])%len(editPieces)]
			if err := doc.Edit(start, end, insert); err != nil {
				t.Fatal(err)
			}
			text = text[:start] + insert + text[end:]
			checkFormatDocument(t, doc, text, fmt.Sprintf("edit %d", i/3), analysis.FormatOptions{})
		}
		checkFormatDocument(t, doc, text, "final", analysis.FormatOptions{})
	})
}
