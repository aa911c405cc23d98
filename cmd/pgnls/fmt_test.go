package main

import (
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const messyGame = "[White \"W\"] [Event \"E\"]\n1.e4 e5 2.Ng1f3 {a   comment} Nc6 *\n"

// tidyGame is messyGame formatted: like every game, it ends with an empty
// line, the last of a file too.
const tidyGame = "[Event \"E\"]\n[White \"W\"]\n\n1. e4 e5 2. Nf3 { a comment } 2... Nc6 *\n\n"

func readFileForTest(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func TestFmtStdout(t *testing.T) {
	dir := t.TempDir()
	a := writeFile(t, dir, "a.pgn", []byte(messyGame))
	b := writeFile(t, dir, "b.pgn", []byte(tidyGame))
	code, out, errOut := runCmd(t, "", "fmt", a, b)
	if code != 0 || out != tidyGame+tidyGame || errOut != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if got := readFileForTest(t, a); got != messyGame {
		t.Fatalf("without -w the file changed: %q", got)
	}
}

func TestFmtStdin(t *testing.T) {
	for _, args := range [][]string{{"fmt"}, {"fmt", "-"}} {
		code, out, errOut := runCmd(t, messyGame, args...)
		if code != 0 || out != tidyGame || errOut != "" {
			t.Fatalf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
	code, out, _ := runCmd(t, messyGame, "fmt", "-l")
	if code != 1 || out != "<stdin>\n" {
		t.Fatalf("-l on standard input: exit %d, stdout %q", code, out)
	}
	code, _, errOut := runCmd(t, messyGame, "fmt", "-w")
	if code != 2 || !strings.Contains(errOut, "standard input") {
		t.Fatalf("-w on standard input: exit %d, stderr %q", code, errOut)
	}
}

func TestFmtWidth(t *testing.T) {
	in := "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 *\n"
	code, out, _ := runCmd(t, in, "fmt", "--width", "20")
	if want := "1. e4 e5 2. Nf3 Nc6\n3. Bb5 a6 4. Ba4 Nf6\n*\n\n"; code != 0 || out != want {
		t.Fatalf("--width 20: exit %d, got %q, want %q", code, out, want)
	}
	for _, bad := range []string{"0", "-3", "x"} {
		if code, _, _ := runCmd(t, in, "fmt", "--width", bad); code != 2 {
			t.Errorf("--width %s: exit %d, want 2", bad, code)
		}
	}
}

func TestFmtList(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "sub/b.pgn", []byte(messyGame))
	writeFile(t, dir, "a.pgn", []byte(messyGame))
	writeFile(t, dir, "tidy.pgn", []byte(tidyGame))
	writeFile(t, dir, "notes.txt", []byte(messyGame))
	code, out, errOut := runCmd(t, "", "fmt", "-l", dir)
	want := filepath.Join(dir, "a.pgn") + "\n" + filepath.Join(dir, "sub/b.pgn") + "\n"
	if code != 1 || out != want || errOut != "" {
		t.Fatalf("exit %d, stdout %q (want %q), stderr %q", code, out, want, errOut)
	}
	code, out, _ = runCmd(t, "", "fmt", "-l", filepath.Join(dir, "tidy.pgn"))
	if code != 0 || out != "" {
		t.Fatalf("a tidy file: exit %d, stdout %q", code, out)
	}
}

func TestFmtDiff(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "a.pgn", []byte(messyGame))
	code, out, _ := runCmd(t, "", "fmt", "-d", path)
	if code != 1 {
		t.Fatalf("exit %d, want 1", code)
	}
	want := "--- " + path + ".orig\n+++ " + path + "\n" +
		"@@ -1,2 +1,5 @@\n" +
		"-[White \"W\"] [Event \"E\"]\n" +
		"-1.e4 e5 2.Ng1f3 {a   comment} Nc6 *\n" +
		"+[Event \"E\"]\n" +
		"+[White \"W\"]\n" +
		"+\n" +
		"+1. e4 e5 2. Nf3 { a comment } 2... Nc6 *\n" +
		"+\n"
	if out != want {
		t.Fatalf("diff:\n%s\nwant:\n%s", out, want)
	}
	if got := readFileForTest(t, path); got != messyGame {
		t.Fatalf("-d changed the file")
	}
	tidy := writeFile(t, dir, "tidy.pgn", []byte(tidyGame))
	if code, out, _ := runCmd(t, "", "fmt", "-d", tidy); code != 0 || out != "" {
		t.Fatalf("a tidy file: exit %d, diff %q", code, out)
	}
}

// TestUnifiedDiff checks the diff on random edits of random texts: applied
// to the old text, it gives the new one, and its hunks are well formed.
func TestUnifiedDiff(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	pool := []string{"a\n", "b\n", "c\n", "d\n", "[Event \"x\"]\n", "\n", "1. e4 *\n"}
	for i := 0; i < 2000; i++ {
		var a []string
		for n := rng.Intn(30); n > 0; n-- {
			a = append(a, pool[rng.Intn(len(pool))])
		}
		b := append([]string(nil), a...)
		for n := rng.Intn(6); n > 0; n-- {
			k := rng.Intn(len(b) + 1)
			switch rng.Intn(3) {
			case 0:
				b = append(b[:k], append([]string{pool[rng.Intn(len(pool))]}, b[k:]...)...)
			case 1:
				if k < len(b) {
					b = append(b[:k], b[k+1:]...)
				}
			case 2:
				if k < len(b) {
					b[k] = "changed " + strconv.Itoa(i) + "\n"
				}
			}
		}
		old, new := strings.Join(a, ""), strings.Join(b, "")
		if rng.Intn(4) == 0 {
			old = strings.TrimSuffix(old, "\n") // no newline at the end
		}
		diff := unifiedDiff("old", "new", old, new)
		if (diff == "") != (old == new) {
			t.Fatalf("diff %q of %q and %q", diff, old, new)
		}
		if diff == "" {
			continue
		}
		if got := applyUnifiedDiff(t, old, diff); got != new {
			t.Fatalf("applying the diff of\n%q\nto\n%q\ngives %q\ndiff:\n%s", old, new, got, diff)
		}
	}
}

// applyUnifiedDiff applies a diff as patch would, checking every context
// and deleted line against the old text and every hunk header's counts.
func applyUnifiedDiff(t *testing.T, old, diff string) string {
	t.Helper()
	lines := splitLines(old)
	d := strings.Split(strings.TrimSuffix(diff, "\n"), "\n")
	if !strings.HasPrefix(d[0], "--- ") || !strings.HasPrefix(d[1], "+++ ") {
		t.Fatalf("bad header: %q", d[:2])
	}
	var out []string
	next := 0 // the next old line to copy
	for i := 2; i < len(d); {
		var as, al, bs, bl int
		header := strings.NewReplacer("@@ -", "", " +", " ", " @@", "", ",", " ").Replace(d[i])
		f := strings.Fields(header)
		if len(f) != 4 {
			// A count of 1 is left out: "-5 +5,2".
			f = nil
			for _, r := range strings.Fields(strings.NewReplacer("@@", "", "-", "", "+", "").Replace(d[i])) {
				p := strings.Split(r, ",")
				if len(p) == 1 {
					p = append(p, "1")
				}
				f = append(f, p...)
			}
		}
		as, _ = strconv.Atoi(f[0])
		al, _ = strconv.Atoi(f[1])
		bs, _ = strconv.Atoi(f[2])
		bl, _ = strconv.Atoi(f[3])
		start := as - 1
		if al == 0 {
			start = as
		}
		if start < next {
			t.Fatalf("hunk %q overlaps the one before", d[i])
		}
		out = append(out, lines[next:start]...)
		if bs != len(out)+1 && !(bl == 0 && bs == len(out)) {
			t.Fatalf("hunk %q: new start %d, want %d", d[i], bs, len(out)+1)
		}
		next = start
		i++
		na, nb := 0, 0
		for i < len(d) && !strings.HasPrefix(d[i], "@@") {
			line := d[i][1:] + "\n"
			if i+1 < len(d) && d[i+1] == `\ No newline at end of file` {
				line = d[i][1:]
			}
			switch d[i][0] {
			case ' ', '-':
				if next >= len(lines) || lines[next] != line {
					t.Fatalf("hunk line %q does not match the old text", d[i])
				}
				next++
				na++
				if d[i][0] == ' ' {
					out = append(out, line)
					nb++
				}
			case '+':
				out = append(out, line)
				nb++
			default:
				t.Fatalf("bad diff line %q", d[i])
			}
			i++
			if i < len(d) && d[i] == `\ No newline at end of file` {
				i++
			}
		}
		if na != al || nb != bl {
			t.Fatalf("hunk counts -%d +%d, header says -%d +%d", na, nb, al, bl)
		}
	}
	out = append(out, lines[next:]...)
	return strings.Join(out, "")
}

func TestFmtWrite(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "a.pgn", []byte(messyGame))
	if err := os.Chmod(path, 0o640); err != nil {
		t.Fatal(err)
	}
	before, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCmd(t, "", "fmt", "-w", path)
	if code != 0 || out != "" || errOut != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if got := readFileForTest(t, path); got != tidyGame {
		t.Fatalf("-w wrote %q", got)
	}
	after, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if after.Mode().Perm() != 0o640 {
		t.Errorf("permissions %v, want -rw-r-----", after.Mode().Perm())
	}
	// Atomic: a new file renamed over the old one, and no temporary file
	// left behind.
	if os.SameFile(before, after) {
		t.Errorf("the file was rewritten in place, not replaced")
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("files left in the directory: %v", entries)
	}
	// A tidy file is not touched.
	code, _, _ = runCmd(t, "", "fmt", "-w", path)
	if again, _ := os.Stat(path); code != 0 || !os.SameFile(after, again) {
		t.Errorf("a tidy file was rewritten (exit %d)", code)
	}
	// -w with -l lists what it rewrites, and says so in the exit status.
	writeFile(t, dir, "b.pgn", []byte(messyGame))
	code, out, _ = runCmd(t, "", "fmt", "-w", "-l", dir)
	if code != 1 || out != filepath.Join(dir, "b.pgn")+"\n" || readFileForTest(t, filepath.Join(dir, "b.pgn")) != tidyGame {
		t.Errorf("-w -l: exit %d, stdout %q", code, out)
	}
}

func TestFmtWriteFollowsSymlinks(t *testing.T) {
	dir := t.TempDir()
	target := writeFile(t, dir, "real.pgn", []byte(messyGame))
	if err := os.Chmod(target, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link.pgn")
	if err := os.Symlink("real.pgn", link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if code, _, errOut := runCmd(t, "", "fmt", "-w", link); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if info, err := os.Lstat(link); err != nil || info.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced by a file")
	}
	if got := readFileForTest(t, target); got != tidyGame {
		t.Fatalf("the target holds %q", got)
	}
	if info, _ := os.Stat(target); info.Mode().Perm() != 0o755 {
		t.Errorf("permissions %v, want -rwxr-xr-x", info.Mode().Perm())
	}
}

func TestFmtLatin1(t *testing.T) {
	dir := t.TempDir()
	// "Réti" and "Müller" in Latin-1: not valid UTF-8.
	latin1 := []byte("[White \"R\xe9ti\"] [Event \"E\"]\n1.e4 {M\xfcller} *\n")
	want := []byte("[Event \"E\"]\n[White \"R\xe9ti\"]\n\n1. e4 { M\xfcller } *\n\n")
	path := writeFile(t, dir, "old.pgn", latin1)
	code, out, _ := runCmd(t, "", "fmt", path)
	if code != 0 || out != string(want) {
		t.Fatalf("stdout %q, want the Latin-1 %q", out, want)
	}
	if code, _, _ := runCmd(t, "", "fmt", "-w", path); code != 0 || readFileForTest(t, path) != string(want) {
		t.Fatalf("-w wrote %q, want the Latin-1 %q", readFileForTest(t, path), want)
	}
	// Formatting the result again changes nothing.
	if code, out, _ := runCmd(t, "", "fmt", "-l", path); code != 0 || out != "" {
		t.Fatalf("not idempotent on Latin-1: exit %d, %q", code, out)
	}
	// --utf8 converts.
	path2 := writeFile(t, dir, "old2.pgn", latin1)
	if code, _, _ := runCmd(t, "", "fmt", "-w", "--utf8", path2); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if got, want := readFileForTest(t, path2), "[Event \"E\"]\n[White \"Réti\"]\n\n1. e4 { Müller } *\n\n"; got != want {
		t.Fatalf("--utf8 wrote %q, want %q", got, want)
	}
	// The diff is of the bytes on disk, Latin-1 here, so that patch can
	// apply it.
	path3 := writeFile(t, dir, "old3.pgn", latin1)
	if _, out, _ := runCmd(t, "", "fmt", "-d", path3); !strings.Contains(out, "+[White \"R\xe9ti\"]") {
		t.Fatalf("-d on Latin-1:\n%q", out)
	}
}

func TestEncodeLatin1(t *testing.T) {
	if b, ok := encodeLatin1("Réti ÿ"); !ok || string(b) != "R\xe9ti \xff" {
		t.Errorf("encodeLatin1 = %q, %v", b, ok)
	}
	if _, ok := encodeLatin1("Réti ♔"); ok {
		t.Errorf("♔ has no Latin-1 code, yet it encoded")
	}
}

func TestFmtErrors(t *testing.T) {
	dir := t.TempDir()
	good := writeFile(t, dir, "good.pgn", []byte(messyGame))
	missing := filepath.Join(dir, "missing.pgn")
	code, out, errOut := runCmd(t, "", "fmt", "-l", missing, good)
	if code != 2 || !strings.Contains(errOut, "missing.pgn") || out != good+"\n" {
		t.Fatalf("exit %d, stdout %q, stderr %q: want 2, the other file listed and the missing one named", code, out, errOut)
	}
	if code, _, _ := runCmd(t, "", "fmt", "--no-such-flag"); code != 2 {
		t.Errorf("an unknown flag: exit %d, want 2", code)
	}
	// A file with a syntax error: left as it was, and said so (fmt_kept_test.go).
	bad := "[Event \"E\"]\n1.e4 {unterminated\n"
	if code, out, _ := runCmd(t, bad, "fmt"); code != statusKept || out != bad+"\n" {
		t.Errorf("a game with a syntax error: exit %d, %q", code, out)
	}
}

func TestFmtHelp(t *testing.T) {
	_, out, _ := runCmd(t, "", "help")
	if !strings.Contains(out, "pgnls fmt [-w] [-l] [-d] [--strict] [--width N]") || !strings.Contains(out, "pgnls fix [-w]") || !strings.Contains(out, "pgnls version") {
		t.Errorf("help does not describe fmt:\n%s", out)
	}
}

// TestUnifiedDiffRepeatedLines checks that a change among lines that all
// occur many times (a file of the same game over and over) still gives a
// small hunk, not one that spans the file.
func TestUnifiedDiffRepeatedLines(t *testing.T) {
	game := "[Event \"x\"]\n\n1. e4 e5 *\n\n"
	old := strings.Repeat(game, 50)
	new := strings.Repeat(game, 25) + "[Event \"x\"]\n\n1. d4 d5 *\n\n" + strings.Repeat(game, 24)
	diff := unifiedDiff("old", "new", old, new)
	want := "--- old\n+++ new\n@@ -100,7 +100,7 @@\n \n [Event \"x\"]\n \n-1. e4 e5 *\n+1. d4 d5 *\n \n [Event \"x\"]\n \n"
	if diff != want {
		t.Fatalf("diff:\n%s\nwant:\n%s", diff, want)
	}
}
