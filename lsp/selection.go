package lsp

import (
	"context"

	"go.lsp.dev/protocol"
)

// Selection ranges ("expand selection"): from a move to the move with its
// annotations, its variations, the enclosing variations, the movetext and
// the game (analysis.SelectionRanges). protocol v0.12.0 has the types but
// no name for the method.

const methodSelectionRange = "textDocument/selectionRange"

// selectionRange answers textDocument/selectionRange: one chain per
// position, innermost first. A position in no game gets the empty range at
// itself, as the specification asks for a position without a selection.
func (s *server) selectionRange(_ context.Context, p *protocol.SelectionRangeParams) ([]protocol.SelectionRange, error) {
	snap, err := s.navSnapshot(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	out := make([]protocol.SelectionRange, 0, len(p.Positions))
	for _, at := range p.Positions {
		off := snap.ClampUTF16(int(at.Line), int(at.Character))
		piece := snap.PieceAt(off)
		lines := newLineIndex(piece)
		spans := piece.SelectionRanges(off)
		if len(spans) == 0 {
			here := lines.position(off)
			out = append(out, protocol.SelectionRange{Range: protocol.Range{Start: here, End: here}})
			continue
		}
		// Build the chain from the outside in.
		var parent *protocol.SelectionRange
		for i := len(spans) - 1; i >= 0; i-- {
			parent = &protocol.SelectionRange{
				Range:  lines.rangeOf(int(spans[i].Pos), int(spans[i].End)),
				Parent: parent,
			}
		}
		out = append(out, *parent)
	}
	return out, nil
}
