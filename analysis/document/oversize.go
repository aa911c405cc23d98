package document

import (
	"fmt"
	"strings"

	"pgnls/pgn"
)

// The oversize mode: a document over its size limit is not parsed or
// analyzed, since its tree and diagnostics would take many times its size
// in memory. It keeps its text as a plain string, so that edits apply (and
// bring it back under the limit, when they do), and converts positions by
// scanning the text, without a line table; it has no games, no pieces with
// anything in them, and no diagnostics.

// NewLimitedDocument is NewDocument with a size limit in bytes (0: none):
// a text over it is kept oversize, unparsed.
func NewLimitedDocument(text string, limit int) *Document {
	if tooLarge(len(text), limit) {
		return &Document{snap: newOversizeSnapshot(text), limit: limit}
	}
	d := NewDocument(text)
	d.limit = limit
	return d
}

func tooLarge(size, limit int) bool { return limit > 0 && size > limit }

// Oversize reports whether the document is over its size limit, or was
// over it at an edit and has not been parsed since (SetLimit parses it).
func (d *Document) Oversize() bool { return d.snap.oversize }

// SetLimit applies a size limit (0: none) now: an oversize document within
// it is parsed, a parsed one over it dropped to its text. It reports
// whether the document changed mode (a parsed one is then parsed anew:
// its analysis starts over).
func (d *Document) SetLimit(limit int) bool {
	d.limit = limit
	over := tooLarge(d.snap.size, limit)
	if over == d.snap.oversize {
		return false
	}
	if over {
		d.snap = newOversizeSnapshot(d.snap.Text())
	} else {
		d.snap = NewDocument(d.snap.Text()).snap
	}
	return true
}

// editOversize applies an edit to the plain text, for a document oversize
// or that the edit takes over its limit: the large text is never parsed
// on the way. The document stays oversize until SetLimit, so that a batch
// of edits that goes under the limit and back is not parsed in between.
func (d *Document) editOversize(start, end int, newText string) {
	text := d.snap.Text()
	d.snap = newOversizeSnapshot(text[:start] + newText + text[end:])
	d.snap.focus = start
}

func newOversizeSnapshot(text string) *Snapshot {
	s := newSnapshot(newChunkList([]*chunk{newChunk("", 0)}))
	s.size, s.oversize = len(text), true
	s.textOnce.Do(func() { s.text = text })
	return s
}

// Oversize reports whether the snapshot is of an oversize document: its
// text alone, unparsed.
func (s *Snapshot) Oversize() bool { return s.oversize }

// lineSpan returns where line starts in text and where its text ends,
// before its line break, found by counting line breaks ("\n", "\r\n" or a
// lone "\r") without indexing every line of a large text.
func lineSpan(text string, line int) (start, end int, err error) {
	lfOnly := strings.IndexByte(text, '\r') < 0
	for n := 0; n < line; n++ {
		var i int
		if lfOnly {
			i = strings.IndexByte(text[start:], '\n')
		} else {
			i = strings.IndexAny(text[start:], "\r\n")
		}
		if i < 0 {
			return 0, 0, fmt.Errorf("line %d is past the last line (%d)", line, n)
		}
		start += i + 1
		if text[start-1] == '\r' && start < len(text) && text[start] == '\n' {
			start++
		}
	}
	end = len(text)
	if i := strings.IndexAny(text[start:], "\r\n"); i >= 0 {
		end = start + i
	}
	return start, end, nil
}

// plainOffsetUTF16 converts an LSP position in text to a byte offset as
// pgn.LineTable does.
func plainOffsetUTF16(text string, line, col int) (int, error) {
	if line < 0 || col < 0 {
		return 0, fmt.Errorf("position %d:%d is negative", line, col)
	}
	start, end, err := lineSpan(text, line)
	if err != nil {
		return 0, fmt.Errorf("position %d:%d: %w", line, col, err)
	}
	off, err := pgn.NewLineTable(text[start:end]).OffsetUTF16(0, col)
	if err != nil {
		return 0, fmt.Errorf("position %d:%d: %w", line, col, err)
	}
	return start + int(off), nil
}

// plainClampUTF16 is plainOffsetUTF16 moving a position past the end of
// its line or of the text to that end.
func plainClampUTF16(text string, line, col int) int {
	if line < 0 {
		return 0
	}
	start, end, err := lineSpan(text, line)
	if err != nil {
		return len(text)
	}
	return start + int(pgn.NewLineTable(text[start:end]).ClampUTF16(0, col))
}

// plainPositionUTF16 converts a byte offset in text to an LSP position as
// plainOffsetUTF16 reads them: the line is counted by its breaks, the
// column in that line alone.
func plainPositionUTF16(text string, off int) (line, col int) {
	off = max(0, min(off, len(text)))
	head := text[:off]
	start := max(strings.LastIndexByte(head, '\n'), strings.LastIndexByte(head, '\r')) + 1
	line = strings.Count(head, "\n") + strings.Count(head, "\r") - strings.Count(head, "\r\n")
	if start == off && off > 0 && head[off-1] == '\r' && off < len(text) && text[off] == '\n' {
		// between the two bytes of a CRLF: the end of the line before
		return plainPositionUTF16(text, off-1)
	}
	_, col = pgn.NewLineTable(text[start:off]).UTF16Position(pgn.Pos(off - start))
	return line, col
}
