package lsp

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"
)

// rawClient speaks the base protocol byte for byte: it writes whatever
// frames a test makes, well-formed or not, and reads every message the
// server writes. It drives an in-process server (newRawEnv) or the built
// binary (stress_test.go).
type rawClient struct {
	t    testing.TB
	w    io.Writer
	wMu  sync.Mutex
	msgs chan rawMessage
	// onBody, when set before reading starts, sees each message first, as
	// it came; it returns false to keep it from msgs (a test that counts a
	// flood of answers).
	onBody  func(body []byte) bool
	seen    []rawMessage // read, and not yet taken by a wait
	readErr chan error
}

// rawMessage is any message the server sends.
type rawMessage struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func (m *rawMessage) isResponse() bool { return m.Method == "" }

func newRawClient(t testing.TB, w io.Writer) *rawClient {
	return &rawClient{t: t, w: w, msgs: make(chan rawMessage, 1024), readErr: make(chan error, 1)}
}

// start begins reading r: every message is decoded; one that is not framed
// or not JSON fails the test.
func (c *rawClient) start(r io.Reader) {
	go func() {
		defer close(c.msgs)
		in := bufio.NewReaderSize(r, 1<<20)
		for {
			body, err := readFramed(in)
			if err != nil {
				c.readErr <- err
				return
			}
			if c.onBody != nil && !c.onBody(body) {
				continue
			}
			var m rawMessage
			if err := json.Unmarshal(body, &m); err != nil {
				c.readErr <- fmt.Errorf("the server wrote %.200q: %v", body, err)
				return
			}
			c.msgs <- m
		}
	}()
}

// readFramed reads one message as an LSP client does: headers, a blank
// line, Content-Length bytes.
func readFramed(in *bufio.Reader) ([]byte, error) {
	n := -1
	for {
		line, err := in.ReadString('\n')
		if err != nil {
			return nil, err
		}
		line = strings.TrimRight(line, "\r\n")
		if line == "" {
			break
		}
		if v, ok := strings.CutPrefix(line, "Content-Length: "); ok {
			if n, err = strconv.Atoi(v); err != nil {
				return nil, fmt.Errorf("header %q", line)
			}
		}
	}
	if n < 0 {
		return nil, fmt.Errorf("a message without Content-Length")
	}
	body := make([]byte, n)
	_, err := io.ReadFull(in, body)
	return body, err
}

// sendRaw writes bytes as they are.
func (c *rawClient) sendRaw(b string) {
	c.t.Helper()
	if err := c.write(b); err != nil {
		c.t.Fatalf("writing to the server: %v", err)
	}
}

// write writes bytes as they are, and returns the error: for goroutines
// other than the test's, which cannot end it.
func (c *rawClient) write(b string) error {
	c.wMu.Lock()
	defer c.wMu.Unlock()
	_, err := io.WriteString(c.w, b)
	return err
}

// send writes one framed message.
// frame is body framed as the LSP base protocol frames a message.
func frame(body string) string { return fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body), body) }

func (c *rawClient) send(body string) { c.t.Helper(); c.sendRaw(frame(body)) }

// sendJSON frames a message with "jsonrpc": "2.0" added.
func (c *rawClient) sendJSON(msg map[string]any) {
	c.t.Helper()
	msg["jsonrpc"] = "2.0"
	b, err := json.Marshal(msg)
	if err != nil {
		c.t.Fatal(err)
	}
	c.send(string(b))
}

func (c *rawClient) notify(method string, params any) {
	c.t.Helper()
	c.sendJSON(map[string]any{"method": method, "params": params})
}

// request sends a request with the id id (raw JSON) and returns its answer.
func (c *rawClient) request(id, method string, params any) rawMessage {
	c.t.Helper()
	c.sendJSON(map[string]any{"id": json.RawMessage(id), "method": method, "params": params})
	return c.waitFor("the answer to "+method+" "+id, func(m rawMessage) bool { return m.isResponse() && string(m.ID) == id })
}

// waitFor returns the first message, read before or arriving, that
// satisfies ok.
func (c *rawClient) waitFor(what string, ok func(rawMessage) bool) rawMessage {
	c.t.Helper()
	for i, m := range c.seen {
		if ok(m) {
			c.seen = append(c.seen[:i], c.seen[i+1:]...)
			return m
		}
	}
	deadline := time.After(waitLimit)
	for {
		select {
		case m, open := <-c.msgs:
			if !open {
				c.t.Fatalf("the server's output ended while waiting for %s (%v)", what, <-c.readErr)
			}
			if ok(m) {
				return m
			}
			c.seen = append(c.seen, m)
		case <-deadline:
			c.t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// initialize sends initialize with capabilities and options, and
// initialized.
func (c *rawClient) initialize(capabilities, options any) {
	c.t.Helper()
	if m := c.request(`"init"`, "initialize", map[string]any{"processId": nil, "capabilities": capabilities, "initializationOptions": options}); m.Error != nil {
		c.t.Fatalf("initialize: %+v", m.Error)
	}
	c.notify("initialized", map[string]any{})
}

// rawEnv is an in-process server driven by a rawClient, with its log
// observed.
type rawEnv struct {
	*rawClient
	s    *server
	logs *observer.ObservedLogs
	conn net.Conn
	code chan int
}

func newRawEnv(t testing.TB, setup func(*server)) *rawEnv {
	t.Helper()
	serverEnd, clientEnd := net.Pipe()
	core, logs := observer.New(zapcore.DebugLevel)
	s := newServer(zap.New(core))
	if setup != nil {
		setup(s)
	}
	e := &rawEnv{rawClient: newRawClient(t, clientEnd), s: s, logs: logs, conn: clientEnd, code: make(chan int, 1)}
	go func() { e.code <- s.serve(context.Background(), serverEnd) }()
	e.start(clientEnd)
	t.Cleanup(func() {
		clientEnd.Close()
		select {
		case <-e.code:
		case <-time.After(waitLimit):
			t.Error("the server did not stop after its connection closed")
		}
	})
	return e
}

// exitCode waits for serve to return.
func (e *rawEnv) exitCode() int {
	e.t.Helper()
	select {
	case c := <-e.code:
		e.code <- c
		return c
	case <-time.After(waitLimit):
		e.t.Fatal("the server did not exit")
		return -1
	}
}

// logged reports whether the server logged a message containing text.
func (e *rawEnv) logged(text string) bool {
	return e.logs.FilterMessageSnippet(text).Len() > 0
}
