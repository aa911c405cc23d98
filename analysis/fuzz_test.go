package analysis

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
