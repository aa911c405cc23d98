package pgn

import (
	"strings"
	"testing"
)

func asciiPrefixLoop(data []byte) int {
	i := 0
	for i < len(data) && data[i] < 0x80 {
		i++
	}
	return i
}

// TestASCIIPrefix puts one byte outside ASCII at each place of texts
// around the 32- and 8-byte steps of asciiPrefix.
func TestASCIIPrefix(t *testing.T) {
	for n := 0; n <= 80; n++ {
		base := []byte(strings.Repeat("e4 e5 ", 14)[:n])
		if got := asciiPrefix(base); got != n {
			t.Errorf("asciiPrefix(%d ASCII bytes) = %d", n, got)
		}
		for at := 0; at < n; at++ {
			for _, c := range []byte{0x80, 0xC3, 0xFF} {
				b := append([]byte(nil), base...)
				b[at] = c
				if got, want := asciiPrefix(b), asciiPrefixLoop(b); got != want {
					t.Errorf("asciiPrefix(%q) = %d, want %d", b, got, want)
				}
			}
		}
	}
}

// FuzzASCIIPrefix compares asciiPrefix with the byte loop on any bytes.
func FuzzASCIIPrefix(f *testing.F) {
	f.Add([]byte("[Event \"Müller\"]"))
	f.Add([]byte(strings.Repeat("x", 40) + "\xe9"))
	f.Fuzz(func(t *testing.T, b []byte) {
		if got, want := asciiPrefix(b), asciiPrefixLoop(b); got != want {
			t.Fatalf("asciiPrefix(%q) = %d, want %d", b, got, want)
		}
	})
}
