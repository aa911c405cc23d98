package lsp

import (
	"context"
	"slices"
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

// An analysis runs beside the messages, never in front of them: while the
// analysis of a version runs (here held until it is cancelled), requests
// are answered and changes applied; the next version cancels it at once,
// in the handling of its didChange (not when the older analysis next looks
// at the time), and only the newest version is published. This is the
// server's share of a keystroke in a large file: after an edit that opens
// a comment swallowing the rest, a hover waited behind the work of the
// older version.
func TestNewerVersionCancelsTheAnalysisAndRequestsDoNotWait(t *testing.T) {
	running := make(chan int32, 4)
	cancelled := make(chan int32, 4)
	e := newEnv(t, func(s *server) {
		s.beforeAnalysis = func(ctx context.Context, _ protocol.DocumentURI, version int32) {
			if version == 2 {
				running <- version
				<-ctx.Done() // a long analysis, until a newer version comes
				cancelled <- version
			}
		}
	})
	e.initialize(protocol.ClientCapabilities{}, nil)
	uri := protocol.DocumentURI("file:///typing.pgn")
	e.open(uri, 1, illegal)
	e.waitVersion(uri, 1)
	e.change(uri, 2, contentChange{Range: rng(8, 0, 8, 0), Text: "{"})
	<-running
	// The analysis of version 2 runs: a request is answered all the same.
	hover := map[string]any{"textDocument": map[string]any{"uri": uri}, "position": protocol.Position{Line: 8, Character: 21}}
	if res, err := e.call(protocol.MethodTextDocumentHover, hover); err != nil {
		t.Fatalf("hover while an analysis runs: %s, %v", res, err)
	}
	select {
	case v := <-cancelled:
		t.Fatalf("version %d was cancelled by a hover", v)
	default:
	}
	e.change(uri, 3, contentChange{Range: rng(8, 0, 8, 1), Text: ""})
	if v := <-cancelled; v != 2 {
		t.Fatalf("cancelled %d, want 2", v)
	}
	if got := e.waitVersion(uri, 3).codes(); !slices.Contains(got, "illegal-move") {
		t.Errorf("version 3: %v, want its diagnostics", got)
	}
	e.client.snapshot(func(c *fakeClient) {
		if c.sent[pubKey{uri, 2}] != 0 {
			t.Errorf("version 2, cancelled, was published %d times", c.sent[pubKey{uri, 2}])
		}
	})
}
