package main

import (
	"os"
	"path/filepath"
	"testing"

	"pgnls/analysis"
	"pgnls/pgn"
)

// TestFmtStreamMatchesWhole formats every test file, and the corpus when it
// is there, through the streaming path with small blocks, and compares the
// output with formatting the whole file at once.
func TestFmtStreamMatchesWhole(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/*/*.pgn")
	if more, err := filepath.Glob("../../../shared/corpus/*/*.pgn"); err == nil && len(more) > 0 {
		files = append(files, more...)
	} else {
		t.Log("../shared/corpus not found: comparing on the project's own test files only")
	}
	defer func(n int) { fmtBlockSize = n }(fmtBlockSize)
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		text, enc, err := pgn.Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		want := analysis.Format(pgn.Parse(text), analysis.FormatOptions{Width: pgn.DefaultWidth})
		for _, block := range []int{64, 4096} {
			fmtBlockSize = block
			code, got, errOut := runCmd(t, string(data), "fmt", "--utf8", "-")
			if code != 0 {
				t.Fatalf("%s: exit %d: %s", path, code, errOut)
			}
			if got != want {
				t.Fatalf("%s (blocks of %d, %v): the streamed output differs from the whole file's", filepath.Base(path), block, enc)
			}
		}
	}
}
