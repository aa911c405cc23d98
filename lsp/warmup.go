package lsp

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"go.lsp.dev/protocol"

	"pgnls/analysis"
	"pgnls/analysis/document"
)

// The format warm-up: after the first analysis of a large document, the
// server formats it once in the background (document.Snapshot.WarmFormat),
// so that format on save answers within the editors' two seconds: the
// chunks remember that they are formatted, and a save after an edit
// formats only what the edit changed.
//
// It is work for the server's idle time. Begun as the diagnostics were
// published, on every core, it met the first keystrokes: their p99 in
// BenchmarkBinary went from under 2 ms to 5-20 ms, and what it left in
// garbage had the collector run soon after under the memory limit
// (bench/NOTES.md). So it runs in slices: a slice begins once no message
// has come for warmIdle, formats on one goroutine, and ends at the next
// message, which cancels it on the connection's read loop, before the
// message is queued (handler.go); the next slice resumes where it ended, in
// the document's text of then. A save that comes first formats what is left
// itself (FormatEdits), as it did before the warm-up.

// warmIdle is how long the server must have had no message before a slice
// of warm-up begins: longer than the pauses of typing, so that a burst of
// keystrokes does not meet it.
const warmIdle = 500 * time.Millisecond

// warmer runs the warm-ups of the large documents, a slice at a time.
type warmer struct {
	// idle is warmIdle, or what a test sets.
	idle time.Duration
	// received counts the messages the connection has delivered; last is
	// when the last came (since warmEpoch).
	received atomic.Uint64
	last     atomic.Int64
	// run is held during a slice: the slices of two documents do not run
	// at the same time.
	run sync.Mutex
	mu  sync.Mutex
	// stop ends the running slice; nil between slices. Guarded by mu.
	stop context.CancelFunc

	// Hooks for tests: beforeSlice runs as a slice begins, with its
	// context; afterSlice when it ends, saying whether the warm-up is done.
	beforeSlice func(ctx context.Context, uri protocol.DocumentURI)
	afterSlice  func(uri protocol.DocumentURI, done bool)
}

// interrupt is called on the connection's read loop for every message: a
// slice of warm-up gives way to it, and the next waits for quiet again.
func (w *warmer) interrupt() {
	w.received.Add(1)
	w.last.Store(int64(time.Since(warmEpoch)))
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.stop != nil {
		w.stop()
	}
}

// warmEpoch is what warmer.last counts from: a monotonic clock.
var warmEpoch = time.Now()

// waitIdle waits until no message has come for the idle time, nor since
// the time from (since warmEpoch), and returns the count of messages then;
// false when ctx ends first.
func (w *warmer) waitIdle(ctx context.Context, from time.Duration) (uint64, bool) {
	idle := w.idle
	if idle == 0 {
		idle = warmIdle
	}
	t := time.NewTimer(idle)
	defer t.Stop()
	for {
		seen := w.received.Load()
		wait := max(time.Duration(w.last.Load()), from) + idle - time.Since(warmEpoch)
		if wait <= 0 {
			return seen, true // a message since is seen by slice
		}
		t.Reset(wait)
		select {
		case <-ctx.Done():
			return 0, false
		case <-t.C:
		}
	}
}

// slice runs work with a context that the next message cancels, or ctx's
// end; a message that came since the count seen cancels it at once.
func (w *warmer) slice(ctx context.Context, seen uint64, work func(ctx context.Context)) {
	w.run.Lock()
	defer w.run.Unlock()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	w.mu.Lock()
	w.stop = cancel
	w.mu.Unlock()
	defer func() {
		w.mu.Lock()
		w.stop = nil
		w.mu.Unlock()
	}()
	if w.received.Load() != seen {
		cancel()
	}
	work(ctx)
}

// warmUp runs the format warm-up of d, slice by slice, until it is done or
// d is closed (or opened again, or out of step with the editor).
func (s *server) warmUp(d *openDoc) {
	// The first slice waits for quiet after the diagnostics, not after the
	// didOpen, which came as long before as the first analysis took: the
	// editor's first requests and the user's first keystrokes follow the
	// diagnostics.
	quietFrom := time.Since(warmEpoch)
	from := 0
	for {
		seen, ok := s.warm.waitIdle(s.ctx, quietFrom)
		if !ok {
			return
		}
		snap := s.warmSnapshot(d)
		if snap == nil {
			return
		}
		done := false
		s.warm.slice(s.ctx, seen, func(ctx context.Context) {
			if s.warm.beforeSlice != nil {
				s.warm.beforeSlice(ctx, d.uri)
			}
			// The lineWidth of each slice: a chunk remembers the options
			// it formatted with.
			from, done = snap.WarmFormat(ctx, analysis.FormatOptions{Width: s.settings.Load().LineWidth}, from)
		})
		if s.warm.afterSlice != nil {
			s.warm.afterSlice(d.uri, done)
		}
		if done {
			s.warmedUp(snap.Len())
			return
		}
	}
}

// warmedUp tells the memory policy that the warm-up of a document of size
// bytes is done. Its garbage, many times the text, filled the room the
// memory limit leaves above the live heap, and the runtime keeps what it
// has under the limit: the server sat at 3.7 times the text after it,
// against 3.0 before (bench/NOTES.md). So the policy is told of it as of a
// large message's garbage, then that the work is over, and returns it to
// the system, which costs a full collection, at an idle time.
func (s *server) warmedUp(size int) {
	if s.memory != nil {
		s.memory.LargeMessage()
	}
	s.settled(size, true) // memory.go
}

// warmSnapshot returns the current snapshot of d, or nil when d is no
// longer the open document of its URI, or its text is out of step with the
// editor or over the size limit (limits.go, resync.go).
func (s *server) warmSnapshot(d *openDoc) *document.Snapshot {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.docs[d.uri] != d || d.lost != "" || d.doc.Oversize() {
		return nil
	}
	return d.doc.Snapshot()
}
