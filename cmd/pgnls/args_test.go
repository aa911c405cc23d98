package main

import (
	"flag"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestParseArgs(t *testing.T) {
	tests := []struct {
		args  []string
		paths []string
		flags string // the values read: w, json, width
		err   string
	}{
		{[]string{"a.pgn", "-w"}, []string{"a.pgn"}, "w=true width=79", ""},
		{[]string{"-w", "a.pgn", "b.pgn"}, []string{"a.pgn", "b.pgn"}, "w=true width=79", ""},
		{[]string{"a.pgn", "--width", "40", "b.pgn"}, []string{"a.pgn", "b.pgn"}, "w=false width=40", ""},
		{[]string{"a.pgn", "--width=40"}, []string{"a.pgn"}, "w=false width=40", ""},
		{[]string{"a.pgn", "-w=false"}, []string{"a.pgn"}, "w=false width=79", ""},
		{[]string{"-", "-w"}, []string{"-"}, "w=true width=79", ""},
		{[]string{"a.pgn", "--", "-w", "--width"}, []string{"a.pgn", "-w", "--width"}, "w=false width=79", ""},
		{[]string{"--", "--"}, []string{"--"}, "w=false width=79", ""},
		{[]string{"a.pgn", "--width"}, nil, "", "flag needs an argument: -width"},
		{[]string{"a.pgn", "--nope"}, nil, "", "flag provided but not defined: -nope"},
		{[]string{"a.pgn", "--width", "wide"}, nil, "", `invalid value "wide" for flag -width`},
		{nil, nil, "w=false width=79", ""},
	}
	for _, tt := range tests {
		flags := flag.NewFlagSet("test", flag.ContinueOnError)
		var errOut strings.Builder
		flags.SetOutput(&errOut)
		w := flags.Bool("w", false, "")
		width := flags.Int("width", 79, "")
		paths, err := parseArgs(flags, tt.args)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%q: error %v, want %q", tt.args, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tt.args, err)
			continue
		}
		got := "w=" + strconv.FormatBool(*w) + " width=" + strconv.Itoa(*width)
		if !slices.Equal(paths, tt.paths) || got != tt.flags {
			t.Errorf("%q: paths %q, %s; want %q, %s", tt.args, paths, got, tt.paths, tt.flags)
		}
	}
}

// Flags go after the paths in every command, as users type them with ruff
// and taplo; -- ends them.
func TestFlagsAfterPaths(t *testing.T) {
	dir := t.TempDir()
	messy := writeFile(t, dir, "a.pgn", []byte(messyGame))
	code, out, _ := runCmd(t, "", "check", messy, "--json")
	if code != 0 || !strings.HasPrefix(out, `{"file":`) {
		t.Errorf("check a.pgn --json: exit %d, %q", code, out)
	}
	if code, _, errOut := runCmd(t, "", "fmt", messy, "-w"); code != 0 || readFileForTest(t, messy) != tidyGame {
		t.Errorf("fmt a.pgn -w: exit %d, %q; the file holds %q", code, errOut, readFileForTest(t, messy))
	}
	// A file named like a flag, after --.
	t.Chdir(dir)
	writeFile(t, dir, "-w.pgn", []byte(messyGame))
	if code, out, _ := runCmd(t, "", "fmt", "-l", "--", "-w.pgn"); code != 1 || out != "-w.pgn\n" {
		t.Errorf("fmt -l -- -w.pgn: exit %d, %q; want it listed", code, out)
	}
	if code, _, errOut := runCmd(t, "", "check", messy, "--bogus"); code != 2 || !strings.Contains(errOut, "flag provided but not defined: -bogus") {
		t.Errorf("check a.pgn --bogus: exit %d, %q", code, errOut)
	}
}
