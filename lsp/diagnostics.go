package lsp

import (
	"context"
	"fmt"
	"sync"
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
	if first && snap.Len() >= LargeDocument {
		// Format on save must answer within the editors' two seconds:
		// the chunks remember that they are formatted (FormatEdits), so
		// a save after an edit formats only what the edit changed. An
		// edit cancels ctx; what was formatted by then is remembered.
		snap.WarmFormat(ctx, analysis.FormatOptions{Width: s.settings.Load().LineWidth})
	}
	s.settled(snap.Len(), true) // memory.go
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
	diags := render(snap, s.settingsFor(d.uri))
	defer recycle(diags)
	d.pubMu.Lock()
	defer d.pubMu.Unlock()
	if d.closed || ctx.Err() != nil {
		return
	}
	if err := s.sendDiagnostics(ctx, d.uri, &version, diags); err != nil {
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

// sendDiagnostics sends textDocument/publishDiagnostics, encoded by hand
// (publish.go). The list is never null: [] is what clears a document's
// diagnostics.
func (s *server) sendDiagnostics(ctx context.Context, uri protocol.DocumentURI, version *int32, diags []protocol.Diagnostic) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if diags == nil {
		diags = []protocol.Diagnostic{}
	}
	buf := publishBuffers.Get().(*[]byte)
	defer publishBuffers.Put(buf)
	*buf = appendPublishDiagnostics((*buf)[:0], &publishDiagnosticsParams{URI: uri, Version: version, Diagnostics: diags})
	_, err := s.stream.WriteBody(*buf)
	return err
}

// render turns the diagnostics found in snap into the ones to publish, as
// document.Snapshot.Select chooses them with the settings' severities and
// maxDiagnostics, with a note at the top of the document saying how many
// were left out.
func render(snap *document.Snapshot, set *Settings) []protocol.Diagnostic {
	kept := takeList[analysis.Diagnostic](&keptLists, min(set.MaxDiagnostics, maxRecycled))
	defer func() { recycleList(&keptLists, kept) }()
	sel := snap.Select(document.SelectOptions{Severity: set.Severity, Max: set.MaxDiagnostics}, kept)
	kept = sel.Diagnostics
	out := takeList[protocol.Diagnostic](&renderedLists, len(kept)+1)
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
	// The lists are made at their final size, as every keystroke in a
	// large document renders a thousand diagnostics and its garbage sets
	// how often the collector runs.
	for _, d := range kept {
		out = append(out, toProtocol(snap, d))
	}
	return out
}

// Each keystroke in a large document renders a thousand diagnostics, and
// the garbage of rendering sets how often the collector runs under the
// process's memory limit (cmd/pgnls/memory.go): the lists are reused from publication
// to publication.
var renderedLists, keptLists sync.Pool

// maxRecycled is the longest list kept for reuse: the default cap of
// diagnostics, with room; an uncapped document's are left to the collector.
const maxRecycled = 4096

// takeList returns an empty list with room for n from pool, or a new one.
func takeList[T any](pool *sync.Pool, n int) []T {
	if n <= maxRecycled {
		if p, ok := pool.Get().(*[]T); ok && cap(*p) >= n {
			return (*p)[:0]
		}
	}
	return make([]T, 0, n)
}

// recycleList gives list back to pool, cleared so that it holds on to no
// document's strings.
func recycleList[T any](pool *sync.Pool, list []T) {
	if cap(list) > maxRecycled {
		return
	}
	clear(list[:cap(list)])
	list = list[:0]
	pool.Put(&list)
}

// recycle gives back a list that render returned, once it is sent.
func recycle(diags []protocol.Diagnostic) { recycleList(&renderedLists, diags) }

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
