package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"pgnls/pgn"
)

// Issue 22, "nothing crashes", as the user meets it: the built binary's
// check, fmt and language server on variations nested 10^7 deep. A stack
// overflow is fatal (no recover catches it); variations nested past
// pgn.MaxNesting are one piece of unread text with one syntax error, and
// the game is kept as written.

// deepInputs are the hostile files: 10^7 '(' (open, and closed again), and
// 10^7 nested variations that each hold a legal move (open, and closed
// with a main line going on after them).
func deepInputs() []struct{ name, text string } {
	const n = 10_000_000
	return []struct{ name, text string }{
		{"unclosed parentheses", "1. e4 " + strings.Repeat("(", n)},
		{"closed parentheses", "[Event \"deep\"]\n\n1. e4 " + strings.Repeat("(", n) + strings.Repeat(")", n) + " e5 *\n"},
		{"unclosed legal variations", "1. e4 " + strings.Repeat("(e4 ", n)},
		{"closed legal variations", "[Event \"deep\"]\n\n1. e4 " + strings.Repeat("(e4 ", n) + strings.Repeat(")", n) + " e5 *\n"},
	}
}

// TestDeepNestingCrashesNeitherCheckNorFmt runs pgnls check and pgnls fmt
// (to standard output, -l and -w) on each hostile file: check reports the
// over-deep variation at its '(' and exits 1, fmt keeps the game as
// written (with the empty line that ends a game), says so and exits 3; a
// file longer than the reader's cap gets what the README says of those.
func TestDeepNestingCrashesNeitherCheckNorFmt(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and writes files of 10 to 50 MB")
	}
	bin := pgnlsBinary(t)
	for _, tt := range deepInputs() {
		t.Run(tt.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "deep.pgn")
			if err := os.WriteFile(path, []byte(tt.text), 0o644); err != nil {
				t.Fatal(err)
			}
			if len(tt.text) > pgn.DefaultMaxPiece {
				overTheReadersCap(t, bin, path, tt.text)
				return
			}
			want := strings.TrimSuffix(tt.text, "\n") + "\n\n"

			out, errOut, code := runBinary(t, bin, "check", "--json", path)
			if code != 1 {
				t.Fatalf("pgnls check: exit %d, want 1; stderr %q", code, errOut)
			}
			at := nthParen(tt.text, pgn.MaxNesting+1)
			wantLine, col := strings.Count(tt.text[:at], "\n")+1, at-strings.LastIndexByte(tt.text[:at], '\n')
			found := 0
			for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
				var d jsonDiagnostic
				if err := json.Unmarshal([]byte(line), &d); err != nil {
					t.Fatalf("pgnls check --json: %q: %v", line, err)
				}
				if strings.HasPrefix(d.Message, "variations nested more than 256 deep") {
					found++
					if d.Code != "syntax" || d.Line != wantLine || d.Column != col || d.EndLine != wantLine || d.EndColumn != col+1 {
						t.Errorf("the nesting diagnostic %+v, want a syntax error at %d:%d", d, wantLine, col)
					}
				}
			}
			if found != 1 {
				t.Errorf("%d nesting diagnostics, want 1", found)
			}

			out, errOut, code = runBinary(t, bin, "fmt", path)
			if told := path + ":"; code != statusKept || out != want || !strings.HasPrefix(errOut, told) || !strings.Contains(errOut, ": game 1 left as written: ") || strings.Count(errOut, "\n") != 1 {
				t.Errorf("pgnls fmt: exit %d (stderr %q), %d bytes; want exit 3, the game as written and one line saying so", code, errOut, len(out))
			}
			out, _, code = runBinary(t, bin, "fmt", "-l", path)
			if code != statusKept || out != path+"\n" {
				t.Errorf("pgnls fmt -l: exit %d, %q", code, out)
			}
			if _, errOut, code = runBinary(t, bin, "fmt", "-w", path); code != statusKept {
				t.Errorf("pgnls fmt -w: exit %d, %q", code, errOut)
			}
			if data, err := os.ReadFile(path); err != nil || string(data) != want {
				t.Errorf("after pgnls fmt -w: %d bytes, %v; want the game as written", len(data), err)
			}
		})
	}
}

