package main

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// keptGameCRLF is a file of a clean game, then one with a syntax error
// (an unclosed variation), with CRLF line breaks.
const keptGameCRLF = "[Event \"a\"]\r\n\r\n1.e4 e5 *\r\n\r\n[Event \"b\"]\r\n\r\n1. e4 (1. d4 d5\r\n2. c4 *\r\n"

// keptGameFormatted is keptGameCRLF formatted: the first game in export
// format, the second as written with LF line breaks, each ending with the
// empty line.
const keptGameFormatted = "[Event \"a\"]\n\n1. e4 e5 *\n\n[Event \"b\"]\n\n1. e4 (1. d4 d5\n2. c4 *\n\n"

// pgnls fmt tells of each game it leaves as written, where its syntax
// error is; -l lists the file for it; the exit status is 3. The game's
// line breaks are made LF like the rest.
func TestFmtTellsWhatItLeftAsWritten(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "kept.pgn", []byte(keptGameCRLF))
	told := path + ":7:7: game 2 left as written: variation not closed: missing ')'\n"
	code, out, errOut := runCmd(t, "", "fmt", path)
	if code != statusKept || out != keptGameFormatted || errOut != told {
		t.Errorf("fmt: exit %d, %q, stderr %q; want %d, %q, %q", code, out, errOut, statusKept, keptGameFormatted, told)
	}
	clean := writeFile(t, dir, "clean.pgn", []byte(tidyGame))
	code, out, errOut = runCmd(t, "", "fmt", "-l", clean, path)
	if code != statusKept || out != path+"\n" || errOut != told {
		t.Errorf("fmt -l: exit %d, %q, stderr %q; want the file listed", code, out, errOut)
	}
	// An error elsewhere outranks it: 2.
	code, _, errOut = runCmd(t, "", "fmt", "-l", path, dir+"/missing.pgn")
	if code != statusError || !strings.Contains(errOut, told) {
		t.Errorf("fmt -l with a missing file: exit %d, stderr %q; want 2", code, errOut)
	}
	if code, _, _ := runCmd(t, "", "fmt", "-w", path); code != statusKept || readFileForTest(t, path) != keptGameFormatted {
		t.Errorf("fmt -w: exit %d, the file holds %q", code, readFileForTest(t, path))
	}
}

// The game number and line count from the file's start when the file
// streams through in many pieces.
func TestFmtTellsKeptGamesAcrossPieces(t *testing.T) {
	var in strings.Builder
	for i := range 40 {
		in.WriteString("[Event \"" + strconv.Itoa(i) + "\"]\n\n1. e4 e5 *\n\n")
	}
	in.WriteString("[Event \"kept\"]\n\n1. e4 {open\n")
	for _, block := range []int{0, 64} {
		code, _, errOut := fmtInPieces(t, block, in.String())
		if want := "<stdin>:163:7: game 41 left as written: comment not terminated: missing '}'\n"; code != statusKept || errOut != want {
			t.Errorf("blocks of %d: exit %d, stderr %q; want %q", block, code, errOut, want)
		}
	}
}

// --strict refuses a file with a game left as written, as gofmt refuses a
// file with a syntax error: the file is not rewritten, nothing of it is
// printed (the other files are), and the exit status is 2.
func TestFmtStrict(t *testing.T) {
	dir := t.TempDir()
	kept := writeFile(t, dir, "a-kept.pgn", []byte(keptGameCRLF))
	messy := writeFile(t, dir, "b-messy.pgn", []byte(messyGame))
	refused := kept + ": not formatted (--strict): 1 game would be left as written\n"
	told := kept + ":7:7: game 2 left as written: variation not closed: missing ')'\n"
	for _, tt := range []struct {
		args []string
		out  string
	}{
		{[]string{"--strict", kept, messy}, tidyGame},
		{[]string{kept, messy, "--strict", "-l"}, messy + "\n"},
		{[]string{kept, "--strict", "-d"}, ""},
	} {
		code, out, errOut := runCmd(t, "", append([]string{"fmt"}, tt.args...)...)
		if code != statusError || out != tt.out || errOut != told+"pgnls: "+refused {
			t.Errorf("fmt %q: exit %d, %q, stderr %q; want 2, %q, %q", tt.args, code, out, errOut, tt.out, told+"pgnls: "+refused)
		}
	}
	before, _ := os.Stat(kept)
	code, _, errOut := runCmd(t, "", "fmt", "--strict", "-w", kept, messy)
	if code != statusError || errOut != told+"pgnls: "+refused {
		t.Errorf("fmt --strict -w: exit %d, stderr %q", code, errOut)
	}
	if got := readFileForTest(t, kept); got != keptGameCRLF {
		t.Errorf("fmt --strict -w rewrote the refused file: %q", got)
	}
	if after, _ := os.Stat(kept); !os.SameFile(before, after) || !after.ModTime().Equal(before.ModTime()) {
		t.Error("fmt --strict -w touched the refused file")
	}
	if got := readFileForTest(t, messy); got != tidyGame {
		t.Errorf("fmt --strict -w left the other file: %q", got)
	}
	if names := dirNames(t, dir); len(names) != 2 {
		t.Errorf("files left in the directory: %v", names)
	}
	// A file without such a game is formatted as without --strict.
	if code, out, errOut := runCmd(t, messyGame, "fmt", "--strict"); code != 0 || out != tidyGame || errOut != "" {
		t.Errorf("fmt --strict of a clean file: exit %d, %q, %q", code, out, errOut)
	}
}

// The built binary, as a user runs it: the line on stderr, the exit
// status, and --strict -w leaving the file as it was.
func TestFmtKeptEndToEnd(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "kept.pgn", []byte(keptGameCRLF))
	r := runPgnls(t, runOptions{}, "fmt", path, "--strict", "-w")
	if r.code != statusError || !strings.Contains(r.stderr, path+":7:7: game 2 left as written: ") || readFileForTest(t, path) != keptGameCRLF {
		t.Errorf("fmt --strict -w: exit %d, stderr %q, the file holds %q", r.code, r.stderr, readFileForTest(t, path))
	}
	r = runPgnls(t, runOptions{}, "fmt", path, "-w")
	if r.code != statusKept || readFileForTest(t, path) != keptGameFormatted {
		t.Errorf("fmt -w: exit %d, stderr %q, the file holds %q", r.code, r.stderr, readFileForTest(t, path))
	}
}
