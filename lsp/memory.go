package lsp

import (
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
// edited. So once a large document is analyzed the memory it took is
// returned, and a soft memory limit of four times the open documents (at
// least minMemoryLimit) makes the collector run before the heap outgrows
// it. When the live data alone need more (a file of nothing but errors),
// the limit stays a quarter above them: a limit under the live heap would
// make the collector run without pause.

const (
	minMemoryLimit    = 64 << 20
	memoryPerTextByte = 4
	// memoryStep is how much the open documents' size must change before
	// the limit is set again.
	memoryStep = 1 << 20
)

// memoryPolicy holds what the policy last decided. Only the process's own
// server manages memory (Serve); servers made by tests share a process and
// leave it alone.
type memoryPolicy struct {
	enabled   bool
	textBytes int // the open documents' size when the limit was last set
}

// afterAnalysis applies the policy once an analysis of a document has been
// published: first returns the garbage of opening a large document, then
// sets the limit again if the open documents' size has moved by a step.
func (s *server) afterAnalysis(size int, first bool) {
	if !s.memory.enabled {
		return
	}
	if first && size >= largeDocument {
		debug.FreeOSMemory() // a full collection of the live heap: tens of milliseconds, once
	}
	s.updateMemoryLimit(first && size >= largeDocument)
}

// largeDocument is the size from which opening a document is followed by
// returning the memory it took to the system.
const largeDocument = 4 << 20

// updateMemoryLimit sets the soft memory limit from the open documents'
// size, unless it moved less than a step since the last time (and force is
// false) or the user set GOMEMLIMIT.
func (s *server) updateMemoryLimit(force bool) {
	if !s.memory.enabled || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	s.mu.Lock()
	total := 0
	for _, d := range s.docs {
		total += d.size()
	}
	moved := total - s.memory.textBytes
	if !force && moved < memoryStep && moved > -memoryStep {
		s.mu.Unlock()
		return
	}
	s.memory.textBytes = total
	s.mu.Unlock()
	live := liveHeap()
	limit := max(minMemoryLimit, memoryPerTextByte*total, live+live/4)
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
