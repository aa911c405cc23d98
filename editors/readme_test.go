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

// TestReadmeKeysAreTested checks the key tables of the README's Neovim,
// Emacs and Helix sections against the end-to-end tests: every key (a
// `code` span of a table's first column) is pressed by the test of its
// editor, in the calls that send keys as a user types them.
func TestReadmeKeysAreTested(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	for _, tc := range []struct {
		section, test string
		calls         *regexp.Regexp // the string literals of the calls that press keys
	}{
		{"### Neovim\n", filepath.Join("nvim", "e2e.lua"), regexp.MustCompile(`(?:nvim_input|string\.rep)\("([^"]*)"|"(<C-[a-z]>)"`)},
		{"### Emacs\n", filepath.Join("emacs", "e2e.el"), regexp.MustCompile(`\(pgnls-e2e--keys "([^"]*)"`)},
		{"### Helix\n", "helix_test.go", regexp.MustCompile(`tm\.(?:keys|typeText)\(([^)]*)\)`)},
	} {
		start := strings.Index(readme, tc.section)
		if start < 0 {
			t.Fatalf("README.md has no %q", tc.section)
		}
		section := readme[start+len(tc.section):]
		section = section[:regexp.MustCompile(`\n##+ `).FindStringIndex(section)[0]]
		src, err := os.ReadFile(tc.test)
		if err != nil {
			t.Fatal(err)
		}
		// What the test presses, as one string: the calls' literals
		// joined, lower case, without blanks or quotes ("Space", "d"
		// is "spaced", as `space d` is).
		var pressed strings.Builder
		for _, m := range tc.calls.FindAllStringSubmatch(string(src), -1) {
			pressed.WriteString(normalizeKeys(m[1] + m[len(m)-1]))
		}
		keys := 0
		for _, row := range regexp.MustCompile("(?m)^\\| ([^|]*) \\|").FindAllStringSubmatch(section, -1) {
			for _, k := range regexp.MustCompile("`([^`]+)`").FindAllStringSubmatch(row[1], -1) {
				keys++
				if !strings.Contains(pressed.String(), normalizeKeys(k[1])) {
					t.Errorf("%s: the README names the key %q, which %s does not press", strings.TrimSpace(tc.section), k[1], tc.test)
				}
			}
		}
		if keys < 4 {
			t.Errorf("%s: only %d keys in its table", strings.TrimSpace(tc.section), keys)
		}
	}
}

func normalizeKeys(s string) string {
	return strings.ToLower(strings.NewReplacer(" ", "", `"`, "", ",", "").Replace(s))
}
