package wire

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"go.lsp.dev/jsonrpc2"
	"go.uber.org/zap"
)

// rwc is an input and an output joined, for stream tests.
type rwc struct {
	in  io.Reader
	out bytes.Buffer
}

func (c *rwc) Read(p []byte) (int, error)  { return c.in.Read(p) }
func (c *rwc) Write(p []byte) (int, error) { return c.out.Write(p) }
func (*rwc) Close() error                  { return nil }

func frame(body string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body) }

// A message that is not JSON is answered ParseError with a null id, one that
// is JSON but not JSON-RPC InvalidRequest with its id; reading goes on.
func TestStreamAnswersMalformedMessages(t *testing.T) {
	in := frame(`{"jsonrpc": "2.0", "id": 1, "method": "x", garbage`) +
		frame(`{"jsonrpc": "2.0", "id": 7, "method": 5}`) +
		frame(`[1, 2]`) +
		frame(`{"jsonrpc": "2.0", "id": 8, "error": 5}`) + // a malformed response: dropped
		"content-length: 41\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n" +
		`{"jsonrpc":"2.0","id":2,"method":"hover"}`
	conn := &rwc{in: strings.NewReader(in)}
	s := NewStream(conn, zap.NewNop(), Options{})
	msg, _, err := s.Read(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if call, ok := msg.(*jsonrpc2.Call); !ok || call.Method() != "hover" {
		t.Fatalf("read %#v, want the hover call", msg)
	}
	if _, _, err := s.Read(context.Background()); !errors.Is(err, io.EOF) {
		t.Errorf("at the end: %v, want EOF", err)
	}

	type reply struct {
		ID    json.RawMessage `json:"id"`
		Error jsonrpc2.Error  `json:"error"`
	}
	var replies []reply
	out := conn.out.String()
	for out != "" {
		_, rest, _ := strings.Cut(out, "\r\n\r\n")
		var n int
		fmt.Sscanf(out, "Content-Length: %d", &n)
		var r reply
		if err := json.Unmarshal([]byte(rest[:n]), &r); err != nil {
			t.Fatalf("reply %q: %v", rest[:n], err)
		}
		replies = append(replies, r)
		out = rest[n:]
	}
	want := []struct {
		id   string
		code jsonrpc2.Code
	}{{"null", jsonrpc2.ParseError}, {"7", jsonrpc2.InvalidRequest}, {"null", jsonrpc2.InvalidRequest}}
	if len(replies) != len(want) {
		t.Fatalf("%d replies, want %d: %s", len(replies), len(want), conn.out.String())
	}
	for i, w := range want {
		if string(replies[i].ID) != w.id || replies[i].Error.Code != w.code {
			t.Errorf("reply %d: id %s code %d, want id %s code %d", i, replies[i].ID, replies[i].Error.Code, w.id, w.code)
		}
	}
}

// A broken header loses the message boundaries: the stream fails.
func TestStreamBrokenHeader(t *testing.T) {
	for _, in := range []string{
		"Content-Length: x\r\n\r\n{}",
		"no colon here\r\n\r\n{}",
		"Content-Type: text/plain\r\n\r\n{}",
		"Content-Length: 10\r\n\r\n{}",
	} {
		s := NewStream(&rwc{in: strings.NewReader(in)}, zap.NewNop(), Options{})
		if _, _, err := s.Read(context.Background()); err == nil || errors.Is(err, io.EOF) {
			t.Errorf("%q: %v, want a framing error", in, err)
		}
	}
}

// FuzzDecodeMessage: a message decodeMessage accepts is the message
// jsonrpc2.DecodeMessage gives (the same kind, method, id and params); what
// jsonrpc2 refuses, decodeMessage refuses. decodeMessage refuses more: what
// JSON-RPC 2.0 does not allow (TestStreamAppliesJSONRPCRules).
func FuzzDecodeMessage(f *testing.F) {
	for _, seed := range []string{
		`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///a.pgn","version":2},"contentChanges":[{"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":0}},"text":" "}]}}`,
		`{"jsonrpc":"2.0","id":7,"method":"textDocument/hover","params":{"position":{"line":0,"character":3}}}`,
		`{"jsonrpc":"2.0","id":"x","method":"shutdown"}`,
		`{"jsonrpc":"2.0","id":1,"result":null}`,
		`{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"no"}}`,
		`{"jsonrpc":"1.0","method":"m","params":[]}`,
		`{"method":"m","params":{}}`,
		`{"jsonrpc":"2.0","method":"m","params":null}`,
		`{"jsonrpc":"2.0","id":null,"method":"m","params":[1, 2]}`,
		`{"jsonrpc":"2.0","Method":"m","params":{"a":"<b>"}} trailing`,
		`{"jsonrpc":"2.0","method":"m","method":"n","params":5}`,
		`{"jsonrpc":"2.0","id":1.5,"method":"m","params":{}}`,
		`{"jsonrpc":"2.0","id":"","method":"m","params":{}}`,
		`{"jsonrpc":"2.0","id":2147483648,"method":"m","params":{}}`,
		`{"jsonrpc":"2.0","id":-7,"method":"m","params":{"s":"a\"b\\"}}`,
		`{"jsonrpc":"2.0","method":"a","Method":"b","params":{}}`,
		`{"jsonrpc":"2.0","id":3,"result":{"x":[1,{"y":"}"}]}}`,
		`[1]`, `nul`, ``,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		got, gotErr := decodeMessage(body)
		want, wantErr := jsonrpc2.DecodeMessage(body)
		if gotErr == nil && wantErr != nil {
			t.Fatalf("%q: accepted, but jsonrpc2 says %v", body, wantErr)
		}
		if gotErr != nil {
			return
		}
		if fmt.Sprintf("%T", got) != fmt.Sprintf("%T", want) {
			t.Fatalf("%q: %T, want %T", body, got, want)
		}
		switch w := want.(type) {
		case *jsonrpc2.Call:
			g := got.(*jsonrpc2.Call)
			if g.Method() != w.Method() || g.ID() != w.ID() || !sameJSON(g.Params(), w.Params()) {
				t.Fatalf("%q: call %s %v %s, want %s %v %s", body, g.Method(), g.ID(), g.Params(), w.Method(), w.ID(), w.Params())
			}
		case *jsonrpc2.Notification:
			g := got.(*jsonrpc2.Notification)
			if g.Method() != w.Method() || !sameJSON(g.Params(), w.Params()) {
				t.Fatalf("%q: notification %s %s, want %s %s", body, g.Method(), g.Params(), w.Method(), w.Params())
			}
		}
	})
}

