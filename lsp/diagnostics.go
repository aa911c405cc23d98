package lsp

import (
	"context"
	"fmt"
	"sync/atomic"
	"time"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"pgnls/analysis"
	"pgnls/analysis/document"
)

// startAnalysis cancels the analysis of d's previous version and starts, in
// the background, the one of its current text, which publishes the
// diagnostics of that version. There is no debounce: analysis results are
// kept per game across snapshots, so after an edit only the touched game is
// analyzed again. s.mu must be held.
func (s *server) startAnalysis(d *openDoc) {
	d.cancelAnalysis()
	ctx, cancel := context.WithCancel(s.ctx)
	d.cancel = cancel
	if s.refuseLost(ctx, d) { // resync.go: a document out of step with the editor is not analyzed
		return
	}
	if s.refuseTooLarge(ctx, d) { // limits.go: a document over maxDocumentSize is not analyzed
		if size := d.size(); size >= LargeDocument {
			s.goBackground(func() { s.settled(size, false) }) // memory.go
		}
		return
	}
	snap, version := d.doc.Snapshot(), d.version
	s.goBackground(func() { s.analyze(ctx, d, snap, version) })
}

// analyze runs the analysis of one version of a document and publishes its
// diagnostics, unless a newer version or didClose cancels ctx first. While
// the first analysis of a large document runs, it reports progress; and
// every tick of a long analysis publishes the diagnostics found so far.
func (s *server) analyze(ctx context.Context, d *openDoc, snap *document.Snapshot, version int32) {
	if s.beforeAnalysis != nil {
		s.beforeAnalysis(ctx, d.uri, version)
	}
	var done, total atomic.Int64
	showProgress := snap.Len() >= s.progressMinBytes && !d.analyzed.Load()
	reportCtx, stopReport := context.WithCancel(ctx)
	defer stopReport() // also when the analysis panics (goBackground recovers it)
	reported := make(chan struct{})
	go func() {
		defer close(reported)
		s.reportWhileAnalyzing(reportCtx, ctx, d, snap, version, showProgress, &done, &total)
	}()
	start := time.Now()
	err := snap.Analyze(ctx, func(n, of int) {
		done.Store(int64(n))
		total.Store(int64(of))
	})
	stopReport()
	<-reported // its last partial publication must not follow the final one
	if err != nil {
		s.log.Debug("analysis cancelled", zap.String("uri", string(d.uri)), zap.Int32("version", version), zap.Error(err))
		return
	}
	first := !d.analyzed.Swap(true)
	s.log.Debug("analysis done", zap.String("uri", string(d.uri)), zap.Int32("version", version),
		zap.Int("games", snap.Games()), zap.Duration("took", time.Since(start)))
	s.publish(ctx, d, snap, version, true)
	// Settled first: it returns the garbage of the open and ends the
	// memory limit's lift, so the warm-up runs under the limit. Warmed
	// while the lift lasted, the garbage of formatting came on top of the
	// open's, and the server stayed at many times the text until it was
	// done (bench/NOTES.md).
	s.settled(snap.Len(), true) // memory.go
	if first && snap.Len() >= LargeDocument {
		s.goBackground(func() { s.warmUp(d) }) // warmup.go
	}
}

// reportWhileAnalyzing runs beside an analysis until reportCtx ends. With
// showProgress, it reports work-done progress (when the client accepts
// server-created progress); every tick, it publishes the diagnostics found
// so far. ctx is the analysis's own context: a newer version cancels it.
func (s *server) reportWhileAnalyzing(reportCtx, ctx context.Context, d *openDoc, snap *document.Snapshot, version int32,
	showProgress bool, done, total *atomic.Int64) {
	var prog *progress
	if showProgress {
		prog = s.beginProgress(reportCtx, d.uri)
	}
	ticker := time.NewTicker(s.tick)
	defer ticker.Stop()
	for {
		select {
		case <-reportCtx.Done():
			msg := "done"
			if ctx.Err() != nil {
				msg = "cancelled"
			}
			prog.end(msg)
			return
		case <-ticker.C:
		}
		prog.report(int(done.Load()), int(total.Load()))
		s.publish(ctx, d, snap, version, false)
	}
}

