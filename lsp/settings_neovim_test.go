package lsp

import "testing"

// Neovim 0.7 encodes an empty Lua table as a JSON array: `severity = {}`
// arrives as []. It means no overrides, not a wrong value.
func TestSettingsEmptySeverityArray(t *testing.T) {
	set, problems := parseSettings(map[string]any{"severity": []any{}})
	if len(problems) != 0 || len(set.Severity) != 0 {
		t.Errorf("problems %q, severity %v; want neither", problems, set.Severity)
	}
	if _, problems := parseSettings(map[string]any{"severity": []any{"x"}}); len(problems) == 0 {
		t.Error("a non-empty array was accepted")
	}
}
