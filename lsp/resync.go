package lsp

import (
	"context"
	"fmt"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// Losing track of a document. The editor sends each change as a range in
// the text as it sees it; a change the server cannot apply as the editor
// meant it (a position past the end of its line or of the text, inside a
// character, negative; a range that ends before it starts) means the two no
// longer hold the same text, and the server cannot ask for it. Guessing
// (rounding a position, skipping the change) would check, format and
// rename a text the user does not have, and edit theirs at the wrong
// places. So the server says so and stops: the document's diagnostics are
// replaced by one error on its first line that says what happened and what
// fixes it, the editor shows a message, and every request on the document
// gets null. Later ranged changes are ignored; a change of the whole text
// (some editors send one on request, any editor after "revert") or a new
// didOpen (closing and reopening the file) brings the document back.

// codeOutOfStep is the code of the diagnostic of a document the server lost
// track of. It is not one of analysis.Codes: the severity setting does not
// apply to it.
const codeOutOfStep = "out-of-sync"

// loseTrack marks d out of step after a batch of changes of version that
// could not be applied (why), tells the user and publishes the diagnostic
// that says so. The text d held is dropped: nothing may read it any more.
// s.mu must be held.
func (s *server) loseTrack(d *openDoc, version int32, why error) {
	s.log.Error("didChange refused: the server lost track of the document's text until its whole text comes",
		zap.String("uri", string(d.uri)), zap.Int32("version", version), zap.Int32("previous", d.version), zap.Error(why))
	s.showMessage(protocol.MessageTypeError, fmt.Sprintf(
		"pgnls: could not apply a change to %s (%v), and lost track of its text: close and reopen the file to check it again.", d.uri, why))
	d.lost = why.Error()
	d.version = version
	d.setText("", 0)
	s.startAnalysis(d) // publishes the diagnostic of a lost document
}

// refuseLost publishes, for a document out of step, the one diagnostic that
// says so, in the background and under ctx, as an analysis publishes; it
// reports whether d is out of step. s.mu must be held.
func (s *server) refuseLost(ctx context.Context, d *openDoc) bool {
	if d.lost == "" {
		return false
	}
	s.publishOnly(ctx, d, protocol.Diagnostic{
		Severity: protocol.DiagnosticSeverityError,
		Code:     codeOutOfStep,
		Source:   source,
		Message: "pgnls lost track of this file's text: a change from the editor could not be applied (" + d.lost + "). " +
			"Until the file is closed and reopened (or its whole text is sent again), pgnls does not check it, and its other features are off for it.",
	})
	return true
}

// publishOnly publishes diag as the only diagnostic of d's current version,
// in the background and under ctx (cancelled when a newer version or
// didClose comes). s.mu must be held.
func (s *server) publishOnly(ctx context.Context, d *openDoc, diag protocol.Diagnostic) {
	version := d.version
	s.goBackground(func() {
		d.pubMu.Lock()
		defer d.pubMu.Unlock()
		if d.closed || ctx.Err() != nil {
			return
		}
		if err := s.sendDiagnostics(ctx, d, &version, []protocol.Diagnostic{diag}); err != nil {
			s.log.Warn("publishDiagnostics failed", zap.String("uri", string(d.uri)), zap.Error(err))
			return
		}
		if s.onPublish != nil {
			s.onPublish(d.uri, version, true)
		}
	})
}
