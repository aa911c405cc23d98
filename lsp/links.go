package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"pgnls/analysis"
)

// DocumentLink answers textDocument/documentLink: the URLs in Site tags and
// in comments (analysis.Links).
func (s *server) DocumentLink(_ context.Context, p *protocol.DocumentLinkParams) ([]protocol.DocumentLink, error) {
	snap, err := s.navSnapshot(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	out := []protocol.DocumentLink{}
	for base, f := range snap.Pieces() {
		lines := newLineIndex(snap, base, f.Src)
		for _, l := range analysis.Links(f) {
			out = append(out, protocol.DocumentLink{
				Range:  lines.rangeOf(base+int(l.Pos), base+int(l.End)),
				Target: protocol.DocumentURI(l.Target),
			})
		}
	}
	return out, nil
}
