package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"pgnls/analysis/document"
)

// openDoc is the server's record of one open document. Its fields are
// guarded by server.mu, except those of publishing (pubMu).
type openDoc struct {
	uri protocol.DocumentURI
	// doc is oversize (not parsed nor analyzed) when its text is over the
	// maxDocumentSize setting (limits.go).
	doc     *document.Document
	version int32
	// cancel stops the background analysis of the current version.
	cancel context.CancelFunc
	// analyzed is set once an analysis has run to its end: from then on,
	// an edit re-analyzes little, and reports no progress.
	analyzed atomic.Bool

	// lost says why the server lost track of the text: a change it could
	// not apply as the editor meant it; "" while it is in step with the
	// editor. A document out of step is not analyzed, and requests on it
	// get null, until a change of its whole text or a new didOpen
	// (resync.go).
	lost string

	// pubMu orders publications: a stale analysis checks, under it, that it
	// was not cancelled before it publishes, so nothing it sends can follow
	// what a newer version or didClose sent.
	pubMu  sync.Mutex
	closed bool        // guarded by pubMu
	pub    publication // guarded by pubMu (diagnostics.go)

	// engine holds the games of the document the engine analysed
	// (engine.go).
	engine []*engineGame
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
	// refused says why the change cannot be applied, found as it was
	// decoded: a position that is negative, or not an integer.
	refused error
}

// UnmarshalJSON decodes a change with positions of any integer, so that a
// change with a negative position is refused as such (a change the editor
// made that the server does not follow) rather than the whole message
// failing to decode into protocol's uint32 and being dropped with a line
// in the log.
func (c *contentChange) UnmarshalJSON(data []byte) error {
	type position struct {
		Line      json.RawMessage `json:"line"`
		Character json.RawMessage `json:"character"`
	}
	var wire struct {
		Range *struct {
			Start position `json:"start"`
			End   position `json:"end"`
		} `json:"range"`
		Text string `json:"text"`
	}
	if err := json.Unmarshal(data, &wire); err != nil {
		return err
	}
	*c = contentChange{Text: wire.Text}
	if wire.Range == nil {
		return nil
	}
	var n [4]uint32
	for i, v := range []json.RawMessage{wire.Range.Start.Line, wire.Range.Start.Character, wire.Range.End.Line, wire.Range.End.Character} {
		what := [...]string{"start line", "start character", "end line", "end character"}[i]
		u, err := uinteger(v)
		if err != nil {
			c.refused = fmt.Errorf("range %s: %s %s", rawRange(wire.Range.Start, wire.Range.End), what, err)
			return nil
		}
		n[i] = u
	}
	c.Range = &protocol.Range{Start: protocol.Position{Line: n[0], Character: n[1]}, End: protocol.Position{Line: n[2], Character: n[3]}}
	return nil
}

// uinteger reads LSP's uinteger: a whole number from 0 to 2^31-1.
func uinteger(v json.RawMessage) (uint32, error) {
	n, err := strconv.ParseInt(string(v), 10, 64)
	switch {
	case len(v) == 0:
		return 0, errors.New("is missing")
	case err != nil && strings.ContainsAny(string(v), ".eE") && json.Valid(v):
		return 0, fmt.Errorf("%s is not a whole number", v)
	case err != nil:
		return 0, fmt.Errorf("%.200s is not a number", v)
	case n < 0:
		return 0, fmt.Errorf("%d is negative", n)
	case n > math.MaxInt32:
		return 0, fmt.Errorf("%d is past the largest position (2^31-1)", n)
	}
	return uint32(n), nil
}

func rawRange[P any](start, end P) string {
	b, _ := json.Marshal(struct {
		Start P `json:"start"`
		End   P `json:"end"`
	}{start, end})
	return string(b)
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
// the new version. It returns at once; the diagnostics follow. A batch that
// cannot be applied as the editor meant it makes the server lose track of
// the document (loseTrack); one that holds a change of the whole text
// brings it back in step.
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
	if d.lost != "" && lastWholeText(p.ContentChanges) < 0 {
		s.log.Debug("didChange of a document out of step: ignored until its whole text comes",
			zap.String("uri", string(uri)), zap.Int32("version", p.TextDocument.Version))
		d.version = p.TextDocument.Version
		s.startAnalysis(d) // the out-of-sync diagnostic again, for the editor's version
		return
	}
	if err := d.apply(p.ContentChanges, s.maxDocumentSize()); err != nil {
		s.loseTrack(d, p.TextDocument.Version, err)
		return
	}
	if d.lost != "" {
		s.log.Info("back in step with the editor: the whole text came", zap.String("uri", string(uri)))
		d.lost = ""
	}
	d.version = p.TextDocument.Version
	s.startAnalysis(d)
}

