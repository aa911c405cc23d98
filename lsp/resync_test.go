package lsp

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// waitOutOfStep waits for the diagnostics of a version and checks that they
// are the one error of a document the server lost track of, on its first
// line, saying what fixes it.
func waitOutOfStep(t *testing.T, e *env, uri protocol.DocumentURI, version int32, why string) {
	t.Helper()
	p := e.waitVersion(uri, version)
	if got := p.codes(); !slices.Equal(got, []string{codeOutOfStep}) {
		t.Fatalf("version %d: codes %v, want [%s]", version, got, codeOutOfStep)
	}
	d := (*p.Diagnostics)[0]
	if d.Range != (protocol.Range{}) || d.Severity != protocol.DiagnosticSeverityError || d.Source != "pgnls" {
		t.Errorf("out-of-sync diagnostic %+v, want an error at 0:0", d)
	}
	for _, want := range []string{"lost track", why, "closed and reopened", "whole text"} {
		if !strings.Contains(d.Message, want) {
			t.Errorf("message %q does not say %q", d.Message, want)
		}
	}
}

// A change the server cannot apply as the editor meant it (a position past
// the end of its line or of the text, inside a surrogate pair, negative,
// not a whole number; a range that ends before it starts) is never applied
// nor guessed at: the server says it lost track of the text (a message,
// and one error on the first line in place of the diagnostics), answers
// null to every request on the document, ignores the ranged changes that
// follow, and is back in step at the next change of the whole text, or the
// next didOpen. A split surrogate pair was rounded to the character's
// start, which deleted it whole and put the line's later columns one off
// the editor's; a negative position was dropped with a line in the log.
func TestRefusedChangeLosesTrackUntilWholeText(t *testing.T) {
	const text = tags + "{a𝄞b} 1. e4 e5 *\n" // 𝄞: columns 2-3 on line 8
	type pos = map[string]any
	at := func(line, char any) pos { return pos{"line": line, "character": char} }
	for _, tt := range []struct {
		name       string
		start, end pos
		why        string
	}{
		{"past the last line", at(99, 0), at(99, 1), "past the last line"},
		{"past the end of its line", at(8, 50), at(8, 51), "past the end of line 8"},
		{"ends before it starts", at(8, 4), at(8, 2), "ends before it starts"},
		{"start inside a surrogate pair", at(8, 3), at(8, 5), "inside a character"},
		{"end inside a surrogate pair", at(8, 1), at(8, 3), "inside a character"},
		{"negative line", at(-1, 0), at(8, 0), "-1 is negative"},
		{"negative character", at(8, 0), at(8, -2), "-2 is negative"},
		{"not a whole number", at(8, 1.5), at(8, 2), "1.5 is not a whole number"},
		{"not a number", at(8, "x"), at(8, 2), "not a number"},
		{"past 2^31-1", at(4294967296, 0), at(8, 2), "past the largest position"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, nil)
			e.initialize(protocol.ClientCapabilities{}, nil)
			uri := protocol.DocumentURI("file:///lost.pgn")
			e.open(uri, 1, text)
			e.waitVersion(uri, 1)
			e.notify(protocol.MethodTextDocumentDidChange, map[string]any{
				"textDocument": map[string]any{"uri": uri, "version": 2},
				"contentChanges": []any{
					map[string]any{"range": map[string]any{"start": at(7, 0), "end": at(7, 0)}, "text": "{applied first} "},
					map[string]any{"range": map[string]any{"start": tt.start, "end": tt.end}, "text": "x"},
				},
			})
			waitOutOfStep(t, e, uri, 2, tt.why)
			e.client.waitFor(t, "the error message", func(c *fakeClient) bool {
				return slices.ContainsFunc(c.messages, func(m protocol.ShowMessageParams) bool {
					return m.Type == protocol.MessageTypeError && strings.Contains(m.Message, "lost track") && strings.Contains(m.Message, "reopen") &&
						strings.Contains(m.Message, tt.why)
				})
			})
			checkRequestsNull(t, e, uri)

			// A ranged change is ignored: still out of step.
			e.change(uri, 3, contentChange{Range: rng(0, 0, 0, 0), Text: "x"})
			waitOutOfStep(t, e, uri, 3, tt.why)
			checkRequestsNull(t, e, uri)

			// The whole text, and a change after it in the same batch: in
			// step again.
			e.change(uri, 4, contentChange{Range: rng(0, 0, 0, 0), Text: "ignored"}, contentChange{Text: illegal}, contentChange{Range: rng(0, 0, 0, 0), Text: "\n"})
			if got := e.waitVersion(uri, 4).codes(); !slices.Contains(got, "illegal-move") {
				t.Errorf("after the whole text: %v, want the checker's diagnostics", got)
			}
			checkText(t, e, uri, 4, "\n"+illegal)
			if res, err := e.call(protocol.MethodTextDocumentHover, map[string]any{"textDocument": map[string]any{"uri": uri}, "position": at(9, 7)}); err != nil || isNull(res) {
				t.Errorf("hover in step again: %s, %v", res, err)
			}
		})
	}
	t.Run("reopened", func(t *testing.T) {
		e := newEnv(t, nil)
		e.initialize(protocol.ClientCapabilities{}, nil)
		uri := protocol.DocumentURI("file:///lost.pgn")
		e.open(uri, 1, text)
		e.change(uri, 2, contentChange{Range: rng(8, 3, 8, 3), Text: "x"})
		waitOutOfStep(t, e, uri, 2, "inside a character")
		e.notify(protocol.MethodTextDocumentDidClose, protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}})
		e.open(uri, 5, illegal)
		if got := e.waitVersion(uri, 5).codes(); !slices.Contains(got, "illegal-move") {
			t.Errorf("reopened: %v, want the checker's diagnostics", got)
		}
	})
}

// checkRequestsNull checks that the requests on a document get null.
func checkRequestsNull(t *testing.T, e *env, uri protocol.DocumentURI) {
	t.Helper()
	td := map[string]any{"uri": uri}
	at := map[string]any{"textDocument": td, "position": protocol.Position{Line: 0, Character: 1}}
	for method, params := range map[string]any{
		protocol.MethodTextDocumentHover:          at,
		protocol.MethodTextDocumentCompletion:     at,
		protocol.MethodTextDocumentFormatting:     map[string]any{"textDocument": td},
		protocol.MethodTextDocumentDocumentSymbol: map[string]any{"textDocument": td},
		protocol.MethodSemanticTokensFull:         map[string]any{"textDocument": td},
		methodSelectionRange:                      map[string]any{"textDocument": td, "positions": []protocol.Position{{}}},
	} {
		res, err := e.call(method, params)
		if err != nil || !isNull(res) {
			t.Errorf("%s on a document out of step: %s, %v; want null", method, res, err)
		}
	}
	res, err := e.call(protocol.MethodWorkspaceSymbol, protocol.WorkspaceSymbolParams{Query: ""})
	var got []any
	if err != nil || json.Unmarshal(res, &got) != nil || len(got) != 0 {
		t.Errorf("workspace/symbol with a document out of step: %s, %v; want []", res, err)
	}
}
