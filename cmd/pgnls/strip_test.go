package main

import (
	"strings"
	"testing"
)

// TestFmtStrip strips commands while formatting: names and groups, the
// blanks and the comments they leave empty, the other commands and text
// kept; -l lists a file that only stripping changes.
func TestFmtStrip(t *testing.T) {
	in := "[Event \"E\"]\n\n1. e4 {[%clk 0:01:00] good [%eval 0.3]} e5 {[%clk 0:01:00]} {[%cal Ge2e4] [%csl Rd4]} 2. Nf3 {[%emt 0:00:02] [%foo x]} *\n"
	cases := []struct{ strip, want string }{
		{"clk", "1. e4 { good [%eval 0.3] } 1... e5 { [%cal Ge2e4] [%csl Rd4] } 2. Nf3 { [%emt 0:00:02] [%foo x] } *\n"},
		{"clk,eval,arrows", "1. e4 { good } 1... e5 2. Nf3 { [%emt 0:00:02] [%foo x] } *\n"},
		{"clocks", "1. e4 { good [%eval 0.3] } 1... e5 { [%cal Ge2e4] [%csl Rd4] } 2. Nf3 { [%foo x] } *\n"},
		{"all", "1. e4 { good } 1... e5 2. Nf3 *\n"},
	}
	for _, tc := range cases {
		code, out, errOut := runCmd(t, in, "fmt", "--width", "200", "--strip", tc.strip)
		if want := "[Event \"E\"]\n\n" + tc.want + "\n"; code != 0 || out != want || errOut != "" {
			t.Errorf("--strip %s: exit %d, stderr %q, got\n%q\nwant\n%q", tc.strip, code, errOut, out, want)
		}
	}
	tidy := "[Event \"E\"]\n\n1. e4 { [%clk 0:01:00] } *\n\n"
	if code, out, _ := runCmd(t, tidy, "fmt", "-l"); code != 0 || out != "" {
		t.Fatalf("the file is not in export format: exit %d, %q", code, out)
	}
	if code, out, _ := runCmd(t, tidy, "fmt", "-l", "--strip=clk"); code != 1 || out != "<stdin>\n" {
		t.Errorf("-l --strip=clk: exit %d, stdout %q; want the file listed", code, out)
	}
	for _, bad := range []string{"", "clk,", "cl k", "[%clk"} {
		code, _, errOut := runCmd(t, in, "fmt", "--strip", bad)
		if code != 2 || !strings.Contains(errOut, "strip") {
			t.Errorf("--strip %q: exit %d, stderr %q; want 2 and a message", bad, code, errOut)
		}
	}
}
