package analysis

import (
	"os"
	"strings"
	"testing"
)

// TestREADMEListsEveryCode keeps the README's table of diagnostic codes in
// step with Codes: every code documented with its default severity.
func TestREADMEListsEveryCode(t *testing.T) {
	data, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	for _, info := range Codes() {
		row := "| `" + string(info.Code) + "` | " + info.Severity.String() + " |"
		if !strings.Contains(readme, row) {
			t.Errorf("README.md has no row %q", row)
		}
	}
}
