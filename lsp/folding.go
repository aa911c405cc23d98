package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"pgnls/analysis"
)

// Folding ranges: games, tag sections, variations and comments that span
// several lines (analysis.Folds). Editors fold whole lines, so a fold whose
// last line goes on with other text (the main line after a variation) ends
// a line earlier.

// FoldingRanges answers textDocument/foldingRange.
func (s *server) FoldingRanges(_ context.Context, p *protocol.FoldingRangeParams) ([]protocol.FoldingRange, error) {
	snap, err := s.navSnapshot(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	out := []protocol.FoldingRange{}
	for base, f := range snap.Pieces() {
		lines := newLineIndex(snap, base, f.Src)
		for _, fd := range analysis.Folds(f) {
			start := int(lines.position(base + int(fd.Pos)).Line)
			end := int(lines.position(base + int(fd.End)).Line)
			if fd.KeepLastLine {
				end--
			}
			if end <= start {
				continue
			}
			out = append(out, protocol.FoldingRange{
				StartLine: uint32(start),
				EndLine:   uint32(end),
				Kind:      protocol.FoldingRangeKind(fd.Kind),
			})
		}
	}
	return out, nil
}
