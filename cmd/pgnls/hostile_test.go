package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"pgnls/analysis"
	"pgnls/analysis/document"
	"pgnls/pgn"
	"pgnls/pgn/pgntest"
)

// The hostile catalogue: inputs an editor or a file can throw at pgnls, each
// with the clear diagnostic it must produce. Small inputs are files in
// testdata/hostile (their expectations in expect.txt); large ones are made
// here. Every input must also survive the other paths: the lossless round
// trip, the incremental document, and formatting (idempotent, and a game
// with syntax errors left as it was).

type expectation struct {
	code      string // "clean", "unreadable" or a diagnostic code
	line, col int
	contains  string
}

func readExpectations(t *testing.T) map[string]expectation {
	f, err := os.Open("../../testdata/hostile/expect.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]expectation{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		name, rest, _ := strings.Cut(line, " ")
		var e expectation
		e.code, rest, _ = strings.Cut(rest, " ")
		if e.code != "clean" && e.code != "unreadable" {
			var pos string
			pos, rest, _ = strings.Cut(rest, " ")
			fmt.Sscanf(pos, "%d:%d", &e.line, &e.col)
		}
		if rest != "" {
			if e.contains, err = strconv.Unquote(rest); err != nil {
				t.Fatalf("expect.txt: %q: %v", line, err)
			}
		}
		out[name] = e
	}
	return out
}

func TestHostileCatalogue(t *testing.T) {
	expect := readExpectations(t)
	files, _ := filepath.Glob("../../testdata/hostile/*.pgn")
	if len(files) < 50 || len(files) != len(expect) {
		t.Fatalf("%d hostile files and %d expectations; want at least 50, one each", len(files), len(expect))
	}
	for _, path := range files {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			e, ok := expect[name]
			if !ok {
				t.Fatalf("no expectation for %s", name)
			}
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			checkHostile(t, path, data, e)
		})
	}
}

// TestHostileGenerated covers the inputs too large to keep as files.
func TestHostileGenerated(t *testing.T) {
	tags := pgntest.SevenTags
	long := strings.Repeat("x", 50<<20)
	shuffle := strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", 2500)
	cases := []struct {
		name string
		text string
		want expectation
	}{
		{"100000 nested variations", tags + "1. e4 " + strings.Repeat("(", 100000) + " *\n", expectation{code: "syntax", line: 9, col: 7, contains: "variation not closed"}},
		{"100000 nested variations with moves", tags + "1. e4 " + strings.Repeat("( e4 ", 100000) + "*\n", expectation{code: "syntax", line: 9, col: 7, contains: "variation not closed"}},
		{"100000 open braces", tags + "1. e4 " + strings.Repeat("{", 100000) + " *\n", expectation{code: "syntax", line: 9, col: 7, contains: "comment not terminated"}},
		// pgnls check parses at most 32 MiB at once (pgn.DefaultMaxPiece):
		// a game longer than that is reported, not checked, up to the next
		// tag line. The other paths parse these whole.
		{"50 MB single line comment", tags + "1. e4 {" + long + "} *", expectation{code: "game-too-large", line: 1, col: 1, contains: "not checked from here to line 9: a game"}},
		{"50 MB tag value", strings.Replace(tags, "[Site \"?\"]", "[Site \""+long+"\"]", 1) + "1. e4 *\n", expectation{code: "game-too-large", line: 1, col: 1, contains: "not checked from here to line 2: a game"}},
		{"10000 plies", tags + shuffle + "*\n", expectation{code: "clean"}},
		{"many unclosed comments cut by tag lines", strings.Repeat(tags+"1. e4 {\n", 5000), expectation{code: "syntax", line: 9, col: 7, contains: "comment not terminated"}},
		{"UTF-16LE without a byte order mark", utf16Text(t, tags+"1. e4 e5 2. Ke3 *\n", pgn.UTF16LE), expectation{code: "illegal-move", line: 9, col: 13, contains: "Ke3"}},
		{"UTF-16BE with a byte order mark", utf16Text(t, "\uFEFF"+tags+"1. e4 { Ünïcödé 💎 } e5 2. Ke3 *\n", pgn.UTF16BE), expectation{code: "illegal-move", line: 9, col: 27, contains: "Ke3"}},
		{"UTF-16 with an unpaired surrogate", utf16Text(t, tags+"1. e4 *\n", pgn.UTF16LE) + "\x00\xdc", expectation{code: "unreadable", contains: "not valid UTF-16LE: a low surrogate without a high one before it at byte"}},
		{"UTF-16 with an odd number of bytes", utf16Text(t, tags+"1. e4 *\n", pgn.UTF16LE) + "x", expectation{code: "unreadable", contains: "an odd number of bytes"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if testing.Short() && len(c.text) > 10<<20 {
				t.Skip("large input; skipped in -short mode")
			}
			checkHostile(t, "hostile.pgn", []byte(c.text), c.want)
		})
	}
}

