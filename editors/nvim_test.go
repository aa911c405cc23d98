package editors

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestNeovim runs the real Neovim, headless, with nvim/pgnls.lua (the
// README's Neovim set-up) against the pgnls binary: nvim/e2e.lua opens a
// file with an illegal move and a result mismatch and checks the
// diagnostics' codes and positions, hovers a NAG, corrects the move and
// sees the diagnostics follow, writes the file (format on save, at the
// lineWidth setting) and compares it with testdata/opera.fixed.w60.pgn,
// and completes after "1. e4 e5 2. N".
func TestNeovim(t *testing.T) {
	nvim := editor(t, "nvim", "apt-get install neovim")
	checkNeovimVersion(t, nvim)
	bin := pgnlsBinary(t)
	s := newSession(t, bin)
	out := s.run(t, []string{
		"PGNLS_SNIPPET=" + abs(t, filepath.Join("nvim", "pgnls.lua")),
		"PGNLS_FILE=" + s.file,
		"PGNLS_WANT=" + abs(t, filepath.Join("testdata", "opera.fixed.w60.pgn")),
	}, nvim, "--headless", "-i", "NONE", "-n", "-u", abs(t, filepath.Join("nvim", "e2e.lua")))
	if !strings.Contains(out, "pgnls-e2e: ok") {
		t.Fatalf("nvim exited 0 without saying ok; output:\n%s\nlsp.log:\n%s", out, logTail(filepath.Join(s.dir, "cache", "nvim", "lsp.log"), 4000))
	}
	t.Logf("nvim output:\n%s", out)
}

// checkNeovimVersion skips before Neovim 0.7, which the set-up needs
// (nvim_create_autocmd).
func checkNeovimVersion(t *testing.T, nvim string) {
	t.Helper()
	out, err := exec.Command(nvim, "--version").Output()
	if err != nil {
		t.Fatalf("nvim --version: %v", err)
	}
	m := regexp.MustCompile(`NVIM v(\d+)\.(\d+)`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("nvim --version: no version in %q", out)
	}
	major, _ := strconv.Atoi(string(m[1]))
	minor, _ := strconv.Atoi(string(m[2]))
	if major == 0 && minor < 7 {
		skipOrFail(t, "Neovim %s.%s is older than 0.7, which the set-up needs", m[1], m[2])
	}
	t.Logf("Neovim %d.%d", major, minor)
}

// TestNeovimLuaCompiles compiles every Lua file of nvim/ with Neovim's own
// Lua (LuaJIT): lspconfig.lua, which no test runs, is at least valid Lua.
func TestNeovimLuaCompiles(t *testing.T) {
	nvim := editor(t, "nvim", "apt-get install neovim")
	files, err := filepath.Glob(filepath.Join("nvim", "*.lua"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no Lua files in nvim/: %v", err)
	}
	for _, f := range files {
		lua := `local f, err = loadfile(` + strconv.Quote(abs(t, f)) + `) if not f then io.stderr:write(err .. "\n") vim.cmd("cquit 1") end`
		out, err := exec.Command(nvim, "--headless", "-u", "NONE", "-i", "NONE", "-n", "-c", "lua "+lua, "-c", "qall!").CombinedOutput()
		if err != nil {
			t.Errorf("%s does not compile: %v\n%s", f, err, out)
		}
	}
}
