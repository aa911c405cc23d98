package main

import (
	"fmt"
	"strings"
	"testing"
)

// Issue 13, "nothing lost", as pgnls fmt and check show it: the issue's
// examples on standard input, formatted in small streaming pieces as well
// as whole (streamBlockSize), and written back with -w.

// fmtInPieces runs pgnls fmt on stdin with the streaming reader's block
// size set to block (0: the default).
func fmtInPieces(t *testing.T, block int, stdin string, args ...string) (int, string, string) {
	t.Helper()
	old := streamBlockSize
	streamBlockSize = block
	defer func() { streamBlockSize = old }()
	return runCmd(t, stdin, append([]string{"fmt"}, args...)...)
}

// TestFmtKeepsTextBetweenGamesOnItsLine: text between games comes out as it
// was; no line break is put into a line of kept text. A game kept so (the
// "game" Game notes follow>, with its reserved '>'; the "game" follow, on
// the line of a string; the "game" Notes:) is told of, and -l lists the
// file for it.
func TestFmtKeepsTextBetweenGamesOnItsLine(t *testing.T) {
	for _, tt := range []struct{ in, want, kept string }{
		{"<Game notes follow>\n[Event \"a\"]\n\n1. e4 *\n", "<Game notes follow>\n\n[Event \"a\"]\n\n1. e4 *\n\n",
			"<stdin>:1:19: game 1 left as written: \">\" is reserved by the PGN standard and may not appear in a game\n"},
		{"\"Game notes\" follow\n[Event \"a\"]\n\n1. e4 *\n", "\"Game notes\" follow\n\n[Event \"a\"]\n\n1. e4 *\n\n",
			"<stdin>:1:14: game 1 left as written: it starts on the line where text between games ends, which is kept as written\n"},
		{"Notes: \"see below\" <x>\r\n[Event \"a\"]\r\n\r\n1. e4 *\r\n", "Notes: \"see below\" <x>\n\n[Event \"a\"]\n\n1. e4 *\n\n",
			"<stdin>:1:8: game 1 left as written: unexpected string \"\\\"see below\\\"\" in the movetext (and 2 more syntax errors)\n"},
	} {
		status, listed := 0, ""
		if tt.kept != "" {
			status, listed = statusKept, "<stdin>\n"
		}
		for _, block := range []int{0, 16} {
			if code, out, errOut := fmtInPieces(t, block, tt.in); code != status || out != tt.want || errOut != tt.kept {
				t.Errorf("fmt of %q (blocks of %d): exit %d, %q, stderr %q; want exit %d, %q, stderr %q", tt.in, block, code, out, errOut, status, tt.want, tt.kept)
			}
		}
		if code, out, _ := fmtInPieces(t, 0, tt.want, "-l"); code != status || out != listed {
			t.Errorf("fmt -l of the formatted %q: exit %d, %q; want exit %d, %q", tt.want, code, out, status, listed)
		}
	}
}

// TestFmtKeepsKeptGamesBytes: a game left as written because of a syntax
// error gets LF line breaks, like the rest of the output, and keeps the
// blanks of its last line, in an open comment too.
func TestFmtKeepsKeptGamesBytes(t *testing.T) {
	in := "[Event \"a\"]\r\n\r\n1. e4 (e5\r\n2. Nf3   \r\n\r\n[Event \"b\"]\r\n\r\n1. d4 {open  "
	want := "[Event \"a\"]\n\n1. e4 (e5\n2. Nf3   \n\n[Event \"b\"]\n\n1. d4 {open  \n\n"
	dir := t.TempDir()
	path := writeFile(t, dir, "kept.pgn", []byte(in))
	told := path + ":3:7: game 1 left as written: variation not closed: missing ')'\n" +
		path + ":8:7: game 2 left as written: comment not terminated: missing '}'\n"
	if code, _, errOut := runCmd(t, "", "fmt", "-w", path); code != statusKept || errOut != told {
		t.Fatalf("fmt -w: exit %d, %q; want %d, %q", code, errOut, statusKept, told)
	}
	if got := readFileForTest(t, path); got != want {
		t.Errorf("after fmt -w: %q, want %q", got, want)
	}
	// Formatted, the file differs no more; -l still lists it, for its
	// games left as written.
	if code, out, _ := runCmd(t, "", "fmt", "-d", path); code != statusKept || out != "" {
		t.Errorf("fmt -d after fmt -w: exit %d, %q; want no diff", code, out)
	}
	if code, out, _ := runCmd(t, "", "fmt", "-l", path); code != statusKept || out != path+"\n" {
		t.Errorf("fmt -l after fmt -w: exit %d, %q; want the file listed", code, out)
	}
}

// TestFmtKeepsTagOnlyGamesApart: a crosstable of 605 tag-only games, an
// empty line between them, is 605 games with no duplicate-tag warning, and
// pgnls fmt writes each tag section apart, in export order, whole and in
// small streaming pieces.
func TestFmtKeepsTagOnlyGamesApart(t *testing.T) {
	var in, want strings.Builder
	for i := range 605 {
		fmt.Fprintf(&in, "[White \"Player %d\"]\n[Event \"Crosstable\"]\n[Round \"%d\"]\n\n", i, i%9+1)
		fmt.Fprintf(&want, "[Event \"Crosstable\"]\n[Round \"%d\"]\n[White \"Player %d\"]\n\n", i%9+1, i)
	}
	code, out, errOut := runCmd(t, in.String(), "check", "-")
	if !strings.Contains(errOut, "605 games") || strings.Contains(out, "duplicate-tag") {
		t.Errorf("check: exit %d, summary %q, duplicate-tag warnings %v", code, errOut, strings.Contains(out, "duplicate-tag"))
	}
	for _, block := range []int{0, 100, 4096} {
		if code, out, _ := fmtInPieces(t, block, in.String()); code != 0 || out != want.String() {
			t.Errorf("fmt in blocks of %d: exit %d, %d bytes, want %d bytes, one tag section per game", block, code, len(out), want.Len())
		}
	}
	if code, out, _ := fmtInPieces(t, 0, in.String(), "-d"); code != 1 || out == "" {
		t.Errorf("fmt -d: exit %d, %d bytes of diff; want the sorting of each section", code, len(out))
	}
}
