package lsp

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest/observer"

	"pgnls/pgn"
)

// The server announces hover and completion statically, with the trigger
// characters of completion.
func TestHoverCompletionCapabilities(t *testing.T) {
	e := newEnv(t, nil)
	res, err := e.call(protocol.MethodInitialize, map[string]any{"capabilities": map[string]any{}})
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Capabilities struct {
			HoverProvider      bool `json:"hoverProvider"`
			CompletionProvider *struct {
				TriggerCharacters []string `json:"triggerCharacters"`
				ResolveProvider   bool     `json:"resolveProvider"`
			} `json:"completionProvider"`
		} `json:"capabilities"`
	}
	if err := json.Unmarshal(res, &got); err != nil {
		t.Fatal(err)
	}
	c := got.Capabilities
	if !c.HoverProvider || c.CompletionProvider == nil || c.CompletionProvider.ResolveProvider {
		t.Fatalf("capabilities: %s", res)
	}
	for _, tc := range []string{"$", ".", "[", `"`, " "} {
		if !slices.Contains(c.CompletionProvider.TriggerCharacters, tc) {
			t.Errorf("trigger characters %q lack %q", c.CompletionProvider.TriggerCharacters, tc)
		}
	}
}

// A client that takes no snippets gets tag pairs as plain text; a
// completion capability of an unexpected shape does not fail initialize.
func TestCompletionWithoutSnippets(t *testing.T) {
	for name, caps := range map[string]any{
		"none":      map[string]any{},
		"no items":  map[string]any{"textDocument": map[string]any{"completion": map[string]any{"dynamicRegistration": false}}},
		"malformed": map[string]any{"textDocument": map[string]any{"completion": map[string]any{"completionItem": 5}}},
		"refused":   map[string]any{"textDocument": map[string]any{"completion": map[string]any{"completionItem": map[string]any{"snippetSupport": false}}}},
	} {
		t.Run(name, func(t *testing.T) {
			e := newEnv(t, nil)
			if _, err := e.call(protocol.MethodInitialize, map[string]any{"capabilities": caps}); err != nil {
				t.Fatal(err)
			}
			e.notify(protocol.MethodInitialized, map[string]any{})
			e.open("file:///a.pgn", 1, "[\n")
			list, err := e.server.Completion(e.ctx, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
				TextDocument: protocol.TextDocumentIdentifier{URI: "file:///a.pgn"},
				Position:     protocol.Position{Line: 0, Character: 1},
			}})
			if err != nil || list == nil || len(list.Items) == 0 {
				t.Fatalf("completion: %v, %v", list, err)
			}
			it := list.Items[0]
			if it.Label != "Event" || it.TextEdit == nil || it.TextEdit.NewText != `Event "?"]` || it.InsertTextFormat != protocol.InsertTextFormatPlainText {
				t.Errorf("first item: %+v %+v", it, it.TextEdit)
			}
		})
	}
}

// Requests on a document that is not open are refused; positions past the
// end of a line or of the text are clamped.
func TestHoverCompletionPositions(t *testing.T) {
	e := newEnv(t, nil)
	e.initialize(protocol.ClientCapabilities{}, map[string]any{"ecoFile": ""})
	_, err := e.server.Hover(e.ctx, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: "file:///closed.pgn"},
	}})
	if !isCode(err, jsonrpc2.InvalidParams) {
		t.Errorf("hover on a closed document: %v", err)
	}
	// "é" and "😀" take one and two UTF-16 code units; the cursor after
	// "N" is at UTF-16 column 20 of line 1.
	text := "[Event \"Café\"]\n1. e4 e5 {😀 é} 2. N\n"
	e.open("file:///u.pgn", 1, text)
	at := func(line, col uint32) protocol.TextDocumentPositionParams {
		return protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: "file:///u.pgn"}, Position: protocol.Position{Line: line, Character: col}}
	}
	list, err := e.server.Completion(e.ctx, &protocol.CompletionParams{TextDocumentPositionParams: at(1, 20)})
	if err != nil || list == nil || len(list.Items) != 5 {
		t.Fatalf("completion after N: %+v, %v", list, err)
	}
	if r := list.Items[0].TextEdit.Range; r.Start.Character != 19 || r.End.Character != 20 {
		t.Errorf("the edit replaces %v, want 1:19-1:20", r)
	}
	// Past the end of the line: the same as its end.
	if list2, _ := e.server.Completion(e.ctx, &protocol.CompletionParams{TextDocumentPositionParams: at(1, 90)}); list2 == nil || len(list2.Items) != 5 {
		t.Errorf("completion past the end of the line: %+v", list2)
	}
	h, err := e.server.Hover(e.ctx, &protocol.HoverParams{TextDocumentPositionParams: at(1, 4)})
	if err != nil || h == nil || !strings.Contains(h.Contents.Value, "**1. e4**") || h.Contents.Kind != protocol.Markdown {
		t.Fatalf("hover on e4: %+v, %v", h, err)
	}
	if h.Range == nil || h.Range.Start.Character != 3 || h.Range.End.Character != 5 {
		t.Errorf("hover range %v, want 1:3-1:5", h.Range)
	}
	if h, _ := e.server.Hover(e.ctx, &protocol.HoverParams{TextDocumentPositionParams: at(1, 11)}); h != nil {
		t.Errorf("hover in a comment: %+v", h)
	}
}

