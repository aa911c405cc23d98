package pgn

import (
	"os"
	"path/filepath"
	"testing"
)

// TestLastSplitPoint compares the backward search with the last of all the
// split points, on every prefix (cut at a line start) of the test files,
// where the last game is often unfinished.
func TestLastSplitPoint(t *testing.T) {
	files, _ := filepath.Glob("../testdata/*/*.pgn")
	if len(files) == 0 {
		t.Fatal("no test files")
	}
	checked := 0
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		text := string(data[:min(len(data), 6000)])
		for end := 0; end <= len(text); end++ {
			if end < len(text) && !AtLineStart(text, Pos(end)) {
				continue
			}
			f := Parse(text[:end])
			points := SplitPoints(f)
			got, ok := LastSplitPoint(f)
			switch {
			case len(points) == 0 && ok:
				t.Errorf("%s[:%d]: LastSplitPoint = %d, want none", name, end, got)
			case len(points) > 0 && (!ok || got != points[len(points)-1]):
				t.Errorf("%s[:%d]: LastSplitPoint = %d, %v; want %d", name, end, got, ok, points[len(points)-1])
			}
			checked++
		}
	}
	t.Logf("%d prefixes", checked)
}
