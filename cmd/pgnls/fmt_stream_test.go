package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pgnls/analysis"
	"pgnls/pgn"
	"pgnls/pgn/pgntest"
)

// TestFmtStreamMatchesWhole formats every test file, and the corpus when it
// is there, through the streaming path with small blocks, and compares the
// output with formatting the whole file at once.
func TestFmtStreamMatchesWhole(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/*/*.pgn")
	files = append(files, pgntest.OptionalCorpusFiles(t)...)
	defer func(n int) { streamBlockSize = n }(streamBlockSize)
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
			streamBlockSize = block
			code, got, errOut := runCmd(t, string(data), "fmt", "--utf8", "-")
			if code != 0 && code != statusKept {
				t.Fatalf("%s: exit %d: %s", path, code, errOut)
			}
			if got != want {
				t.Fatalf("%s (blocks of %d, %v): the streamed output differs from the whole file's", filepath.Base(path), block, enc)
			}
		}
	}
}

// TestFmtDiffStreamApplies: the diff that fmt -d writes as the pieces
// stream, and with hunks too large for memory waiting in a temporary file,
// applies to the file and gives what fmt writes, for every test file and
// the corpus when it is there, in blocks small enough that games and hunks
// span many pieces; and the temporary files are gone after.
func TestFmtDiffStreamApplies(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/*/*.pgn")
	files = append(files, pgntest.OptionalCorpusFiles(t)...)
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	defer func(n, spill int) { streamBlockSize, diffSpill = n, spill }(streamBlockSize, diffSpill)
	diffSpill = 100
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		old := string(data)
		if enc := pgn.SniffUTF16(data); enc != pgn.UTF8 {
			if old, _, err = pgn.Decode(data); err != nil {
				t.Fatal(err)
			}
		}
		for _, block := range []int{64, 4096} {
			streamBlockSize = block
			_, want, _ := runCmd(t, string(data), "fmt", "--utf8", "-")
			code, diff, errOut := runCmd(t, string(data), "fmt", "--utf8", "-d", "-")
			if code == 2 || (diff != "") != (want != old) {
				t.Fatalf("%s: exit %d (%s), a diff of %d bytes", filepath.Base(path), code, errOut, len(diff))
			}
			if diff == "" {
				continue
			}
			if got := applyUnifiedDiff(t, old, diff); got != want {
				t.Fatalf("%s (blocks of %d): the diff applied does not give the formatted text", filepath.Base(path), block)
			}
		}
	}
	if names := dirNames(t, tmp); len(names) != 0 {
		t.Errorf("temporary files left: %v", names)
	}
}

// TestFmtDiffRefusesALineTooLongToHold: -d compares whole lines, and a
// file with no line feed at all (lone carriage returns: one line to a
// diff) is refused once it holds more than maxDiffLine, not held whole.
func TestFmtDiffRefusesALineTooLongToHold(t *testing.T) {
	defer func(n, limit int) { streamBlockSize, maxDiffLine = n, limit }(streamBlockSize, maxDiffLine)
	streamBlockSize, maxDiffLine = 64, 1000
	text := strings.Repeat("[Event \"x\"]\r\r1. e4 *\r\r", 200)
	code, _, errOut := runCmd(t, text, "fmt", "-d")
	if want := "pgnls: <stdin>: -d compares whole lines, and a line here is longer than"; code != 2 || !strings.HasPrefix(errOut, want) {
		t.Errorf("exit %d, stderr %q; want 2 and %q", code, errOut, want)
	}
}
