package main

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"testing"

	"go.uber.org/zap"
)

// TestMemoryLimitFollowsDocuments: pgnls serve sets the soft memory limit
// to 3.75 times its open documents (at least 64 MB), lifts it while a large
// message is read and analyzed, and lowers it when the documents close.
func TestMemoryLimitFollowsDocuments(t *testing.T) {
	if os.Getenv("GOMEMLIMIT") != "" {
		t.Skip("GOMEMLIMIT is set: the policy leaves the limit to it")
	}
	before := debug.SetMemoryLimit(-1) // -1 reads the limit
	defer debug.SetMemoryLimit(before)

	m := newMemoryLimit(zap.NewNop())
	const open = 40 << 20 // the size is all the policy reads
	m.Settled(open, true, true)
	if got, want := debug.SetMemoryLimit(-1), int64(open*15/4); got < want {
		t.Errorf("with 40 MB open: limit %d, want at least %d", got, want)
	}

	m.LargeMessage() // a large message arrives
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("while a large message is read: limit %d, want none", got)
	}
	m.Settled(open, false, true) // a small document's analysis ends: the lift holds
	if got := debug.SetMemoryLimit(-1); got != math.MaxInt64 {
		t.Errorf("another analysis ended the lift: limit %d", got)
	}
	m.Settled(open, true, true) // the large document's analysis ends
	if got, want := debug.SetMemoryLimit(-1), int64(open*15/4); got < want || got == math.MaxInt64 {
		t.Errorf("after the analysis: limit %d, want at least %d", got, want)
	}

	m.LargeMessage()
	m.Settled(open, true, false) // the large document is refused as too large: the lift ends too
	if got := debug.SetMemoryLimit(-1); got == math.MaxInt64 {
		t.Error("the refusal of a large document did not end the lift")
	}

	runtime.GC()
	m.Settled(0, false, false) // everything closed
	if got := debug.SetMemoryLimit(-1); got > 100<<20 {
		t.Errorf("with nothing open: limit %d, want it back near 64 MB", got)
	}
}
