package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"pgnls/analysis"
	"pgnls/pgn"
)

// Formatting: textDocument/formatting and textDocument/rangeFormatting
// answer with the formatter's edits (analysis.FormatRangeEdits), at most one
// per game and trimmed to the bytes that change, so that the editor keeps
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

// formatSentinel is a tag pair appended to a chunk that is not the last of
// its document, so that the chunk's last game is formatted as it is inside
// the whole text (followed by an empty line) rather than as the end of the
// file (followed by a newline alone). A chunk boundary is where a game
// starts a line and does not continue what comes before, so a tag pair
// there changes nothing of the chunk's parse.
const formatSentinel = "[PgnlsSentinel \"\"]\n"

// formatEdits returns the formatting edits of the games that the byte range
// [from, to] touches, chunk by chunk.
func (s *server) formatEdits(snap *analysis.Snapshot, from, to int) []protocol.TextEdit {
	opts := analysis.FormatOptions{Width: s.settings.Load().LineWidth}
	out := []protocol.TextEdit{}
	for base, f := range snap.PiecesIn(from, to) {
		n := len(f.Src)
		if base+n < snap.Len() {
			f = pgn.Parse(f.Src + formatSentinel)
		}
		rf, rt := chunkRange(from, to, base, n)
		var edits []analysis.Edit
		for _, e := range analysis.FormatRangeEdits(f, opts, rf, rt) {
			// The sentinel is in export format already: it has no edit.
			if int(e.End) <= n {
				edits = append(edits, e)
			}
		}
		out = append(out, toTextEdits(snap, base, edits)...)
	}
	return out
}
