package main

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"pgnls/analysis/uci/ucitest"
	"pgnls/pgn/pgntest"
)

// TestServeAnalyseThisGame drives the built binary as an editor does:
// "Analyse this game" on a game with a planted blunder (the fake engine of
// ucitest), the progress it reports (answering its
// window/workDoneProgress/create), the engine-blunder diagnostic on the
// move, and its fix, which inserts $4.
func TestServeAnalyseThisGame(t *testing.T) {
	fake := ucitest.New(t, ucitest.Normal)
	p := start(t, pgnlsBinary(t))
	p.call("initialize", map[string]any{"processId": nil,
		"capabilities":          map[string]any{"window": map[string]any{"workDoneProgress": true}},
		"initializationOptions": map[string]any{"engine": map[string]any{"path": fake.Executable(t), "nodes": 1000}},
	})
	p.notify("initialized", map[string]any{})
	const uri = "file:///blunder.pgn"
	text := pgntest.SevenTagsOf("A", "B") + "1. e4 e5 2. Nf3 Qh4 3. Nxh4 *\n"
	p.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "pgn", "version": 1, "text": text}})
	if got := codes(p.waitDiagnostics(uri, 1)); got != "" {
		t.Fatalf("before the analysis: %q", got)
	}

	p.nextID++
	id := strconv.Itoa(p.nextID)
	p.write(map[string]any{"id": p.nextID, "method": "workspace/executeCommand", "params": map[string]any{
		"command": "pgnls.analyseGame", "arguments": []any{uri, map[string]any{"line": 8, "character": 0}}}})
	create := p.waitFor("window/workDoneProgress/create", func(m message) bool { return m.Method == "window/workDoneProgress/create" })
	p.write(map[string]any{"id": json.RawMessage(create.ID), "result": nil})
	answer := p.waitFor("the answer to pgnls.analyseGame", func(m message) bool { return string(m.ID) == id && m.Method == "" })
	if answer.Error != nil || !strings.Contains(string(answer.Result), `"blunders":1`) {
		t.Fatalf("answer %s, %+v", answer.Result, answer.Error)
	}
	p.waitFor("the progress's end", func(m message) bool {
		return m.Method == "$/progress" && strings.Contains(string(m.Params), `"kind":"end"`)
	})
	if got := codes(p.waitDiagnostics(uri, 1)); got != "engine-blunder" {
		t.Fatalf("after the analysis: %q, want engine-blunder", got)
	}

	p.nextID++
	id = strconv.Itoa(p.nextID)
	p.write(map[string]any{"id": p.nextID, "method": "textDocument/codeAction", "params": map[string]any{
		"textDocument": map[string]any{"uri": uri}, "range": lspRange(8, 17, 8, 17),
		"context": map[string]any{"diagnostics": []any{}, "only": []string{"quickfix"}}}})
	actions := p.waitFor("the quick fixes", func(m message) bool { return string(m.ID) == id && m.Method == "" })
	if !strings.Contains(string(actions.Result), `"newText":" $4"`) || !strings.Contains(string(actions.Result), `"isPreferred":true`) {
		t.Errorf("quick fixes %s, want the preferred $4", actions.Result)
	}
	p.call("shutdown", nil)
	p.notify("exit", nil)
	if code := p.wait(); code != 0 {
		t.Errorf("status %d", code)
	}
}
