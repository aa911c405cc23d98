package lsp

import (
	"context"
	"os"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"pgnls/analysis"
	"pgnls/analysis/document"
	"pgnls/pgn"
)

// Hover answers textDocument/hover with analysis.Hover: the meaning of the
// NAG or suffix annotation under the cursor, the documentation of a tag
// (and, for ECO, the opening), or the position after a move as a board
// diagram with its FEN (or why the move is illegal), in Markdown or, for a
// client that prefers it, plain text. The hover.board setting "image"
// draws the Markdown's boards as SVG pictures.
func (s *server) Hover(_ context.Context, p *protocol.HoverParams) (*protocol.Hover, error) {
	snap, off, err := s.requestAt(p.TextDocument.URI, p.Position)
	if err != nil {
		return nil, err
	}
	plain := s.clientCaps().plainHover
	images := s.settings.Load().HoverImages && !plain // a plain-text client shows no image
	h := snap.PieceAt(off).Hover(off, analysis.HoverOptions{ECO: s.ecoBook, BoardImages: images})
	if md, text, pos, end, ok := s.engineHover(p.TextDocument.URI, snap, off); ok { // engine.go
		if h == nil {
			h = &analysis.HoverResult{Pos: pgn.Pos(pos), End: pgn.Pos(end)}
		} else {
			md, text = "\n\n---\n\n"+md, "\n\n"+text
		}
		h.Markdown += md
		h.PlainText += text
	}
	if h == nil {
		return nil, nil
	}
	r := toRange(snap, int(h.Pos), int(h.End))
	contents := protocol.MarkupContent{Kind: protocol.Markdown, Value: h.Markdown}
	if plain {
		contents = protocol.MarkupContent{Kind: protocol.PlainText, Value: h.PlainText}
	}
	return &protocol.Hover{Contents: contents, Range: &r}, nil
}

// requestAt returns the current snapshot of an open document and the byte
// offset of a position in it (clamped to its line and to the text, as the
// LSP specification asks of request positions).
func (s *server) requestAt(uri protocol.DocumentURI, pos protocol.Position) (*document.Snapshot, int, error) {
	s.mu.Lock()
	d, ok := s.docs[uri]
	var snap *document.Snapshot
	if ok {
		snap = d.doc.Snapshot()
	}
	s.mu.Unlock()
	if !ok {
		return nil, 0, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s is not open", uri)
	}
	return snap, snap.ClampUTF16(int(pos.Line), int(pos.Character)), nil
}

// defaultECOFile is where Debian's pgn-extract package installs its ECO
// classification file: the ecoFile setting's default.
const defaultECOFile = "/usr/share/pgn-extract/eco.pgn"

// ecoBook returns the ECO classification of the ecoFile setting, loaded
// once (s.eco caches it), or nil when there is none: the
// setting is empty, or the default file is not installed. A file that the
// user named and that cannot be read is logged, and shown once.
func (s *server) ecoBook() *analysis.ECOBook {
	path := s.settings.Load().ECOFile
	if path == "" {
		return nil
	}
	book, err := s.eco.Load(path)
	if err == nil {
		return book
	}
	if path == defaultECOFile && os.IsNotExist(err) {
		return nil
	}
	if _, seen := s.ecoWarned.LoadOrStore(path, true); !seen {
		s.log.Warn("ECO file not loaded: hovers name no openings", zap.String("ecoFile", path), zap.Error(err))
		s.showMessage(protocol.MessageTypeWarning, "pgnls: ecoFile: "+err.Error())
	}
	return nil
}
