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
	"pgnls/pgn"
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

// tooLarge reports whether a text of size bytes is over limit (0: no limit).
func tooLarge(size, limit int) bool { return limit > 0 && size > limit }

// newOpenDoc makes the record of a document opened with text, refused when
// the text is over limit.
func newOpenDoc(uri protocol.DocumentURI, version int32, text string, limit int) *openDoc {
	d := &openDoc{uri: uri, version: version}
	d.setText(text, limit)
	return d
}

// setText replaces the whole text of d: parsed into a Document when it is
// within limit, kept as it is otherwise. The Document of a refused text is
// empty, so that whatever reads it (workspace symbols) finds nothing.
func (d *openDoc) setText(text string, limit int) {
	if tooLarge(len(text), limit) {
		d.big, d.doc = &text, document.NewDocument("")
	} else {
		d.big, d.doc = nil, document.NewDocument(text)
	}
	d.analyzed.Store(false)
}

// text returns the whole text of d.
func (d *openDoc) text() string {
	if d.big != nil {
		return *d.big
	}
	return d.doc.Snapshot().Text()
}

// size returns the length of d's text in bytes.
func (d *openDoc) size() int {
	if d.big != nil {
		return len(*d.big)
	}
	return d.doc.Snapshot().Len()
}

// apply applies a batch of changes (all or nothing, as applyChanges) under
// the size limit. A batch that could take an analyzed document over the
// limit is applied to its text rather than to its Document, which would
// parse the large text on the way.
func (d *openDoc) apply(changes []contentChange, limit int) error {
	if d.big == nil {
		grown := d.doc.Snapshot().Len()
		for _, c := range changes {
			grown += len(c.Text)
		}
		if !tooLarge(grown, limit) {
			return applyChanges(d.doc, changes)
		}
	}
	text, err := applyToText(d.text(), changes)
	if err != nil {
		return err
	}
	d.setText(text, limit)
	return nil
}

// applyToText applies a batch of changes to a plain text, with the rules of
// applyChanges: from the last change of the whole text, each range in the
// text the previous changes left, a change that cannot be applied refusing
// the whole batch.
func applyToText(text string, changes []contentChange) (string, error) {
	for i := max(0, lastWholeText(changes)); i < len(changes); i++ {
		c := changes[i]
		if c.refused == nil && c.Range == nil {
			text = c.Text
			continue
		}
		err := c.refused
		start, end := 0, 0
		if err == nil {
			start, end, err = rangeOffsets(c.Range,
				func(line, col int) (int, error) { return offsetUTF16(text, line, col) },
				func(off int) (int, int) { return positionUTF16(text, off) })
		}
		if err != nil {
			return "", fmt.Errorf("change %d of %d: %w", i+1, len(changes), err)
		}
		text = text[:start] + c.Text + text[end:]
	}
	return text, nil
}

// positionUTF16 converts a byte offset in text to an LSP position as
// offsetUTF16 reads them, for the one position of a change: the line is
// counted by its breaks, the column in that line alone.
func positionUTF16(text string, off int) (line, col int) {
	head := text[:off]
	start := max(strings.LastIndexByte(head, '\n'), strings.LastIndexByte(head, '\r')) + 1
	line = strings.Count(head, "\n") + strings.Count(head, "\r") - strings.Count(head, "\r\n")
	if start == off && off > 0 && head[off-1] == '\r' && off < len(text) && text[off] == '\n' {
		// between the two bytes of a CRLF: the end of the line before
		return positionUTF16(text, off-1)
	}
	_, col = pgn.NewLineTable(text[start:off]).UTF16Position(pgn.Pos(off - start))
	return line, col
}

// offsetUTF16 converts an LSP position in text to a byte offset as
// pgn.LineTable does, without indexing every line of a large text: the
// line is found by counting line breaks ("\n", "\r\n" or a lone "\r"), the
// column in that line alone.
func offsetUTF16(text string, line, col int) (int, error) {
	if line < 0 || col < 0 {
		return 0, fmt.Errorf("position %d:%d is negative", line, col)
	}
	start, lfOnly := 0, strings.IndexByte(text, '\r') < 0
	for n := 0; n < line; n++ {
		var i int
		if lfOnly {
			i = strings.IndexByte(text[start:], '\n')
		} else {
			i = strings.IndexAny(text[start:], "\r\n")
		}
		if i < 0 {
			return 0, fmt.Errorf("position %d:%d: line %d is past the last line (%d)", line, col, line, n)
		}
		start += i + 1
		if text[start-1] == '\r' && start < len(text) && text[start] == '\n' {
			start++
		}
	}
	end := len(text)
	if i := strings.IndexAny(text[start:], "\r\n"); i >= 0 {
		end = start + i
	}
	off, err := pgn.NewLineTable(text[start:end]).OffsetUTF16(0, col)
	if err != nil {
		return 0, fmt.Errorf("position %d:%d: %w", line, col, err)
	}
	return start + int(off), nil
}

// maxDocumentSize returns the size limit of the current settings.
func (s *server) maxDocumentSize() int { return s.settings.Load().MaxDocumentSize }

// refuseTooLarge applies the current size limit to d (the setting may have
// changed since its text did) and, when d is over it, publishes the
// diagnostic that says so, in the background and under ctx, as an analysis
// publishes; it reports whether it did. s.mu must be held.
func (s *server) refuseTooLarge(ctx context.Context, d *openDoc) bool {
	limit := s.maxDocumentSize()
	if over := tooLarge(d.size(), limit); over != (d.big != nil) {
		d.setText(d.text(), limit)
	}
	if d.big == nil {
		return false
	}
	size := len(*d.big)
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
	return ok && (d.big != nil || d.lost != "")
}
