package lsp

import (
	"context"

	"go.lsp.dev/protocol"
)

// DocumentLink answers textDocument/documentLink: the URLs in Site tags and
// in comments (analysis.Links).
func (s *server) DocumentLink(_ context.Context, p *protocol.DocumentLinkParams) ([]protocol.DocumentLink, error) {
	snap, err := s.navSnapshot(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	out := []protocol.DocumentLink{}
	for piece := range snap.Pieces() {
		lines := newLineIndex(piece)
		for _, l := range piece.Links() {
			out = append(out, protocol.DocumentLink{
				Range:  lines.rangeOf(int(l.Pos), int(l.End)),
				Target: protocol.DocumentURI(l.Target),
			})
		}
	}
	return out, nil
}
