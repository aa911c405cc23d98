package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"pgnls/analysis/document"
)

// The size limit: a document larger than the maxDocumentSize setting is not
// parsed or analyzed, since its tree and diagnostics would take many times
// its size in memory. The server keeps its text, as a plain string, so that
// later edits apply (and bring it back under the limit, when they do); it
// publishes one diagnostic saying why the document is not checked, and
// answers the requests on it with null.

// defaultMaxDocumentSize is the maxDocumentSize setting's default: 256 MB.
const defaultMaxDocumentSize = 256 << 20

// codeTooLarge is the code of the diagnostic of a refused document. It is
// not one of analysis.Codes: the severity setting does not apply to it.
const codeTooLarge = "document-too-large"

// newOpenDoc makes the record of a document opened with text, oversize
// (document.NewLimitedDocument) when the text is over limit.
func newOpenDoc(uri protocol.DocumentURI, version int32, text string, limit int) *openDoc {
	d := &openDoc{uri: uri, version: version}
	d.setText(text, limit)
	return d
}

// setText replaces the whole text of d, kept oversize when it is over
// limit: an oversize document has no games, so that whatever reads it
// (workspace symbols) finds nothing.
func (d *openDoc) setText(text string, limit int) {
	d.doc = document.NewLimitedDocument(text, limit)
	d.analyzed.Store(false)
}

// text returns the whole text of d.
func (d *openDoc) text() string { return d.doc.Snapshot().Text() }

// size returns the length of d's text in bytes.
func (d *openDoc) size() int { return d.doc.Snapshot().Len() }

// apply applies a batch of changes (all or nothing, as applyChanges) under
// the size limit: an edit that takes the document over it, or one of an
// oversize document, applies to its text without parsing it
// (document.Document.Edit); the document is parsed again once the batch
// leaves it within the limit.
func (d *openDoc) apply(changes []contentChange, limit int) error {
	d.setLimit(limit)
	done, err := applyChangesLogged(d.doc, changes)
	if err != nil {
		return err
	}
	for _, e := range done {
		d.shiftEngine(e.start, e.end, e.newLen) // engine.go
	}
	d.setLimit(limit)
	return nil
}

// setLimit applies the size limit to d; a document that changes mode
// starts its analysis over.
func (d *openDoc) setLimit(limit int) {
	if d.doc.SetLimit(limit) {
		d.analyzed.Store(false)
	}
}

// maxDocumentSize returns the size limit of the current settings.
func (s *server) maxDocumentSize() int { return s.settings.Load().MaxDocumentSize }

// refuseTooLarge applies the current size limit to d (the setting may have
// changed since its text did) and, when d is over it, publishes the
// diagnostic that says so, in the background and under ctx, as an analysis
// publishes; it reports whether it did. s.mu must be held.
func (s *server) refuseTooLarge(ctx context.Context, d *openDoc) bool {
	limit := s.maxDocumentSize()
	d.setLimit(limit)
	if !d.doc.Oversize() {
		return false
	}
	size := d.size()
	s.log.Debug("document too large: not analyzed", zap.String("uri", string(d.uri)), zap.Int("bytes", size), zap.Int("maxDocumentSize", limit))
	s.publishOnly(ctx, d, protocol.Diagnostic{
		Severity: protocol.DiagnosticSeverityWarning,
		Code:     codeTooLarge,
		Source:   source,
		Message: fmt.Sprintf("pgnls does not check this document: it is %d bytes, more than the maxDocumentSize setting (%d bytes). "+
			"Raise maxDocumentSize (in bytes, in the pgnls settings; 0 for no limit) to check it here, or run `pgnls check`, which checks files of any size.",
			size, limit),
	})
	return true
}

// refusesRequest reports whether req is a textDocument request on a
// document that is too large to be analyzed, or that the server lost track
// of (resync.go): it is answered null, as no feature reads its text.
func (s *server) refusesRequest(req jsonrpc2.Request) bool {
	if !strings.HasPrefix(req.Method(), "textDocument/") {
		return false
	}
	var p struct {
		TextDocument struct {
			URI protocol.DocumentURI `json:"uri"`
		} `json:"textDocument"`
	}
	if json.Unmarshal(req.Params(), &p) != nil {
		return false // the method's own decoding reports it
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	d, ok := s.docs[p.TextDocument.URI]
	return ok && (d.doc.Oversize() || d.lost != "")
}
