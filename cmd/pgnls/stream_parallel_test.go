package main

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"pgnls/pgn/pgntest"
)

// TestStreamParallelSameOutput: fmt and fix transform pieces in parallel
// (streamTransform), and write the same bytes, and tell the same things
// on standard error in the same order (games left as written, what fixing
// left), on one core as on many, for every test file and the corpus when
// it is there, in blocks small enough that many pieces are in flight.
func TestStreamParallelSameOutput(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/*/*.pgn")
	files = append(files, pgntest.OptionalCorpusFiles(t)...)
	defer func(n int) { streamBlockSize = n }(streamBlockSize)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	streamBlockSize = 512
	commands := [][]string{{"fmt", "-"}, {"fmt", "--utf8", "-"}, {"fix", "-"}}
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, args := range commands {
			runtime.GOMAXPROCS(1)
			code1, out1, err1 := runCmd(t, string(data), args...)
			runtime.GOMAXPROCS(4)
			code4, out4, err4 := runCmd(t, string(data), args...)
			if code1 != code4 || out1 != out4 || err1 != err4 {
				t.Errorf("%s: pgnls %s on 4 cores: exit %d, %d bytes out, stderr %q; on one core: exit %d, %d bytes out, stderr %q",
					filepath.Base(path), args[0], code4, len(out4), clip(err4), code1, len(out1), clip(err1))
			}
		}
	}
}

// clip shortens a long output for a message.
func clip(s string) string {
	if len(s) > 300 {
		return s[:300] + "..."
	}
	return s
}