// sameJSON reports whether two params are the same JSON value (or both
// absent).
func sameJSON(a, b json.RawMessage) bool {
	if len(a) == 0 || len(b) == 0 {
		return len(a) == len(b)
	}
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return bytes.Equal(a, b)
	}
	return reflect.DeepEqual(x, y)
}

// A keystroke's didChange is decoded without jsonrpc2's 32 KB buffer.
func TestDecodeMessageOfAKeystrokeAllocatesLittle(t *testing.T) {
	body := []byte(`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"file:///a.pgn","version":2},"contentChanges":[{"range":{"start":{"line":1,"character":0},"end":{"line":1,"character":0}},"text":" "}]}}`)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range 100 {
		if _, err := decodeMessage(body); err != nil {
			t.Fatal(err)
		}
	}
	runtime.ReadMemStats(&after)
	if per := (after.TotalAlloc - before.TotalAlloc) / 100; per > 4<<10 {
		t.Errorf("%d bytes allocated per message, want a few hundred", per)
	}
}

// repeatReader yields n copies of c, then the text after.
type repeatReader struct {
	c     byte
	n     int
	after *strings.Reader
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.n == 0 {
		return r.after.Read(p)
	}
	k := min(len(p), r.n)
	for i := range p[:k] {
		p[i] = r.c
	}
	r.n -= k
	return k, nil
}

// allocatedBy returns the bytes fn allocates.
func allocatedBy(fn func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	fn()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// A header line without a line break, however long, is skipped in the
// stream's buffer: the memory read costs does not grow with it (a 300 MB
// line took the server to 1.2 GB), and the message after it is read.
func TestLongHeaderLineTakesNoMemory(t *testing.T) {
	call := `{"jsonrpc":"2.0","id":1,"method":"after"}`
	for _, prefix := range []string{"", "Content-Length: 5"} {
		in := &repeatReader{c: 'x', n: 16 << 20, after: strings.NewReader("\r\n" + frame(call))}
		s := NewStream(&rwc{in: io.MultiReader(strings.NewReader(prefix), in)}, zap.NewNop(), Options{})
		var msg jsonrpc2.Message
		var err error
		allocated := allocatedBy(func() { msg, _, err = s.Read(context.Background()) })
		if c, ok := msg.(*jsonrpc2.Call); err != nil || !ok || c.Method() != "after" {
			t.Fatalf("%q + 16 MB line: read %v, %v; want the call after it", prefix, msg, err)
		}
		if allocated > 1<<20 {
			t.Errorf("%q + 16 MB line: %d bytes allocated, want less than 1 MB", prefix, allocated)
		}
	}
}

// A Content-Length that promises more than is sent costs memory for what is
// sent, up to bodyStep at most: a message of 1 GB announced, and 1 KB sent
// before the input ends, allocates no gigabyte.
func TestBodyMemoryFollowsTheBytesSent(t *testing.T) {
	in := strings.NewReader(fmt.Sprintf("Content-Length: %d\r\n\r\n%s", maxMessage, strings.Repeat("x", 1024)))
	s := NewStream(&rwc{in: in}, zap.NewNop(), Options{})
	var err error
	allocated := allocatedBy(func() { _, _, err = s.Read(context.Background()) })
	if err == nil {
		t.Fatal("a body cut short was read")
	}
	if allocated > bodyStep+1<<20 {
		t.Errorf("%d bytes allocated for 1 KB sent, want at most %d", allocated, bodyStep+1<<20)
	}
	// A body longer than bodyStep is read whole.
	body := `{"jsonrpc":"2.0","method":"big","params":{"s":"` + strings.Repeat("y", bodyStep+10) + `"}}`
	s = NewStream(&rwc{in: strings.NewReader(frame(body))}, zap.NewNop(), Options{})
	msg, _, err := s.Read(context.Background())
	if n, ok := msg.(*jsonrpc2.Notification); err != nil || !ok || !strings.HasSuffix(string(n.Params()), strings.Repeat("y", 100)+`"}`) {
		t.Fatalf("a body of %d bytes: %T, %v", len(body), msg, err)
	}
}
