package lsp

import (
	"encoding/json"
	"strings"
	"testing"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// positionAt asks pgnls/position at line:col of uri, with more params.
func positionAt(t *testing.T, e *env, uri protocol.DocumentURI, line, col uint32, more map[string]any) (*positionResult, error) {
	t.Helper()
	params := map[string]any{"textDocument": map[string]any{"uri": uri}, "position": map[string]any{"line": line, "character": col}}
	for k, v := range more {
		params[k] = v
	}
	raw, err := e.call(methodPosition, params)
	if err != nil {
		return nil, err
	}
	var r *positionResult
	if err := json.Unmarshal(raw, &r); err != nil {
		t.Fatalf("%v: %s", err, raw)
	}
	return r, nil
}

// The previous and next links of pgnls/position are ranges of the whole
// document, also in a game far down a large one (whose parts are parsed
// apart), counted in UTF-16 after a non-ASCII comment; following them
// steps through the game.
func TestPositionRequestLinksInALargeDocument(t *testing.T) {
	e := newEnv(t, nil)
	e.initialize(protocol.ClientCapabilities{}, map[string]any{"ecoFile": ""})
	const game = "[Event \"g\"]\n\n1. e4 {♔ 𝄞} e5 2. Nf3 *\n\n"
	text := strings.Repeat(game, 3000)
	const uri = "file:///big.pgn"
	e.open(uri, 1, text)
	line := uint32(strings.Count(text[:len(text)-len(game)*1000], "\n")) + 2 // a movetext line
	lines := strings.Split(text, "\n")
	if !strings.HasPrefix(lines[line], "1. e4") {
		t.Fatalf("line %d is %q", line, lines[line])
	}
	// "1. e4 {♔ 𝄞} e5 2. Nf3": ♔ is one UTF-16 unit, 𝄞 two.
	const e4, e5, nf3 = 3, 13, 19 // in bytes: 3, 18, 24
	want := func(r *positionResult, san, prev, next string, prevCol, nextCol uint32) {
		t.Helper()
		if r == nil || r.Move == nil && san != "" || r.Move != nil && r.Move.SAN != san {
			t.Fatalf("the move: %+v, want %q", r, san)
		}
		check := func(what string, l *moveLink, san string, col uint32) {
			t.Helper()
			switch {
			case san == "-" && l != nil:
				t.Errorf("%s: %+v, want none", what, l)
			case san == "-":
			case san == "^":
				if l == nil || l.SAN != "" || l.Range != *rng(line-2, 0, line-2, 0) {
					t.Errorf("%s: %+v, want the game's start, %d:0", what, l, line-2)
				}
			case l == nil || l.SAN != san || l.Range != *rng(line, col, line, col+uint32(len(san))):
				t.Errorf("%s: %+v, want %s at %d:%d", what, l, san, line, col)
			}
		}
		check("previous", r.Previous, prev, prevCol)
		check("next", r.Next, next, nextCol)
	}
	r, err := positionAt(t, e, uri, line, 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	want(r, "e4", "^", "e5", 0, e5)
	r, _ = positionAt(t, e, uri, r.Next.Range.Start.Line, r.Next.Range.Start.Character, nil)
	want(r, "e5", "e4", "Nf3", e4, nf3)
	r, _ = positionAt(t, e, uri, r.Next.Range.Start.Line, r.Next.Range.Start.Character, nil)
	want(r, "Nf3", "e5", "-", e5, 0)
	r, _ = positionAt(t, e, uri, r.Previous.Range.Start.Line, r.Previous.Range.Start.Character, nil)
	want(r, "e5", "e4", "Nf3", e4, nf3)
	r, _ = positionAt(t, e, uri, line-2, 0, nil) // the game's start: the start position
	if r.Move != nil || r.Previous != nil || r.Next == nil || r.Next.SAN != "e4" {
		t.Errorf("at the game's start: move %+v, previous %+v, next %+v", r.Move, r.Previous, r.Next)
	}
}

// The orientation parameter turns the SVG board; another value is an
// error that names it.
func TestPositionRequestOrientation(t *testing.T) {
	e := newEnv(t, nil)
	e.initialize(protocol.ClientCapabilities{}, map[string]any{"ecoFile": ""})
	const uri = "file:///o.pgn"
	e.open(uri, 1, "[Event \"o\"]\n\n1. e4 e5 *\n")
	svg := map[string]string{}
	for _, o := range []string{"", "white", "black"} {
		more := map[string]any{}
		if o != "" {
			more["orientation"] = o
		}
		r, err := positionAt(t, e, uri, 2, 4, more)
		if err != nil || r == nil {
			t.Fatalf("orientation %q: %v, %v", o, r, err)
		}
		svg[o] = r.SVG
	}
	if svg[""] != svg["white"] {
		t.Error("no orientation is not White's")
	}
	if svg["black"] == svg["white"] || !strings.HasPrefix(svg["black"], "<svg") {
		t.Errorf("Black's board is White's, or no board: %.200s", svg["black"])
	}
	if _, err := positionAt(t, e, uri, 2, 4, map[string]any{"orientation": "north"}); !isCode(err, jsonrpc2.InvalidParams) || !strings.Contains(err.Error(), `"north"`) {
		t.Errorf("orientation north: %v; want InvalidParams naming it", err)
	}
}
