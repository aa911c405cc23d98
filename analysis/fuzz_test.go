package analysis

import (
	"os"
	"path/filepath"
	"testing"

	"pgnls/pgn"
)

// fuzzSeeds adds the project's test files to a fuzz corpus.
func fuzzSeeds(f *testing.F, add func(text string)) {
	files, _ := filepath.Glob("../testdata/*/*.pgn")
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err == nil && len(data) < 16<<10 {
			text, _ := pgn.DecodeText(data)
			add(text)
		}
	}
}

// FuzzDocumentEdits: after an arbitrary edit of an arbitrary text, the
// incremental document equals a full parse and check of the new text.
func FuzzDocumentEdits(f *testing.F) {
	fuzzSeeds(f, func(text string) { f.Add(text, uint16(len(text)/2), uint8(3), "[Event \"x\"]\n") })
	f.Fuzz(func(t *testing.T, text string, at uint16, length uint8, insert string) {
		start := min(int(at), len(text))
		end := min(start+int(length), len(text))
		doc := NewDocument(text)
		if err := doc.Edit(start, end, insert); err != nil {
			t.Fatal(err)
		}
		checkAgainstFullParse(t, doc, text[:start]+insert+text[end:], "fuzzed edit")
	})
}

// FuzzCheckAndFormat: checking never panics and keeps its ranges inside the
// text; formatting is idempotent and leaves games with syntax errors as they
// were.
func FuzzCheckAndFormat(f *testing.F) {
	fuzzSeeds(f, func(text string) { f.Add(text) })
	f.Fuzz(func(t *testing.T, text string) {
		file := pgn.Parse(text)
		for _, d := range CheckFile(file) {
			if d.Pos < 0 || d.End < d.Pos || int(d.End) > len(text) {
				t.Fatalf("diagnostic %v outside the text", d)
			}
		}
		once := Format(file, FormatOptions{})
		if twice := Format(pgn.Parse(once), FormatOptions{}); twice != once {
			t.Fatalf("formatting is not idempotent:\n%q\n%q", once, twice)
		}
	})
}
