package pgn

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"
)

// LineTable maps byte offsets to lines and columns and back. It is the one
// place where the project converts between byte offsets and the positions
// that people and editors use: LSP positions (0-based line, column in UTF-16
// code units) and CLI positions (1-based line, column in characters).
//
// A line ends at "\n", "\r\n" or a lone "\r", as in the LSP specification.
// Bytes that are not valid UTF-8 count as one character and one UTF-16 code
// unit each, as U+FFFD would.
type LineTable struct {
	src string
	// starts holds the offset at which each line begins; starts[0] == 0.
	// Offsets are Pos, not int: a database has a line per 25 bytes, and a
	// language server keeps a table per chunk of it.
	starts []Pos
	// marks holds the columns at points along the lines longer than
	// longLine, made for each such line when a position on it is first
	// converted (see lineMarks): line number → []mark.
	marks sync.Map
}

// A column is counted from the start of its line, so on a line of millions
// of bytes (a game of deeply nested variations, a hostile file, a database
// with its games on one line) each conversion cost a scan of the line, and
// converting the hundreds of positions of a request made it quadratic. A
// line longer than longLine gets marks every markStep bytes that record the
// columns there; a column is then counted from the mark before it, at most
// markStep bytes away. The marks cost 12 bytes per markStep bytes of the
// long lines converted, and are made once per table.
const (
	longLine = 1 << 10
	markStep = 256
)

// mark is a point on a long line: an offset where the count of its
// characters, from the line's start, reaches a character's start, and the
// columns there in UTF-16 code units and in characters.
type mark struct {
	off        Pos
	col16, col int32
}

// lineMarks returns the marks of a line longer than longLine. A table is
// shared by the goroutines of a language server: two may both make a
// line's marks, which are the same.
func (t *LineTable) lineMarks(line int) []mark {
	if m, ok := t.marks.Load(line); ok {
		return m.([]mark)
	}
	m := t.makeMarks(line)
	t.marks.Store(line, m)
	return m
}

// makeMarks counts the characters of a line as columns does, and records
// a mark at the first character start past each markStep bytes.
func (t *LineTable) makeMarks(line int) []mark {
	src := t.src
	i, end := int(t.starts[line]), t.lineContentEnd(line)
	var marks []mark
	var col16, col int32
	next := i + markStep
	for i < end {
		if i >= next {
			marks = append(marks, mark{off: Pos(i), col16: col16, col: col})
			next = i + markStep
		}
		if n := asciiPrefix(readOnlyBytes(src[i:min(end, next)])); n > 0 {
			i += n
			col16 += int32(n)
			col += int32(n)
			continue
		}
		r, size := utf8.DecodeRuneInString(src[i:])
		col16 += int32(utf16Len(r))
		col++
		i += size
	}
	return marks
}

// markAt returns the last mark of the line at or before offset o, or the
// line's start with zero columns.
func (t *LineTable) markAt(line, o int) mark {
	start := t.starts[line]
	if t.lineContentEnd(line)-int(start) <= longLine {
		return mark{off: start}
	}
	marks := t.lineMarks(line)
	k := sort.Search(len(marks), func(k int) bool { return int(marks[k].off) > o })
	if k == 0 {
		return mark{off: start}
	}
	return marks[k-1]
}

// markAtUTF16 returns the last mark of the line whose UTF-16 column is at
// most col, or the line's start.
func (t *LineTable) markAtUTF16(line, col int) mark {
	start := t.starts[line]
	if t.lineContentEnd(line)-int(start) <= longLine {
		return mark{off: start}
	}
	marks := t.lineMarks(line)
	k := sort.Search(len(marks), func(k int) bool { return int(marks[k].col16) > col })
	if k == 0 {
		return mark{off: start}
	}
	return marks[k-1]
}

// NewLineTable indexes the lines of src.
func NewLineTable(src string) *LineTable {
	if strings.IndexByte(src, '\r') < 0 {
		// Sized exactly: growing by appends left up to half of it unused.
		starts := make([]Pos, 1, strings.Count(src, "\n")+1)
		return &LineTable{src: src, starts: appendLFStarts(starts, src)}
	}
	starts := make([]Pos, 1, strings.Count(src, "\n")+strings.Count(src, "\r")+1)
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '\n':
			starts = append(starts, Pos(i+1))
		case '\r':
			if i+1 < len(src) && src[i+1] == '\n' {
				i++
			}
			starts = append(starts, Pos(i+1))
		}
	}
	return &LineTable{src: src, starts: starts}
}

