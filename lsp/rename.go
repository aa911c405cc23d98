package lsp

import (
	"context"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"pgnls/analysis"
	"pgnls/analysis/document"
	"pgnls/pgn"
)

// Rename works on a player's name in a White or Black tag: it renames every
// White and Black tag of the document whose value is exactly that name.

// PrepareRename answers textDocument/prepareRename with the name under the
// cursor (the tag value without its quotes), or null when the cursor is
// not on a player's name.
func (s *server) PrepareRename(_ context.Context, p *protocol.PrepareRenameParams) (*protocol.Range, error) {
	snap, err := s.navSnapshot(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	tag, pos, end := playerAt(snap, p.Position)
	if tag == nil {
		return nil, nil
	}
	r := toRange(snap, pos, end)
	return &r, nil
}

// playerAt returns the White or Black tag at an LSP position, with the
// span of its value.
func playerAt(snap *document.Snapshot, at protocol.Position) (tag *pgn.Tag, valuePos, valueEnd int) {
	off := snap.ClampUTF16(int(at.Line), int(at.Character))
	return snap.PieceAt(off).PlayerAt(off)
}

// Rename answers textDocument/rename.
func (s *server) Rename(_ context.Context, p *protocol.RenameParams) (*protocol.WorkspaceEdit, error) {
	snap, err := s.navSnapshot(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	tag, _, _ := playerAt(snap, p.Position)
	if tag == nil {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "only a player's name in a White or Black tag can be renamed")
	}
	if err := analysis.CheckPlayerName(p.NewName); err != nil {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%v", err)
	}
	edits := []protocol.TextEdit{}
	for piece := range snap.Pieces() {
		if renames := piece.RenamePlayer(tag.Value, p.NewName); len(renames) > 0 {
			edits = append(edits, textEditsIn(newLineIndex(piece), renames)...)
		}
	}
	return &protocol.WorkspaceEdit{Changes: map[protocol.DocumentURI][]protocol.TextEdit{p.TextDocument.URI: edits}}, nil
}
