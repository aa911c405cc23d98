package document

import (
	"sort"
	"unicode/utf8"

	"pgnls/pgn"
)

// Positions converts the whole-text byte offsets of one piece to LSP
// positions (line, UTF-16 column), in a time that does not grow with the
// length of their line. Snapshot.PositionUTF16 counts the UTF-16 code
// units from the start of the line every time: a request with an answer
// per token on one long line was quadratic (bench/NOTES.md). Positions
// keeps, for each line it is asked about, a mark every markStep bytes (a
// character boundary and its column), made once as far as it is asked;
// each offset is then counted from the mark before it. Offsets may come in
// any order (folds and selection ranges nest). A line never spans two
// pieces: a chunk starts where a game starts a line.
type Positions struct {
	base            int
	src             string
	line, character int // the position of base in the whole text
	lines           *pgn.LineTable
	marks           map[int][]mark // by line of src
}

// mark is a character boundary in a line and its UTF-16 column.
type mark struct{ off, col int }

// markStep is the distance between marks: an offset is at most that many
// bytes from its mark (a few dozen steps of eight ASCII bytes).
const markStep = 256

// Positions returns a converter of the piece's offsets.
func (p Piece) Positions() *Positions {
	line, col := p.snap.PositionUTF16(p.base)
	return &Positions{base: p.base, src: p.f.Src, line: line, character: col, lines: p.c.lineTable(), marks: map[int][]mark{}}
}

// UTF16 converts a whole-text offset; one outside the piece is clamped to
// it.
func (x *Positions) UTF16(off int) (line, col int) {
	o := max(0, min(off-x.base, len(x.src)))
	l := x.lines.Line(pgn.Pos(o))
	start, end := int(x.lines.LineStart(l)), x.lineEnd(l)
	o = min(o, end) // inside a line break: the end of the line
	marks := x.marks[l]
	if len(marks) == 0 {
		marks = []mark{{start, 0}}
	}
	for last := marks[len(marks)-1]; last.off+markStep < o; last = marks[len(marks)-1] {
		next, n := countUTF16(x.src, last.off, min(last.off+markStep, end))
		marks = append(marks, mark{next, last.col + n})
	}
	x.marks[l] = marks
	i := sort.Search(len(marks), func(i int) bool { return marks[i].off > o }) - 1
	_, col = countUTF16(x.src, marks[i].off, o)
	col += marks[i].col
	if l == 0 {
		col += x.character
	}
	return x.line + l, col
}

// lineEnd returns the offset in src where a line's text ends, before its
// line break.
func (x *Positions) lineEnd(line int) int {
	if line+1 >= x.lines.LineCount() {
		return len(x.src)
	}
	next := int(x.lines.LineStart(line + 1))
	if next >= 2 && x.src[next-2:next] == "\r\n" {
		return next - 2
	}
	return next - 1
}

// LineEnd returns the whole-text offset of the end of the text of the line
// that holds off, before its line break.
func (x *Positions) LineEnd(off int) int {
	o := max(0, min(off-x.base, len(x.src)))
	return x.base + x.lineEnd(x.lines.Line(pgn.Pos(o)))
}

// NextLineStart returns the whole-text offset of the start of the line
// after the one that holds off (the end of the piece after its last line).
func (x *Positions) NextLineStart(off int) int {
	l := x.lines.Line(pgn.Pos(max(0, min(off-x.base, len(x.src)))))
	if l+1 >= x.lines.LineCount() {
		return x.base + len(x.src)
	}
	return x.base + int(x.lines.LineStart(l+1))
}

// countUTF16 counts the UTF-16 code units of the whole characters of
// src[from:to], as pgn.LineTable counts them (a character cut by to is not
// counted), and returns where the count stopped.
func countUTF16(src string, from, to int) (stop, units int) {
	i := from
	for i < to {
		if c := src[i]; c < utf8.RuneSelf {
			i++
			units++
			continue
		}
		r, size := utf8.DecodeRuneInString(src[i:])
		if i+size > to {
			break
		}
		if r >= 0x10000 && r <= utf8.MaxRune {
			units += 2
		} else {
			units++
		}
		i += size
	}
	return i, units
}
