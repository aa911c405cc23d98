package editors

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pgnls/analysis/uci/ucitest"
)

// TestNeovimEngine runs nvim/engine_e2e.lua on each Neovim (as TestNeovim
// does): with the README's set-up and the fake engine of ucitest as the
// engine.path setting, gra's "Analyse this game with the engine" on a game
// with a planted blunder gives the engine-blunder diagnostic on the move,
// and gra's $4 fix there inserts $4.
func TestNeovimEngine(t *testing.T) {
	for _, nvim := range neovims(t) {
		t.Run(filepath.Base(nvim), func(t *testing.T) {
			if major, minor := neovimVersion(t, nvim); major == 0 && minor < 7 {
				skipOrFail(t, "Neovim %d.%d is older than 0.7, which the set-up needs", major, minor)
			}
			fake := ucitest.New(t, ucitest.Normal)
			s := newSession(t, pgnlsBinary(t))
			game := filepath.Join(s.dir, "blunder.pgn")
			src, err := os.ReadFile(filepath.Join("testdata", "blunder.pgn"))
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(game, src, 0o644); err != nil {
				t.Fatal(err)
			}
			out := s.run(t, []string{
				"PGNLS_SNIPPET=" + abs(t, filepath.Join("nvim", "pgnls.lua")),
				"PGNLS_FILE=" + game,
				"PGNLS_ENGINE=" + fake.Executable(t),
			}, nvim, "--headless", "-i", "NONE", "-n", "-u", abs(t, filepath.Join("nvim", "engine_e2e.lua")))
			if !strings.Contains(out, "pgnls-e2e: ok") {
				t.Fatalf("nvim exited 0 without saying ok; output:\n%s", out)
			}
			if fake.Count("go") == 0 {
				t.Error("the fake engine searched nothing")
			}
			t.Logf("nvim output:\n%s", out)
		})
	}
}