// publish sends the diagnostics of snap, the final ones or those found so
// far, unless ctx was cancelled (a newer version or didClose took over).
func (s *server) publish(ctx context.Context, d *openDoc, snap *document.Snapshot, version int32, final bool) {
	set := s.settingsFor(d.uri)
	extra := s.engineDiagnostics(d, snap)
	d.pubMu.Lock()
	defer d.pubMu.Unlock()
	if d.closed || ctx.Err() != nil {
		return
	}
	diags := d.pub.render(snap, set, extra)
	defer d.pub.recycle(diags)
	if err := s.sendDiagnostics(ctx, d, &version, diags); err != nil {
		s.log.Warn("publishDiagnostics failed", zap.String("uri", string(d.uri)), zap.Error(err))
		return
	}
	if s.onPublish != nil {
		s.onPublish(d.uri, version, final)
	}
}

// publishDiagnosticsParams is protocol.PublishDiagnosticsParams with the
// version of the document as it is (int32; protocol's field is a uint32 that
// omits version 0) and absent when there is none.
type publishDiagnosticsParams struct {
	URI         protocol.DocumentURI  `json:"uri"`
	Version     *int32                `json:"version,omitempty"`
	Diagnostics []protocol.Diagnostic `json:"diagnostics"`
}

// sendDiagnostics sends textDocument/publishDiagnostics of d, encoded by
// hand (publish.go). The list is never null: [] is what clears a
// document's diagnostics. d.pubMu must be held.
func (s *server) sendDiagnostics(ctx context.Context, d *openDoc, version *int32, diags []protocol.Diagnostic) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if diags == nil {
		diags = []protocol.Diagnostic{}
	}
	body := appendPublishDiagnostics(d.pub.encoded[:0], &publishDiagnosticsParams{URI: d.uri, Version: version, Diagnostics: diags})
	_, err := s.stream.WriteBody(body)
	if cap(body) <= maxKeptEncoding {
		d.pub.encoded = body
	}
	return err
}

// publication is what the publications of one document reuse, from one to
// the next: each keystroke in a large document renders and encodes up to
// maxDiagnostics diagnostics, and the garbage of that sets how often the
// collector runs under the process's memory limit (cmd/pgnls/memory.go).
// It belongs to the document, under its pubMu, which orders its
// publications anyway; so nothing is shared between documents (as a
// process-wide pool would be), and it goes when the document is closed.
type publication struct {
	kept     []analysis.Diagnostic // what Select chose, in its order
	selected document.Scratch      // Select's working space
	rendered []protocol.Diagnostic // the list render returns
	encoded  []byte                // the message sendDiagnostics writes
}

// maxRecycled is the longest list kept for reuse: the default cap of
// diagnostics, with room; an uncapped document's are left to the collector.
const maxRecycled = 4096

// maxKeptEncoding is the largest encoded publication kept for reuse: far
// more than maxRecycled diagnostics take.
const maxKeptEncoding = 4 << 20

