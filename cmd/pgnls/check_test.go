package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runCmd runs the command in-process and returns its exit status and output.
func runCmd(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func writeFile(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

const cleanGame = `[Event "E"]
[Site "S"]
[Date "2024.01.02"]
[Round "1"]
[White "Müller, Jürgen"]
[Black "B"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0
`

const illegalGame = `[Event "E"]
[Site "S"]
[Date "2024.01.02"]
[Round "1"]
[White "Müller, Jürgen"]
[Black "B"]
[Result "*"]

{ Ünïcödé before the move } 1. e4 e5 2. Ke3 *

`

func TestCheckClean(t *testing.T) {
	path := writeFile(t, t.TempDir(), "clean.pgn", []byte(cleanGame))
	code, out, errOut := runCmd(t, "", "check", path)
	if code != 0 || out != "" {
		t.Errorf("exit %d, output %q; want 0 and nothing", code, out)
	}
	if want := "1 files, 1 games, 0 errors, 0 warnings\n"; errOut != want {
		t.Errorf("summary %q, want %q", errOut, want)
	}
}

func TestCheckTextOutput(t *testing.T) {
	path := writeFile(t, t.TempDir(), "bad.pgn", []byte(illegalGame))
	code, out, _ := runCmd(t, "", "check", path)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	// Line 9; the column counts characters, not bytes: the comment has
	// non-ASCII letters before the move.
	want := path + ":9:41: error: 2.Ke3 is illegal: "
	if !strings.HasPrefix(out, want) || !strings.HasSuffix(out, "[illegal-move]\n") {
		t.Errorf("output %q, want it to start %q and end with the code", out, want)
	}
}

func TestCheckJSON(t *testing.T) {
	code, out, _ := runCmd(t, illegalGame+"\n"+cleanGame, "check", "--json", "-")
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	var d jsonDiagnostic
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatalf("output %q is not one JSON object: %v", out, err)
	}
	want := jsonDiagnostic{File: "<stdin>", Line: 9, Column: 41, EndLine: 9, EndColumn: 44, Severity: "error", Code: "illegal-move", Message: d.Message, Game: 1}
	if d != want || !strings.Contains(d.Message, "Ke3") {
		t.Errorf("got %+v, want %+v", d, want)
	}
}

func TestCheckDirectoryRecursesInOrder(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "b/second.pgn", []byte(illegalGame))
	writeFile(t, dir, "a/first.PGN", []byte(illegalGame))
	writeFile(t, dir, "a/notes.txt", []byte("not PGN"))
	code, out, errOut := runCmd(t, "", "check", dir)
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if code != 1 || len(lines) != 2 || !strings.Contains(lines[0], "first.PGN") || !strings.Contains(lines[1], "second.pgn") {
		t.Errorf("exit %d, output:\n%s", code, out)
	}
	if !strings.HasPrefix(errOut, "2 files, 2 games, 2 errors") {
		t.Errorf("summary %q", errOut)
	}
}

func TestCheckUnreadableFileIsReportedAndOthersChecked(t *testing.T) {
	dir := t.TempDir()
	good := writeFile(t, dir, "bad.pgn", []byte(illegalGame))
	missing := filepath.Join(dir, "missing.pgn")
	code, out, errOut := runCmd(t, "", "check", missing, good)
	if code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
	if !strings.Contains(errOut, "missing.pgn") {
		t.Errorf("stderr %q does not name the missing file", errOut)
	}
	if !strings.Contains(out, "illegal-move") {
		t.Errorf("the readable file was not checked: %q", out)
	}
}

func TestCheckLatin1(t *testing.T) {
	latin1 := bytes.ReplaceAll([]byte(illegalGame), []byte("Müller, Jürgen"), []byte("M\xfcller, J\xfcrgen"))
	latin1 = bytes.ReplaceAll(latin1, []byte("Ünïcödé"), []byte("\xdcn\xefc\xf6d\xe9"))
	path := writeFile(t, t.TempDir(), "latin1.pgn", latin1)
	_, out, _ := runCmd(t, "", "check", path)
	if !strings.Contains(out, ":9:41: error:") {
		t.Errorf("Latin-1 file: output %q, want the same position as the UTF-8 file", out)
	}
}

