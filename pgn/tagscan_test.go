package pgn

import (
	"strings"
	"testing"
)

// The simple loops that tagValueStop and tagNameEnd replace.

func tagValueStopLoop(src string, i int) int {
	for ; i < len(src); i++ {
		switch src[i] {
		case '"', '\\', '\n', '\r':
			return i
		}
	}
	return len(src)
}

func tagNameEndLoop(src string, i int) int {
	for i < len(src) && isTagNameByte(src[i]) {
		i++
	}
	return i
}

var tagScanCases = []string{
	"",
	"a",
	`Event "x"]`,
	`WhiteElo "2700"]`,
	`PlyCount "80"]`,
	`Black_2 "x"]`,
	`ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_0123456789 "v"]`,
	`"Carlsen, Magnus"]`,
	`"a \"quoted\" name"]`,
	`"back\\slash"]`,
	"\"line\nbreak\"]",
	"\"crlf\r\n\"]",
	"\"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\"]",
	"\"Müller, Jörg\xe9\xff\x80\"]",
	"@[`{\x7f\x00\x01\x21\x23\x5b\x5d\x5e\x60\x7b\x7c\x7d\x7e\xc1\xe1\xda\xfa",
	strings.Repeat("x", 64) + `"`,
	strings.Repeat("Ab", 33) + "\x00",
}

func TestTagScansMatchLoops(t *testing.T) {
	for _, src := range tagScanCases {
		for i := 0; i <= len(src); i++ {
			if got, want := tagValueStop(src, i), tagValueStopLoop(src, i); got != want {
				t.Errorf("tagValueStop(%q, %d) = %d, want %d", src, i, got, want)
			}
			if got, want := tagNameEnd(src, i), tagNameEndLoop(src, i); got != want {
				t.Errorf("tagNameEnd(%q, %d) = %d, want %d", src, i, got, want)
			}
		}
	}
}

// TestTagScansEveryByte puts each byte value at each place of a word, after
// letters and before more, so that every lane of the word tests is tried.
func TestTagScansEveryByte(t *testing.T) {
	for c := 0; c < 256; c++ {
		for at := 0; at < 16; at++ {
			b := []byte(strings.Repeat("kQ", 10))
			b[at] = byte(c)
			src := string(b)
			if got, want := tagValueStop(src, 0), tagValueStopLoop(src, 0); got != want {
				t.Errorf("tagValueStop(%q, 0) = %d, want %d", src, got, want)
			}
			if got, want := tagNameEnd(src, 0), tagNameEndLoop(src, 0); got != want {
				t.Errorf("tagNameEnd(%q, 0) = %d, want %d", src, got, want)
			}
		}
	}
}

// FuzzTagScans compares the word-at-a-time scans with the byte loops on any
// text and start.
func FuzzTagScans(f *testing.F) {
	for _, s := range tagScanCases {
		f.Add(s, 0)
	}
	f.Fuzz(func(t *testing.T, src string, i int) {
		if i < 0 || i > len(src) {
			i = 0
		}
		if got, want := tagValueStop(src, i), tagValueStopLoop(src, i); got != want {
			t.Fatalf("tagValueStop(%q, %d) = %d, want %d", src, i, got, want)
		}
		if got, want := tagNameEnd(src, i), tagNameEndLoop(src, i); got != want {
			t.Fatalf("tagNameEnd(%q, %d) = %d, want %d", src, i, got, want)
		}
	})
}
