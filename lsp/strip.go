package lsp

import (
	"go.lsp.dev/protocol"

	"pgnls/analysis/document"
)

// stripWholeFileLimit is the largest document whose "strip ... from the
// file" actions are offered with every code action request: computing
// them reads the whole text, and clients ask for code actions whenever
// the cursor moves. A larger document gets them when the client asks for
// source actions (only: ["source"] and the like).
const stripWholeFileLimit = 1 << 20

// fileStripActions returns the actions that strip clocks, evals or arrows
// from the whole document (StripFileActions of every piece, the edits of
// each converted with the piece's lines), for a document of more
// than one game: in one game, "from this game" does it.
func fileStripActions(snap *document.Snapshot, p *protocol.CodeActionParams) []protocol.CodeAction {
	only := p.Context.Only
	if snap.Games() < 2 || !kindWanted(kindStrip, only) || len(only) == 0 && snap.Len() > stripWholeFileLimit {
		return nil
	}
	var out []protocol.CodeAction
	index := map[string]int{} // title: place in out
	for piece := range snap.Pieces() {
		actions := piece.StripFileActions()
		if len(actions) == 0 {
			continue
		}
		lines := newLineIndex(piece)
		for _, a := range actions {
			i, ok := index[a.Title]
			if !ok {
				i = len(out)
				index[a.Title] = i
				out = append(out, protocol.CodeAction{
					Title: a.Title,
					Kind:  kindStrip,
					Edit:  &protocol.WorkspaceEdit{Changes: map[protocol.DocumentURI][]protocol.TextEdit{}},
				})
			}
			changes := out[i].Edit.Changes
			changes[p.TextDocument.URI] = append(changes[p.TextDocument.URI], textEditsIn(lines, a.Edits)...)
		}
	}
	return out
}
