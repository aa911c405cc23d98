package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"pgnls/analysis"
	"pgnls/pgn"
	"pgnls/pgn/pgntest"
)

// fixableGames is two games with preferred fixes (missing roster tags, a
// long-algebraic knight move, zero castling, a missing mate sign) and an
// illegal move that no fix mends, with text between games that no fix may
// touch.
const fixableGames = "{ a preface between games, kept as it is }\n\n" +
	"[White \"W\"]\n[Event \"E\"]\n\n1. e4 e5 2. Ng1f3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. 0-0 Qd4 6. Ke2 *\n\n" +
	"%an escape line between games\n\n" +
	"[Event \"y\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0\n"

const fixedGames = "{ a preface between games, kept as it is }\n\n" +
	"[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"W\"]\n[Black \"?\"]\n[Result \"*\"]\n\n" +
	"1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 dxc6 5. O-O Qd4 6. Ke2 *\n\n" +
	"%an escape line between games\n\n" +
	"[Event \"y\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"1-0\"]\n\n" +
	"1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"

func TestFix(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "games.pgn", []byte(fixableGames))
	left := path + ":11:58: error: 6.Ke2 is illegal: the king cannot reach e2 [illegal-move]\n" +
		"1 files, 2 games, 5 fixes made; left: 1 errors, 0 warnings\n"
	code, out, errOut := runCmd(t, "", "fix", path)
	if code != 1 || out != fixedGames || errOut != left {
		t.Fatalf("fix: exit %d, stdout\n%s\nstderr %q; want 1, stdout\n%s\nstderr %q", code, out, errOut, fixedGames, left)
	}
	if got := readFileForTest(t, path); got != fixableGames {
		t.Errorf("without -w the file changed")
	}
	// Standard input, and a game without an error left: 0.
	clean := fixableGames[strings.Index(fixableGames, "%an"):]
	code, out, errOut = runCmd(t, clean, "fix")
	if code != 0 || out != fixedGames[strings.Index(fixedGames, "%an"):] || errOut != "1 files, 1 games, 2 fixes made; left: 0 errors, 0 warnings\n" {
		t.Errorf("fix of standard input: exit %d, %q, %q", code, out, errOut)
	}
	// -l and -d, and flags after the path.
	code, out, _ = runCmd(t, "", "fix", path, "-l")
	if code != 1 || out != path+"\n" {
		t.Errorf("fix -l: exit %d, %q", code, out)
	}
	code, out, _ = runCmd(t, "", "fix", path, "-d")
	if code != 1 || !strings.Contains(out, "\n-1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0\n+1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n") ||
		applyUnifiedDiff(t, fixableGames, out) != fixedGames {
		t.Errorf("fix -d: exit %d:\n%s", code, out)
	}
	// -w, then nothing is left to fix.
	if code, _, _ := runCmd(t, "", "fix", "-w", path); code != 1 || readFileForTest(t, path) != fixedGames {
		t.Errorf("fix -w: exit %d, the file holds\n%s", code, readFileForTest(t, path))
	}
	if code, out, errOut := runCmd(t, "", "fix", "-l", path); out != "" || !strings.Contains(errOut, " 0 fixes made;") {
		t.Errorf("fix -l after fix -w: exit %d, %q, %q; want nothing to fix", code, out, errOut)
	}
}

// A code turned off, by the flag or by the project config file, gets no
// fix, as in the editor, and is not told.
func TestFixSeverities(t *testing.T) {
	game := "[Event \"y\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 1-0\n"
	want := "[Event \"y\"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n"
	code, out, errOut := runCmd(t, game, "fix", "--severity", "missing-tag=off")
	if code != 0 || out != want || errOut != "1 files, 1 games, 1 fix made; left: 0 errors, 0 warnings\n" {
		t.Errorf("--severity missing-tag=off: exit %d, %q, %q", code, out, errOut)
	}
	dir := t.TempDir()
	writeFile(t, dir, "pgnls.toml", []byte("[severity]\ncheck-suffix = \"off\"\nmissing-tag = \"off\"\n"))
	path := writeFile(t, dir, "sub/a.pgn", []byte(game))
	code, out, _ = runCmd(t, "", "fix", path)
	if code != 0 || out != game {
		t.Errorf("fix under a config file turning both off: exit %d, %q; want the game as it was", code, out)
	}
	code, out, _ = runCmd(t, "", "fix", path, "--severity", "check-suffix=warning")
	if code != 0 || out != want {
		t.Errorf("the flag over the file: exit %d, %q", code, out)
	}
}

