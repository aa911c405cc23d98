package lsp

import (
	"context"
	"path"
	"sort"

	"go.lsp.dev/protocol"

	"pgnls/analysis"
	"pgnls/analysis/document"
)

// Document symbols list the games of a document, each named
// "White – Black, Event Date (Result)" with its move count as detail and
// its tag pairs as children (up to maxTagSymbols games); workspace symbols find games of the open
// documents by player or event.

// maxWorkspaceSymbols caps the answer to workspace/symbol.
const maxWorkspaceSymbols = 1000

// maxTagSymbols is the number of games from which a document's symbols
// leave out the tags: an outline of a database of 100,000 games would be
// millions of symbols.
const maxTagSymbols = 5000

// DocumentSymbol answers textDocument/documentSymbol with DocumentSymbols
// (hierarchical: a game holds its tags).
func (s *server) DocumentSymbol(_ context.Context, p *protocol.DocumentSymbolParams) ([]any, error) {
	snap, err := s.navSnapshot(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	out := []any{}
	number := 1
	tags := snap.Games() <= maxTagSymbols
	for piece := range snap.Pieces() {
		lines := newLineIndex(piece)
		for _, g := range piece.GameSymbols(number) {
			if !tags {
				g.Tags = nil
			}
			out = append(out, gameSymbol(lines, g))
		}
		number += piece.Games()
	}
	return out, nil
}

func gameSymbol(lines *lineIndex, g analysis.GameSymbol) protocol.DocumentSymbol {
	sym := protocol.DocumentSymbol{
		Name:           g.Name,
		Detail:         g.Detail,
		Kind:           protocol.SymbolKindObject,
		Range:          lines.rangeOf(int(g.Pos), int(g.End)),
		SelectionRange: lines.rangeOf(int(g.NamePos), int(g.NameEnd)),
	}
	for _, t := range g.Tags {
		name := t.Name
		if name == "" {
			name = "?"
		}
		sym.Children = append(sym.Children, protocol.DocumentSymbol{
			Name:           name,
			Detail:         t.Value,
			Kind:           protocol.SymbolKindProperty,
			Range:          lines.rangeOf(int(t.Pos), int(t.End)),
			SelectionRange: lines.rangeOf(int(t.NamePos), int(t.NameEnd)),
		})
	}
	return sym
}

// Symbols answers workspace/symbol: the games of the open documents whose
// players or event hold every word of the query.
func (s *server) Symbols(ctx context.Context, p *protocol.WorkspaceSymbolParams) ([]protocol.SymbolInformation, error) {
	s.mu.Lock()
	uris := make([]protocol.DocumentURI, 0, len(s.docs))
	snaps := make(map[protocol.DocumentURI]*document.Snapshot, len(s.docs))
	for uri, d := range s.docs {
		uris = append(uris, uri)
		snaps[uri] = d.doc.Snapshot()
	}
	s.mu.Unlock()
	sort.Slice(uris, func(i, j int) bool { return uris[i] < uris[j] })
	out := []protocol.SymbolInformation{}
	for _, uri := range uris {
		snap := snaps[uri]
		number := 1
		for piece := range snap.Pieces() {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			var lines *lineIndex // made for the first game that matches
			for _, g := range piece.GameSymbols(number) {
				if !g.MatchesQuery(p.Query) {
					continue
				}
				if lines == nil {
					lines = newLineIndex(piece)
				}
				out = append(out, protocol.SymbolInformation{
					Name:          g.Name,
					Kind:          protocol.SymbolKindObject,
					Location:      protocol.Location{URI: uri, Range: lines.rangeOf(int(g.Pos), int(g.End))},
					ContainerName: path.Base(string(uri)),
				})
				if len(out) == maxWorkspaceSymbols {
					return out, nil
				}
			}
			number += piece.Games()
		}
	}
	return out, nil
}
