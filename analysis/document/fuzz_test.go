package document

import (
	"testing"

	"pgnls/pgn"
	"pgnls/pgn/pgntest"
)

// fuzzSeeds adds the project's test files to a fuzz corpus.
func fuzzSeeds(f *testing.F, add func(text string)) {
	for _, data := range pgntest.FuzzSeedFiles(f) {
		text, _ := pgn.DecodeText(data)
		add(text)
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