// lastWholeText returns the index of the last change in a batch that
// replaces the whole text, or -1: the changes before it do not matter.
func lastWholeText(changes []contentChange) int {
	for i := len(changes) - 1; i >= 0; i-- {
		if changes[i].Range == nil && changes[i].refused == nil {
			return i
		}
	}
	return -1
}

// applyChanges applies changes in order, each range taken in the text the
// previous ones left, from the last change of the whole text (what comes
// before it does not matter). The batch is all or nothing: when a change
// cannot be applied (a position past the end of its line or of the text,
// inside a character, negative; a range that ends before it starts), the
// ones before it are undone and the document is as it was.
func applyChanges(doc *document.Document, changes []contentChange) error {
	_, err := applyChangesLogged(doc, changes)
	return err
}

// applyChangesLogged is applyChanges, which also returns the edits it
// made, in order.
func applyChangesLogged(doc *document.Document, changes []contentChange) ([]appliedEdit, error) {
	done := make([]appliedEdit, 0, len(changes))
	for i := max(0, lastWholeText(changes)); i < len(changes); i++ {
		c := changes[i]
		snap := doc.Snapshot()
		start, end := 0, snap.Len()
		if c.refused != nil || c.Range != nil {
			err := c.refused
			if err == nil {
				start, end, err = rangeOffsets(c.Range, snap.OffsetUTF16, snap.PositionUTF16)
			}
			if err != nil {
				undo(doc, done)
				return nil, fmt.Errorf("change %d of %d: %w", i+1, len(changes), err)
			}
		}
		if err := doc.Edit(start, end, c.Text); err != nil {
			undo(doc, done)
			return nil, fmt.Errorf("change %d of %d: %w", i+1, len(changes), err)
		}
		done = append(done, appliedEdit{snap, start, end, len(c.Text)})
	}
	return done, nil
}

// appliedEdit is an edit applyChanges made, with what undo needs.
type appliedEdit struct {
	before     *document.Snapshot // the text the edit was made in
	start, end int
	newLen     int
}

// undo reverts applied edits, last first. Each inverse edit is in range
// by construction.
func undo(doc *document.Document, done []appliedEdit) {
	for i := len(done) - 1; i >= 0; i-- {
		a := done[i]
		if err := doc.Edit(a.start, a.start+a.newLen, a.before.Text()[a.start:a.end]); err != nil {
			panic(fmt.Sprintf("lsp: undoing an edit failed: %v", err)) // a bug in Document
		}
	}
}

// rangeOffsets converts the range of a change to byte offsets, refusing a
// position that is past the end of its line or of the text, or inside a
// character: a position between the two UTF-16 code units of a character
// outside the Basic Multilingual Plane (𝄞, an emoji) means the editor and
// the server count the text differently, and rounding it to the
// character's start (what OffsetUTF16 does) deleted the whole character and
// put every later column of the line one off the editor's.
func rangeOffsets(r *protocol.Range, offset func(line, col int) (int, error), position func(off int) (line, col int)) (start, end int, err error) {
	if start, err = exactOffset(r.Start, offset, position); err == nil {
		end, err = exactOffset(r.End, offset, position)
	}
	if err == nil && end < start {
		err = fmt.Errorf("range %s ends before it starts", fmtRange(*r))
	}
	return start, end, err
}

func exactOffset(p protocol.Position, offset func(line, col int) (int, error), position func(off int) (line, col int)) (int, error) {
	off, err := offset(int(p.Line), int(p.Character))
	if err != nil {
		return 0, err
	}
	if line, col := position(off); line != int(p.Line) || col != int(p.Character) {
		return 0, fmt.Errorf("position %d:%d is inside a character (between the two UTF-16 code units of a surrogate pair)", p.Line, p.Character)
	}
	return off, nil
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
	err := s.sendDiagnostics(s.ctx, d, nil, nil)
	d.pubMu.Unlock()
	s.settled(0, false) // memory.go
	return err
}
