package pgn

import (
	"strings"
	"testing"
)

// TestLastNewline compares lastNewline with strings.LastIndexByte with a
// line break at each place of texts around the word steps, and none.
func TestLastNewline(t *testing.T) {
	for n := 0; n <= 40; n++ {
		base := []byte(strings.Repeat("[Event \"x\"] ", 4)[:n])
		if got := lastNewline(string(base)); got != -1 {
			t.Errorf("lastNewline(%q) = %d, want -1", base, got)
		}
		for at := 0; at < n; at++ {
			for _, other := range []byte{'\n', '\r', 0x0B, 0x8A, 0} {
				b := append([]byte(nil), base...)
				b[at] = '\n'
				if at+1 < n {
					b[at+1] = other // what follows must not hide it
				}
				s := string(b)
				if got, want := lastNewline(s), strings.LastIndexByte(s, '\n'); got != want {
					t.Errorf("lastNewline(%q) = %d, want %d", s, got, want)
				}
			}
		}
	}
}

// FuzzLastNewline compares lastNewline with strings.LastIndexByte.
func FuzzLastNewline(f *testing.F) {
	f.Add("[Event \"x\"]\n[Site \"y\"]\n1. e4")
	f.Add("\n\n\n\n\n\n\n\n\n")
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := lastNewline(s), strings.LastIndexByte(s, '\n'); got != want {
			t.Fatalf("lastNewline(%q) = %d, want %d", s, got, want)
		}
	})
}
