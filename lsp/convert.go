package lsp

import (
	"go.lsp.dev/protocol"

	"pgnls/analysis"
)

// source names pgnls as the origin of its diagnostics.
const source = "pgnls"

// toProtocol converts a diagnostic, published with severity sev: byte
// offsets become UTF-16 positions, the severity keeps its number (analysis
// uses LSP's), the code its string.
func toProtocol(snap *analysis.Snapshot, d analysis.Diagnostic, sev analysis.Severity) protocol.Diagnostic {
	return protocol.Diagnostic{
		Range:    toRange(snap, int(d.Pos), int(d.End)),
		Severity: protocol.DiagnosticSeverity(sev),
		Code:     string(d.Code),
		Source:   source,
		Message:  d.Message,
	}
}

// toRange converts the byte offsets [start, end) to an LSP range.
func toRange(snap *analysis.Snapshot, start, end int) protocol.Range {
	return protocol.Range{Start: toPosition(snap, start), End: toPosition(snap, end)}
}

func toPosition(snap *analysis.Snapshot, off int) protocol.Position {
	line, col := snap.PositionUTF16(off)
	return protocol.Position{Line: uint32(line), Character: uint32(col)}
}
