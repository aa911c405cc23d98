package pgn

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math/bits"
	"slices"
	"unicode/utf8"
	"unsafe"
)

// ErrUTF16 reports a text that starts with a UTF-16 byte order mark. Read as
// Latin-1 it would be every other character a NUL; better to say so.
var ErrUTF16 = errors.New("the file is UTF-16 (it starts with a UTF-16 byte order mark); pgnls reads UTF-8 or Latin-1: convert it first, e.g. with iconv -f UTF-16 -t UTF-8")

// IsUTF16 reports whether data starts with a UTF-16 byte order mark.
func IsUTF16(data []byte) bool {
	return bytes.HasPrefix(data, []byte{0xFF, 0xFE}) || bytes.HasPrefix(data, []byte{0xFE, 0xFF})
}

// DecodeText returns a file's text as UTF-8. PGN is specified as Latin-1
// (ISO 8859-1) and older files still are; a file that is not valid UTF-8 is
// decoded as Latin-1, every byte one character, and latin1 reports it.
func DecodeText(data []byte) (text string, latin1 bool) {
	if utf8.Valid(data) {
		return string(data), false
	}
	return decodeLatin1(data), true
}

// decodeLatin1 returns data, read as ISO 8859-1, in UTF-8. Each byte is the
// code point of the same number: ASCII stays one byte, the upper half
// becomes two. It is written out by hand, eight bytes at a time through the
// ASCII runs, because it runs on every block of a Latin-1 file (and, since a
// stream stays Latin-1 once it meets a block that is not UTF-8, on the rest
// of a mixed database). BenchmarkDecodeLatin1: building a []rune and
// converting it costs four to five times as much, a byte-by-byte loop about
// twice as much.
func decodeLatin1(data []byte) string {
	out := appendLatin1(nil, data)
	return unsafe.String(unsafe.SliceData(out), len(out))
}

// appendLatin1 appends the UTF-8 encoding of Latin-1 data to out.
func appendLatin1(out, data []byte) []byte {
	if cap(out)-len(out) < 2*len(data) { // else there is room for the worst case
		out = slices.Grow(out, len(data)+countHigh(data))
	}
	for len(data) > 0 {
		ascii := asciiPrefix(data)
		out = append(out, data[:ascii]...)
		data = data[ascii:]
		if len(data) > 0 {
			out = append(out, 0xC0|data[0]>>6, 0x80|data[0]&0x3F)
			data = data[1:]
		}
	}
	return out
}

// highBits has the top bit of each byte of a word set.
const highBits = 0x8080808080808080

// countHigh counts the bytes of data outside ASCII.
func countHigh(data []byte) int {
	n := 0
	for len(data) >= 8 {
		n += bits.OnesCount64(binary.LittleEndian.Uint64(data) & highBits)
		data = data[8:]
	}
	for _, b := range data {
		n += int(b >> 7)
	}
	return n
}

// latin1Length returns how many Latin-1 bytes decoded to text, a result of
// decodeLatin1: its characters, each an ASCII byte or a two-byte sequence
// with one continuation byte, counted eight bytes at a time
// (utf8.RuneCountInString was 6% of checking a Latin-1 database).
func latin1Length(text string) int {
	continuations := 0
	b := readOnlyBytes(text)
	i := 0
	for ; i+8 <= len(b); i += 8 {
		w := binary.LittleEndian.Uint64(b[i:])
		// A continuation byte is 10xxxxxx: its top bit set, the next clear.
		continuations += bits.OnesCount64(w &^ (w << 1) & highBits)
	}
	for ; i < len(text); i++ {
		if text[i]&0xC0 == 0x80 {
			continuations++
		}
	}
	return len(text) - continuations
}

// readOnlyBytes returns the bytes of s without copying them, for reading
// eight at a time; they must not be written.
func readOnlyBytes(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }

// asciiPrefix returns the length of the ASCII run at the start of data.
func asciiPrefix(data []byte) int {
	i := 0
	for ; i+8 <= len(data); i += 8 {
		if w := binary.LittleEndian.Uint64(data[i:]) & highBits; w != 0 {
			return i + bits.TrailingZeros64(w)/8
		}
	}
	for i < len(data) && data[i] < utf8.RuneSelf {
		i++
	}
	return i
}
