package main

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestAbuse throws at the built binary, over standard input and output,
// what a broken or hostile client can send. The server must answer each
// request as the specification says (an error when it cannot serve it),
// never answer one twice, never publish diagnostics older than the text, and
// keep serving: every case ends with a hover and diagnostics round trip and
// a clean shutdown (exit status 0).
func TestAbuse(t *testing.T) {
	bin := pgnlsBinary(t)

	t.Run("malformed JSON", func(t *testing.T) {
		p := start(t, bin)
		p.initialize()
		for _, tt := range []struct {
			body string
			id   string
			code int
		}{
			{`{"jsonrpc": "2.0", "id": 5, "method": "x", garbage`, "null", -32700},
			{``, "null", -32700},
			{`{"jsonrpc": "2.0", "id": 9001, "method": 5}`, "9001", -32600},
			{`[1, 2]`, "null", -32600},
			{`"a string"`, "null", -32600},
			{strings.Repeat("[", 100000) + strings.Repeat("]", 100000), "null", -32700}, // deeper than encoding/json goes
			{"{\"jsonrpc\": \"2.0\", \"id\": 9002, \"method\": \"textDocument/hover\", \"params\": {\"textDocument\": 5}}", "9002", -32602},
		} {
			p.send(tt.body)
			m := p.waitFor(fmt.Sprintf("the answer to %.40q", tt.body), func(m message) bool { return m.Error != nil && m.Method == "" })
			if string(m.ID) != tt.id || m.Error.Code != tt.code {
				t.Errorf("%.60q: answered id %s %+v, want id %s code %d", tt.body, m.ID, m.Error, tt.id, tt.code)
			}
		}
		// Text that is not UTF-8 is taken as JSON takes it.
		p.send("{\"jsonrpc\": \"2.0\", \"method\": \"textDocument/didOpen\", \"params\": {\"textDocument\": {\"uri\": \"file:///bad.pgn\", \"version\": 1, \"text\": \"1. e4 {\xff\xfe} *\\n\"}}}")
		if got := codes(p.waitDiagnostics("file:///bad.pgn", 1)); got != "missing-tag" {
			t.Errorf("a text with bytes that are not UTF-8: %q", got)
		}
		p.finish()
	})

	// Broken framing loses the messages it hides (the server cannot know
	// them), but not the connection: the stream finds the next header.
	t.Run("wrong Content-Length", func(t *testing.T) {
		p := start(t, bin)
		p.initialize()
		raw := func(header, body string) {
			t.Helper()
			if _, err := fmt.Fprintf(p.stdin, "%s\r\n\r\n%s", header, body); err != nil {
				t.Fatal(err)
			}
		}
		request := func(id int, method string) string {
			return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":%q,"params":{}}`, id, method)
		}
		answered := func(id int, code int) {
			t.Helper()
			m := p.waitFor(fmt.Sprintf("the answer to %d", id), func(m message) bool { return string(m.ID) == strconv.Itoa(id) && m.Method == "" })
			if m.Error == nil || m.Error.Code != code {
				t.Errorf("request %d: %+v, want error %d", id, m.Error, code)
			}
		}

		// Too short: the cut body is answered ParseError, its end is
		// skipped, the next message is served.
		body := request(9101, "pgnls/nonsense")
		raw(fmt.Sprintf("Content-Length: %d", len(body)-5), body)
		p.send(request(9102, "pgnls/nonsense"))
		m := p.waitFor("the parse error of the cut body", func(m message) bool { return m.Error != nil && string(m.ID) == "null" })
		if m.Error.Code != -32700 {
			t.Errorf("a body cut short: %+v, want -32700", m.Error)
		}
		answered(9102, -32601)

		// Too long: the body and the start of the next message are read as
		// one; that next message is lost, the one after it served.
		raw(fmt.Sprintf("Content-Length: %d", len(body)+10), request(9103, "pgnls/nonsense"))
		p.send(request(9104, "pgnls/lost"))
		p.send(request(9105, "pgnls/nonsense"))
		answered(9103, -32601) // jsonrpc2 reads the first JSON value of a body
		answered(9105, -32601)

		// Not a number, negative, too large, missing: the message is lost.
		for i, header := range []string{"Content-Length: abc", "Content-Length: -5", "Content-Length: 99999999999999999999", "Content-Type: application/vscode-jsonrpc; charset=utf-8"} {
			raw(header, request(9110+2*i, "pgnls/lost"))
			p.send(request(9111+2*i, "pgnls/nonsense"))
			answered(9111+2*i, -32601)
		}
		// Garbage between messages, with and without line breaks.
		fmt.Fprint(p.stdin, "garbage\r\n\r\n}}}")
		p.send(request(9120, "pgnls/nonsense"))
		answered(9120, -32601)
		for _, m := range p.drain() {
			if id, err := strconv.Atoi(string(m.ID)); err == nil && (id == 9101 || id == 9104 || id >= 9110 && id < 9120 && id%2 == 0) {
				t.Errorf("a lost message was answered: %+v", m)
			}
		}
		p.finish()
	})

	// A 50 MB didOpen (a 50 MB comment between two games) is checked; one
	// over a smaller maxDocumentSize is refused with one diagnostic.
	t.Run("huge message", func(t *testing.T) {
		p := start(t, bin)
		p.initialize()
		text := "[Event \"E\"]\n\n1. e4 e5 2. Ke3 *\n\n{" + strings.Repeat("x", 50<<20) + "}\n\n[Event \"F\"]\n\n1. d4 d5 2. Kd3 *\n"
		p.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": "file:///huge.pgn", "languageId": "pgn", "version": 1, "text": text}})
		p.waitFor("the diagnostics of the huge document", func(m message) bool {
			return m.Method == "textDocument/publishDiagnostics" && strings.Contains(string(m.Params), "huge.pgn") &&
				strings.Count(string(m.Params), "illegal-move") == 2
		})
		// A hover after the 50 MB line.
		if res := p.result("textDocument/hover", positionParams("file:///huge.pgn", 8, 3)); string(res) == "null" {
			t.Error("hover on a move after the 50 MB line: null")
		}
		p.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": "file:///huge.pgn"}})

		p.notify("workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{"pgnls": map[string]any{"maxDocumentSize": 1 << 20}}})
		p.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": "file:///huge2.pgn", "languageId": "pgn", "version": 1, "text": text}})
		if got := codes(p.waitDiagnostics("file:///huge2.pgn", 1)); got != "document-too-large" {
			t.Errorf("over maxDocumentSize: %q, want document-too-large", got)
		}
		if res := p.result("textDocument/hover", positionParams("file:///huge2.pgn", 2, 3)); string(res) != "null" {
			t.Errorf("hover on a document too large: %s, want null", res)
		}
		p.notify("workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{"pgnls": map[string]any{}}})
		p.finish()
	})

	t.Run("unknown methods", func(t *testing.T) {
		p := start(t, bin)
		p.initialize()
		for _, tt := range []struct {
			method string
			code   int
		}{{"pgnls/nonsense", -32601}, {"textDocument/nonsense", -32601}, {"$/nonsense", -32601}, {"", -32600}} {
			if e := p.callErr(tt.method, map[string]any{}); e.Code != tt.code {
				t.Errorf("request %q: %+v, want %d", tt.method, e, tt.code)
			}
		}
		for _, method := range []string{"$/nonsense", "pgnls/nonsense", "textDocument/hover"} {
			p.notify(method, map[string]any{})
		}
		p.finish()
	})

	t.Run("before initialize", func(t *testing.T) {
		p := start(t, bin)
		for _, method := range []string{"textDocument/hover", "pgnls/nonsense", "shutdown"} {
			if e := p.callErr(method, map[string]any{}); e.Code != -32002 {
				t.Errorf("%s before initialize: %+v, want -32002", method, e)
			}
		}
		p.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": "file:///early.pgn", "version": 1, "text": "1. e4 *\n"}})
		p.initialize()
		if e := p.callErr("textDocument/hover", positionParams("file:///early.pgn", 0, 3)); e.Code != -32602 {
			t.Errorf("hover on a document opened before initialize: %+v, want -32602 (not open)", e)
		}
		p.finish()
	})

	t.Run("unopened document", func(t *testing.T) {
		p := start(t, bin)
		p.initialize()
		p.notify("textDocument/didChange", map[string]any{
			"textDocument":   map[string]any{"uri": "file:///nope.pgn", "version": 2},
			"contentChanges": []any{map[string]any{"range": lspRange(0, 0, 0, 0), "text": "x"}},
		})
		p.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": "file:///nope.pgn"}})
		for _, method := range []string{"textDocument/hover", "textDocument/completion", "textDocument/formatting"} {
			if e := p.callErr(method, positionParams("file:///nope.pgn", 0, 0)); e.Code != -32602 {
				t.Errorf("%s on a document not open: %+v, want -32602", method, e)
			}
		}
		p.finish()
	})

	// A batch with a range past the end is rejected as a whole (and the
	// user told): nothing of it is applied, and the server, which no
	// longer knows the editor's text, says so until the whole text comes
	// again (lsp/resync.go); after that, the text is the one sent.
	t.Run("ranges past the end", func(t *testing.T) {
		p := start(t, bin)
		p.initialize()
		uri := "file:///r.pgn"
		text := "[Event \"E\"]\n\n1. e4 e5 2. Ke3 *\n"
		p.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 1, "text": text}})
		p.waitDiagnostics(uri, 1)
		for i, r := range []map[string]any{lspRange(50, 0, 50, 1), lspRange(2, 40, 2, 41), lspRange(2, 3, 2, 1), lspRange(0, 0, 4, 0)} {
			bad, resync := 2*i+2, 2*i+3
			p.notify("textDocument/didChange", map[string]any{
				"textDocument": map[string]any{"uri": uri, "version": bad},
				"contentChanges": []any{
					map[string]any{"range": lspRange(0, 0, 0, 0), "text": "garbage "}, // in range, not applied with the batch
					map[string]any{"range": r, "text": "x"},
				},
			})
			m := p.waitFor("the message on the rejected change", func(m message) bool { return m.Method == "window/showMessage" })
			if !strings.Contains(string(m.Params), "could not apply a change") {
				t.Errorf("message %s", m.Params)
			}
			if got := codes(p.waitDiagnostics(uri, bad)); got != "out-of-sync" {
				t.Errorf("after a rejected batch: %q, want out-of-sync", got)
			}
			p.notify("textDocument/didChange", map[string]any{
				"textDocument":   map[string]any{"uri": uri, "version": resync},
				"contentChanges": []any{map[string]any{"text": text}},
			})
			p.waitDiagnostics(uri, resync)
		}
		p.notify("textDocument/didChange", map[string]any{
			"textDocument":   map[string]any{"uri": uri, "version": 20},
			"contentChanges": []any{map[string]any{"range": lspRange(2, 12, 2, 15), "text": "Nc3"}},
		})
		if got := codes(p.waitDiagnostics(uri, 20)); got != "missing-tag" {
			t.Errorf("after the rejected batches, the whole text and a fix: %q, want missing-tag", got)
		}
		p.finish()
	})

	// Versions that go down: the server applies the changes in the order
	// they come; the last diagnostics published are those of the last text.
	t.Run("out-of-order versions", func(t *testing.T) {
		p := start(t, bin)
		p.initialize()
		uri := "file:///v.pgn"
		illegal, legal := "[Event \"E\"]\n\n1. e4 e5 2. Ke3 *\n", "[Event \"E\"]\n\n1. e4 e5 2. Nc3 *\n"
		p.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 10, "text": illegal}})
		p.waitDiagnostics(uri, 10)
		p.drain()
		for _, step := range []struct {
			version int
			text    string
		}{{5, legal}, {100, illegal}, {50, legal}, {200, illegal}, {1, legal}} {
			p.notify("textDocument/didChange", map[string]any{
				"textDocument":   map[string]any{"uri": uri, "version": step.version},
				"contentChanges": []any{map[string]any{"text": step.text}},
			})
		}
		// In the order they arrive: the publications up to that of version
		// 1, the last, and none after it.
		for {
			m, open := <-p.msgs
			if !open {
				t.Fatal("standard output closed")
			}
			var pp struct {
				URI         string `json:"uri"`
				Version     *int   `json:"version"`
				Diagnostics []any  `json:"diagnostics"`
			}
			if m.Method == "textDocument/publishDiagnostics" && json.Unmarshal(m.Params, &pp) == nil && pp.URI == uri && pp.Version != nil && *pp.Version == 1 {
				if got := codes(pp.Diagnostics); got != "missing-tag" {
					t.Errorf("version 1: %q, want missing-tag (no illegal-move)", got)
				}
				break
			}
		}
		p.result("textDocument/hover", positionParams(uri, 2, 3))
		time.Sleep(300 * time.Millisecond)
		for _, m := range p.drain() {
			if m.Method == "textDocument/publishDiagnostics" && strings.Contains(string(m.Params), uri) {
				t.Errorf("published after the diagnostics of the last version: %s", m.Params)
			}
		}
		p.finish()
	})

	t.Run("cancellation storm", func(t *testing.T) {
		p := start(t, bin)
		p.initialize()
		rng := rand.New(rand.NewSource(1))
		var b strings.Builder
		for i := range 1000 {
			var params string
			switch i % 5 {
			case 0, 1:
				params = fmt.Sprintf(`{"id": %d}`, rng.Intn(1<<30))
			case 2:
				params = fmt.Sprintf(`{"id": "s%d"}`, rng.Int())
			case 3:
				params = `{"id": null}`
			case 4:
				params = []string{`{}`, `[]`, `5`, `{"id": {"x": 1}}`, `{"id": 1.5}`}[rng.Intn(5)]
			}
			body := `{"jsonrpc":"2.0","method":"$/cancelRequest","params":` + params + `}`
			fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n%s", len(body), body)
		}
		if _, err := p.stdin.Write([]byte(b.String())); err != nil {
			t.Fatal(err)
		}
		if got := p.drain(); len(got) != 0 {
			t.Errorf("answers to notifications: %v", got[0])
		}

		// Requests cancelled in flight: each is answered once, with its
		// result or RequestCancelled. The cancellations follow the first
		// answer, so that some requests are done, one is running and the
		// others wait.
		uri := "file:///big.pgn"
		text := strings.Repeat("[Event \"E\"]\n[Site \"S\"]\n\n1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 *\n\n", 20000)
		p.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 1, "text": text}})
		const first, n = 9300, 40
		var requests, cancels strings.Builder
		for id := first; id < first+n; id++ {
			method := []string{"textDocument/formatting", "textDocument/foldingRange", "textDocument/documentSymbol", "textDocument/semanticTokens/full"}[id%4]
			req, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": map[string]any{"textDocument": map[string]any{"uri": uri}}})
			fmt.Fprintf(&requests, "Content-Length: %d\r\n\r\n%s", len(req), req)
			cancel := fmt.Sprintf(`{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":%d}}`, id)
			fmt.Fprintf(&cancels, "Content-Length: %d\r\n\r\n%s", len(cancel), cancel)
		}
		if _, err := p.stdin.Write([]byte(requests.String())); err != nil {
			t.Fatal(err)
		}
		cancelled := 0
		for id := first; id < first+n; id++ {
			m := p.waitFor(fmt.Sprintf("the answer to %d", id), func(m message) bool { return string(m.ID) == strconv.Itoa(id) && m.Method == "" })
			if id == first {
				if _, err := p.stdin.Write([]byte(cancels.String())); err != nil {
					t.Fatal(err)
				}
			}
			if m.Error != nil {
				if m.Error.Code != -32800 {
					t.Errorf("request %d: %+v, want a result or -32800", id, m.Error)
				}
				cancelled++
			}
		}
		p.result("textDocument/hover", positionParams(uri, 3, 1))
		for _, m := range p.drain() {
			if id, err := strconv.Atoi(string(m.ID)); err == nil && id >= first && id < first+n {
				t.Errorf("request %d answered twice: %+v", id, m)
			}
		}
		t.Logf("%d of %d requests cancelled in flight", cancelled, n)
		p.finish()
	})

	t.Run("100 concurrent hovers and repeated ids", func(t *testing.T) {
		p := start(t, bin)
		p.initialize()
		uri := "file:///h.pgn"
		p.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 1, "text": "[Event \"E\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 $1 {comment} *\n"}})
		var b strings.Builder
		const first, n = 9500, 100
		for id := first; id < first+n; id++ {
			req, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": "textDocument/hover", "params": positionParams(uri, 2, (id-first)%30)})
			fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n%s", len(req), req)
		}
		if _, err := p.stdin.Write([]byte(b.String())); err != nil {
			t.Fatal(err)
		}
		for id := first; id < first+n; id++ {
			m := p.waitFor(fmt.Sprintf("the answer to %d", id), func(m message) bool { return string(m.ID) == strconv.Itoa(id) && m.Method == "" })
			if m.Error != nil {
				t.Errorf("hover %d: %+v", id, m.Error)
			}
		}

		// Ids are the client's to keep unique; when it does not, each
		// request is still answered once, and a cancellation of that id
		// does no harm.
		b.Reset()
		for i := range 10 {
			req, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": 7777, "method": "textDocument/hover", "params": positionParams(uri, 2, i)})
			cancel := `{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":7777}}`
			fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n%sContent-Length: %d\r\n\r\n%s", len(req), req, len(cancel), cancel)
		}
		if _, err := p.stdin.Write([]byte(b.String())); err != nil {
			t.Fatal(err)
		}
		for i := range 10 {
			m := p.waitFor(fmt.Sprintf("answer %d to id 7777", i+1), func(m message) bool { return string(m.ID) == "7777" && m.Method == "" })
			if m.Error != nil && m.Error.Code != -32800 {
				t.Errorf("a request with a repeated id: %+v", m.Error)
			}
		}
		p.result("textDocument/hover", positionParams(uri, 2, 4))
		for _, m := range p.drain() {
			if string(m.ID) == "7777" {
				t.Errorf("an eleventh answer to id 7777: %+v", m)
			}
		}
		p.finish()
	})
}

