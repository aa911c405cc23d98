package lsp

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"pgnls/analysis"
	"pgnls/pgn"
)

// Issue 22, "nothing crashes": a stack overflow is fatal to a Go program
// (no recover catches it), and the server runs in this test's process, so
// a request that recursed once per nesting level would end the test
// binary. Variations nested past pgn.MaxNesting are one Bad node (see the
// parser), so every request's walk of a game is bounded.

// nestedTexts are the hostile documents: 10^7 '(' left open (10 MB), and
// nested variations that each hold a legal move, open and closed (the
// 10^7 levels of those would be 40 MB; they nest 2.5 million deep in 10 MB,
// as far past the limit, for a test that parses 10 MB fifty times). Under
// the race detector, a tenth of that.
func nestedTexts() []struct{ name, text string } {
	depth := 10_000_000
	if raceEnabled {
		depth /= 10
	}
	legal := depth / 4
	return []struct{ name, text string }{
		{"unclosed parentheses", "1. e4 " + strings.Repeat("(", depth)},
		{"unclosed nested legal variations", "1. e4 " + strings.Repeat("(e4 ", legal)},
		{"closed nested legal variations", "[Event \"deep\"]\n\n1. e4 " + strings.Repeat("(e4 ", legal) + strings.Repeat(")", legal) + " e5 *\n"},
	}
}

// TestEveryRequestAnswersOnDeepNesting opens each hostile document, waits
// for its diagnostics (the over-deep variation reported at its '('), and
// sends every request the server serves at the innermost position, at the
// limit and at the start: each is answered without an internal error, the
// formatting edits give what the formatter gives (the game is kept as
// written), and the selection range chain stays short. Then an edit at the
// innermost position applies and is checked.
func TestEveryRequestAnswersOnDeepNesting(t *testing.T) {
	for _, tt := range nestedTexts() {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, nil)
			// All diagnostics: 2 per level the tree holds are errors.
			e.initialize(protocol.ClientCapabilities{}, map[string]any{"pgnls": map[string]any{"maxDiagnostics": 0}})
			uri := protocol.DocumentURI("file:///deep.pgn")
			e.open(uri, 1, tt.text)
			lines := pgn.NewLineTable(tt.text)
			limit := overDeepOffset(tt.text)
			checkNestingDiagnostic(t, e.waitVersion(uri, 1), lines, limit)

			end := innermost(tt.text)
			positions := []protocol.Position{toLSP(lines, end), toLSP(lines, limit+1), toLSP(lines, limit-1), toLSP(lines, 0)}
			for _, req := range everyRequest(uri, positions, toLSP(lines, len(tt.text))) {
				res := callAnswered(t, e, req.method, req.params)
				switch req.method {
				case protocol.MethodTextDocumentFormatting, protocol.MethodTextDocumentRangeFormatting:
					checkFormattingResult(t, req.method, tt.text, res)
				case methodSelectionRange:
					checkSelectionChains(t, res, len(positions))
				}
			}

			// Typing at the innermost position applies and is checked.
			at := positions[0]
			e.change(uri, 2, contentChange{Range: &protocol.Range{Start: at, End: at}, Text: " e5"})
			text := tt.text[:end] + " e5" + tt.text[end:]
			checkNestingDiagnostic(t, e.waitVersion(uri, 2), pgn.NewLineTable(text), limit)
			checkDocText(t, e, uri, text)
			res := callAnswered(t, e, protocol.MethodTextDocumentFormatting, map[string]any{"textDocument": map[string]any{"uri": uri}})
			checkFormattingResult(t, "formatting after the edit", text, res)
		})
	}
}

// innermost returns the offset at the end of the innermost variation's
// text: before the first ')', or at the end, blanks aside.
func innermost(text string) int {
	if i := strings.IndexByte(text, ')'); i >= 0 {
		text = text[:i]
	}
	return len(strings.TrimRight(text, " "))
}

// overDeepOffset returns where the variation past the limit opens: the
// (MaxNesting+1)th '('.
func overDeepOffset(text string) int {
	n := 0
	for i := 0; i < len(text); i++ {
		if text[i] == '(' {
			n++
			if n == pgn.MaxNesting+1 {
				return i
			}
		}
	}
	return -1
}

func toLSP(lines *pgn.LineTable, off int) protocol.Position {
	line, col := lines.UTF16Position(pgn.Pos(off))
	return protocol.Position{Line: uint32(line), Character: uint32(col)}
}

