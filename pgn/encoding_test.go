package pgn

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"
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

// utf16Of encodes text in UTF-16 of byte order enc, with a byte order mark
// when bom is set.
func utf16Of(t *testing.T, text string, enc Encoding, bom bool) []byte {
	t.Helper()
	if bom {
		text = "\uFEFF" + text
	}
	data, ok := AppendUTF16(nil, text, enc)
	if !ok {
		t.Fatalf("AppendUTF16(%q) failed", text)
	}
	return data
}

// TestSniffUTF16: UTF-16 is found with or without a byte order mark, in
// both byte orders, when the text is mostly ASCII (PGN) and even when some
// of it is not; NUL bytes, UTF-8 and Latin-1 are not taken for it.
func TestSniffUTF16(t *testing.T) {
	game := "[Event \"?\"]\n[White \"Иванов, Пётр\"]\n\n1. e4 { ♔ } *\n"
	for _, enc := range []Encoding{UTF16LE, UTF16BE} {
		for _, bom := range []bool{true, false} {
			if got := SniffUTF16(utf16Of(t, game, enc, bom)); got != enc {
				t.Errorf("%v, mark %v: sniffed %v", enc, bom, got)
			}
		}
		if got := SniffUTF16(utf16Of(t, strings.Repeat("Пётр ", 100), enc, true)); got != enc {
			t.Errorf("%v with a mark, no ASCII: sniffed %v", enc, got)
		}
	}
	for name, data := range map[string][]byte{
		"empty":            nil,
		"one character":    {'1', 0},
		"NUL bytes":        make([]byte, 4096),
		"UTF-8":            []byte(game),
		"Latin-1":          []byte("[White \"M\xfcller\"]\n\n1. e4 *\n"),
		"a NUL in 4 bytes": []byte(strings.Repeat("<\x00> ", 100)),
		"hostile NULs":     []byte("[Event \"?\"]\n\n1. e4\x00 e5\x00 *\n"),
	} {
		if got := SniffUTF16(data); got != UTF8 {
			t.Errorf("%s: sniffed %v, want not UTF-16", name, got)
		}
	}
}

// TestUTF16RoundTrip decodes UTF-16 (the mark kept as U+FEFF, characters
// outside the BMP from their surrogate pairs) read a byte at a time, and
// encodes it back to the same bytes.
func TestUTF16RoundTrip(t *testing.T) {
	text := "[White \"Иванов 💎\"]\n\n1. e4 { ♔♕ } *\n"
	for _, enc := range []Encoding{UTF16LE, UTF16BE} {
		for _, bom := range []bool{true, false} {
			data := utf16Of(t, text, enc, bom)
			got, err := io.ReadAll(NewUTF16Decoder(iotest.OneByteReader(bytes.NewReader(data)), enc))
			want := text
			if bom {
				want = "\uFEFF" + text
			}
			if err != nil || string(got) != want {
				t.Fatalf("%v, mark %v: decoded %q, %v; want %q", enc, bom, got, err, want)
			}
			back, ok := AppendUTF16(nil, string(got), enc)
			if !ok || !bytes.Equal(back, data) {
				t.Fatalf("%v, mark %v: encoded back to other bytes", enc, bom)
			}
		}
	}
	if _, ok := AppendUTF16(nil, "bad \xff", UTF16LE); ok {
		t.Error("AppendUTF16 encoded text that is not UTF-8")
	}
}

// TestUTF16DecoderRefusesWhatItCannotKeep: an unpaired surrogate or half a
// code unit is an error at its byte, not a U+FFFD that would replace it.
func TestUTF16DecoderRefusesWhatItCannotKeep(t *testing.T) {
	le := func(units ...uint16) []byte {
		var b []byte
		for _, u := range units {
			b = append(b, byte(u), byte(u>>8))
		}
		return b
	}
	for _, tt := range []struct {
		name    string
		data    []byte
		offset  int64
		problem string
	}{
		{"lone low surrogate", le('a', 'b', 0xDC00, 'c'), 4, "a low surrogate"},
		{"high surrogate then a letter", le('a', 0xD800, 'c'), 2, "without a low one"},
		{"high surrogate at the end", le('a', 'b', 0xD800), 4, "at the end"},
		{"odd length", append(le('a', 'b'), 'c'), 4, "odd number of bytes"},
	} {
		got, err := io.ReadAll(NewUTF16Decoder(iotest.OneByteReader(bytes.NewReader(tt.data)), UTF16LE))
		var e *UTF16Error
		if !errors.As(err, &e) || e.Offset != tt.offset || !strings.Contains(e.Error(), tt.problem) {
			t.Errorf("%s: %q, %v; want a UTF16Error at byte %d saying %q", tt.name, got, err, tt.offset, tt.problem)
		}
	}
}
