package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// The severities of check: the --severity flag, the project config file
// found upwards from each file (.pgnls.json or pgnls.toml), the flag over
// the file; a code turned off is neither printed nor counted.
func TestCheckSeverity(t *testing.T) {
	root := t.TempDir()
	plain := writeFile(t, root, "plain/a.pgn", []byte(illegalGame))
	jsonDir := filepath.Join(root, "json")
	writeFile(t, jsonDir, ".pgnls.json", []byte(`{"severity": {"illegal-move": "warning"}}`))
	deep := writeFile(t, jsonDir, "deep/er/b.pgn", []byte(illegalGame))
	tomlDir := filepath.Join(root, "toml")
	writeFile(t, tomlDir, "pgnls.toml", []byte("[severity]\nillegal-move = \"off\"\n"))
	quiet := writeFile(t, tomlDir, "c.pgn", []byte(illegalGame))
	const illegal = ":9:41: error: 2.Ke3 is illegal"

	tests := []struct {
		name    string
		args    []string
		code    int
		stdout  string // a line of it, or "" for nothing
		summary string
	}{
		{"defaults", []string{plain}, 1, plain + illegal, "1 files, 1 games, 1 errors, 0 warnings\n"},
		{"the flag", []string{plain, "--severity", "illegal-move=hint"}, 0, plain + ":9:41: hint: 2.Ke3", "1 files, 1 games, 0 errors, 0 warnings\n"},
		{"the flag, comma-separated and repeated", []string{"--severity", "missing-tag=off,illegal-move=information", "--severity=illegal-move=warning", plain}, 0,
			plain + ":9:41: warning: 2.Ke3", "1 files, 1 games, 0 errors, 1 warnings\n"},
		{"the JSON file, three directories up", []string{deep}, 0, deep + ":9:41: warning: 2.Ke3", "1 files, 1 games, 0 errors, 1 warnings\n"},
		{"the TOML file turns the code off", []string{quiet}, 0, "", "1 files, 1 games, 0 errors, 0 warnings\n"},
		{"the flag over the file", []string{quiet, "--severity", "illegal-move=error"}, 1, quiet + illegal, "1 files, 1 games, 1 errors, 0 warnings\n"},
		{"each file its own", []string{plain, deep, quiet}, 1, deep + ":9:41: warning: 2.Ke3", "3 files, 3 games, 1 errors, 1 warnings\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCmd(t, "", append([]string{"check"}, tt.args...)...)
			if code != tt.code || errOut != tt.summary || tt.stdout == "" && out != "" || tt.stdout != "" && !strings.Contains(out, tt.stdout) {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d, a line %q, %q", code, out, errOut, tt.code, tt.stdout, tt.summary)
			}
		})
	}

	// Standard input takes the file of the working directory.
	t.Chdir(tomlDir)
	if code, out, _ := runCmd(t, illegalGame, "check", "-"); code != 0 || out != "" {
		t.Errorf("standard input in %s: exit %d, %q; want illegal-move off", tomlDir, code, out)
	}
}

// A config file with a wrong entry is named, with the entry and why; the
// rest of it applies, and the exit status is 2, as for a usage error. One
// that does not parse says where, and none of it applies; two in one
// directory are an error. Each is told once, however many files it
// applies to.
func TestCheckConfigFileProblems(t *testing.T) {
	root := t.TempDir()
	wrong := filepath.Join(root, "wrong")
	writeFile(t, wrong, ".pgnls.json", []byte(`{"severity": {"illegal-move": "warning", "missing-tags": "off"}, "lineWidth": 60}`))
	a := writeFile(t, wrong, "a.pgn", []byte(illegalGame))
	b := writeFile(t, wrong, "b.pgn", []byte(illegalGame))
	code, out, errOut := runCmd(t, "", "check", a, b)
	config := filepath.Join(wrong, ".pgnls.json")
	want := "pgnls: " + config + ": unknown setting \"lineWidth\" (the file holds severity)\n" +
		"pgnls: " + config + ": severity: unknown code \"missing-tags\"\n" +
		"2 files, 2 games, 0 errors, 2 warnings\n"
	if code != 2 || errOut != want || strings.Count(out, "warning: 2.Ke3") != 2 {
		t.Errorf("exit %d, stdout %q, stderr %q; want 2, the warnings and %q", code, out, errOut, want)
	}

	broken := filepath.Join(root, "broken")
	writeFile(t, broken, "pgnls.toml", []byte("[severity]\nillegal-move = warning\n"))
	c := writeFile(t, broken, "c.pgn", []byte(illegalGame))
	code, out, errOut = runCmd(t, "", "check", c, c)
	if code != 2 || !strings.HasPrefix(errOut, "pgnls: "+filepath.Join(broken, "pgnls.toml")+":2:") || strings.Count(errOut, "pgnls.toml") != 1 ||
		!strings.Contains(errOut, "(no config file applies)") || strings.Count(out, "error: 2.Ke3") != 2 {
		t.Errorf("a file that does not parse: exit %d, stdout %q, stderr %q", code, out, errOut)
	}

	both := filepath.Join(root, "both")
	writeFile(t, both, "pgnls.toml", nil)
	writeFile(t, both, ".pgnls.json", []byte(`{}`))
	d := writeFile(t, both, "d.pgn", []byte(illegalGame))
	code, _, errOut = runCmd(t, "", "check", d, d)
	if code != 2 || strings.Count(errOut, "has both .pgnls.json and pgnls.toml: keep one") != 1 {
		t.Errorf("two config files: exit %d, stderr %q", code, errOut)
	}

	for _, bad := range []string{"illegal-move", "illegal-moves=off", "illegal-move=loud"} {
		if code, _, errOut := runCmd(t, "", "check", "--severity", bad, a); code != 2 || !strings.Contains(errOut, "invalid value") {
			t.Errorf("--severity %s: exit %d, %q", bad, code, errOut)
		}
	}
}

// --max-errors says on standard error where it stopped and what it did
// not check: the rest of the file, and the files after it.
func TestCheckMaxErrorsSaysWhatItSkipped(t *testing.T) {
	dir := t.TempDir()
	a := writeFile(t, dir, "a.pgn", []byte(illegalGame+illegalGame+illegalGame))
	b := writeFile(t, dir, "b.pgn", []byte(illegalGame))
	c := writeFile(t, dir, "c.pgn", []byte(illegalGame))
	code, out, errOut := runCmd(t, "", "check", a, b, c, "--max-errors", "2")
	want := "pgnls: stopped at error 2 (--max-errors 2), " + a + ":19:41: the rest of " + a + " was not checked, nor 2 more files\n" +
		"1 files, 3 games, 2 errors, 0 warnings\n"
	if code != 1 || strings.Count(out, "\n") != 2 || errOut != want {
		t.Errorf("exit %d, %d lines, stderr %q; want 1, 2 lines and %q", code, strings.Count(out, "\n"), errOut, want)
	}
	code, _, errOut = runCmd(t, "", "check", a, b, "--max-errors", "4")
	if want := "pgnls: stopped at error 4 (--max-errors 4), " + b + ":9:41: the rest of " + b + " was not checked\n"; code != 1 || !strings.HasPrefix(errOut, want) {
		t.Errorf("stopped in the last file: exit %d, stderr %q; want %q first", code, errOut, want)
	}
	if _, _, errOut := runCmd(t, "", "check", a, "--max-errors", "5"); strings.Contains(errOut, "stopped") {
		t.Errorf("not reached: %q", errOut)
	}
}
