package pgn

import (
	"bytes"
	"errors"
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
// becomes two. It is written out by hand because it runs on every block of a
// Latin-1 file (and, since a stream stays Latin-1 once it meets a block that
// is not UTF-8, on the rest of a mixed database): building a []rune and
// converting it cost twelve times as much.
func decodeLatin1(data []byte) string {
	high := 0
	for _, b := range data {
		high += int(b >> 7)
	}
	out := make([]byte, 0, len(data)+high)
	for len(data) > 0 {
		ascii := 0
		for ascii < len(data) && data[ascii] < utf8.RuneSelf {
			ascii++
		}
		out = append(out, data[:ascii]...)
		data = data[ascii:]
		if len(data) > 0 {
			out = append(out, 0xC0|data[0]>>6, 0x80|data[0]&0x3F)
			data = data[1:]
		}
	}
	return unsafe.String(unsafe.SliceData(out), len(out))
}
