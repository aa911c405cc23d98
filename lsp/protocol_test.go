package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// The server survives whatever the client sends on the protocol: answers
// repeated or made up, ids of every shape, messages JSON-RPC does not
// allow. Each case drives the server in-process over a pipe, byte for byte
// (rawClient).

// Answering the server's workspace/configuration request three times, and
// answering requests it never sent, leaves it serving: the extra answers are
// dropped (and logged). jsonrpc2's connection handed a repeated answer to
// the waiting call through a channel of one, and the third blocked its read
// loop: nothing was read again, shutdown and the end of the input included
// (3 trials of 5).
func TestRepeatedResponsesDoNotStallTheServer(t *testing.T) {
	e := newRawEnv(t, nil)
	e.initialize(map[string]any{"workspace": map[string]any{"configuration": true}}, nil)
	for trial := 0; trial < 5; trial++ {
		if trial > 0 {
			e.notify("workspace/didChangeConfiguration", map[string]any{"settings": nil})
		}
		pull := e.waitFor("workspace/configuration", func(m rawMessage) bool { return m.Method == "workspace/configuration" })
		answer := fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":[{"lineWidth":60}]}`, pull.ID)
		e.sendRaw(frame(answer) + frame(answer) + frame(answer))
		for _, id := range []string{"987654", `"never-sent"`, "null", "-1"} {
			e.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":null}`, id))
			e.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"error":{"code":-32603,"message":"x"}}`, id))
		}
		if m := e.request(fmt.Sprint(100+trial), "pgnls/roundTrip", nil); m.Error == nil || m.Error.Code != int(jsonrpc2.MethodNotFound) {
			t.Fatalf("trial %d: a request after the repeated answers: %+v, want MethodNotFound", trial, m)
		}
	}
	if !e.logged("dropped a response") {
		t.Error("the dropped responses were not logged")
	}
	if m := e.request("1000", "shutdown", nil); m.Error != nil {
		t.Fatalf("shutdown: %+v", m.Error)
	}
	e.conn.Close() // the end of the input
	e.exitCode()
}

// Every message is held to JSON-RPC 2.0's rules, with LSP's types for the
// id: a request that breaks them is answered InvalidRequest (-32600), with
// its id when it has one JSON-RPC allows and null otherwise (a method of ""
// included); a request of a method that does not exist, MethodNotFound
// (-32601); what is not JSON, ParseError (-32700) with a null id. A
// malformed response is dropped, since nothing can answer it, and so is a
// malformed notification (a method and no id), since the client waits for
// no answer. Without "jsonrpc", a request was served as if it had one.
func TestMessagesFollowJSONRPCRules(t *testing.T) {
	e := newRawEnv(t, nil)
	e.initialize(map[string]any{}, nil)
	for i, tt := range []struct {
		body string
		code int    // 0: no answer
		id   string // the id of the answer
	}{
		{`{"id":1,"method":"pgnls/x"}`, -32600, "1"},
		{`{"method":"initialized","params":{}}`, 0, ""},
		{`{"jsonrpc":"2.0","method":"pgnls/x","params":5}`, 0, ""},
		{`{"jsonrpc":"2.0","method":5}`, 0, ""},
		{`{"jsonrpc":"2.0","method":"a","Method":"b"}`, 0, ""},
		{`{"jsonrpc":"1.0","id":2,"method":"pgnls/x"}`, -32600, "2"},
		{`{"jsonrpc":2.0,"id":3,"method":"pgnls/x"}`, -32600, "3"},
		{`{"jsonrpc":"2.0","id":4,"method":5}`, -32600, "4"},
		{`{"jsonrpc":"2.0","id":4,"method":null}`, -32600, "4"},
		{`{"jsonrpc":"2.0","id":true,"method":"pgnls/x"}`, -32600, "null"},
		{`{"jsonrpc":"2.0","id":{"a":1},"method":"pgnls/x"}`, -32600, "null"},
		{`{"jsonrpc":"2.0","id":[7],"method":"pgnls/x"}`, -32600, "null"},
		{`{"jsonrpc":"2.0","id":null,"method":"pgnls/x"}`, -32600, "null"},
		{`{"jsonrpc":"2.0","id":1.5,"method":"pgnls/x"}`, -32600, "1.5"},
		{`{"jsonrpc":"2.0","id":4294967296,"method":"pgnls/x"}`, -32600, "4294967296"},
		{`{"jsonrpc":"2.0","id":10,"method":"pgnls/x","params":"s"}`, -32600, "10"},
		{`{"jsonrpc":"2.0","id":10,"method":"pgnls/x","params":5}`, -32600, "10"},
		{`{"jsonrpc":"2.0","id":11,"method":"pgnls/x","result":1}`, -32600, "11"},
		{`{"jsonrpc":"2.0","id":12,"Method":"pgnls/x"}`, -32600, "12"},
		{`{"jsonrpc":"2.0","id":13,"method":"a","method":"b"}`, -32600, "13"},
		{`{"jsonrpc":"2.0","id":14}`, 0, ""},
		{`{"jsonrpc":"2.0","id":15,"result":1,"error":{"code":1,"message":"x"}}`, 0, ""},
		{`{"jsonrpc":"2.0","id":16,"error":"x"}`, 0, ""},
		{`{"jsonrpc":"2.0","id":16,"error":{"code":"x","message":1}}`, 0, ""},
		{`{"jsonrpc":"2.0","result":1}`, -32600, "null"},
		{`{"jsonrpc":"2.0","id":17,"method":""}`, -32600, "17"},
		{`{"jsonrpc":"2.0","method":""}`, 0, ""},
		{`{"jsonrpc":"2.0","id":18,"method":"pgnls/x"}`, -32601, "18"},
		{`{"jsonrpc":"2.0","id":"s","method":"pgnls/x","params":[]}`, -32601, `"s"`},
		{`{"jsonrpc":"2.0","method":"pgnls/x","params":{}}`, 0, ""},
		{`[]`, -32600, "null"},
		{`[{"jsonrpc":"2.0","id":19,"method":"pgnls/x"}]`, -32600, "null"},
		{`"hello"`, -32600, "null"},
		{`{`, -32700, "null"},
		{`{"jsonrpc":"2.0","id":20,"method":"pgnls/x",}`, -32700, "null"},
		{``, -32700, "null"},
	} {
		e.send(tt.body)
		sentinel := fmt.Sprintf(`"sentinel-%d"`, i)
		e.sendJSON(map[string]any{"id": json.RawMessage(sentinel), "method": "pgnls/roundTrip"})
		var answers []rawMessage
		e.waitFor("the answer to "+sentinel, func(m rawMessage) bool {
			if string(m.ID) == sentinel {
				return true
			}
			if m.isResponse() {
				answers = append(answers, m)
			}
			return false
		})
		e.seen = nil
		switch {
		case tt.code == 0 && len(answers) > 0:
			t.Errorf("%s: answered %+v, want no answer", tt.body, answers[0])
		case tt.code != 0 && len(answers) != 1:
			t.Errorf("%s: %d answers, want one with code %d", tt.body, len(answers), tt.code)
		case tt.code != 0 && (answers[0].Error == nil || answers[0].Error.Code != tt.code || string(answers[0].ID) != tt.id):
			t.Errorf("%s: answered id %s error %+v, want id %s code %d", tt.body, answers[0].ID, answers[0].Error, tt.id, tt.code)
		}
	}
}

// A request whose id is the empty string is answered, with that id; and so
// is one with the id 0 while it runs, and $/cancelRequest of "" cancels the
// right one. jsonrpc2.ID cannot tell "" from 0: the answer to "" went out
// with the id 0, which no client waits for.
func TestRequestWithEmptyStringIDIsAnswered(t *testing.T) {
	entered := make(chan string, 4)
	e := newRawEnv(t, func(s *server) {
		s.beforeHandle = func(ctx context.Context, req jsonrpc2.Request) {
			if req.Method() == "pgnls/test.block" {
				entered <- string(req.Params())
				<-ctx.Done()
			}
		}
	})
	e.initialize(map[string]any{}, nil)
	if m := e.request(`""`, "pgnls/x", nil); m.Error == nil || m.Error.Code != int(jsonrpc2.MethodNotFound) {
		t.Errorf(`id "": %+v, want MethodNotFound with the id ""`, m)
	}
	if m := e.request(`"\u0000x"`, "pgnls/x", nil); m.Error == nil || m.Error.Code != int(jsonrpc2.MethodNotFound) {
		t.Errorf(`id "\u0000x": %+v, want MethodNotFound with that id`, m)
	}
	// "" blocks until cancelled; 0, queued behind it, is answered after.
	e.sendJSON(map[string]any{"id": "", "method": "pgnls/test.block", "params": []string{"empty"}})
	<-entered
	e.sendJSON(map[string]any{"id": 0, "method": "pgnls/x"})
	e.notify("$/cancelRequest", map[string]any{"id": 0}) // not running yet: cancelled in the queue
	e.notify("$/cancelRequest", map[string]any{"id": ""})
	got := map[string]int{}
	for len(got) < 2 {
		m := e.waitFor("the answers to \"\" and 0", func(m rawMessage) bool { return m.isResponse() })
		if m.Error == nil {
			t.Fatalf("answer %+v, want an error", m)
		}
		got[string(m.ID)] = m.Error.Code
	}
	if got[`""`] != int(protocol.CodeRequestCancelled) || got["0"] != int(protocol.CodeRequestCancelled) {
		t.Errorf("answers %v, want RequestCancelled for both \"\" and 0", got)
	}
}

// A request cancelled while it waits in the queue is answered
// RequestCancelled without running: the server's time goes to the requests
// still wanted (the hovers of a mouse that moved on are cancelled by the
// dozen).
func TestRequestCancelledWhileQueuedDoesNotRun(t *testing.T) {
	release := make(chan struct{})
	ran := make(chan string, 8)
	e := newRawEnv(t, func(s *server) {
		s.beforeHandle = func(ctx context.Context, req jsonrpc2.Request) {
			if c, ok := req.(*jsonrpc2.Call); ok && strings.HasPrefix(req.Method(), "pgnls/test.") {
				ran <- fmt.Sprint(c.ID())
				if req.Method() == "pgnls/test.block" {
					<-release
				}
			}
		}
	})
	e.initialize(map[string]any{}, nil)
	e.sendJSON(map[string]any{"id": 1, "method": "pgnls/test.block"})
	if id := <-ran; id != "1" {
		t.Fatalf("ran %s first, want 1", id)
	}
	e.sendJSON(map[string]any{"id": 2, "method": "pgnls/test.queued"})
	e.sendJSON(map[string]any{"id": 3, "method": "pgnls/test.queued"})
	e.notify("$/cancelRequest", map[string]any{"id": 2})
	// A malformed request is answered by the read loop itself, after the
	// $/cancelRequest before it is served.
	e.send(`{"jsonrpc":"2.0","id":"sync","method":5}`)
	e.waitFor("the answer to the malformed request", func(m rawMessage) bool { return string(m.ID) == `"sync"` })
	close(release)
	answers := map[string]int{}
	for len(answers) < 3 {
		m := e.waitFor("the answers to 1, 2 and 3", func(m rawMessage) bool { return m.isResponse() })
		code := 0
		if m.Error != nil {
			code = m.Error.Code
		}
		answers[string(m.ID)] = code
	}
	if answers["2"] != int(protocol.CodeRequestCancelled) || answers["3"] != int(jsonrpc2.MethodNotFound) {
		t.Errorf("answers %v, want 2 RequestCancelled and 3 MethodNotFound", answers)
	}
	close(ran)
	for id := range ran {
		if id == "2" {
			t.Error("the cancelled request 2 ran")
		}
	}
}
