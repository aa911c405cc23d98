package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"sync"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
	"go.uber.org/zap/zaptest"
)

// waitLimit bounds every wait of the tests; reaching it is a failure (a
// hang), not a measurement. Benchmarks on large documents raise it.
var waitLimit = 20 * time.Second

// env is a server started in-process over net.Pipe, with a typed client
// (protocol.NewClient) that records what the server sends.
type env struct {
	t      testing.TB
	s      *server
	ctx    context.Context
	conn   jsonrpc2.Conn   // the client's end, for raw calls and notifications
	server protocol.Server // the typed dispatcher to the server
	client *fakeClient
	code   chan int // the exit status Serve returns
}

// newEnv starts a server; setup, when not nil, adjusts it before it serves.
func newEnv(t testing.TB, setup func(*server)) *env {
	t.Helper()
	serverEnd, clientEnd := net.Pipe()
	log := zaptest.NewLogger(t, zaptest.Level(zap.WarnLevel))
	s := newServer(log)
	e := &env{t: t, s: s, client: newFakeClient(), code: make(chan int, 1)}
	s.onPublish = func(uri protocol.DocumentURI, version int32, final bool) {
		e.client.record(func(c *fakeClient) {
			k := pubKey{uri, version}
			c.sent[k]++
			c.final[k] = c.final[k] || final
		})
	}
	if setup != nil {
		setup(s)
	}
	go func() { e.code <- s.serve(context.Background(), serverEnd) }()
	stream := &recordingStream{Stream: jsonrpc2.NewStream(clientEnd), client: e.client}
	e.ctx, e.conn, e.server = protocol.NewClient(context.Background(), e.client, stream, zap.NewNop())
	t.Cleanup(func() {
		e.conn.Close()
		select {
		case <-e.code:
		case <-time.After(waitLimit):
			t.Error("the server did not stop after its connection closed")
		}
	})
	return e
}

// initialize sends initialize with the given capabilities and options, then
// initialized.
func (e *env) initialize(caps protocol.ClientCapabilities, options any) {
	e.t.Helper()
	if _, err := e.server.Initialize(e.ctx, &protocol.InitializeParams{Capabilities: caps, InitializationOptions: options}); err != nil {
		e.t.Fatalf("initialize: %v", err)
	}
	if err := e.server.Initialized(e.ctx, &protocol.InitializedParams{}); err != nil {
		e.t.Fatalf("initialized: %v", err)
	}
}

// exitCode waits for Serve to return.
func (e *env) exitCode() int {
	e.t.Helper()
	select {
	case c := <-e.code:
		e.code <- c // for Cleanup
		return c
	case <-time.After(waitLimit):
		e.t.Fatal("the server did not exit")
		return -1
	}
}

// call sends a request and returns its raw result or its error.
func (e *env) call(method string, params any) (json.RawMessage, error) {
	var res json.RawMessage
	_, err := e.conn.Call(e.ctx, method, params, &res)
	return res, err
}

func (e *env) notify(method string, params any) {
	e.t.Helper()
	if err := e.conn.Notify(e.ctx, method, params); err != nil {
		e.t.Fatalf("notify %s: %v", method, err)
	}
}

// roundTrip sends a request and waits for its answer: every message sent
// before it has then been handled (the server handles them in order).
func (e *env) roundTrip() {
	e.t.Helper()
	if _, err := e.call("pgnls/roundTrip", nil); !isCode(err, jsonrpc2.MethodNotFound) {
		e.t.Fatalf("round trip: %v", err)
	}
}

func (e *env) open(uri protocol.DocumentURI, version int32, text string) {
	e.t.Helper()
	e.notify(protocol.MethodTextDocumentDidOpen, &protocol.DidOpenTextDocumentParams{
		TextDocument: protocol.TextDocumentItem{URI: uri, LanguageID: "", Version: version, Text: text},
	})
}

// change sends didChange with the given changes, decoded as the server
// decodes them (a nil range is a full replacement).
func (e *env) change(uri protocol.DocumentURI, version int32, changes ...contentChange) {
	e.t.Helper()
	p := didChangeParams{ContentChanges: changes}
	p.TextDocument.URI, p.TextDocument.Version = uri, version
	e.notify(protocol.MethodTextDocumentDidChange, &p)
}

// text returns the server's text of an open document.
func (e *env) text(uri protocol.DocumentURI) (string, int32, bool) {
	e.s.mu.Lock()
	defer e.s.mu.Unlock()
	d, ok := e.s.docs[uri]
	if !ok {
		return "", 0, false
	}
	return d.doc.Snapshot().Text(), d.version, true
}

// waitDiagnostics waits for a publication for uri that satisfies ok and
// returns it.
func (e *env) waitDiagnostics(uri protocol.DocumentURI, what string, ok func(published) bool) published {
	e.t.Helper()
	var found published
	e.client.waitFor(e.t, what, func(c *fakeClient) bool {
		for _, p := range c.published {
			if p.URI == uri && ok(p) {
				found = p
				return true
			}
		}
		return false
	})
	return found
}

// waitVersion waits for the final diagnostics of a version of uri (those
// of a long analysis can be preceded by partial ones): the last publication
// of that version, once the server has sent its final one and the client has
// read everything it sent.
func (e *env) waitVersion(uri protocol.DocumentURI, version int32) published {
	e.t.Helper()
	var last published
	k := pubKey{uri, version}
	e.client.waitFor(e.t, fmt.Sprintf("the diagnostics of %s version %d", uri, version), func(c *fakeClient) bool {
		n := 0
		for _, p := range c.published {
			if p.URI == uri && p.Version != nil && *p.Version == version {
				last = p
				n++
			}
		}
		return c.final[k] && n == c.sent[k]
	})
	return last
}

