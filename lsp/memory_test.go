package lsp

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"go.uber.org/zap"

	"pgnls/analysis/document"
)

// TestMemoryLimitFollowsDocuments: the process's server sets the soft
// memory limit to 3.75 times its open documents (at least 64 MB) and lowers
// it when they close; a server made for a test leaves the limit alone.
func TestMemoryLimitFollowsDocuments(t *testing.T) {
	if os.Getenv("GOMEMLIMIT") != "" {
		t.Skip("GOMEMLIMIT is set: the server leaves the limit to it")
	}
	before := debug.SetMemoryLimit(-1) // -1 reads the limit
	defer debug.SetMemoryLimit(before)

	bystander := newServer(zap.NewNop())
	bystander.updateMemoryLimit(false)
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Fatalf("a server without the policy set the limit to %d", got)
	}

	s := newServer(zap.NewNop())
	s.memory.enabled = true
	text := strings.Repeat("x", 40<<20)                                             // the size is all the policy reads
	s.docs["file:///big.pgn"] = &openDoc{doc: document.NewLimitedDocument(text, 1)} // oversize: not parsed
	s.updateMemoryLimit(false)
	if got, want := debug.SetMemoryLimit(-1), int64(len(text)*15/4); got < want {
		t.Errorf("with 40 MB open: limit %d, want at least %d", got, want)
	}

	s.liftMemoryLimit() // a large message arrives
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("while a large message is read: limit %d, want none", got)
	}
	s.updateMemoryLimit(false) // another document's analysis ends: the lift holds
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("another analysis ended the lift: limit %d", got)
	}
	s.afterAnalysis(len(text)) // the large document's analysis ends
	if got, want := debug.SetMemoryLimit(-1), int64(len(text)*15/4); got < want || got == math.MaxInt64 {
		t.Errorf("after the analysis: limit %d, want at least %d", got, want)
	}

	delete(s.docs, "file:///big.pgn")
	text = ""
	runtime.GC()
	s.updateMemoryLimit(false)
	if got := debug.SetMemoryLimit(-1); got > 100<<20 {
		t.Errorf("with nothing open: limit %d, want it back near 64 MB", got)
	}
}
