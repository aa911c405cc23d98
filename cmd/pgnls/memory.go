package main

import (
	"math"
	"os"
	"runtime/debug"
	"runtime/metrics"
	"sync"

	"go.uber.org/zap"

	"pgnls/lsp"
)

// The memory policy of pgnls serve: resident memory within four times the size of
// the open documents where their data allow it.
//
// Go's collector lets the heap grow to twice the live data before it
// collects, and hands freed memory back to the system only over minutes. A
// 30 MB database keeps about 3.3 times its size alive (its text, its
// diagnostics, the chunks that make edits cheap), and opening it makes
// several times that in garbage: left alone, the server would sit at 14
// times the document's size after opening it and at 6 times while it is
// edited. So while a large message is read and its document analyzed,
// there is no limit; then the memory it took is returned, and a soft
// memory limit of 3.75 times the open documents (at least minMemoryLimit)
// makes the collector run before the heap outgrows it. The limit counts
// the runtime's memory, and resident memory adds the program itself: at
// four times, a 30 MB database was edited at 4.0 times its size resident,
// at 3.5 times the collector ran every 100 ms of typing, often enough to
// show in the keystrokes' p99 (BenchmarkBinary). When the live data alone need more (a file of nothing but errors),
// the limit stays a quarter above them: a limit under the live heap would
// make the collector run without pause.

const (
	minMemoryLimit = 64 << 20
	// memoryQuartersPerTextByte is the limit per byte of open documents,
	// in quarters.
	memoryQuartersPerTextByte = 15
	// memoryStep is how far the limit must move before it is set again.
	memoryStep = 1 << 20
)

// memoryLimit is the policy, an lsp.MemoryPolicy: the server tells it of
// large messages and of the open documents' size. The process is the
// server's alone, so it sets the runtime's limit, unless the user set
// GOMEMLIMIT.
type memoryLimit struct {
	log *zap.Logger
	// userSet is GOMEMLIMIT's being set: the limit is the user's.
	userSet bool

	mu     sync.Mutex
	limit  int  // the limit last set; 0 before the first and while lifted
	lifted bool // a large message came: no limit until its analysis ends
}

var _ lsp.MemoryPolicy = (*memoryLimit)(nil)

func newMemoryLimit(log *zap.Logger) *memoryLimit {
	return &memoryLimit{log: log, userSet: os.Getenv("GOMEMLIMIT") != ""}
}

// LargeMessage removes the limit when a message of a large document
// arrives (before its body is read): decoding it, then parsing and checking
// the document for the first time, makes several times its size in
// garbage, and under a limit set for the documents open before it the
// collector would run without pause (opening 30 MB took twice as long).
// The end of the next analysis of a large document, or its refusal as too
// large, ends the lift; until then the runtime has no limit, as by
// default.
func (m *memoryLimit) LargeMessage() {
	if m.userSet {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	debug.SetMemoryLimit(math.MaxInt64)
	m.limit, m.lifted = 0, true
}

// Settled applies the policy once work on a document has ended. After a
// large message, the analysis of a large document first returns the
// memory that the message and the analysis took to the system: once per
// large message, not per analysis, as an edit of a large document is
// cheap and a full collection is not.
func (m *memoryLimit) Settled(openBytes int, large, analyzed bool) {
	if m.userSet {
		return
	}
	endLift := large && m.isLifted()
	if endLift && analyzed {
		debug.FreeOSMemory() // a full collection of the live heap: tens of milliseconds
	}
	m.update(openBytes, endLift)
}

func (m *memoryLimit) isLifted() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.lifted
}

// update sets the soft memory limit from the open documents' size and the
// live heap, when it moves by a step, unless the limit is lifted (and
// endLift is false). It runs after every analysis (a few microseconds):
// were the live data to outgrow the limit between two opens, the collector
// would run without pause.
func (m *memoryLimit) update(openBytes int, endLift bool) {
	live := liveHeap()
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.lifted && !endLift {
		return
	}
	m.lifted = false
	limit := max(minMemoryLimit, openBytes*memoryQuartersPerTextByte/4, live+live/4)
	if moved := limit - m.limit; moved < memoryStep && moved > -memoryStep {
		return
	}
	m.limit = limit
	debug.SetMemoryLimit(int64(limit))
	m.log.Debug("memory limit", zap.Int("documents", openBytes), zap.Int("live", live), zap.Int("limit", limit))
}

// liveHeap returns the heap the last collection found alive; reading it
// does not stop the world, as runtime.ReadMemStats does.
func liveHeap() int {
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(sample)
	if sample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return int(sample[0].Value.Uint64())
}
