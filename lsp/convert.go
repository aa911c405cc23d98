package lsp

import (
	"sort"
	"unicode/utf8"

	"go.lsp.dev/protocol"

	"pgnls/analysis"
	"pgnls/analysis/document"
	"pgnls/pgn"
)

// source names pgnls as the origin of its diagnostics.
const source = "pgnls"

// toProtocol converts a diagnostic: byte offsets become UTF-16 positions,
// the severity keeps its number (analysis uses LSP's), the code its string.
func toProtocol(snap *document.Snapshot, d analysis.Diagnostic) protocol.Diagnostic {
	return protocol.Diagnostic{
		Range:    toRange(snap, int(d.Pos), int(d.End)),
		Severity: protocol.DiagnosticSeverity(d.Severity),
		Code:     string(d.Code),
		Source:   source,
		Message:  d.Message,
	}
}

// toRange converts the byte offsets [start, end) to an LSP range.
func toRange(snap *document.Snapshot, start, end int) protocol.Range {
	return protocol.Range{Start: toPosition(snap, start), End: toPosition(snap, end)}
}

func toPosition(snap *document.Snapshot, off int) protocol.Position {
	line, col := snap.PositionUTF16(off)
	return protocol.Position{Line: uint32(line), Character: uint32(col)}
}

// lineIndex converts the byte offsets of one chunk of a snapshot (src, the
// chunk's text, at base) to LSP positions, in a time that does not grow
// with the length of their line. Snapshot.PositionUTF16 counts the UTF-16
// code units from the start of the line every time: a request with an
// answer per token on one long line was quadratic (the semantic tokens of
// 10^5 sibling variations on a line of 1.1 MB took 39 s). A lineIndex
// keeps, for each line it is asked about, a mark every markStep bytes (a
// character boundary and its column), made once as far as it is asked;
// each offset is then counted from the mark before it. Offsets may come in
// any order (folds and selection ranges nest). A line never spans two
// chunks: a chunk starts where a game starts a line.
type lineIndex struct {
	base  int
	src   string
	first protocol.Position // the position of base in the whole text
	lines *pgn.LineTable
	marks map[int][]mark // by line of src
}

// mark is a character boundary in a line and its UTF-16 column.
type mark struct{ off, col int }

// markStep is the distance between marks: an offset is at most that many
// bytes from its mark (a few dozen steps of eight ASCII bytes).
const markStep = 256

func newLineIndex(snap *document.Snapshot, base int, src string) *lineIndex {
	return &lineIndex{base: base, src: src, first: toPosition(snap, base), lines: pgn.NewLineTable(src), marks: map[int][]mark{}}
}

// position converts an offset of the snapshot; one outside the chunk is
// clamped to it.
func (x *lineIndex) position(off int) protocol.Position {
	o := max(0, min(off-x.base, len(x.src)))
	line := x.lines.Line(pgn.Pos(o))
	start, end := int(x.lines.LineStart(line)), x.lineEnd(line)
	o = min(o, end) // inside a line break: the end of the line
	marks := x.marks[line]
	if len(marks) == 0 {
		marks = []mark{{start, 0}}
	}
	for last := marks[len(marks)-1]; last.off+markStep < o; last = marks[len(marks)-1] {
		next, col := countUTF16(x.src, last.off, min(last.off+markStep, end))
		marks = append(marks, mark{next, last.col + col})
	}
	x.marks[line] = marks
	i := sort.Search(len(marks), func(i int) bool { return marks[i].off > o }) - 1
	_, col := countUTF16(x.src, marks[i].off, o)
	col += marks[i].col
	if line == 0 {
		col += int(x.first.Character)
	}
	return protocol.Position{Line: x.first.Line + uint32(line), Character: uint32(col)}
}

// rangeOf converts the offsets [start, end).
func (x *lineIndex) rangeOf(start, end int) protocol.Range {
	return protocol.Range{Start: x.position(start), End: x.position(end)}
}

// lineEnd returns the offset in src where a line's text ends, before its
// line break.
func (x *lineIndex) lineEnd(line int) int {
	if line+1 >= x.lines.LineCount() {
		return len(x.src)
	}
	next := int(x.lines.LineStart(line + 1))
	if next >= 2 && x.src[next-2:next] == "\r\n" {
		return next - 2
	}
	return next - 1
}

// lineEndPosition returns the position of the end of the text of the line
// of the snapshot that holds off.
func (x *lineIndex) lineEndPosition(off int) protocol.Position {
	o := max(0, min(off-x.base, len(x.src)))
	return x.position(x.base + x.lineEnd(x.lines.Line(pgn.Pos(o))))
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
