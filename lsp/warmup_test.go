package lsp

import (
	"context"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"

	"pgnls/pgn/pgntest"
)

// TestWarmUpGivesWayToEdits: a slice of the format warm-up of a large
// document ends, having formatted nothing, when an edit comes while it
// runs: an edit in another document, then one in the large document
// itself; after each, the warm-up resumes once the server is idle and
// reaches the end. (Before warmup.go, it ran on to its end through the
// other document's keystrokes, and stopped for good at the first of its
// own document's.)
func TestWarmUpGivesWayToEdits(t *testing.T) {
	type slice struct {
		uri  protocol.DocumentURI
		done bool
	}
	started := make(chan protocol.DocumentURI, 10)
	release := make(chan struct{})
	ended := make(chan slice, 100)
	held := 0
	e := newEnv(t, func(s *server) {
		s.warm.idle = time.Millisecond
		s.warm.beforeSlice = func(ctx context.Context, uri protocol.DocumentURI) {
			if held++; held <= 2 { // the first two slices wait for the test
				started <- uri
				<-release
			}
		}
		s.warm.afterSlice = func(uri protocol.DocumentURI, done bool) { ended <- slice{uri, done} }
	})
	e.initialize(protocol.ClientCapabilities{}, nil)
	const small, large = protocol.DocumentURI("file:///small.pgn"), protocol.DocumentURI("file:///large.pgn")
	game := pgntest.SevenTagsOf("A", "B") + "\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n"
	e.open(small, 1, game)
	e.waitVersion(small, 1)
	e.open(large, 1, strings.Repeat(game, LargeDocument/len(game)+1))

	wait := func(what string) slice {
		t.Helper()
		select {
		case s := <-ended:
			return s
		case <-time.After(waitLimit):
			t.Fatalf("no end of a warm-up slice %s", what)
			return slice{}
		}
	}
	for i, edited := range []protocol.DocumentURI{small, large} {
		select {
		case uri := <-started:
			if uri != large {
				t.Fatalf("a warm-up of %s", uri)
			}
		case <-time.After(waitLimit):
			t.Fatal("no warm-up of the large document")
		}
		// An edit while the slice runs: its diagnostics come after the
		// server has read it, and so after it cancelled the slice.
		e.change(edited, 2, contentChange{Range: rng(0, 0, 0, 0), Text: " "})
		e.waitVersion(edited, 2)
		release <- struct{}{}
		if s := wait("after the edit"); s.done {
			t.Fatalf("edit %d (in %s): the slice of warm-up that it met ran on to the end", i+1, edited)
		}
	}
	for {
		s := wait("after the edits")
		if s.uri != large {
			t.Fatalf("a warm-up of %s", s.uri)
		}
		if s.done {
			break
		}
	}
}