// finish ends a case: a document opened gets its diagnostics and a hover,
// then shutdown and exit give status 0.
func (p *proc) finish() {
	p.t.Helper()
	uri := "file:///final.pgn"
	p.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "pgn", "version": 1, "text": "[Event \"E\"]\n\n1. e4 e5 2. Ke3 *\n"}})
	if got := codes(p.waitDiagnostics(uri, 1)); got != "missing-tag illegal-move" {
		p.t.Errorf("the final document's diagnostics: %q", got)
	}
	if res := p.result("textDocument/hover", positionParams(uri, 2, 4)); !strings.Contains(string(res), "e4") {
		p.t.Errorf("the final hover: %s", res)
	}
	p.call("shutdown", nil)
	p.notify("exit", nil)
	if code := p.wait(); code != 0 {
		p.t.Errorf("exit after shutdown: status %d, want 0", code)
	}
}

// result sends a request and returns its result; an error fails the test.
func (p *proc) result(method string, params any) json.RawMessage {
	p.t.Helper()
	p.nextID++
	id := strconv.Itoa(p.nextID)
	p.write(map[string]any{"method": method, "id": p.nextID, "params": params})
	m := p.waitFor("the answer to "+method, func(m message) bool { return string(m.ID) == id && m.Method == "" })
	if m.Error != nil {
		p.t.Fatalf("%s: %+v", method, m.Error)
	}
	return m.Result
}

// drain returns the messages seen and not yet taken, and those that arrive
// within a short while.
func (p *proc) drain() []message {
	out := p.seen
	p.seen = nil
	deadline := time.After(200 * time.Millisecond)
	for {
		select {
		case m, open := <-p.msgs:
			if !open {
				return out
			}
			out = append(out, m)
		case <-deadline:
			return out
		}
	}
}

func positionParams(uri string, line, char int) map[string]any {
	return map[string]any{"textDocument": map[string]any{"uri": uri}, "position": map[string]any{"line": line, "character": char}}
}