// overTheReadersCap checks a deep file longer than the most the command
// line parses at once (pgn.DefaultMaxPiece: 10^7 nested legal variations
// take 40 MB): check reports it as one game-too-large error and exits 1,
// fmt copies it as it is and exits 2, and fmt -w leaves the file alone.
func overTheReadersCap(t *testing.T, bin, path, text string) {
	t.Helper()
	out, errOut, code := runBinary(t, bin, "check", "--json", path)
	var d jsonDiagnostic
	if err := json.Unmarshal([]byte(strings.TrimSpace(out)), &d); code != 1 || err != nil || d.Code != "game-too-large" || d.Line != 1 || d.Column != 1 {
		t.Errorf("pgnls check: exit %d, %q (stderr %q); want exit 1 and one game-too-large error at 1:1", code, out, errOut)
	}
	out, errOut, code = runBinary(t, bin, "fmt", path)
	if code != 2 || out != text || !strings.Contains(errOut, "not formatted, but copied as they are") {
		t.Errorf("pgnls fmt: exit %d (stderr %q), %d bytes; want exit 2 and the text as written", code, errOut, len(out))
	}
	if _, _, code = runBinary(t, bin, "fmt", "-w", path); code != 2 {
		t.Errorf("pgnls fmt -w: exit %d, want 2", code)
	}
	if data, err := os.ReadFile(path); err != nil || string(data) != text {
		t.Errorf("after pgnls fmt -w: %d bytes, %v; want the file as it was", len(data), err)
	}
}

// TestDeepNestingCrashesNotTheServer opens 10^7 unclosed '(' in the built
// language server and asks what once killed it (formatting, the selection
// range at the innermost variation) and more; every request is answered,
// and the server still serves and exits cleanly.
func TestDeepNestingCrashesNotTheServer(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := pgnlsBinary(t)
	text := "1. e4 " + strings.Repeat("(", 10_000_000)
	p := start(t, bin)
	p.initialize()
	uri := "file:///deep.pgn"
	p.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "pgn", "version": 1, "text": text}})
	if got := codes(p.waitDiagnostics(uri, 1)); !strings.Contains(got, "syntax") {
		t.Errorf("diagnostics: %q, want syntax errors", got)
	}
	td := map[string]any{"uri": uri}
	inner := map[string]any{"line": 0, "character": len(text)}
	whole := map[string]any{"start": map[string]any{"line": 0, "character": 0}, "end": inner}
	for _, r := range []struct {
		method string
		params any
	}{
		{"textDocument/formatting", map[string]any{"textDocument": td, "options": map[string]any{"tabSize": 2, "insertSpaces": true}}},
		{"textDocument/rangeFormatting", map[string]any{"textDocument": td, "range": whole, "options": map[string]any{"tabSize": 2, "insertSpaces": true}}},
		{"textDocument/selectionRange", map[string]any{"textDocument": td, "positions": []any{inner}}},
		{"textDocument/hover", map[string]any{"textDocument": td, "position": inner}},
		{"textDocument/completion", map[string]any{"textDocument": td, "position": inner}},
		{"textDocument/foldingRange", map[string]any{"textDocument": td}},
		{"textDocument/semanticTokens/full", map[string]any{"textDocument": td}},
		{"textDocument/documentSymbol", map[string]any{"textDocument": td}},
	} {
		res := p.result(r.method, r.params)
		if strings.HasSuffix(r.method, "ormatting") {
			var edits []struct {
				NewText string `json:"newText"`
			}
			if err := json.Unmarshal(res, &edits); err != nil || len(edits) != 1 || edits[0].NewText != "\n\n" {
				t.Errorf("%s: %.200s, %v; want one edit adding the empty line that ends a game", r.method, res, err)
			}
		}
	}
	p.finish()
}

// nthParen returns the offset of the nth '(' of text.
func nthParen(text string, n int) int {
	for i := 0; i < len(text); i++ {
		if text[i] == '(' {
			if n--; n == 0 {
				return i
			}
		}
	}
	return -1
}

// runBinary runs the binary and returns its standard output, standard
// error and exit status.
func runBinary(t *testing.T, bin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	cmd := exec.Command(bin, args...)
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return out.String(), errOut.String(), ee.ExitCode()
	}
	if err != nil {
		t.Fatal(err)
	}
	return out.String(), errOut.String(), 0
}
