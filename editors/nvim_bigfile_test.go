package editors

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"pgnls/pgn/pgntest"
)

// bigDatabaseSize is the size of the database of TestNeovimFormatOnSaveLarge:
// the README's "30 MB database".
const bigDatabaseSize = 30 << 20

// TestNeovimFormatOnSaveLarge: in a 30 MB database in export format (the
// corpus repeated, formatted by pgnls fmt), an edit and :w with the
// README's snippet formats the file within the snippet's 2 s: the file
// written is formatted, and Neovim says nothing of a timeout
// (nvim/bigfile.lua). The README's statement: after the first analysis of
// a large document the server formats it once in the background, so that
// the first save after an edit formats the edited game alone. Each Neovim
// that TestNeovim runs runs it.
func TestNeovimFormatOnSaveLarge(t *testing.T) {
	var corpus strings.Builder
	for _, name := range pgntest.CorpusFiles(t) { // skips without the corpus
		// As UTF-8 (a Latin-1 file decoded), as BenchmarkFormatOnSave
		// has it: Neovim reads a file that is not valid UTF-8 as Latin-1.
		corpus.WriteString(pgntest.ReadText(t, name))
		corpus.WriteString("\n\n")
	}
	bin := pgnlsBinary(t)
	nvims := neovims(t)
	dir := t.TempDir()
	want := filepath.Join(dir, "want.pgn")
	formatted := formatDatabase(t, bin, strings.Repeat(corpus.String(), bigDatabaseSize/corpus.Len()+1))
	if err := os.WriteFile(want, []byte(formatted), 0o644); err != nil {
		t.Fatal(err)
	}
	line := unformattableLine(t, bin, formatted)
	for _, nvim := range nvims {
		t.Run(filepath.Base(nvim), func(t *testing.T) {
			if major, minor := neovimVersion(t, nvim); major == 0 && minor < 7 {
				skipOrFail(t, "Neovim %d.%d is older than 0.7, which the set-up needs", major, minor)
			}
			s := newSession(t, bin)
			file := filepath.Join(s.dir, "database.pgn")
			if err := os.WriteFile(file, []byte(formatted), 0o644); err != nil {
				t.Fatal(err)
			}
			out := runLong(t, s, []string{
				"PGNLS_SNIPPET=" + abs(t, filepath.Join("nvim", "pgnls.lua")),
				"PGNLS_FILE=" + file,
				"PGNLS_WANT=" + want,
				"PGNLS_LINE=" + strconv.Itoa(line),
			}, nvim, "--headless", "-i", "NONE", "-n", "-u", abs(t, filepath.Join("nvim", "bigfile.lua")))
			if !strings.Contains(out, "pgnls-bigfile: ok") {
				t.Fatalf("nvim exited 0 without saying ok; output:\n%s", out)
			}
			t.Logf("nvim output:\n%s", out)
		})
	}
}

// formatDatabase returns text as pgnls fmt writes it, at the snippet's
// lineWidth (79, pgnls fmt's default).
func formatDatabase(t *testing.T, bin, text string) string {
	t.Helper()
	cmd := exec.Command(bin, "fmt", "-")
	cmd.Stdin = strings.NewReader(text)
	var out, errs bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errs
	// Exit status 3: some games are left as written for a syntax error,
	// which format on save leaves so too.
	if err := cmd.Run(); err != nil && cmd.ProcessState.ExitCode() != 3 {
		t.Fatalf("pgnls fmt: %v\n%s", err, tail(errs.String(), 2000))
	}
	return out.String()
}

// unformattableLine returns the 1-based line, near the middle of the
// formatted text, of a line of moves that starts with "1. " and whose game
// pgnls fmt formats back to itself after a blank is typed after "1.": a
// game it formats (not one left as written for a syntax error).
func unformattableLine(t *testing.T, bin, formatted string) int {
	t.Helper()
	lineStart := regexp.MustCompile(`(?m)^1\. `)
	middle := len(formatted) / 2
	for _, loc := range lineStart.FindAllStringIndex(formatted[middle:], 50) {
		at := middle + loc[0]
		start := strings.LastIndex(formatted[:at], "\n\n[") + 2
		end := strings.Index(formatted[at:], "\n\n[")
		if start < 2 || end < 0 {
			continue
		}
		game := formatted[start : at+end+2]
		edited := game[:at-start+2] + " " + game[at-start+2:]
		if formatDatabase(t, bin, edited) == formatDatabase(t, bin, game) {
			return strings.Count(formatted[:at], "\n") + 1
		}
	}
	t.Fatal("no line of moves from 1. in the second half of the database whose game pgnls fmt formats")
	return 0
}

// runLong is session.run with the time a 30 MB database takes on a loaded
// machine: its opening, first analysis and background formatting, on each
// Neovim.
func runLong(t *testing.T, s *session, env []string, name string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 6*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = s.dir
	cmd.Env = append(append([]string{}, s.env...), env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("%s timed out; output:\n%s", name, out.String())
	}
	if err != nil {
		t.Fatalf("%s failed (%v); output:\n%s", name, err, out.String())
	}
	return out.String()
}
