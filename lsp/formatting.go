package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"pgnls/analysis"
	"pgnls/analysis/document"
)

// Formatting: textDocument/formatting and textDocument/rangeFormatting
// answer with the formatter's edits (document.Snapshot.FormatEdits, the
// edits of analysis.FormatRangeEdits on the whole text), at most one per
// game and trimmed to the bytes that change, so that the editor keeps
// the cursor and the undo history of everything else. The width is the
// lineWidth setting; the client's tab and space options do not apply to
// PGN.

// Formatting answers textDocument/formatting.
func (s *server) Formatting(_ context.Context, p *protocol.DocumentFormattingParams) ([]protocol.TextEdit, error) {
	snap, err := s.navSnapshot(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	return s.formatEdits(snap, 0, snap.Len()), nil
}

// RangeFormatting answers textDocument/rangeFormatting: the games the range
// touches are formatted.
func (s *server) RangeFormatting(_ context.Context, p *protocol.DocumentRangeFormattingParams) ([]protocol.TextEdit, error) {
	snap, err := s.navSnapshot(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	from, to := offsets(snap, p.Range)
	return s.formatEdits(snap, from, to), nil
}

// formatEdits returns the formatting edits of the games that the byte range
// [from, to] touches. The snapshot formats its chunks in groups that format
// alone as they do within the whole text (document.Snapshot.FormatEdits),
// so that Format Document gives what `pgnls fmt` gives of the same text.
func (s *server) formatEdits(snap *document.Snapshot, from, to int) []protocol.TextEdit {
	opts := analysis.FormatOptions{Width: s.settings.Load().LineWidth}
	edits := snap.FormatEdits(opts, from, to)
	out := make([]protocol.TextEdit, 0, len(edits))
	for _, e := range edits {
		// One edit per game, anywhere in the text: each is converted
		// through the snapshot (its line tables mark long lines).
		out = append(out, protocol.TextEdit{Range: toRange(snap, int(e.Pos), int(e.End)), NewText: e.NewText})
	}
	return out
}
