package pgn

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"math/bits"
	"slices"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// Encoding names the character encoding a text was read in.
type Encoding uint8

// The encodings pgnls reads. A file is UTF-8 when it is valid UTF-8,
// UTF-16 when it starts like UTF-16 (see SniffUTF16), and Latin-1
// otherwise.
const (
	UTF8 Encoding = iota
	Latin1
	UTF16LE
	UTF16BE
)

func (e Encoding) String() string {
	switch e {
	case Latin1:
		return "Latin-1"
	case UTF16LE:
		return "UTF-16LE"
	case UTF16BE:
		return "UTF-16BE"
	}
	return "UTF-8"
}

// IsUTF16 reports whether e is one of the UTF-16 byte orders.
func (e Encoding) IsUTF16() bool { return e == UTF16LE || e == UTF16BE }

// utf16SniffLength is how much of a file's start SniffUTF16 looks at.
const utf16SniffLength = 1024

// SniffUTF16 reports whether data, the start of a file, is UTF-16, and in
// which byte order: UTF16LE or UTF16BE, or UTF8 (meaning "not UTF-16").
// A byte order mark says so; without one, text whose characters are
// mostly ASCII, as PGN's are, has a NUL byte in every other place: more
// than half of the first 512 code units have one zero byte and one that
// is not (the high byte, second in little-endian order, first in
// big-endian), and few have it the other way round. A run of NUL bytes
// has no byte that is not zero, and is not UTF-16.
func SniffUTF16(data []byte) Encoding {
	switch {
	case bytes.HasPrefix(data, []byte{0xFF, 0xFE}):
		return UTF16LE
	case bytes.HasPrefix(data, []byte{0xFE, 0xFF}):
		return UTF16BE
	}
	data = data[:min(len(data), utf16SniffLength)&^1]
	units := len(data) / 2
	if units < 2 {
		return UTF8
	}
	highSecond, highFirst := 0, 0 // units like "e\x00", and like "\x00e"
	for i := 0; i < len(data); i += 2 {
		switch {
		case data[i] != 0 && data[i+1] == 0:
			highSecond++
		case data[i] == 0 && data[i+1] != 0:
			highFirst++
		}
	}
	switch {
	case 2*highSecond > units && 4*highFirst < highSecond:
		return UTF16LE
	case 2*highFirst > units && 4*highSecond < highFirst:
		return UTF16BE
	}
	return UTF8
}

// IsUTF16 reports whether data, the start of a file, is UTF-16 (see
// SniffUTF16).
func IsUTF16(data []byte) bool { return SniffUTF16(data) != UTF8 }

// A UTF16Error reports a text read as UTF-16 that is not valid UTF-16: it
// cannot be decoded without losing what it holds, and so is not read.
type UTF16Error struct {
	Encoding Encoding // the byte order it was read in
	Offset   int64    // the byte of the file where the bad code unit starts
	Problem  string   // what is wrong there
}

func (e *UTF16Error) Error() string {
	return fmt.Sprintf("the file looks like %v but is not valid %v: %s at byte %d", e.Encoding, e.Encoding, e.Problem, e.Offset)
}

// NewUTF16Decoder returns a reader of the UTF-16 text that r holds, in
// byte order enc, as UTF-8. A byte order mark becomes U+FEFF, as any other
// character does (PGN's scanner knows it), so that writing the text back
// in UTF-16 writes the mark back too. A text that is not valid UTF-16 (an
// unpaired surrogate, an odd number of bytes) is an error, a *UTF16Error:
// replacing the bad code unit by U+FFFD would lose it.
func NewUTF16Decoder(r io.Reader, enc Encoding) io.Reader {
	return &utf16Decoder{r: r, enc: enc, in: make([]byte, 0, 64<<10)}
}

type utf16Decoder struct {
	r      io.Reader
	enc    Encoding
	in     []byte // bytes read and not yet decoded
	out    []byte // text decoded and not yet returned
	offset int64  // the file offset of in[0]
	err    error  // the error that ends the text, once in and out are used up
}

func (d *utf16Decoder) Read(p []byte) (int, error) {
	for len(d.out) == 0 {
		if d.err != nil {
			return 0, d.err
		}
		d.readMore()
	}
	n := copy(p, d.out)
	d.out = d.out[n:]
	return n, nil
}

