package lsp

import (
	"go.lsp.dev/protocol"

	"pgnls/analysis"
	"pgnls/analysis/document"
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

// lineIndex converts the whole-text offsets of one piece of a snapshot to
// LSP positions, through the piece's document.Positions (which keeps marks
// along long lines: an answer per token on one long line was quadratic).
type lineIndex struct{ p *document.Positions }

func newLineIndex(piece document.Piece) *lineIndex { return &lineIndex{piece.Positions()} }

// position converts an offset of the snapshot; one outside the piece is
// clamped to it.
func (x *lineIndex) position(off int) protocol.Position {
	line, col := x.p.UTF16(off)
	return protocol.Position{Line: uint32(line), Character: uint32(col)}
}

// rangeOf converts the offsets [start, end).
func (x *lineIndex) rangeOf(start, end int) protocol.Range {
	return protocol.Range{Start: x.position(start), End: x.position(end)}
}

// lineEndPosition returns the position of the end of the text of the line
// of the snapshot that holds off.
func (x *lineIndex) lineEndPosition(off int) protocol.Position { return x.position(x.p.LineEnd(off)) }