func rng(l1, c1, l2, c2 uint32) *protocol.Range {
	return &protocol.Range{Start: protocol.Position{Line: l1, Character: c1}, End: protocol.Position{Line: l2, Character: c2}}
}

func isCode(err error, code jsonrpc2.Code) bool {
	var e *jsonrpc2.Error
	return errors.As(err, &e) && e.Code == code
}

// published is a textDocument/publishDiagnostics as it was on the wire.
type published struct {
	URI         protocol.DocumentURI   `json:"uri"`
	Version     *int32                 `json:"version"`
	Diagnostics *[]protocol.Diagnostic `json:"diagnostics"` // nil: null or absent
}

func (p published) codes() []string {
	var out []string
	if p.Diagnostics != nil {
		for _, d := range *p.Diagnostics {
			code, _ := d.Code.(string)
			out = append(out, code)
		}
	}
	return out
}

// recordingStream records the server's publications and responses as they
// are on the wire, before the typed client decodes them.
type recordingStream struct {
	jsonrpc2.Stream
	client *fakeClient
}

func (r *recordingStream) Read(ctx context.Context) (jsonrpc2.Message, int64, error) {
	msg, n, err := r.Stream.Read(ctx)
	switch m := msg.(type) {
	case *jsonrpc2.Notification:
		if m.Method() == protocol.MethodTextDocumentPublishDiagnostics {
			var p published
			if err := json.Unmarshal(m.Params(), &p); err != nil {
				panic(err)
			}
			r.client.record(func(c *fakeClient) { c.published = append(c.published, p) })
		}
	case *jsonrpc2.Response:
		r.client.record(func(c *fakeClient) { c.responses = append(c.responses, m) })
	}
	return msg, n, err
}

// fakeClient is the editor's side: it records what the server sends and
// answers workspace/configuration with settings.
type fakeClient struct {
	mu        sync.Mutex
	changed   chan struct{} // closed and replaced at every record
	published []published
	responses []*jsonrpc2.Response
	progress  []protocol.ProgressParams
	created   []protocol.ProgressToken
	messages  []protocol.ShowMessageParams
	configs   int // workspace/configuration requests
	settings  any // the answer to workspace/configuration

	// What the server says it sent (its onPublish hook): publications per
	// document version, and whether the final one was among them.
	sent  map[pubKey]int
	final map[pubKey]bool
}

type pubKey struct {
	uri     protocol.DocumentURI
	version int32
}

var _ protocol.Client = (*fakeClient)(nil)

func newFakeClient() *fakeClient {
	return &fakeClient{changed: make(chan struct{}), sent: make(map[pubKey]int), final: make(map[pubKey]bool)}
}

func (c *fakeClient) record(fn func(*fakeClient)) {
	c.mu.Lock()
	defer c.mu.Unlock()
	fn(c)
	close(c.changed)
	c.changed = make(chan struct{})
}

// waitFor waits until cond, called under the lock, holds.
func (c *fakeClient) waitFor(t testing.TB, what string, cond func(*fakeClient) bool) {
	t.Helper()
	deadline := time.After(waitLimit)
	for {
		c.mu.Lock()
		ok, changed := cond(c), c.changed
		c.mu.Unlock()
		if ok {
			return
		}
		select {
		case <-changed:
		case <-deadline:
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

func (c *fakeClient) snapshot(fn func(*fakeClient)) {
	c.mu.Lock()
	defer c.mu.Unlock()
	fn(c)
}

func (c *fakeClient) Progress(_ context.Context, p *protocol.ProgressParams) error {
	c.record(func(c *fakeClient) { c.progress = append(c.progress, *p) })
	return nil
}

func (c *fakeClient) WorkDoneProgressCreate(_ context.Context, p *protocol.WorkDoneProgressCreateParams) error {
	c.record(func(c *fakeClient) { c.created = append(c.created, p.Token) })
	return nil
}

func (c *fakeClient) ShowMessage(_ context.Context, p *protocol.ShowMessageParams) error {
	c.record(func(c *fakeClient) { c.messages = append(c.messages, *p) })
	return nil
}

func (c *fakeClient) Configuration(_ context.Context, p *protocol.ConfigurationParams) ([]any, error) {
	var settings any
	c.record(func(c *fakeClient) { c.configs++; settings = c.settings })
	out := make([]any, len(p.Items))
	for i, item := range p.Items {
		if item.Section == settingsSection {
			out[i] = settings
		}
	}
	return out, nil
}

// PublishDiagnostics is recorded raw by recordingStream.
func (c *fakeClient) PublishDiagnostics(context.Context, *protocol.PublishDiagnosticsParams) error {
	return nil
}

func (c *fakeClient) LogMessage(context.Context, *protocol.LogMessageParams) error { return nil }
func (c *fakeClient) ShowMessageRequest(context.Context, *protocol.ShowMessageRequestParams) (*protocol.MessageActionItem, error) {
	return nil, nil
}
func (c *fakeClient) Telemetry(context.Context, any) error { return nil }
func (c *fakeClient) RegisterCapability(context.Context, *protocol.RegistrationParams) error {
	return nil
}
func (c *fakeClient) UnregisterCapability(context.Context, *protocol.UnregistrationParams) error {
	return nil
}
func (c *fakeClient) ApplyEdit(context.Context, *protocol.ApplyWorkspaceEditParams) (bool, error) {
	return false, nil
}
func (c *fakeClient) WorkspaceFolders(context.Context) ([]protocol.WorkspaceFolder, error) {
	return nil, nil
}

func pipe() (net.Conn, net.Conn) { return net.Pipe() }

func nopLogger() *zap.Logger { return zap.NewNop() }
