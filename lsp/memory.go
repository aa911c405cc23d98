package lsp

import (
	"math"
	"os"
	"runtime/debug"
	"runtime/metrics"

	"go.uber.org/zap"
)

// The server's memory policy: resident memory within four times the size of
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

// memoryPolicy holds what the policy last decided. Only the process's own
// server manages memory (Serve); servers made by tests share a process and
// leave it alone. Guarded by the server's mu.
type memoryPolicy struct {
	enabled bool
	limit   int  // the limit last set; 0 before the first and while lifted
	lifted  bool // a large message came: no limit until its analysis ends
}

// liftMemoryLimit removes the limit when a message of a large document
// arrives (the stream calls it before reading the body): decoding it, then
// parsing and checking the document for the first time, makes several
// times its size in garbage, and under a limit set for the documents open
// before it the collector would run without pause (opening 30 MB took
// twice as long). The end of the next analysis of a large document, or its
// refusal as too large, ends the lift; until then the runtime has no limit,
// as by default.
func (s *server) liftMemoryLimit() {
	if !s.memory.enabled || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	debug.SetMemoryLimit(math.MaxInt64)
	s.memory.limit, s.memory.lifted = 0, true
}

// afterAnalysis applies the policy once an analysis of a document of size
// bytes has been published. After a large message, it first returns the
// memory that the message and the analysis took to the system: once per
// large message, not per analysis, as an edit of a large document is
// cheap and a full collection is not.
func (s *server) afterAnalysis(size int) {
	if !s.memory.enabled {
		return
	}
	endLift := size >= largeDocument && s.isLifted()
	if endLift {
		debug.FreeOSMemory() // a full collection of the live heap: tens of milliseconds
	}
	s.updateMemoryLimit(endLift)
}

// largeDocument is the size of a message or document from which the limit
// is lifted while it is read and analyzed, and memory returned after.
const largeDocument = 4 << 20

func (s *server) isLifted() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.memory.lifted
}

// updateMemoryLimit sets the soft memory limit from the open documents'
// size and the live heap, when it moves by a step, unless the user set
// GOMEMLIMIT or the limit is lifted (and endLift is false). It runs after
// every analysis (a few microseconds): were the live data to outgrow the
// limit between two opens, the collector would run without pause.
func (s *server) updateMemoryLimit(endLift bool) {
	if !s.memory.enabled || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	live := liveHeap()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.memory.lifted && !endLift {
		return
	}
	s.memory.lifted = false
	total := 0
	for _, d := range s.docs {
		total += d.size()
	}
	limit := max(minMemoryLimit, total*memoryQuartersPerTextByte/4, live+live/4)
	if moved := limit - s.memory.limit; moved < memoryStep && moved > -memoryStep {
		return
	}
	s.memory.limit = limit
	debug.SetMemoryLimit(int64(limit))
	s.log.Debug("memory limit", zap.Int("documents", total), zap.Int("live", live), zap.Int("limit", limit))
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
