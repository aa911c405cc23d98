package editors

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeSnippets checks that the configurations the README's "Editor
// set-up" section shows are the files the end-to-end tests run, byte for
// byte, so that what a user pastes is what was tested.
func TestReadmeSnippets(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	start := strings.Index(readme, "\n## Editor set-up\n")
	if start < 0 {
		t.Fatal(`README.md has no "## Editor set-up" section`)
	}
	section := readme[start+1:]
	if end := strings.Index(section, "\n## "); end >= 0 {
		section = section[:end]
	}
	blocks := map[string][]string{}
	for _, m := range regexp.MustCompile("(?s)```(\\w+)\n(.*?)```\n").FindAllStringSubmatch(section, -1) {
		blocks[m[1]] = append(blocks[m[1]], m[2])
	}
	for lang, file := range map[string]string{
		"lua":   filepath.Join("nvim", "pgnls.lua"),
		"elisp": filepath.Join("emacs", "pgnls.el"),
		"toml":  filepath.Join("helix", "languages.toml"),
	} {
		want, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if len(blocks[lang]) != 1 {
			t.Errorf("the section has %d %s blocks, want 1 (%s)", len(blocks[lang]), lang, file)
			continue
		}
		if got := blocks[lang][0]; got != string(want) {
			t.Errorf("the README's %s block differs from %s: copy the file into the README", lang, file)
		}
	}
}