// TestCheckLatin1Notice: a Latin-1 file gets one notice at its start; a
// database that turns to Latin-1 after megabytes of UTF-8 gets it where
// the reader switched, and the UTF-8 part keeps its character columns.
func TestCheckLatin1Notice(t *testing.T) {
	latin1 := bytes.ReplaceAll([]byte(illegalGame), []byte("Müller, Jürgen"), []byte("M\xfcller, J\xfcrgen"))
	latin1 = bytes.ReplaceAll(latin1, []byte("Ünïcödé"), []byte("\xdcn\xefc\xf6d\xe9"))
	_, out, _ := runCmd(t, "", "check", writeFile(t, t.TempDir(), "latin1.pgn", latin1))
	if !strings.Contains(out, ":1:1: information: the file is not valid UTF-8: it was read as Latin-1") {
		t.Errorf("Latin-1 file: %q, want the notice on its first line", out)
	}
	utf8Games := strings.Repeat(illegalGame+"\n", 2000) // past the reader's first blocks
	mixed := append([]byte(utf8Games), latin1...)
	_, out, _ = runCmd(t, "", "check", writeFile(t, t.TempDir(), "mixed.pgn", mixed))
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if !strings.Contains(lines[0], ":9:41: error:") {
		t.Errorf("first line %q: the UTF-8 games must keep their columns", lines[0])
	}
	if n := strings.Count(out, "[encoding]"); n != 1 || !strings.Contains(out, "not valid UTF-8 from here on") {
		t.Errorf("%d encoding notices, want one that says from here on:\n%s", n, out[max(0, len(out)-500):])
	}
}

func TestCheckMaxErrors(t *testing.T) {
	code, out, _ := runCmd(t, illegalGame+illegalGame+illegalGame, "check", "--max-errors", "2", "-")
	if n := strings.Count(out, "\n"); code != 1 || n != 2 {
		t.Errorf("exit %d, %d lines; want 1 and 2", code, n)
	}
}

func TestCheckUsage(t *testing.T) {
	for _, args := range [][]string{{"check"}, {"check", "--bogus", "x"}, {"nonsense"}} {
		if code, _, errOut := runCmd(t, "", args...); code != 2 || errOut == "" {
			t.Errorf("%q: exit %d, stderr %q; want 2 and a message", args, code, errOut)
		}
	}
}

func TestCheckTestdataGamesAreClean(t *testing.T) {
	code, out, _ := runCmd(t, "", "check", "../../testdata/games")
	if code != 0 || out != "" {
		t.Errorf("README's main job: exit %d, output %q", code, out)
	}
}

// TestCheckLargeFileStreams checks a file several blocks long: the
// diagnostics' lines and game numbers must count from the file's start, not
// from the piece the reader cut.
func TestCheckLargeFileStreams(t *testing.T) {
	var b strings.Builder
	for b.Len() < 3<<20 {
		b.WriteString(cleanGame + "\n")
	}
	games := strings.Count(b.String(), "[Event ")
	lines := strings.Count(b.String(), "\n")
	b.WriteString(illegalGame)
	path := writeFile(t, t.TempDir(), "big.pgn", []byte(b.String()))
	code, out, errOut := runCmd(t, "", "check", "--json", path)
	var d jsonDiagnostic
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatalf("output %q: %v", out, err)
	}
	if code != 1 || d.Line != lines+9 || d.Game != games+1 || d.Column != 41 {
		t.Errorf("exit %d, diagnostic at line %d game %d column %d; want 1, line %d game %d column 41", code, d.Line, d.Game, d.Column, lines+9, games+1)
	}
	if want := fmt.Sprintf("1 files, %d games, 1 errors, 0 warnings\n", games+1); errOut != want {
		t.Errorf("summary %q, want %q", errOut, want)
	}
}
