package editors

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"reflect"
	"testing"
)

// TestHelixConfig checks the shape of helix/languages.toml: no Helix runs
// it (Debian has no Helix package), but a TOML parser (Python's tomllib)
// reads it and the language and server are wired as Helix wants.
func TestHelixConfig(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 is not installed: helix/languages.toml is not parsed")
	}
	const script = `import json, sys
try:
    import tomllib
except ImportError:
    sys.exit(3)
with open(sys.argv[1], "rb") as f:
    json.dump(tomllib.load(f), sys.stdout)`
	cmd := exec.Command(python, "-c", script, filepath.Join("helix", "languages.toml"))
	out, err := cmd.Output()
	if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 3 {
		t.Skip("python3 has no tomllib (Python 3.11+): helix/languages.toml is not parsed")
	}
	if err != nil {
		t.Fatalf("helix/languages.toml does not parse: %v\n%s", err, errOutput(err))
	}
	var conf struct {
		LanguageServer map[string]struct {
			Command string         `json:"command"`
			Args    []string       `json:"args"`
			Config  map[string]any `json:"config"`
		} `json:"language-server"`
		Language []map[string]any `json:"language"`
	}
	if err := json.Unmarshal(out, &conf); err != nil {
		t.Fatal(err)
	}
	ls, ok := conf.LanguageServer["pgnls"]
	if !ok || ls.Command != "pgnls" || len(ls.Args) != 0 {
		t.Errorf("language-server.pgnls = %+v, want command pgnls and no args", ls)
	}
	if _, ok := ls.Config["pgnls"].(map[string]any); !ok {
		t.Errorf("language-server.pgnls.config = %v, want the settings under pgnls", ls.Config)
	}
	if len(conf.Language) != 1 {
		t.Fatalf("%d [[language]] tables, want 1", len(conf.Language))
	}
	lang := conf.Language[0]
	for key, want := range map[string]any{
		"name":             "pgn",
		"file-types":       []any{"pgn"},
		"language-servers": []any{"pgnls"},
		"auto-format":      true,
		"comment-token":    ";",
	} {
		if !reflect.DeepEqual(lang[key], want) {
			t.Errorf("language %s = %v, want %v", key, lang[key], want)
		}
	}
}

func errOutput(err error) string {
	if ee, ok := err.(*exec.ExitError); ok {
		return string(ee.Stderr)
	}
	return ""
}
