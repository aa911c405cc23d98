package lsp

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"pgnls/analysis/document"
)

// blockTokens makes the semantic tokens requests wait, once they have their
// snapshot and before their work, until release is closed or their context
// is done; entered gets a value as each one starts waiting.
func blockTokens(entered chan<- string, release <-chan struct{}) func(*server) {
	return func(s *server) {
		s.beforeWork = func(ctx context.Context, req jsonrpc2.Request) {
			entered <- req.Method()
			select {
			case <-release:
			case <-ctx.Done():
			}
		}
	}
}

// The semantic tokens of a document are worked out beside the queue: while
// they are, the requests after them are answered (a format on save does not
// wait for the tokens of a large database), and the tokens answered are
// those of the text the request was sent for, not of the edits after it.
func TestSemanticTokensDoNotHoldUpTheQueue(t *testing.T) {
	entered, release := make(chan string, 1), make(chan struct{})
	e := newEnv(t, blockTokens(entered, release))
	e.initialize(protocol.ClientCapabilities{}, nil)
	uri := protocol.DocumentURI("file:///tokens.pgn")
	before := "1. e4  e5 *\n"
	e.open(uri, 1, before)
	e.waitVersion(uri, 1)

	tokens := make(chan json.RawMessage, 1)
	go func() {
		res, err := e.call(protocol.MethodSemanticTokensFull, map[string]any{"textDocument": map[string]any{"uri": uri}})
		if err != nil {
			t.Errorf("semantic tokens: %v", err)
		}
		tokens <- res
	}()
	if m := <-entered; m != protocol.MethodSemanticTokensFull {
		t.Fatalf("%s waits, want the semantic tokens", m)
	}
	// While the tokens wait: an edit, and Format Document of the new text.
	e.change(uri, 2, contentChange{Text: "1. e4  e5 2. Nf3 Nc6 *\n"})
	res, err := e.call(protocol.MethodTextDocumentFormatting, map[string]any{"textDocument": map[string]any{"uri": uri}, "options": map[string]any{"tabSize": 8, "insertSpaces": true}})
	if err != nil || !strings.Contains(string(res), `"newText"`) {
		t.Fatalf("Format Document while the tokens are worked out: %s, %v", res, err)
	}
	close(release)
	var got protocol.SemanticTokens
	if err := json.Unmarshal(<-tokens, &got); err != nil {
		t.Fatal(err)
	}
	want, err := semanticTokens(context.Background(), document.NewDocument(before).Snapshot(), 0, len(before))
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Data) != len(want.Data) {
		t.Fatalf("the tokens answered are %d numbers, want the %d of the text before the edit", len(got.Data), len(want.Data))
	}
}

// A semantic tokens request cancelled while it is worked out is answered
// RequestCancelled (a client cancels the tokens of a version it has edited
// since); a panic in its work is an InternalError; and the server serves
// on.
func TestSemanticTokensCancelledOrPanicking(t *testing.T) {
	entered, release := make(chan string, 1), make(chan struct{})
	e := newEnv(t, func(s *server) {
		blockTokens(entered, release)(s)
		block := s.beforeWork
		s.beforeWork = func(ctx context.Context, req jsonrpc2.Request) {
			if req.Method() == protocol.MethodSemanticTokensRange {
				panic("injected for the test")
			}
			block(ctx, req)
		}
	})
	e.initialize(protocol.ClientCapabilities{}, nil)
	uri := protocol.DocumentURI("file:///tokens.pgn")
	e.open(uri, 1, "1. e4 e5 *\n")
	e.waitVersion(uri, 1)

	ctx, cancel := context.WithCancel(e.ctx)
	done := make(chan error, 1)
	go func() {
		// protocol.Call sends $/cancelRequest when ctx is cancelled.
		done <- protocol.Call(ctx, e.conn, protocol.MethodSemanticTokensFull, map[string]any{"textDocument": map[string]any{"uri": uri}}, nil)
	}()
	<-entered
	cancel()
	<-done
	e.client.waitFor(t, "the answer to the cancelled tokens", func(c *fakeClient) bool {
		for _, r := range c.responses {
			if isCode(r.Err(), protocol.CodeRequestCancelled) {
				return true
			}
		}
		return false
	})

	_, err := e.call(protocol.MethodSemanticTokensRange, map[string]any{"textDocument": map[string]any{"uri": uri}, "range": rng(0, 0, 1, 0)})
	if !isCode(err, jsonrpc2.InternalError) || !strings.Contains(err.Error(), "injected") {
		t.Fatalf("tokens whose work panics: %v, want InternalError", err)
	}
	close(release)
	if _, err := e.call(protocol.MethodSemanticTokensFull, map[string]any{"textDocument": map[string]any{"uri": uri}}); err != nil {
		t.Fatalf("tokens after: %v", err)
	}
	<-entered
}