// checkNestingDiagnostic asserts that the diagnostics hold the one syntax
// error of the over-deep variation, at its '('.
func checkNestingDiagnostic(t *testing.T, p published, lines *pgn.LineTable, at int) {
	t.Helper()
	want := protocol.Range{Start: toLSP(lines, at), End: toLSP(lines, at+1)}
	found := 0
	for _, d := range *p.Diagnostics {
		if strings.HasPrefix(d.Message, "variations nested more than 256 deep") {
			found++
			if d.Range != want || d.Code != "syntax" {
				t.Errorf("the nesting diagnostic is %+v, want a syntax error at %+v", d, want)
			}
		}
	}
	if found != 1 {
		t.Errorf("%d nesting diagnostics among %d, want 1", found, len(*p.Diagnostics))
	}
}

type request struct {
	method string
	params any
}

// everyRequest lists a request of each method the server serves, at the
// given positions (the first is where hover, completion and rename ask).
func everyRequest(uri protocol.DocumentURI, at []protocol.Position, end protocol.Position) []request {
	td := map[string]any{"uri": uri}
	whole := protocol.Range{End: end}
	var out []request
	for _, pos := range at {
		point := map[string]any{"textDocument": td, "position": pos}
		out = append(out,
			request{protocol.MethodTextDocumentHover, point},
			request{protocol.MethodTextDocumentCompletion, point},
			request{protocol.MethodTextDocumentPrepareRename, point},
			request{protocol.MethodTextDocumentRename, map[string]any{"textDocument": td, "position": pos, "newName": "Deep, Nested"}},
			request{protocol.MethodTextDocumentCodeAction, map[string]any{"textDocument": td, "range": protocol.Range{Start: pos, End: pos},
				"context": map[string]any{"diagnostics": []any{}}}},
			request{protocol.MethodSemanticTokensRange, map[string]any{"textDocument": td, "range": protocol.Range{Start: pos, End: end}}},
			request{methodInlayHint, map[string]any{"textDocument": td, "range": protocol.Range{Start: pos, End: end}}},
		)
	}
	return append(out,
		request{protocol.MethodTextDocumentCodeAction, map[string]any{"textDocument": td, "range": whole, "context": map[string]any{"diagnostics": []any{}}}},
		request{protocol.MethodTextDocumentFormatting, map[string]any{"textDocument": td}},
		request{protocol.MethodTextDocumentRangeFormatting, map[string]any{"textDocument": td, "range": whole}},
		request{methodSelectionRange, map[string]any{"textDocument": td, "positions": at}},
		request{protocol.MethodTextDocumentFoldingRange, map[string]any{"textDocument": td}},
		request{protocol.MethodTextDocumentDocumentSymbol, map[string]any{"textDocument": td}},
		request{protocol.MethodSemanticTokensFull, map[string]any{"textDocument": td}},
		request{methodInlayHint, map[string]any{"textDocument": td, "range": whole}},
		request{protocol.MethodTextDocumentDocumentLink, map[string]any{"textDocument": td}},
		request{protocol.MethodWorkspaceSymbol, map[string]any{"query": "deep"}},
	)
}

// callAnswered sends a request and fails unless it is answered in time
// without an internal error (an invalid rename is answered with an error
// of its own).
func callAnswered(t *testing.T, e *env, method string, params any) json.RawMessage {
	t.Helper()
	ctx, cancel := context.WithTimeout(e.ctx, waitLimit)
	defer cancel()
	var res json.RawMessage
	_, err := e.conn.Call(ctx, method, params, &res)
	switch {
	case ctx.Err() != nil:
		t.Fatalf("%s: not answered within %v", method, waitLimit)
	case err != nil && method != protocol.MethodTextDocumentRename && method != protocol.MethodTextDocumentPrepareRename:
		t.Fatalf("%s: %v", method, err)
	}
	return res
}

// checkFormattingResult asserts that formatting edits give what the
// formatter gives of the text.
func checkFormattingResult(t *testing.T, what, text string, res json.RawMessage) {
	t.Helper()
	var edits []protocol.TextEdit
	if err := json.Unmarshal(res, &edits); err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	got, ok := applyEdits(text, edits)
	if want := analysis.Format(pgn.Parse(text), analysis.FormatOptions{}); !ok || got != want {
		t.Fatalf("%s: the edits (ok %v) do not give the formatted text", what, ok)
	}
}

// checkSelectionChains asserts one chain per position, each at most a few
// ranges per level the tree holds.
func checkSelectionChains(t *testing.T, res json.RawMessage, n int) {
	t.Helper()
	type selection struct {
		Parent *selection `json:"parent"`
	}
	var chains []*selection
	if err := json.Unmarshal(res, &chains); err != nil || len(chains) != n {
		t.Fatalf("selection ranges: %d chains, %v; want %d", len(chains), err, n)
	}
	for i, r := range chains {
		depth := 0
		for ; r != nil; r = r.Parent {
			depth++
		}
		if depth == 0 || depth > 4*pgn.MaxNesting+8 {
			t.Errorf("selection range %d: a chain of %d ranges", i, depth)
		}
	}
}