// The ecoFile setting: a file named and not readable is reported once, and
// hovers go on without openings; "" turns the openings off.
func TestECOFileSetting(t *testing.T) {
	e := newEnv(t, nil)
	missing := filepath.Join(t.TempDir(), "missing-eco.pgn")
	e.initialize(protocol.ClientCapabilities{}, map[string]any{"ecoFile": missing})
	e.open("file:///e.pgn", 1, "1. e4 *\n")
	params := &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: "file:///e.pgn"}, Position: protocol.Position{Character: 4},
	}}
	for range 2 {
		if h, err := e.server.Hover(e.ctx, params); err != nil || h == nil || strings.Contains(h.Contents.Value, "Opening") {
			t.Fatalf("hover: %+v, %v", h, err)
		}
	}
	// The message may come from the analysis of the document, on a
	// goroutine of its own, after the hovers' answers: wait for it.
	shown := func(c *fakeClient) int {
		n := 0
		for _, m := range c.messages {
			if strings.Contains(m.Message, missing) {
				n++
			}
		}
		return n
	}
	e.client.waitFor(t, "the message about the ECO file", func(c *fakeClient) bool { return shown(c) > 0 })
	e.roundTrip()
	e.client.snapshot(func(c *fakeClient) {
		if n := shown(c); n != 1 {
			t.Errorf("the unreadable ECO file was shown %d times, want once", n)
		}
	})
	eco, _ := filepath.Abs(markerECO)
	e.notify(protocol.MethodWorkspaceDidChangeConfiguration, map[string]any{"settings": map[string]any{"pgnls": map[string]any{"ecoFile": eco}}})
	if h, _ := e.server.Hover(e.ctx, params); h == nil || !strings.Contains(h.Contents.Value, "Opening: **B00**") {
		t.Errorf("hover with the ECO file: %+v", h)
	}
	e.notify(protocol.MethodWorkspaceDidChangeConfiguration, map[string]any{"settings": map[string]any{"pgnls": map[string]any{"ecoFile": ""}}})
	if h, _ := e.server.Hover(e.ctx, params); h == nil || strings.Contains(h.Contents.Value, "Opening") {
		t.Errorf("hover with ecoFile \"\": %+v", h)
	}
	set, problems := parseSettings(map[string]any{"ecoFile": 3})
	if set.ECOFile != defaultECOFile || len(problems) != 1 {
		t.Errorf("ecoFile 3: %q, %q", set.ECOFile, problems)
	}
}