// fix -w rewrites a file as fmt -w does (the same code): a file with other
// names is rewritten in place, every name sees the fixed text, and the
// mode bits stay.
func TestFixWriteKeepsHardLinksAndMode(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "a.pgn", []byte(fixableGames))
	other := filepath.Join(dir, "b.pgn")
	if err := os.Link(path, other); err != nil {
		t.Skip("no hard links here:", err)
	}
	if err := os.Chmod(path, 0o640|fs.ModeSetgid); err != nil {
		t.Fatal(err)
	}
	before, _ := os.Stat(path)
	if r := runPgnls(t, runOptions{}, "fix", path, "-w"); r.code != 1 || !strings.HasSuffix(r.stderr, "left: 1 errors, 0 warnings\n") {
		t.Fatalf("fix -w: exit %d, stderr %q", r.code, r.stderr)
	}
	after, _ := os.Stat(path)
	if !os.SameFile(before, after) || after.Mode()&keptModeBits != 0o640|fs.ModeSetgid {
		t.Errorf("the file was replaced, or lost its mode (%v)", after.Mode())
	}
	for _, name := range []string{path, other} {
		if got := readFileForTest(t, name); got != fixedGames {
			t.Errorf("%s holds %q", name, got)
		}
	}
	if names := dirNames(t, dir); !slices.Equal(names, []string{"a.pgn", "b.pgn"}) {
		t.Errorf("files left in the directory: %v", names)
	}
}

// The "done when": pgnls fix followed by pgnls check leaves no
// diagnostic that has a preferred fix, on a copy of the project's test
// files and of the shared corpus. Fixing again changes nothing, and no
// fix changes text outside the games: the text between games of each
// file is as it was.
func TestFixThenCheckLeavesNothingToFix(t *testing.T) {
	dir := t.TempDir()
	copyPGNTree(t, filepath.Join("..", "..", "testdata"), filepath.Join(dir, "testdata"))
	if corpus, ok := pgntest.CorpusDir(t); ok {
		copyPGNTree(t, corpus, filepath.Join(dir, "corpus"))
	} else {
		t.Log("../shared/corpus not found: fixing the project's test files only (the corpus part needs the shared folder beside the project)")
	}
	before := betweenGames(t, dir)
	r := runPgnls(t, runOptions{}, "fix", "-w", dir)
	if r.code == statusError || !strings.Contains(r.stderr, " fixes made; left: ") {
		t.Fatalf("fix -w: exit %d, stderr %s", r.code, r.stderr[max(0, len(r.stderr)-2000):])
	}
	fixable := 0
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.EqualFold(filepath.Ext(path), ".pgn") {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		text, _, err := pgn.Decode(data)
		if err != nil {
			return nil // refused by fix too (not valid UTF-16)
		}
		f := pgn.Parse(text)
		for _, g := range f.Games {
			for _, a := range analysis.GameActions(f, g, g.From, g.To, analysis.ActionOptions{}) {
				if a.Preferred {
					fixable++
					if fixable <= 10 {
						t.Errorf("%s, game %d: %v still has a preferred fix, %q", path, g.Index+1, a.Diagnostic, a.Title)
					}
				}
			}
		}
		return nil
	})
	if fixable > 10 {
		t.Errorf("and %d more", fixable-10)
	}
	for path, items := range before {
		text := readFileForTest(t, path)
		at := 0
		for _, item := range items {
			i := strings.Index(text[at:], item)
			if i < 0 {
				t.Errorf("%s: the text between games %q is gone or changed", path, item)
				break
			}
			at += i + len(item)
		}
	}
	r = runPgnls(t, runOptions{}, "fix", "-l", dir)
	if r.stdout != "" || !strings.Contains(r.stderr, " 0 fixes made;") {
		t.Errorf("fix -l after fix -w: exit %d, files to fix %q", r.code, r.stdout)
	}
}

// copyPGNTree copies the .pgn files under src to dst, keeping the tree.
func copyPGNTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.EqualFold(filepath.Ext(path), ".pgn") || !d.Type().IsRegular() {
			return err
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		writeFile(t, dst, rel, data)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// betweenGames returns the text between games of each .pgn file under
// dir, item by item, in order. (A fix may put text that was a game's
// between games, as a result marker added before a comment does, but no
// fix touches what is between games.)
func betweenGames(t *testing.T, dir string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, _ := os.ReadFile(path)
		text, _, err := pgn.Decode(data)
		if err != nil || text != string(data) {
			return nil // not UTF-8 on disk: the bytes are not the text
		}
		f := pgn.Parse(text)
		for _, it := range f.Items {
			if _, game := it.(*pgn.Game); !game {
				out[path] = append(out[path], f.Src[it.Pos():it.End()])
			}
		}
		return nil
	})
	return out
}