// appendLFStarts appends the start of each line after the first of src, a
// text whose lines end in LF alone. It looks at eight bytes at a time: the
// lines of a database are short (tag pairs), and a call of IndexByte for
// each costs more (bench/NOTES.md).
func appendLFStarts(starts []Pos, src string) []Pos {
	b := readOnlyBytes(src)
	i := 0
	for ; i+8 <= len(b); i += 8 {
		x := binary.LittleEndian.Uint64(b[i:]) ^ 0x0A0A0A0A0A0A0A0A // a zero byte for each LF
		// The top bit of each byte is set unless the byte is zero; no
		// carry crosses from one byte into the next.
		zeros := ^((x&0x7F7F7F7F7F7F7F7F + 0x7F7F7F7F7F7F7F7F) | x) & highBits
		for ; zeros != 0; zeros &= zeros - 1 {
			starts = append(starts, Pos(i+bits.TrailingZeros64(zeros)/8+1))
		}
	}
	for ; i < len(b); i++ {
		if b[i] == '\n' {
			starts = append(starts, Pos(i+1))
		}
	}
	return starts
}

// CountLineBreaks returns the number of line breaks in src ("\n", "\r\n" or
// a lone "\r"): one less than the lines of its LineTable, without making
// one.
func CountLineBreaks(src string) int {
	n := strings.Count(src, "\n")
	for i := 0; ; {
		j := strings.IndexByte(src[i:], '\r')
		if j < 0 {
			return n
		}
		i += j + 1
		if i == len(src) || src[i] != '\n' {
			n++ // a lone CR
		}
	}
}

// LineCount returns the number of lines (a text ending in a newline has an
// empty last line).
func (t *LineTable) LineCount() int { return len(t.starts) }

// Line returns the 0-based line containing offset off.
func (t *LineTable) Line(off Pos) int {
	return sort.Search(len(t.starts), func(i int) bool { return t.starts[i] > off }) - 1
}

// LineStart returns the offset at which a 0-based line begins.
func (t *LineTable) LineStart(line int) Pos { return t.starts[line] }

// lineContentEnd returns the offset of the line break ending a line (or the
// end of the text).
func (t *LineTable) lineContentEnd(line int) int {
	if line+1 >= len(t.starts) {
		return len(t.src)
	}
	end := int(t.starts[line+1]) - 1
	if end > int(t.starts[line]) && t.src[end] == '\n' && t.src[end-1] == '\r' {
		end--
	}
	return end
}

func (t *LineTable) clamp(off Pos) int {
	switch {
	case off < 0:
		return 0
	case int(off) > len(t.src):
		return len(t.src)
	}
	return int(off)
}

// lineOf returns the line of off, clamped to the text, and off moved out of
// a CRLF (between its "\r" and its "\n") to the end of the line's content,
// so that the column computed from it names a real position.
func (t *LineTable) lineOf(off Pos) (line, o int) {
	o = t.clamp(off)
	line = t.Line(Pos(o))
	if end := t.lineContentEnd(line); o > end {
		o = end
	}
	return line, o
}

// UTF16Position returns the 0-based line and UTF-16 column of offset off.
// An offset inside a multi-byte character is taken as that character's start,
// and one inside a CRLF as the end of its line.
func (t *LineTable) UTF16Position(off Pos) (line, col int) {
	line, col, _ = t.columns(off)
	return line, col
}

// CharPosition returns the 0-based line and column counted in characters.
func (t *LineTable) CharPosition(off Pos) (line, col int) {
	line, _, col = t.columns(off)
	return line, col
}

// columns returns the line of off and its column in UTF-16 code units and
// in characters, counted from the start of the line.
func (t *LineTable) columns(off Pos) (line, col16, col int) {
	line, o := t.lineOf(off)
	m := t.markAt(line, o)
	i := int(m.off)
	// ASCII first, a byte a column: most of every PGN line (the language
	// server converts hundreds of positions after each keystroke).
	ascii := i + asciiPrefix(readOnlyBytes(t.src[i:o]))
	col16, col = int(m.col16)+ascii-i, int(m.col)+ascii-i
	for i = ascii; i < o; {
		r, size := utf8.DecodeRuneInString(t.src[i:])
		if i+size > o {
			break
		}
		col16 += utf16Len(r)
		col++
		i += size
	}
	return line, col16, col
}

func utf16Len(r rune) int {
	if r >= 0x10000 && r <= utf8.MaxRune {
		return 2
	}
	return 1
}

// OffsetUTF16 returns the byte offset of an LSP position. A line past the
// last one, or a column past the end of its line, is an error; a column that
// falls inside a surrogate pair is taken as the start of that character.
func (t *LineTable) OffsetUTF16(line, col int) (Pos, error) {
	if line < 0 || col < 0 {
		return NoPos, fmt.Errorf("position %d:%d is negative", line, col)
	}
	if line >= len(t.starts) {
		return NoPos, fmt.Errorf("line %d is past the last line (%d)", line, len(t.starts)-1)
	}
	m := t.markAtUTF16(line, col)
	i, end := int(m.off), t.lineContentEnd(line)
	for n := int(m.col16); n < col; {
		if i >= end {
			return NoPos, fmt.Errorf("column %d is past the end of line %d (%d UTF-16 code units)", col, line, n)
		}
		r, size := utf8.DecodeRuneInString(t.src[i:end])
		n += utf16Len(r)
		if n > col { // inside a surrogate pair
			break
		}
		i += size
	}
	return Pos(i), nil
}