// BenchmarkCompletionRequest measures textDocument/completion through the
// protocol (JSON over a pipe, as an editor sees it) in a 200-ply game with
// variations, at cursors all over its movetext (before each move, and after
// its first letter): the median and the 99th percentile of one request.
func BenchmarkCompletionRequest(b *testing.B) {
	data, err := os.ReadFile("../testdata/lsp/bench/long-game.pgn")
	if err != nil {
		b.Fatal(err)
	}
	text := string(data)
	f := pgn.Parse(text)
	var cursors []protocol.Position
	pgn.Inspect(f.Games[0], func(n pgn.Node) bool {
		if m, ok := n.(*pgn.Move); ok {
			for _, off := range []pgn.Pos{m.SAN.Pos, m.SAN.Pos + 1} {
				line, col := f.Lines.UTF16Position(off)
				cursors = append(cursors, protocol.Position{Line: uint32(line), Character: uint32(col)})
			}
		}
		return true
	})
	e := newEnv(b, nil)
	e.initialize(protocol.ClientCapabilities{}, map[string]any{"ecoFile": ""})
	uri := protocol.DocumentURI("file:///long-game.pgn")
	e.open(uri, 1, text)
	params := &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}}}
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		params.Position = cursors[i%len(cursors)]
		start := time.Now()
		list, err := e.server.Completion(e.ctx, params)
		times = append(times, time.Since(start))
		if err != nil || list == nil || len(list.Items) == 0 {
			b.Fatalf("completion at %v: %v, %v", params.Position, list, err)
		}
	}
	b.StopTimer()
	slices.Sort(times)
	at := func(p float64) float64 {
		return float64(times[min(len(times)-1, int(p*float64(len(times))))].Microseconds())
	}
	b.ReportMetric(at(0.50), "p50-µs")
	b.ReportMetric(at(0.99), "p99-µs")
}

// Each completion replaces the word an editor sees at the cursor (Vim's
// 'iskeyword' as the Neovim set-up sets it, the Emacs set-up's syntax
// table, VS Code's word pattern): it starts after '[', at '$', at the
// start of a move. A client that ignores the edit's range and replaces
// that word with the edit's text inserts it right; filterText (and, for
// eglot 1.9, insertText) is what that word is matched against.
func TestCompletionReplacesTheWord(t *testing.T) {
	for _, tc := range []struct {
		text                       string
		word                       string // the word before the cursor (the end of text)
		newText, filterText, label string // of the first item
	}{
		{"[Ev", "Ev", `Event "?"]`, "", "Event"},
		{"[", "", `Event "?"]`, "", "Event"},
		{"1. e4 e5 N", "N", "2. Na3", "Na3", "Na3"},
		{"1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0", "0-0", "O-O", "0-0", "O-O"},
		{"1. e4 $1", "$1", "$1", "", "$1"},
		{`[Result "1/`, "1/", `1/2-1/2"]`, "", "1/2-1/2"},
	} {
		e := newEnv(t, nil)
		e.initialize(protocol.ClientCapabilities{}, map[string]any{"ecoFile": ""})
		e.open("file:///w.pgn", 1, tc.text)
		end := uint32(len(tc.text))
		list, err := e.server.Completion(e.ctx, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
			TextDocument: protocol.TextDocumentIdentifier{URI: "file:///w.pgn"},
			Position:     protocol.Position{Character: end},
		}})
		if err != nil || list == nil || len(list.Items) == 0 {
			t.Fatalf("%q: completion %v, %v", tc.text, list, err)
		}
		it := list.Items[0]
		r := it.TextEdit.Range
		if r.Start.Character != end-uint32(len(tc.word)) || r.End.Character != end {
			t.Errorf("%q: the edit replaces %v, want the word %q", tc.text, r, tc.word)
		}
		if it.Label != tc.label || it.TextEdit.NewText != tc.newText || it.FilterText != tc.filterText || it.InsertText != tc.filterText {
			t.Errorf("%q: label %q, text %q, filterText %q, insertText %q; want %q, %q, %q", tc.text, it.Label, it.TextEdit.NewText, it.FilterText, it.InsertText, tc.label, tc.newText, tc.filterText)
		}
	}
}

// At the debug level (pgnls --verbose), each completion is logged with the
// text before the cursor that it saw: what shows an editor whose changes
// come late.
func TestCompletionLoggedAtDebugLevel(t *testing.T) {
	core, logs := observer.New(zap.DebugLevel)
	e := newEnv(t, func(s *server) { s.log = zap.New(core) })
	e.initialize(protocol.ClientCapabilities{}, map[string]any{"ecoFile": ""})
	e.open("file:///d.pgn", 1, "1. e4 e5 2. N")
	if _, err := e.server.Completion(e.ctx, &protocol.CompletionParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: "file:///d.pgn"},
		Position:     protocol.Position{Character: 13},
	}}); err != nil {
		t.Fatal(err)
	}
	entries := logs.FilterMessage("completion").All()
	if len(entries) != 1 {
		t.Fatalf("%d completion log entries, want 1", len(entries))
	}
	f := entries[0].ContextMap()
	if f["before"] != "1. e4 e5 2. N" || fmt.Sprint(f["items"], f["character"]) != "5 13" {
		t.Errorf("the completion log entry: %v", f)
	}
}
