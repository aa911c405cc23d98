package document

import "pgnls/pgn"

// Positions converts the whole-text byte offsets of one piece to LSP
// positions (line, UTF-16 column), in a time that does not grow with the
// length of their line: it counts with the chunk's pgn.LineTable, the one
// converter of offsets to columns, which keeps marks along long lines (a
// request with an answer per token on one long line was quadratic when
// each column was counted from the line's start, bench/NOTES.md). Offsets
// may come in any order (folds and selection ranges nest). A line never
// spans two pieces: a chunk starts where a game starts a line.
type Positions struct {
	base            int
	src             string
	line, character int // the position of base in the whole text
	lines           *pgn.LineTable
}

// Positions returns a converter of the piece's offsets.
func (p Piece) Positions() *Positions {
	line, col := p.snap.PositionUTF16(p.base)
	return &Positions{base: p.base, src: p.f.Src, line: line, character: col, lines: p.c.lineTable()}
}

// UTF16 converts a whole-text offset; one outside the piece is clamped to
// it.
func (x *Positions) UTF16(off int) (line, col int) {
	o := max(0, min(off-x.base, len(x.src)))
	l, col := x.lines.UTF16Position(pgn.Pos(o))
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
