package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"pgnls/lsp"
)

func TestVersionCommand(t *testing.T) {
	want := lsp.ReadBuildInfo().Long()
	for _, args := range [][]string{{"version"}, {"--version"}, {"-version"}} {
		if code, out, errOut := runCmd(t, "", args...); code != 0 || out != want || errOut != "" {
			t.Errorf("%q: exit %d, %q, %q; want %q", args, code, out, errOut, want)
		}
	}
	if code, _, errOut := runCmd(t, "", "version", "x"); code != 2 || !strings.Contains(errOut, "takes no arguments") {
		t.Errorf("version x: exit %d, %q", code, errOut)
	}
}

// The built binary says which commit it was built from, and sends the
// same version in the initialize result's serverInfo. It is built here
// with -buildvcs=true, whatever GOFLAGS says, so that Go records the
// revision.
func TestVersionOfTheBuiltBinary(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	head, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		t.Skipf("not in a Git checkout, or no git (%v): no revision to compare", err)
	}
	rev := strings.TrimSpace(string(head))
	top, err := exec.Command("git", "rev-parse", "--show-toplevel").Output()
	if err != nil {
		t.Fatal(err)
	}
	if info, err := os.Stat(filepath.Join(strings.TrimSpace(string(top)), ".git")); err != nil || !info.IsDir() {
		t.Skip("a Git worktree (its .git is a file): Go records no revision in what it builds there")
	}
	bin := filepath.Join(t.TempDir(), "pgnls")
	if out, err := exec.Command("go", "build", "-buildvcs=true", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build -buildvcs=true: %v\n%s", err, out)
	}
	for _, arg := range []string{"version", "--version"} {
		out, err := exec.Command(bin, arg).Output()
		if err != nil {
			t.Fatalf("pgnls %s: %v", arg, err)
		}
		lines := strings.Split(string(out), "\n")
		if len(lines) != 4 || !strings.HasPrefix(lines[0], "pgnls ") || !strings.HasPrefix(lines[1], "revision "+rev) || !strings.HasPrefix(lines[2], "go1.") {
			t.Errorf("pgnls %s:\n%s\nwant the version, revision %s and the toolchain, a line each", arg, out, rev)
		}
	}

	p := start(t, bin)
	res := p.result("initialize", map[string]any{"processId": nil, "capabilities": map[string]any{}})
	var got struct {
		ServerInfo struct{ Name, Version string } `json:"serverInfo"`
	}
	if err := json.Unmarshal(res, &got); err != nil {
		t.Fatal(err)
	}
	if got.ServerInfo.Name != "pgnls" || !strings.Contains(got.ServerInfo.Version, rev[:12]) {
		t.Errorf("serverInfo %+v, want pgnls and a version naming revision %s", got.ServerInfo, rev[:12])
	}
	p.notify("initialized", map[string]any{})
	p.finish()
}
