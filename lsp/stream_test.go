package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
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
	s := newStream(conn, zap.NewNop())
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
		s := newStream(&rwc{in: strings.NewReader(in)}, zap.NewNop())
		if _, _, err := s.Read(context.Background()); err == nil || errors.Is(err, io.EOF) {
			t.Errorf("%q: %v, want a framing error", in, err)
		}
	}
}
