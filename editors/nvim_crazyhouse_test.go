package editors

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNeovimCrazyhouse runs nvim/crazyhouse.lua with the README's snippet
// on testdata/crazyhouse.pgn, on each Neovim that TestNeovim runs: K over
// a capture shows both pockets under the board, <C-x><C-o> after "N@f"
// offers the knight's drops, and the one diagnostic is the drop of a
// knight White does not hold.
func TestNeovimCrazyhouse(t *testing.T) {
	bin := pgnlsBinary(t)
	for _, nvim := range neovims(t) {
		t.Run(filepath.Base(nvim), func(t *testing.T) {
			if major, minor := neovimVersion(t, nvim); major == 0 && minor < 7 {
				skipOrFail(t, "Neovim %d.%d is older than 0.7, which the set-up needs", major, minor)
			}
			s := newSession(t, bin)
			src, err := os.ReadFile(filepath.Join("testdata", "crazyhouse.pgn"))
			if err != nil {
				t.Fatal(err)
			}
			file := filepath.Join(s.dir, "crazyhouse.pgn")
			if err := os.WriteFile(file, src, 0o644); err != nil {
				t.Fatal(err)
			}
			out := s.run(t, []string{
				"PGNLS_SNIPPET=" + abs(t, filepath.Join("nvim", "pgnls.lua")),
				"PGNLS_FILE=" + file,
			}, nvim, "--headless", "-i", "NONE", "-n", "-u", abs(t, filepath.Join("nvim", "crazyhouse.lua")))
			if !strings.Contains(out, "pgnls-crazyhouse: ok") {
				t.Fatalf("nvim exited 0 without saying ok; output:\n%s", out)
			}
			t.Logf("nvim output:\n%s", out)
		})
	}
}
