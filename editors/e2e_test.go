// Package editors holds the editor set-ups of pgnls (vscode/, nvim/, emacs/,
// helix/) and their end-to-end tests: each runs the real editor, headless,
// with the set-up as the README gives it, against the pgnls binary built
// from this checkout. A test whose editor is not installed skips, saying
// how to install it (.ci/run installs them).
//
//	go test ./editors -run Neovim -v   (needs nvim: apt-get install neovim)
//	go test ./editors -run Emacs -v    (needs Emacs with eglot: apt-get install emacs-nox elpa-eglot)
//
// PGNLS_BIN names a binary to test instead of building one. With
// PGNLS_REQUIRE_EDITORS=1 (as in CI), a missing editor fails the test
// instead of skipping it.
package editors

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"pgnls/analysis/uci/ucitest"
	"pgnls/pgn/pgntest"
)

// TestMain: the test binary started as the fake engine of ucitest runs it
// instead (nvim_engine_test.go).
func TestMain(m *testing.M) {
	ucitest.Main()
	os.Exit(pgntest.Main(m))
}

// pgnlsBinary returns the binary under test: $PGNLS_BIN, or pgnls built
// once from this checkout.
func pgnlsBinary(t *testing.T) string {
	t.Helper()
	return pgntest.Binary(t)
}

// editor is the path of an editor's executable, or skips the test.
func editor(t *testing.T, name, install string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		skipOrFail(t, "%s is not installed (%s): its end-to-end test is skipped", name, install)
	}
	return path
}

// skipOrFail skips the test, or fails it when PGNLS_REQUIRE_EDITORS is set.
func skipOrFail(t *testing.T, format string, args ...any) {
	t.Helper()
	if os.Getenv("PGNLS_REQUIRE_EDITORS") != "" {
		t.Fatalf("PGNLS_REQUIRE_EDITORS is set, so this fails instead of skipping: "+format, args...)
	}
	t.Skipf(format, args...)
}

// session is the folder an editor runs in: a copy of testdata's opera.pgn,
// and the editor's own config, cache and state folders, so that the
// user's do not interfere.
type session struct {
	dir  string
	file string // the copy of opera.pgn
	env  []string
}

func newSession(t *testing.T, bin string) *session {
	t.Helper()
	dir := t.TempDir()
	src, err := os.ReadFile(filepath.Join("testdata", "opera.pgn"))
	if err != nil {
		t.Fatal(err)
	}
	s := &session{dir: dir, file: filepath.Join(dir, "opera.pgn")}
	if err := os.WriteFile(s.file, src, 0o644); err != nil {
		t.Fatal(err)
	}
	// The set-ups run `pgnls` from PATH, as a user's would: the binary
	// under test goes first.
	binDir := filepath.Join(dir, "bin")
	if err := os.Mkdir(binDir, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(binDir, "pgnls")
	if runtime.GOOS == "windows" {
		link += ".exe"
	}
	if err := os.Symlink(bin, link); err != nil {
		t.Fatal(err)
	}
	s.env = append(os.Environ(),
		"PATH="+binDir+string(os.PathListSeparator)+os.Getenv("PATH"),
		"HOME="+filepath.Join(dir, "home"),
		"XDG_CONFIG_HOME="+filepath.Join(dir, "config"),
		"XDG_CACHE_HOME="+filepath.Join(dir, "cache"),
		"XDG_STATE_HOME="+filepath.Join(dir, "state"),
		"XDG_DATA_HOME="+filepath.Join(dir, "data"),
	)
	return s
}

// run runs an editor in the session's folder, with a time limit, and
// returns its combined output; a non-zero exit fails the test with that
// output.
func (s *session) run(t *testing.T, env []string, name string, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = s.dir
	cmd.Env = append(append([]string{}, s.env...), env...)
	cmd.Stdin = nil
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	text := out.String()
	if ctx.Err() != nil {
		t.Fatalf("%s timed out; output:\n%s", name, text)
	}
	if err != nil {
		t.Fatalf("%s failed (%v); output:\n%s", name, err, text)
	}
	return text
}

// abs is the absolute path of a file of this folder.
func abs(t *testing.T, rel string) string {
	t.Helper()
	p, err := filepath.Abs(rel)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// tail returns the end of a log, for a failure message.
func tail(s string, n int) string {
	if len(s) > n {
		s = "..." + s[len(s)-n:]
	}
	return strings.TrimSpace(s)
}
