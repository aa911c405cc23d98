package pgn

import (
	"bytes"
	"errors"
	"unicode/utf8"
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

func decodeLatin1(data []byte) string {
	runes := make([]rune, len(data))
	for i, b := range data {
		runes[i] = rune(b)
	}
	return string(runes)
}
