package lsp

import (
	"encoding/json"
	"strings"
	"testing"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// pgnls/position through the server: the position at the cursor in a
// variation, the move just played with its range, the line, the legal
// moves, the boards, the opening of the ECO file; null between games; an
// error for a document that is not open.
func TestPositionRequest(t *testing.T) {
	e := newEnv(t, nil)
	e.initialize(protocol.ClientCapabilities{}, map[string]any{"ecoFile": markerECO})
	const uri = "file:///p.pgn"
	e.open(uri, 1, "[Event \"x\"]\n\n1. e4 e5 (1... c5 2. Nf3 {[%csl Rd4]} d6) *\n\n\n")
	at := func(line, col uint32) map[string]any {
		return map[string]any{"textDocument": map[string]any{"uri": uri}, "position": map[string]any{"line": line, "character": col}}
	}

	raw, err := e.call(methodPosition, at(2, 23)) // after "2. Nf3"
	if err != nil {
		t.Fatal(err)
	}
	var got positionResult
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatalf("%v: %s", err, raw)
	}
	want := positionResult{
		Version: 2, FEN: ptr("rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"),
		SideToMove: "black", MoveNumber: 2,
		Move:           &playedMove{SAN: "Nf3", MoveNumber: 2, Side: "white", From: "g1", To: "f3", Range: *rng(2, 21, 2, 24)},
		Line:           []variationStep{{Replaces: "1... e5", Index: 1}},
		LegalMoveCount: 22,
		Opening:        &opening{ECO: "B27", Name: "Sicilian defence"},
		Previous:       &moveLink{SAN: "c5", Range: *rng(2, 15, 2, 17)},
		Next:           &moveLink{SAN: "d6", Range: *rng(2, 38, 2, 40)},
	}
	if !strings.HasPrefix(got.SVG, "<svg") || !strings.Contains(got.SVG, "<circle") {
		t.Errorf("svg: not a board with the [%%csl] ring: %.200s", got.SVG)
	}
	if !strings.Contains(got.Board, "3  ·  ·  ·  ·  · [♘]") || !strings.Contains(got.Board, "(x) red d4") {
		t.Errorf("board:\n%s", got.Board)
	}
	got.SVG, got.Board = "", ""
	gotJSON, _ := json.Marshal(got)
	wantJSON, _ := json.Marshal(want)
	if string(gotJSON) != string(wantJSON) {
		t.Errorf("pgnls/position:\n got %s\nwant %s", gotJSON, wantJSON)
	}

	if raw, err := e.call(methodPosition, at(4, 0)); err != nil || len(raw) != 0 && string(raw) != "null" {
		t.Errorf("between games: %s, %v; want null", raw, err)
	}
	if _, err := e.call(methodPosition, map[string]any{"textDocument": map[string]any{"uri": "file:///other.pgn"}, "position": map[string]any{"line": 0, "character": 0}}); !isCode(err, jsonrpc2.InvalidParams) {
		t.Errorf("a document not open: %v; want InvalidParams", err)
	}
}

func ptr[T any](v T) *T { return &v }

// The hover.board setting "image" makes the hover's board an SVG picture
// in a data: URI for a Markdown client; a plain-text client keeps the text
// board, and so does every client by default.
func TestHoverBoardImageSetting(t *testing.T) {
	for _, tc := range []struct {
		name      string
		board     any // the hover.board setting; nil: not set
		plain     bool
		wantImage bool
	}{
		{"default", nil, false, false},
		{"text", "text", false, false},
		{"image", "image", false, true},
		{"image, plain-text client", "image", true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t, nil)
			caps := protocol.ClientCapabilities{}
			if tc.plain {
				caps.TextDocument = &protocol.TextDocumentClientCapabilities{Hover: &protocol.HoverTextDocumentClientCapabilities{ContentFormat: []protocol.MarkupKind{protocol.PlainText}}}
			}
			options := map[string]any{}
			if tc.board != nil {
				options["hover"] = map[string]any{"board": tc.board}
			}
			e.initialize(caps, options)
			const uri = "file:///h.pgn"
			e.open(uri, 1, "1. e4 {[%cal Gg1f3]} e5 *\n")
			h, err := e.server.Hover(e.ctx, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
				TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Position: protocol.Position{Line: 0, Character: 4}}})
			if err != nil || h == nil {
				t.Fatalf("hover: %v, %v", h, err)
			}
			v := h.Contents.Value
			image := strings.Contains(v, "![board](data:image/svg+xml;base64,")
			text := strings.Contains(v, "[♙]")
			if image != tc.wantImage || text == tc.wantImage {
				t.Errorf("image %v, text board %v; want image %v:\n%.400s", image, text, tc.wantImage, v)
			}
			if !strings.Contains(v, "green g1→f3") {
				t.Errorf("the shapes are not listed:\n%.400s", v)
			}
		})
	}
}
