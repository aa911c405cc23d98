package pgn

import "testing"

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
		if got := decodeLatin1(data); got != string(want) {
			t.Errorf("decodeLatin1(%q) = %q, want %q", data, got, string(want))
		}
	}
}
