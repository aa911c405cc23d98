package lsp

import (
	"context"

	"go.lsp.dev/protocol"
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
	for piece := range snap.Pieces() {
		lines := newLineIndex(piece)
		for _, fd := range piece.Folds() {
			start := int(lines.position(int(fd.Pos)).Line)
			end := int(lines.position(int(fd.End)).Line)
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
