package lsp

import (
	"strings"
	"testing"

	"go.lsp.dev/protocol"
)

// Hovers and completion documentation come in the format the client
// prefers: the first it lists of hover.contentFormat and of
// completion.completionItem.documentationFormat. Plain text, without
// Markdown's marks, unless "markdown" comes first; Markdown when the client
// lists nothing (and its documentation as its hovers when it says nothing
// of documentation, as eglot 1.9 does).
func TestHoverInClientFormat(t *testing.T) {
	for _, tc := range []struct {
		name        string
		caps        map[string]any
		hover, docs protocol.MarkupKind
	}{
		{"nothing listed", map[string]any{}, protocol.Markdown, protocol.Markdown},
		{"Neovim and VS Code", map[string]any{
			"hover":      map[string]any{"contentFormat": []string{"markdown", "plaintext"}},
			"completion": map[string]any{"completionItem": map[string]any{"documentationFormat": []string{"markdown", "plaintext"}}},
		}, protocol.Markdown, protocol.Markdown},
		{"eglot without markdown-mode", map[string]any{
			"hover": map[string]any{"contentFormat": []string{"plaintext"}},
		}, protocol.PlainText, protocol.PlainText},
		{"plain text first", map[string]any{
			"hover":      map[string]any{"contentFormat": []string{"plaintext", "markdown"}},
			"completion": map[string]any{"completionItem": map[string]any{"documentationFormat": []string{"markdown"}}},
		}, protocol.PlainText, protocol.Markdown},
		{"malformed", map[string]any{"hover": map[string]any{"contentFormat": "plaintext"}}, protocol.Markdown, protocol.Markdown},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t, nil)
			if _, err := e.call(protocol.MethodInitialize, map[string]any{"capabilities": map[string]any{"textDocument": tc.caps}}); err != nil {
				t.Fatal(err)
			}
			e.notify(protocol.MethodInitialized, map[string]any{})
			e.open("file:///f.pgn", 1, "[Event \"x\"]\n[\n\n1. e4 $14 *\n")
			at := func(line, col uint32) protocol.TextDocumentPositionParams {
				return protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: "file:///f.pgn"}, Position: protocol.Position{Line: line, Character: col}}
			}
			for _, pos := range []protocol.TextDocumentPositionParams{at(3, 4), at(3, 7), at(0, 2)} {
				h, err := e.server.Hover(e.ctx, &protocol.HoverParams{TextDocumentPositionParams: pos})
				if err != nil || h == nil {
					t.Fatalf("hover at %v: %v, %v", pos.Position, h, err)
				}
				checkMarkup(t, "hover", h.Contents, tc.hover)
			}
			list, err := e.server.Completion(e.ctx, &protocol.CompletionParams{TextDocumentPositionParams: at(1, 1)})
			if err != nil || list == nil || len(list.Items) == 0 {
				t.Fatalf("completion: %v, %v", list, err)
			}
			// The client decodes the documentation (string or
			// MarkupContent) as a map.
			doc, _ := list.Items[0].Documentation.(map[string]any)
			kind, _ := doc["kind"].(string)
			value, _ := doc["value"].(string)
			checkMarkup(t, "documentation", protocol.MarkupContent{Kind: protocol.MarkupKind(kind), Value: value}, tc.docs)
		})
	}
}

// checkMarkup checks the kind of a text, and that plain text has none of
// the Markdown marks that pgnls's Markdown has.
func checkMarkup(t *testing.T, what string, m protocol.MarkupContent, want protocol.MarkupKind) {
	t.Helper()
	if m.Kind != want {
		t.Errorf("%s: kind %q, want %q", what, m.Kind, want)
	}
	marked := strings.Contains(m.Value, "**") || strings.Contains(m.Value, "`")
	if marked != (want == protocol.Markdown) {
		t.Errorf("%s in %s:\n%s", what, m.Kind, m.Value)
	}
}