func checkHostile(t *testing.T, path string, data []byte, want expectation) {
	t.Helper()
	code, out, errOut := runCmdInput(t, string(data), "check", "--json", "-")
	if want.code == "unreadable" {
		if code != 2 || !strings.Contains(errOut, want.contains) {
			t.Errorf("exit %d, stderr %q; want %+v", code, errOut, want)
		}
		return
	}
	if code == 2 {
		t.Fatalf("exit %d (%s); want %+v", code, errOut, want)
	}
	text, _, err := pgn.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	var diags []jsonDiagnostic
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if line == "" {
			continue
		}
		var d jsonDiagnostic
		if err := json.Unmarshal([]byte(line), &d); err != nil {
			t.Fatalf("bad JSON line %q: %v", line, err)
		}
		diags = append(diags, d)
	}
	switch {
	case want.code == "clean" && len(diags) != 0:
		t.Errorf("want no diagnostics, got %d, first %+v", len(diags), diags[0])
	case want.code != "clean" && !hasDiagnostic(diags, want):
		first := "none"
		if len(diags) > 0 {
			first = fmt.Sprintf("%+v", diags[0])
		}
		t.Errorf("no %s diagnostic at %d:%d containing %q (%d diagnostics, first %s)", want.code, want.line, want.col, want.contains, len(diags), first)
	}
	checkOtherPaths(t, text)
}

func hasDiagnostic(diags []jsonDiagnostic, want expectation) bool {
	for _, d := range diags {
		if d.Code == want.code && d.Line == want.line && d.Column == want.col && strings.Contains(d.Message, want.contains) {
			return true
		}
	}
	return false
}

// checkOtherPaths runs a hostile text through the tree, the incremental
// document and the formatter.
func checkOtherPaths(t *testing.T, text string) {
	t.Helper()
	file := pgn.Parse(text)
	if got, err := file.Reconstruct(); err != nil || got != text {
		t.Fatalf("the tree does not rebuild the text: %v", err)
	}
	diags := analysis.CheckFile(file)
	for _, d := range diags {
		if d.Pos < 0 || d.End < d.Pos || int(d.End) > len(text) {
			t.Fatalf("diagnostic %v outside the text (%d bytes)", d, len(text))
		}
	}
	snap := document.NewDocument(text).Snapshot()
	if err := snap.Analyze(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
	// The document keeps at most a thousand per run of games (and a note
	// saying how many more), which is what bounds its memory.
	if got, want := len(snap.Diagnostics()), len(diags); got != want && (want <= 1000 || got > 1000+len(file.Games)+1) {
		t.Errorf("the document has %d diagnostics, a full check %d", got, want)
	}
	opts := analysis.FormatOptions{}
	once := analysis.Format(file, opts)
	if twice := analysis.Format(pgn.Parse(once), opts); twice != once {
		t.Errorf("formatting is not idempotent on this input")
	}
	for _, g := range file.Games {
		if len(g.Errors) > 0 && !strings.Contains(once, text[g.From:g.To]) {
			t.Errorf("game %d has syntax errors but formatting changed it", g.Index+1)
		}
	}
}

// utf16Text returns text in UTF-16 of byte order enc, as a string of bytes.
func utf16Text(t *testing.T, text string, enc pgn.Encoding) string {
	data, ok := pgn.AppendUTF16(nil, text, enc)
	if !ok {
		t.Fatalf("%q is not UTF-8", text)
	}
	return string(data)
}

// runCmdInput runs the command with stdin from a string.
func runCmdInput(t *testing.T, stdin string, args ...string) (int, string, string) {
	return runCmd(t, stdin, args...)
}