// readMore reads a block and decodes the whole code units it completes
// (at most three bytes stay undecoded: half a code unit and the high
// surrogate before it).
func (d *utf16Decoder) readMore() {
	n, err := d.r.Read(d.in[len(d.in):cap(d.in)])
	d.in = d.in[:len(d.in)+n]
	used, problem := d.decode(err == io.EOF)
	d.in = d.in[:copy(d.in, d.in[used:])]
	d.offset += int64(used)
	switch {
	case problem != "":
		d.err = &UTF16Error{Encoding: d.enc, Offset: d.offset, Problem: problem}
	case err != nil:
		d.err = err
	}
}

// decode decodes the code units of d.in into d.out, all of them when the
// text ends there, and returns how many bytes it used, and what is wrong
// with the code unit after them when it cannot be decoded.
func (d *utf16Decoder) decode(atEnd bool) (used int, problem string) {
	unit := func(i int) rune {
		if d.enc == UTF16BE {
			return rune(d.in[i])<<8 | rune(d.in[i+1])
		}
		return rune(d.in[i+1])<<8 | rune(d.in[i])
	}
	out := d.out[:0]
	i := 0
	for ; i+2 <= len(d.in); i += 2 {
		r := unit(i)
		switch {
		case utf16.IsSurrogate(r) && r >= 0xDC00:
			d.out = out
			return i, "a low surrogate without a high one before it"
		case utf16.IsSurrogate(r):
			if i+4 > len(d.in) {
				if atEnd {
					d.out = out
					return i, "a high surrogate at the end of the text"
				}
				d.out = out
				return i, ""
			}
			r2 := unit(i + 2)
			if r2 < 0xDC00 || r2 > 0xDFFF {
				d.out = out
				return i, "a high surrogate without a low one after it"
			}
			r = utf16.DecodeRune(r, r2)
			i += 2
		}
		out = utf8.AppendRune(out, r)
	}
	d.out = out
	if atEnd && i < len(d.in) {
		return i, "an odd number of bytes (half a code unit at the end)"
	}
	return i, ""
}

// AppendUTF16 appends text, which must be valid UTF-8, in UTF-16 of byte
// order enc to dst. It reports false when text is not valid UTF-8.
func AppendUTF16(dst []byte, text string, enc Encoding) ([]byte, bool) {
	put := func(u uint16) {
		if enc == UTF16BE {
			dst = append(dst, byte(u>>8), byte(u))
		} else {
			dst = append(dst, byte(u), byte(u>>8))
		}
	}
	for i, r := range text {
		if r == utf8.RuneError && !strings.HasPrefix(text[i:], "\uFFFD") {
			return dst, false
		}
		if r1, r2 := utf16.EncodeRune(r); r1 != utf8.RuneError {
			put(uint16(r1))
			put(uint16(r2))
		} else {
			put(uint16(r))
		}
	}
	return dst, true
}

// Decode returns a whole file's text as UTF-8 and the encoding it was read
// in: UTF-16 when it starts like UTF-16 (an error, a *UTF16Error, when it
// is not valid UTF-16), UTF-8 when it is valid UTF-8, Latin-1 otherwise.
func Decode(data []byte) (string, Encoding, error) {
	if enc := SniffUTF16(data); enc != UTF8 {
		text, err := io.ReadAll(NewUTF16Decoder(bytes.NewReader(data), enc))
		return string(text), enc, err
	}
	text, latin1 := DecodeText(data)
	if latin1 {
		return text, Latin1, nil
	}
	return text, UTF8, nil
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
// of a mixed database); building a []rune and converting it, or a
// byte-by-byte loop, costs more (BenchmarkDecodeLatin1, bench/NOTES.md).
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
// (utf8.RuneCountInString showed in the profile of checking a Latin-1
// database: bench/NOTES.md).
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
// Most text is ASCII for long runs (a Latin-1 database is decoded with it),
// so it first tests 32 bytes at a time, four words or-ed together: one
// test, and one bounds check, where a word at a time made it 17
// instructions for eight bytes (bench/NOTES.md).
func asciiPrefix(data []byte) int {
	i := 0
	for ; i+32 <= len(data); i += 32 {
		b := data[i : i+32]
		le := binary.LittleEndian
		if (le.Uint64(b)|le.Uint64(b[8:])|le.Uint64(b[16:])|le.Uint64(b[24:]))&highBits != 0 {
			break
		}
	}
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