// ClampUTF16 is like OffsetUTF16 but moves a position past the end of its
// line to the line's end and one past the last line to the end of the text,
// as the LSP specification asks of positions in requests.
func (t *LineTable) ClampUTF16(line, col int) Pos {
	if line < 0 {
		return 0
	}
	if line >= len(t.starts) {
		return Pos(len(t.src))
	}
	if off, err := t.OffsetUTF16(line, col); err == nil {
		return off
	}
	return Pos(t.lineContentEnd(line))
}

// Cursor converts byte offsets to positions in amortized constant time when
// they come in increasing order, as a file's sorted diagnostics do: each call
// continues from the last one on the same line instead of counting from the
// line's start, which made thousands of diagnostics on one long line
// quadratic.
type Cursor struct {
	t                     *LineTable // nil for a text cursor until it needs one
	src                   string
	off, line, col16, col int
}

// Cursor returns a cursor at the start of the text.
func (t *LineTable) Cursor() *Cursor { return &Cursor{t: t, src: t.src} }

// NewTextCursor returns a cursor over src that makes no line table while
// the offsets increase through text whose lines end in LF: it counts the
// line breaks between one offset and the next with the vectorised
// strings.Count. The command line converts the sorted diagnostics of each
// piece of a database once, and indexing every line of every piece first
// would be work for lines without a diagnostic (bench/NOTES.md). A step
// back, or a CR, makes the table then.
func NewTextCursor(src string) *Cursor { return &Cursor{src: src} }

// Position returns the 0-based line of off and its column counted in UTF-16
// code units (LSP) and in characters (command line).
func (c *Cursor) Position(off Pos) (line, col16, col int) {
	o := max(0, min(int(off), len(c.src)))
	if c.t == nil && !c.skipLines(o) {
		c.t = NewLineTable(c.src)
	}
	if c.t != nil {
		if o < c.off || c.line+1 < len(c.t.starts) && o >= int(c.t.starts[c.line+1]) {
			c.moveToLine(o)
		}
		o = min(o, c.t.lineContentEnd(c.line)) // inside a CRLF: the line's end
	}
	src := c.src
	for c.off < o {
		if src[c.off] < utf8.RuneSelf { // most text is ASCII: 8 bytes at a time
			n := asciiPrefix(readOnlyBytes(src[c.off:o]))
			c.col16 += n
			c.col += n
			c.off += n
			continue
		}
		r, size := utf8.DecodeRuneInString(src[c.off:])
		if c.off+size > o {
			break
		}
		c.col16 += utf16Len(r)
		c.col++
		c.off += size
	}
	return c.line, c.col16, c.col
}

// skipLines moves a text cursor to the start of the line holding o, when
// o is not before it and the text between holds no CR (a CRLF, or a lone
// CR, would need the table's rules); it reports whether it could.
func (c *Cursor) skipLines(o int) bool {
	if o < c.off {
		return false
	}
	between := c.src[c.off:o]
	if strings.IndexByte(between, '\r') >= 0 {
		return false
	}
	if n := strings.Count(between, "\n"); n > 0 {
		c.line += n
		c.off += lastNewline(between) + 1
		c.col16, c.col = 0, 0
	}
	return true
}

// moveToLine puts the cursor at the start of the line holding o. Sorted
// offsets mostly land a few lines further on, where stepping beats a binary
// search over every line of a large file.
func (c *Cursor) moveToLine(o int) {
	starts := c.t.starts
	line := c.line
	if o < c.off {
		line = c.t.Line(Pos(o))
	} else {
		for steps := 0; line+1 < len(starts) && o >= int(starts[line+1]); steps++ {
			if steps == 8 {
				line = c.t.Line(Pos(o))
				break
			}
			line++
		}
	}
	c.line = line
	c.off, c.col16, c.col = int(starts[line]), 0, 0
}

// lastNewline is strings.LastIndexByte(s, '\n'), eight bytes at a time from
// the end: LastIndexByte is a byte loop, and the cursors of pgnls check
// called it for every diagnostic (bench/NOTES.md).
func lastNewline(s string) int {
	i := len(s)
	for ; i >= 8; i -= 8 {
		// A byte of x is zero where s has '\n'; the sum's top bit is
		// clear for exactly those bytes (no sum carries between bytes).
		x := word8(s, i-8) ^ ('\n' * lowBits)
		if m := ^((x&^highBits + 0x7F*lowBits) | x) & highBits; m != 0 {
			return i - 8 + (63-bits.LeadingZeros64(m))/8
		}
	}
	for i--; i >= 0; i-- {
		if s[i] == '\n' {
			return i
		}
	}
	return -1
}
