package pgn

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestDecodeLatin1 compares the hand-written decoder with the definition:
// every byte is the code point of the same number.
func TestDecodeLatin1(t *testing.T) {
	var all []byte
	for b := 0; b < 256; b++ {
		all = append(all, byte(b))
	}
	for _, data := range [][]byte{nil, []byte("plain ASCII"), all, []byte("M\xfcller\xff"), []byte("\xe9")} {
		want := make([]rune, len(data))
		for i, b := range data {
			want[i] = rune(b)
		}
		got := decodeLatin1(data)
		if got != string(want) {
			t.Errorf("decodeLatin1(%q) = %q, want %q", data, got, string(want))
		}
		for i := 0; i <= len(got); i++ {
			if i == len(got) || utf8.RuneStart(got[i]) { // prefixes of whole characters
				if n, want := latin1Length(got[:i]), utf8.RuneCountInString(got[:i]); n != want {
					t.Errorf("latin1Length(%q) = %d, want %d", got[:i], n, want)
				}
			}
		}
	}
}

// BenchmarkDecodeLatin1 compares the decoder with the definition's []rune
// conversion on Latin-1 PGN text (mostly ASCII, an accent per line).
func BenchmarkDecodeLatin1(b *testing.B) {
	data := []byte(strings.Repeat("[White \"M\xfcller, J\xfcrgen\"]\n1. e4 e5 2. Nf3 Nc6 { a comment } 3. Bb5 a6\n", 2000))
	b.Run("decodeLatin1", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for i := 0; i < b.N; i++ {
			decodeLatin1(data)
		}
	})
	b.Run("runes", func(b *testing.B) {
		b.SetBytes(int64(len(data)))
		for i := 0; i < b.N; i++ {
			runes := make([]rune, len(data))
			for j, c := range data {
				runes[j] = rune(c)
			}
			_ = string(runes)
		}
	})
}
