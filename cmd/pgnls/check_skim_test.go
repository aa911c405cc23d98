package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pgnls/pgn/pgntest"
)

// runCheckBoth runs pgnls check with args with the skimmer and without it,
// and fails t when the exit codes, output or messages differ. It returns
// the output.
func runCheckBoth(t *testing.T, stdin string, args ...string) string {
	t.Helper()
	code, out, errOut := runCmd(t, stdin, args...)
	skimMovetext = false
	treeCode, treeOut, treeErr := runCmd(t, stdin, args...)
	skimMovetext = true
	if code != treeCode || out != treeOut || errOut != treeErr {
		t.Errorf("pgnls %s: with the skimmer exit %d, %d bytes out, stderr %q; with the tree exit %d, %d bytes out, stderr %q",
			strings.Join(args, " "), code, len(out), errOut, treeCode, len(treeOut), treeErr)
		a, b := strings.Split(out, "\n"), strings.Split(treeOut, "\n")
		for i := range min(len(a), len(b)) {
			if a[i] != b[i] {
				t.Errorf("first difference, line %d:\n\t%s\n\t%s", i+1, a[i], b[i])
				break
			}
		}
	}
	return out
}

// TestCheckSkimmedOutputIsTheTrees: pgnls check writes the same with the
// movetext skimmer as with the whole tree, in every output form, with
// --max-errors stopping at the same place, on Latin-1 and CRLF text, and
// around text too large to parse.
func TestCheckSkimmedOutputIsTheTrees(t *testing.T) {
	if !skimMovetext {
		t.Fatal("pgnls check does not skim")
	}
	dir := t.TempDir()
	games := cleanGame + "\n" + illegalGame + "\n" + strings.Replace(cleanGame, "*", "1-0", 1)
	if corpus, ok := pgntest.CorpusDir(t); ok {
		files, _ := filepath.Glob(filepath.Join(corpus, "*", "*.pgn"))
		for _, f := range files[:min(len(files), 40)] {
			if data, err := os.ReadFile(f); err == nil {
				games += "\n" + string(data)
			}
		}
	} else {
		t.Log("../shared/corpus not found: the files compared are the test games only")
	}
	paths := []string{
		writeFile(t, dir, "games.pgn", []byte(games)),
		writeFile(t, dir, "crlf.pgn", []byte(strings.ReplaceAll(games, "\n", "\r\n"))),
		writeFile(t, dir, "latin1.pgn", []byte(strings.Replace(games, `[Site "S"]`, "[Site \"M\xfcnchen\"]", -1))),
		writeFile(t, dir, "utf8-then-latin1.pgn", []byte(strings.Repeat(cleanGame+"\n", 3000)+strings.Replace(games, `[Site "S"]`, "[Site \"M\xfcnchen\"]", -1))),
	}
	for _, args := range [][]string{{"check"}, {"check", "--json"}, {"check", "--max-errors", "1"}, {"check", "--max-errors", "7"}, {"check", "--json", "--max-errors", "3"}} {
		for _, path := range paths {
			runCheckBoth(t, "", append(args, path)...)
		}
		runCheckBoth(t, "", append(args, paths...)...)
		runCheckBoth(t, games, append(args, "-")...)
	}
	if corpus, ok := pgntest.CorpusDir(t); ok {
		runCheckBoth(t, "", "check", corpus)
		runCheckBoth(t, "", "check", "--json", corpus)
	}
}

// TestCheckSkimmedAroundUnparsedText: text too large to parse, then
// games: the same output with the skimmer.
func TestCheckSkimmedAroundUnparsedText(t *testing.T) {
	if testing.Short() {
		t.Skip("checks 33 MiB twice")
	}
	dir := t.TempDir()
	junk := strings.Repeat("\x00", 33<<20) + "\n"
	path := writeFile(t, dir, "big.pgn", []byte(cleanGame+"\n"+junk+illegalGame+"\n"+cleanGame))
	out := runCheckBoth(t, "", "check", path)
	if !strings.Contains(out, "[game-too-large]") || !strings.Contains(out, "[illegal-move]") {
		t.Errorf("output %q: want the text not checked and the illegal move after it", out)
	}
}
