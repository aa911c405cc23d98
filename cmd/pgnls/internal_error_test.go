package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"pgnls/pgn/pgntest"
)

// panicTag is the tag on which the test build of the binary panics while
// checking a game (the hook testhook.PanicTag, set at link time).
const panicTag = "PgnlsTestPanic"

// buildWithPanicHook builds the binary with the checker's panic hook set.
func buildWithPanicHook(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	return pgntest.Build(t, "-ldflags=-X=pgnls/analysis/internal/testhook.PanicTag="+panicTag)
}

// gamesWithAPanic returns n tagless games, one a line (then line i+1 is
// game i+1), and games that share line shared (a run of games the language
// server keeps as one chunk); game bad makes the checker panic, game
// illegal has an illegal move.
func gamesWithAPanic(n, bad, illegal int) string {
	var b strings.Builder
	for i := range n {
		switch i {
		case bad:
			fmt.Fprintf(&b, "[%s \"1\"] 1. e4 e5 *\n", panicTag)
		case illegal:
			b.WriteString("1. e4 e5 2. Ke3 *\n")
		default:
			b.WriteString("1. d4 d5 *\n")
		}
	}
	return b.String()
}

// pgnls check, with games checked on worker goroutines (more games than
// two per core): a panic while checking a game prints an internal error
// at the game's position, and the other games are still checked.
func TestCheckReportsAPanicAtItsGameAndGoesOn(t *testing.T) {
	bin := buildWithPanicHook(t)
	path := filepath.Join(t.TempDir(), "games.pgn")
	if err := os.WriteFile(path, []byte(gamesWithAPanic(200, 17, 150)), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, procs := range []string{"1", "4"} {
		cmd := exec.Command(bin, "check", path)
		cmd.Env = append(os.Environ(), "GOMAXPROCS="+procs)
		out, err := cmd.Output()
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
			t.Fatalf("GOMAXPROCS=%s: %v, want exit status 1; output:\n%s", procs, err, out)
		}
		want := path + ":18:1: error: pgnls failed while checking this game: test hook: a game with the tag " + panicTag
		if !strings.Contains(string(out), want) || !strings.Contains(string(out), path+":151:13: error: 2.Ke3 is illegal") {
			t.Errorf("GOMAXPROCS=%s: output\n%s\nwant the internal error of game 18 and the illegal move of game 151", procs, out)
		}
		if n := strings.Count(string(out), "[internal]"); n != 1 {
			t.Errorf("GOMAXPROCS=%s: %d internal errors, want 1", procs, n)
		}
	}
	out, _ := exec.Command(bin, "check", "--json", path).Output()
	var found bool
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var d struct {
			Code       string
			Line, Game int
		}
		if json.Unmarshal([]byte(line), &d) == nil && d.Code == "internal" {
			found = d.Line == 18 && d.Game == 18
		}
	}
	if !found {
		t.Errorf("--json: no internal error on game 18:\n%s", out)
	}
}

// The language server: a large document whose games sharing a line are
// checked on worker goroutines; the panic of one game is an internal error
// published at its position, and the server goes on answering.
func TestServerReportsAPanicAtItsGameAndServesOn(t *testing.T) {
	bin := buildWithPanicHook(t)
	t.Setenv("GOMAXPROCS", "4")
	var b strings.Builder
	for b.Len() < 3<<20 { // a large document: parsed in pieces, with progress
		b.WriteString("[Event \"E\"]\n[Site \"S\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1. e4 e5 *\n\n")
	}
	line := strings.Count(b.String(), "\n")
	shared := strings.ReplaceAll(gamesWithAPanic(40, 7, 30), "\n", " ")
	b.WriteString(shared + "\n")
	col := strings.Index(shared, "["+panicTag)

	p := start(t, bin)
	p.initialize()
	uri := "file:///big.pgn"
	p.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": uri, "languageId": "pgn", "version": 0, "text": b.String(),
	}})
	var internal []map[string]any
	for _, d := range p.waitDiagnostics(uri, 0) {
		if d := d.(map[string]any); d["code"] == "internal" {
			internal = append(internal, d)
		}
	}
	if len(internal) != 1 {
		t.Fatalf("%d internal diagnostics, want 1: %v", len(internal), internal)
	}
	start := internal[0]["range"].(map[string]any)["start"].(map[string]any)
	if int(start["line"].(float64)) != line || int(start["character"].(float64)) != col ||
		!strings.Contains(internal[0]["message"].(string), "test hook") {
		t.Errorf("internal diagnostic %v, want it at %d:%d", internal[0], line, col)
	}
	p.call("textDocument/hover", map[string]any{
		"textDocument": map[string]any{"uri": uri},
		"position":     map[string]any{"line": 8, "character": 4},
	})
	p.call("shutdown", nil)
	p.notify("exit", nil)
	if code := p.wait(); code != 0 {
		t.Errorf("exit status %d, want 0", code)
	}
}