// render turns the diagnostics found in snap into the ones to publish, as
// document.Snapshot.Select chooses them with the settings' severities and
// maxDiagnostics, with a note at the top of the document saying how many
// were left out, and extra (the engine's diagnostics) among them. The list
// is p's until recycle.
func (p *publication) render(snap *document.Snapshot, set *Settings, extra []analysis.Diagnostic) []protocol.Diagnostic {
	kept := reuse(p.kept, min(set.MaxDiagnostics, maxRecycled))
	sel := snap.Select(document.SelectOptions{Severity: set.Severity, Max: set.MaxDiagnostics, Scratch: &p.selected, Extra: extra}, kept)
	kept = sel.Diagnostics
	defer func() { p.kept = forget(kept) }()
	out := reuse(p.rendered, len(kept)+1)
	if sel.Omitted > 0 {
		lineEnd := snap.ClampUTF16(0, 1<<30)
		out = append(out, protocol.Diagnostic{
			Range:    toRange(snap, 0, lineEnd),
			Severity: protocol.DiagnosticSeverityInformation,
			Source:   source,
			Message: fmt.Sprintf("%d more diagnostics are not shown (the maxDiagnostics setting is %d; the most severe are shown, then those nearest the last edit): `pgnls check` lists them all",
				sel.Omitted, set.MaxDiagnostics),
		})
	}
	// The list is made at its final size, as every keystroke in a large
	// document renders a thousand diagnostics.
	for _, d := range kept {
		out = append(out, toProtocol(snap, d))
	}
	return out
}

// recycle keeps a list that render returned, once it is sent.
func (p *publication) recycle(diags []protocol.Diagnostic) { p.rendered = forget(diags) }

// reuse returns list emptied when it has room for n (and n is not past
// maxRecycled), or a new list with room for n.
func reuse[T any](list []T, n int) []T {
	if n <= maxRecycled && cap(list) >= n {
		return list[:0]
	}
	return make([]T, 0, n)
}

// forget returns list cleared, so that it holds on to no snapshot's
// strings, to be reused; nil when it is too long to keep.
func forget[T any](list []T) []T {
	if cap(list) > maxRecycled {
		return nil
	}
	clear(list[:cap(list)])
	return list[:0]
}

// progress is one work-done progress the server created; nil (when the
// client does not accept server-created progress) reports nothing.
type progress struct {
	s     *server
	token protocol.ProgressToken
}

// beginProgress creates a progress token and begins reporting on it, or
// returns nil.
func (s *server) beginProgress(ctx context.Context, uri protocol.DocumentURI) *progress {
	if !s.clientCaps().workDoneProgress {
		return nil
	}
	token := *protocol.NewProgressToken(fmt.Sprintf("pgnls/analysis/%d", s.progressTokens.Add(1)))
	// An analysis can end before the client answers (ctx is then
	// cancelled): the request is written all the same (stream.Write), so
	// the token is created, and gets its begin and end (found when the
	// first analysis got twice as fast: TestProgressOfFirstAnalysis saw a
	// token created and no progress on it). Waiting for the answer instead
	// would hold up the diagnostics for as long as a client takes to
	// answer, or forever.
	if err := s.client.WorkDoneProgressCreate(ctx, &protocol.WorkDoneProgressCreateParams{Token: token}); err != nil && ctx.Err() == nil {
		s.log.Debug("window/workDoneProgress/create failed", zap.Error(err))
		return nil
	}
	p := &progress{s: s, token: token}
	p.send(&protocol.WorkDoneProgressBegin{
		Kind:    protocol.WorkDoneProgressKindBegin,
		Title:   "Checking games",
		Message: string(uri),
	})
	return p
}

func (p *progress) report(done, total int) {
	if p == nil {
		return
	}
	r := &protocol.WorkDoneProgressReport{
		Kind:    protocol.WorkDoneProgressKindReport,
		Message: fmt.Sprintf("%d/%d parts", done, total),
	}
	if total > 0 {
		r.Percentage = uint32(done * 100 / total)
	}
	p.send(r)
}

func (p *progress) end(msg string) {
	if p == nil {
		return
	}
	p.send(&protocol.WorkDoneProgressEnd{Kind: protocol.WorkDoneProgressKindEnd, Message: msg})
}

func (p *progress) send(value any) {
	// The server's context, not the analysis's: the end of a cancelled
	// analysis must still be sent.
	if err := p.s.client.Progress(p.s.ctx, &protocol.ProgressParams{Token: p.token, Value: value}); err != nil {
		p.s.log.Debug("$/progress failed", zap.Error(err))
	}
}
