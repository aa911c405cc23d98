package lsp

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"pgnls/analysis"
)

// openDoc is the server's record of one open document. Its fields are
// guarded by server.mu, except those of publishing (pubMu).
type openDoc struct {
	uri     protocol.DocumentURI
	doc     *analysis.Document
	version int32
	// big holds the text of a document over the maxDocumentSize setting,
	// which is not analyzed (doc is then empty); nil otherwise (limits.go).
	big *string
	// cancel stops the background analysis of the current version.
	cancel context.CancelFunc
	// analyzed is set once an analysis has run to its end: from then on,
	// an edit re-analyzes little, and reports no progress.
	analyzed atomic.Bool

	// pubMu orders publications: a stale analysis checks, under it, that it
	// was not cancelled before it publishes, so nothing it sends can follow
	// what a newer version or didClose sent.
	pubMu  sync.Mutex
	closed bool // guarded by pubMu
}

func (d *openDoc) cancelAnalysis() {
	if d.cancel != nil {
		d.cancel()
		d.cancel = nil
	}
}

// didChangeParams is textDocument/didChange decoded with a range that can be
// absent: protocol.TextDocumentContentChangeEvent's Range is not a pointer,
// so it cannot tell a full replacement from an insertion at 0:0.
type didChangeParams struct {
	TextDocument struct {
		URI     protocol.DocumentURI `json:"uri"`
		Version int32                `json:"version"`
	} `json:"textDocument"`
	ContentChanges []contentChange `json:"contentChanges"`
}

type contentChange struct {
	Range *protocol.Range `json:"range"` // nil: Text replaces the whole document
	Text  string          `json:"text"`
}

// DidOpen starts tracking a document. The language id is not looked at:
// some clients send "" (the client chose to send the file to pgnls).
func (s *server) DidOpen(_ context.Context, p *protocol.DidOpenTextDocumentParams) error {
	item := p.TextDocument
	s.mu.Lock()
	defer s.mu.Unlock()
	if old, ok := s.docs[item.URI]; ok {
		s.log.Warn("didOpen of a document already open: replacing it", zap.String("uri", string(item.URI)))
		old.cancelAnalysis()
	}
	d := newOpenDoc(item.URI, item.Version, item.Text, s.maxDocumentSize())
	s.docs[item.URI] = d
	s.log.Info("open", zap.String("uri", string(item.URI)), zap.Int32("version", item.Version), zap.Int("bytes", len(item.Text)))
	s.startAnalysis(d)
	return nil
}

// didChange applies a batch of changes in order and starts the analysis of
// the new version. It returns at once; the diagnostics follow.
func (s *server) didChange(p *didChangeParams) {
	uri := p.TextDocument.URI
	s.mu.Lock()
	defer s.mu.Unlock()
	d, ok := s.docs[uri]
	if !ok {
		s.log.Warn("didChange of a document that is not open: ignored", zap.String("uri", string(uri)))
		return
	}
	if p.TextDocument.Version <= d.version {
		s.log.Warn("didChange with a version not above the current one",
			zap.String("uri", string(uri)), zap.Int32("version", p.TextDocument.Version), zap.Int32("current", d.version))
	}
	if err := d.apply(p.ContentChanges, s.maxDocumentSize()); err != nil {
		s.log.Error("didChange rejected: the document keeps its previous version",
			zap.String("uri", string(uri)), zap.Int32("version", p.TextDocument.Version), zap.Int32("current", d.version), zap.Error(err))
		s.showMessage(protocol.MessageTypeError, fmt.Sprintf(
			"pgnls: could not apply a change to %s (%v); close and reopen the file to resynchronise it", uri, err))
		return
	}
	d.version = p.TextDocument.Version
	s.startAnalysis(d)
}

// applyChanges applies changes in order, each range taken in the text the
// previous ones left. The batch is all or nothing: when a change is out of
// range, the ones before it are undone and the document is as it was.
func applyChanges(doc *analysis.Document, changes []contentChange) error {
	done := make([]appliedEdit, 0, len(changes))
	for i, c := range changes {
		snap := doc.Snapshot()
		start, end := 0, snap.Len()
		if c.Range != nil {
			var err error
			if start, err = snap.OffsetUTF16(int(c.Range.Start.Line), int(c.Range.Start.Character)); err == nil {
				end, err = snap.OffsetUTF16(int(c.Range.End.Line), int(c.Range.End.Character))
			}
			if err == nil && end < start {
				err = fmt.Errorf("range %s ends before it starts", fmtRange(*c.Range))
			}
			if err != nil {
				undo(doc, done)
				return fmt.Errorf("change %d of %d: %w", i+1, len(changes), err)
			}
		}
		if err := doc.Edit(start, end, c.Text); err != nil {
			undo(doc, done)
			return fmt.Errorf("change %d of %d: %w", i+1, len(changes), err)
		}
		done = append(done, appliedEdit{snap, start, end, len(c.Text)})
	}
	return nil
}

// appliedEdit is an edit applyChanges made, with what undo needs.
type appliedEdit struct {
	before     *analysis.Snapshot // the text the edit was made in
	start, end int
	newLen     int
}

// undo reverts applied edits, last first. Each inverse edit is in range
// by construction.
func undo(doc *analysis.Document, done []appliedEdit) {
	for i := len(done) - 1; i >= 0; i-- {
		a := done[i]
		if err := doc.Edit(a.start, a.start+a.newLen, a.before.Text()[a.start:a.end]); err != nil {
			panic(fmt.Sprintf("lsp: undoing an edit failed: %v", err)) // a bug in Document
		}
	}
}

func fmtRange(r protocol.Range) string {
	return fmt.Sprintf("%d:%d-%d:%d", r.Start.Line, r.Start.Character, r.End.Line, r.End.Character)
}

// DidClose forgets a document and clears its diagnostics.
func (s *server) DidClose(_ context.Context, p *protocol.DidCloseTextDocumentParams) error {
	uri := p.TextDocument.URI
	s.mu.Lock()
	d, ok := s.docs[uri]
	if ok {
		delete(s.docs, uri)
		d.cancelAnalysis()
	}
	s.mu.Unlock()
	if !ok {
		s.log.Warn("didClose of a document that is not open", zap.String("uri", string(uri)))
		return nil
	}
	s.log.Info("close", zap.String("uri", string(uri)))
	d.pubMu.Lock()
	d.closed = true
	err := s.sendDiagnostics(s.ctx, uri, nil, nil)
	d.pubMu.Unlock()
	s.updateMemoryLimit(false) // lower it, as far as the live heap allows
	return err
}
