package lsp

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// waitTooLarge waits for the final diagnostics of a version and checks that
// they are the one diagnostic of a refused document.
func waitTooLarge(t *testing.T, e *env, uri protocol.DocumentURI, version int32, size int, limit string) {
	t.Helper()
	p := e.waitVersion(uri, version)
	if got := p.codes(); !slices.Equal(got, []string{codeTooLarge}) {
		t.Fatalf("version %d: codes %v, want [%s]", version, got, codeTooLarge)
	}
	d := (*p.Diagnostics)[0]
	if d.Range != (protocol.Range{}) || d.Source != "pgnls" {
		t.Errorf("too-large diagnostic %+v, want it at 0:0", d)
	}
	for _, want := range []string{"is " + strconv.Itoa(size) + " bytes", "maxDocumentSize setting (" + limit + " bytes)", "Raise maxDocumentSize", "pgnls check"} {
		if !strings.Contains(d.Message, want) {
			t.Errorf("message %q does not say %q", d.Message, want)
		}
	}
}

// isNull reports whether a raw result is null (which the client's
// connection leaves empty).
func isNull(res json.RawMessage) bool { return len(res) == 0 || string(res) == "null" }

// docText returns the server's whole text of a document, analyzed or not.
func docText(e *env, uri protocol.DocumentURI) (string, bool) {
	e.s.mu.Lock()
	defer e.s.mu.Unlock()
	d, ok := e.s.docs[uri]
	if !ok {
		return "", false
	}
	return d.text(), true
}

func checkDocText(t *testing.T, e *env, uri protocol.DocumentURI, want string) {
	t.Helper()
	e.roundTrip()
	if got, _ := docText(e, uri); got != want {
		t.Fatalf("server text %q, want %q", got, want)
	}
}

