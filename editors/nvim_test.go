package editors

import (
	"os"
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
// diagnostics' codes and positions, then types the README's keys as a
// user would: K over a NAG and over a move (the floating window's text),
// ciw and a correction (the diagnostics follow in insert mode), :w (format
// on save at the lineWidth setting, against testdata/opera.fixed.w60.pgn),
// gra (a fix from the code action list), <C-x><C-o> after "[Ev", "N",
// "0-0" and "$14" (the completion menu, and the line after <C-y>), gqip,
// ]d and [d, :PgnBoard (nvim/board.lua: the split's lines after
// "/Bxf3", then after W and B, and :PgnBoard again closes it). Neovim's lsp.log must hold no error: pgnls writes nothing on
// standard error in an ordinary session.
//
// It runs each Neovim that PGNLS_NVIM names (executables separated by
// blanks; testdata/newer-editors.sh fetches Neovim 0.10 and 0.12 from
// Debian's newer releases), or nvim from PATH (Debian 12: 0.7).
func TestNeovim(t *testing.T) {
	for _, nvim := range neovims(t) {
		t.Run(filepath.Base(nvim), func(t *testing.T) {
			runNeovim(t, nvim, "pgnls.lua")
		})
	}
}

// TestNeovimConfig runs the same keys with nvim/lspconfig.lua, the
// set-up through vim.lsp.config, on each Neovim that has it (0.11 and
// later).
func TestNeovimConfig(t *testing.T) {
	ran := false
	for _, nvim := range neovims(t) {
		if major, minor := neovimVersion(t, nvim); major == 0 && minor < 11 {
			continue
		}
		ran = true
		t.Run(filepath.Base(nvim), func(t *testing.T) {
			runNeovim(t, nvim, "lspconfig.lua")
		})
	}
	if !ran {
		t.Skip("no Neovim 0.11 or later (PGNLS_NVIM; testdata/newer-editors.sh fetches 0.12): nvim/lspconfig.lua is not run")
	}
}

// runNeovim runs nvim/e2e.lua with the set-up nvim/snippet.
func runNeovim(t *testing.T, nvim, snippet string) {
	if major, minor := neovimVersion(t, nvim); major == 0 && minor < 7 {
		skipOrFail(t, "Neovim %d.%d is older than 0.7, which the set-up needs", major, minor)
	}
	bin := pgnlsBinary(t)
	s := newSession(t, bin)
	out := s.run(t, []string{
		"PGNLS_SNIPPET=" + abs(t, filepath.Join("nvim", snippet)),
		"PGNLS_FILE=" + s.file,
		"PGNLS_WANT=" + abs(t, filepath.Join("testdata", "opera.fixed.w60.pgn")),
	}, nvim, "--headless", "-i", "NONE", "-n", "-u", abs(t, filepath.Join("nvim", "e2e.lua")))
	// Neovim 0.7 logs in stdpath("cache"), later ones in stdpath("state").
	var lspLog string
	for _, dir := range []string{"cache", "state"} {
		if b, err := os.ReadFile(filepath.Join(s.dir, dir, "nvim", "lsp.log")); err == nil {
			lspLog += string(b)
		}
	}
	if !strings.Contains(out, "pgnls-e2e: ok") {
		t.Fatalf("nvim exited 0 without saying ok; output:\n%s\nlsp.log:\n%s", out, tail(lspLog, 4000))
	}
	if strings.Contains(lspLog, "ERROR") {
		t.Errorf("Neovim's lsp.log has errors:\n%s", tail(lspLog, 4000))
	}
	t.Logf("nvim output:\n%s", out)
}

// neovims returns the Neovim executables to test: those of PGNLS_NVIM, or
// nvim from PATH (or skips the test).
func neovims(t *testing.T) []string {
	if list := strings.Fields(os.Getenv("PGNLS_NVIM")); len(list) > 0 {
		for i, nvim := range list {
			path, err := exec.LookPath(nvim)
			if err != nil {
				t.Fatalf("PGNLS_NVIM: %v", err)
			}
			list[i] = path
		}
		return list
	}
	return []string{editor(t, "nvim", "apt-get install neovim")}
}

// neovimVersion returns the major and minor version of a Neovim.
func neovimVersion(t *testing.T, nvim string) (major, minor int) {
	t.Helper()
	out, err := exec.Command(nvim, "--version").Output()
	if err != nil {
		t.Fatalf("%s --version: %v", nvim, err)
	}
	m := regexp.MustCompile(`NVIM v(\d+)\.(\d+)`).FindSubmatch(out)
	if m == nil {
		t.Fatalf("%s --version: no version in %q", nvim, out)
	}
	major, _ = strconv.Atoi(string(m[1]))
	minor, _ = strconv.Atoi(string(m[2]))
	return major, minor
}

// TestNeovimLuaCompiles compiles every Lua file of nvim/ with Neovim's own
// Lua (LuaJIT): each is at least valid Lua on the Neovim that does not run
// it (lspconfig.lua on Neovim 0.7).
func TestNeovimLuaCompiles(t *testing.T) {
	nvim := neovims(t)[0]
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
