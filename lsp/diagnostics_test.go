package lsp

import (
	"testing"
	"time"

	"go.lsp.dev/protocol"
)

// The first analysis of a large document reports work-done progress on a
// token the server created (the client has window.workDoneProgress), from
// begin to end; the diagnostics follow.
func TestProgressOfFirstAnalysis(t *testing.T) {
	e := newEnv(t, func(s *server) {
		s.progressMinBytes = 1000 // "large", for the test
		s.tick = time.Millisecond
	})
	e.initialize(protocol.ClientCapabilities{Window: &protocol.WindowClientCapabilities{WorkDoneProgress: true}}, nil)
	uri := protocol.DocumentURI("file:///large.pgn")
	text := manyErrors(2000)
	e.open(uri, 1, text)
	p := e.waitVersion(uri, 1)
	if n := len(*p.Diagnostics); n != 101 {
		t.Errorf("%d diagnostics, want 100 (the default cap) and the note", n)
	}
	e.client.waitFor(t, "the end of the progress", func(c *fakeClient) bool {
		return len(c.progress) > 0 && progressKind(c.progress[len(c.progress)-1]) == "end"
	})
	// The server sends the request that creates the token first, but the
	// client may answer it after recording the notifications that follow
	// (requests are handled beside them).
	e.client.waitFor(t, "the token's creation", func(c *fakeClient) bool { return len(c.created) > 0 })
	e.client.snapshot(func(c *fakeClient) {
		if len(c.created) != 1 {
			t.Fatalf("%d progress tokens created, want 1", len(c.created))
		}
		token := c.created[0]
		if token.String() == "" {
			t.Errorf("empty token")
		}
		for i, pp := range c.progress {
			if pp.Token != token {
				t.Errorf("progress %d on token %v, want %v", i, pp.Token, token)
			}
		}
		if k := progressKind(c.progress[0]); k != "begin" {
			t.Errorf("first progress is %q, want begin", k)
		}
	})

	// A small edit is analyzed again without progress.
	e.change(uri, 2, contentChange{Range: rng(2, 12, 2, 15), Text: "Nc3"})
	e.waitVersion(uri, 2)
	e.client.snapshot(func(c *fakeClient) {
		if len(c.created) != 1 {
			t.Errorf("%d progress tokens created, want 1: only the first analysis reports progress", len(c.created))
		}
	})
}

func progressKind(p protocol.ProgressParams) string {
	v, _ := p.Value.(map[string]any)
	k, _ := v["kind"].(string)
	return k
}

// Without window.workDoneProgress the server creates no token.
func TestNoProgressWithoutCapability(t *testing.T) {
	e := newEnv(t, func(s *server) {
		s.progressMinBytes = 0
		s.tick = time.Millisecond
	})
	e.initialize(protocol.ClientCapabilities{}, nil)
	uri := protocol.DocumentURI("file:///large.pgn")
	e.open(uri, 1, manyErrors(500))
	e.waitVersion(uri, 1)
	e.client.snapshot(func(c *fakeClient) {
		if len(c.created) != 0 || len(c.progress) != 0 {
			t.Errorf("progress without the capability: %d created, %d reports", len(c.created), len(c.progress))
		}
	})
}