// A document over maxDocumentSize is kept but not analyzed: one diagnostic
// at 0:0 says so, requests on it get null; edits still apply, and one that
// brings it under the limit brings its diagnostics back, and the reverse.
// A change of the setting applies to the open documents.
func TestMaxDocumentSize(t *testing.T) {
	e := newEnv(t, nil)
	e.initialize(protocol.ClientCapabilities{}, map[string]any{"pgnls": map[string]any{"maxDocumentSize": 100}})
	uri := protocol.DocumentURI("file:///big.pgn")
	text := illegal // with an illegal move
	if len(text) <= 100 {
		t.Fatalf("the test text has %d bytes; it must be over the limit", len(text))
	}
	e.open(uri, 1, text)
	waitTooLarge(t, e, uri, 1, len(text), "100")
	checkDocText(t, e, uri, text)

	td := map[string]any{"uri": uri}
	at := map[string]any{"textDocument": td, "position": protocol.Position{Line: 8, Character: 19}}
	whole := map[string]any{"textDocument": td, "range": rng(0, 0, 9, 0)}
	requests := []struct {
		method string
		params any
	}{
		{protocol.MethodTextDocumentHover, at},
		{protocol.MethodTextDocumentCompletion, at},
		{protocol.MethodTextDocumentFormatting, map[string]any{"textDocument": td}},
		{protocol.MethodTextDocumentRangeFormatting, whole},
		{protocol.MethodTextDocumentDocumentSymbol, map[string]any{"textDocument": td}},
		{protocol.MethodTextDocumentFoldingRange, map[string]any{"textDocument": td}},
		{protocol.MethodSemanticTokensFull, map[string]any{"textDocument": td}},
		{protocol.MethodSemanticTokensRange, whole},
		{protocol.MethodTextDocumentCodeAction, map[string]any{"textDocument": td, "range": rng(8, 0, 8, 30), "context": map[string]any{"diagnostics": []any{}}}},
		{protocol.MethodTextDocumentDocumentLink, map[string]any{"textDocument": td}},
		{methodInlayHint, whole},
		{methodSelectionRange, map[string]any{"textDocument": td, "positions": []protocol.Position{{Line: 8, Character: 19}}}},
	}
	for _, r := range requests {
		res, err := e.call(r.method, r.params)
		if err != nil || !isNull(res) {
			t.Errorf("%s on a document too large: %s, %v; want null", r.method, res, err)
		}
	}
	res, err := e.call(protocol.MethodWorkspaceSymbol, protocol.WorkspaceSymbolParams{Query: ""})
	if err != nil || string(res) != "[]" {
		t.Errorf("workspace/symbol with a document too large open: %s, %v; want []", res, err)
	}

	// An edit within the refused text applies: the comment loses its two
	// characters ("é𝄞" are 3 UTF-16 units); the text is still too large.
	e.change(uri, 2, contentChange{Range: rng(8, 1, 8, 4), Text: ""})
	text = strings.Replace(text, "é𝄞", "", 1)
	waitTooLarge(t, e, uri, 2, len(text), "100")
	checkDocText(t, e, uri, text)

	// An edit out of range loses track of the text (resync.go) until the
	// whole text comes again.
	e.change(uri, 3, contentChange{Range: rng(8, 0, 8, 0), Text: "x"}, contentChange{Range: rng(30, 0, 30, 1), Text: "y"})
	if got := e.waitVersion(uri, 3).codes(); !slices.Equal(got, []string{codeOutOfStep}) {
		t.Errorf("version 3, out of range: %v, want [%s]", got, codeOutOfStep)
	}
	e.change(uri, 4, contentChange{Text: text})
	waitTooLarge(t, e, uri, 4, len(text), "100")

	// Under the limit again (the tags cut to two): checked.
	e.change(uri, 5, contentChange{Range: rng(2, 0, 7, 0), Text: ""})
	text = "[Event \"E\"]\n[Site \"S\"]\n\n{} 1. e4 e5 2. Ke3 *\n"
	checkDocText(t, e, uri, text)
	if got := e.waitVersion(uri, 5).codes(); !slices.Contains(got, "illegal-move") {
		t.Errorf("version 5, under the limit: %v, want illegal-move among them", got)
	}
	if res, err := e.call(protocol.MethodTextDocumentDocumentSymbol, map[string]any{"textDocument": td}); err != nil || isNull(res) {
		t.Errorf("documentSymbol under the limit: %s, %v", res, err)
	}

	// Over it again by a full replacement, then by an insertion.
	text = strings.Repeat("1. e4 ", 20)
	e.change(uri, 6, contentChange{Text: text})
	waitTooLarge(t, e, uri, 6, len(text), "100")
	e.change(uri, 7, contentChange{Text: "1. e4 *\n"}, contentChange{Range: rng(0, 6, 0, 6), Text: strings.Repeat("e5 ", 40)})
	text = "1. e4 " + strings.Repeat("e5 ", 40) + "*\n"
	waitTooLarge(t, e, uri, 7, len(text), "100")
	checkDocText(t, e, uri, text)

	// Raising the limit checks the open document; lowering it refuses it
	// again; 0 is no limit.
	e.notify(protocol.MethodWorkspaceDidChangeConfiguration, protocol.DidChangeConfigurationParams{Settings: map[string]any{"pgnls": map[string]any{"maxDocumentSize": 0}}})
	e.change(uri, 8) // a version to wait for, under the new settings
	if got := e.waitVersion(uri, 8).codes(); slices.Contains(got, codeTooLarge) || !slices.Contains(got, "illegal-move") {
		t.Errorf("with no limit: %v, want the checker's diagnostics", got)
	}
	e.notify(protocol.MethodWorkspaceDidChangeConfiguration, protocol.DidChangeConfigurationParams{Settings: map[string]any{"pgnls": map[string]any{"maxDocumentSize": 50}}})
	e.change(uri, 9)
	waitTooLarge(t, e, uri, 9, len(text), "50")
	checkDocText(t, e, uri, text)

	// Closing clears the diagnostic.
	e.notify(protocol.MethodTextDocumentDidClose, protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}})
	e.waitDiagnostics(uri, "the clearing publication", func(p published) bool {
		return p.Version == nil && p.Diagnostics != nil && len(*p.Diagnostics) == 0
	})
}

// The setting is read and checked.
func TestMaxDocumentSizeSetting(t *testing.T) {
	for _, tt := range []struct {
		json    string
		want    int
		problem bool
	}{
		{`{}`, 256 << 20, false},
		{`{"maxDocumentSize": 1000}`, 1000, false},
		{`{"maxDocumentSize": 0}`, 0, false},
		{`{"maxDocumentSize": -1}`, 256 << 20, true},
		{`{"maxDocumentSize": "1MB"}`, 256 << 20, true},
		{`{"maxDocumentSize": 1.5}`, 256 << 20, true},
	} {
		set, problems := parseSettingsJSON(json.RawMessage(tt.json))
		if set.MaxDocumentSize != tt.want || (len(problems) > 0) != tt.problem {
			t.Errorf("%s: maxDocumentSize %d, problems %q; want %d, a problem: %v", tt.json, set.MaxDocumentSize, problems, tt.want, tt.problem)
		}
		if tt.problem && !strings.Contains(strings.Join(problems, " "), "maxDocumentSize") {
			t.Errorf("%s: problems %q do not name the setting", tt.json, problems)
		}
	}
}
