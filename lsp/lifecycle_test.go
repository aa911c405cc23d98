package lsp

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// The capabilities a client without dynamic registration (Neovim 0.7)
// needs: openClose true, or it never sends didOpen; incremental changes.
func TestInitializeAdvertisesStaticSync(t *testing.T) {
	e := newEnv(t, nil)
	res, err := e.call(protocol.MethodInitialize, map[string]any{"processId": nil, "capabilities": map[string]any{}})
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Capabilities struct {
			TextDocumentSync map[string]any `json:"textDocumentSync"`
		} `json:"capabilities"`
		ServerInfo struct{ Name, Version string } `json:"serverInfo"`
	}
	if err := json.Unmarshal(res, &got); err != nil {
		t.Fatal(err)
	}
	sync := got.Capabilities.TextDocumentSync
	if sync["openClose"] != true || sync["change"] != float64(protocol.TextDocumentSyncKindIncremental) {
		t.Errorf("textDocumentSync = %v, want openClose true and change 2", sync)
	}
	if got.ServerInfo.Name != "pgnls" {
		t.Errorf("serverInfo.name = %q", got.ServerInfo.Name)
	}
	// A test binary has no module version of its own: "(devel)", with the
	// revision when Go recorded one.
	if want := ReadBuildInfo().Short(); got.ServerInfo.Version != want || !strings.HasPrefix(want, "(devel)") {
		t.Errorf("serverInfo.version = %q, want %q, from the build information", got.ServerInfo.Version, want)
	}
}

// A capability of an unexpected shape does not make initialize fail.
func TestInitializeLenientCapabilities(t *testing.T) {
	e := newEnv(t, nil)
	_, err := e.call(protocol.MethodInitialize, map[string]any{
		"processId": nil,
		"capabilities": map[string]any{
			"textDocument": map[string]any{"semanticTokens": map[string]any{"requests": map[string]any{"full": map[string]any{"delta": true}}}},
			"experimental": []any{1, "x"},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
}

// Before initialize, requests are answered ServerNotInitialized and
// notifications dropped; initialize is accepted once.
func TestBeforeInitialize(t *testing.T) {
	e := newEnv(t, nil)
	if _, err := e.call(protocol.MethodTextDocumentHover, map[string]any{}); !isCode(err, jsonrpc2.ServerNotInitialized) {
		t.Errorf("hover before initialize: %v, want ServerNotInitialized (-32002)", err)
	}
	if _, err := e.call("pgnls/unknown", nil); !isCode(err, jsonrpc2.ServerNotInitialized) {
		t.Errorf("unknown method before initialize: %v, want ServerNotInitialized (-32002)", err)
	}
	e.open("file:///early.pgn", 1, "1. e4 *\n")
	e.initialize(protocol.ClientCapabilities{}, nil)
	e.roundTrip()
	if _, _, open := e.text("file:///early.pgn"); open {
		t.Error("a didOpen sent before initialize was served")
	}
	if _, err := e.call(protocol.MethodInitialize, map[string]any{"capabilities": map[string]any{}}); !isCode(err, jsonrpc2.InvalidRequest) {
		t.Errorf("second initialize: %v, want InvalidRequest", err)
	}
}

// shutdown (sent by protocol's own dispatcher with "params": null), then
// requests are refused, then exit: 0.
func TestShutdownThenExit(t *testing.T) {
	e := newEnv(t, nil)
	e.initialize(protocol.ClientCapabilities{}, nil)
	e.open("file:///a.pgn", 1, "1. e4 *\n")
	e.waitVersion("file:///a.pgn", 1)
	if err := e.server.Shutdown(e.ctx); err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	if _, err := e.call(protocol.MethodTextDocumentHover, map[string]any{}); !isCode(err, jsonrpc2.InvalidRequest) {
		t.Errorf("request after shutdown: %v, want InvalidRequest", err)
	}
	if err := e.server.Exit(e.ctx); err != nil {
		t.Fatalf("exit: %v", err)
	}
	if code := e.exitCode(); code != 0 {
		t.Errorf("exit after shutdown: status %d, want 0", code)
	}
}

func TestExitWithoutShutdown(t *testing.T) {
	e := newEnv(t, nil)
	e.initialize(protocol.ClientCapabilities{}, nil)
	e.notify(protocol.MethodExit, nil)
	if code := e.exitCode(); code != 1 {
		t.Errorf("exit without shutdown: status %d, want 1", code)
	}
}

// Exit is served even before initialize.
func TestExitBeforeInitialize(t *testing.T) {
	e := newEnv(t, nil)
	e.notify(protocol.MethodExit, nil)
	if code := e.exitCode(); code != 1 {
		t.Errorf("exit before initialize: status %d, want 1", code)
	}
}

// The end of the input stops the server.
func TestEndOfInput(t *testing.T) {
	e := newEnv(t, nil)
	e.initialize(protocol.ClientCapabilities{}, nil)
	e.conn.Close()
	if code := e.exitCode(); code != 1 {
		t.Errorf("end of input without shutdown: status %d, want 1", code)
	}
}

// Cancelling the server's context (SIGTERM in the binary) stops it.
func TestContextCancelStops(t *testing.T) {
	serverEnd, clientEnd := pipe()
	defer clientEnd.Close()
	ctx, cancel := context.WithCancel(context.Background())
	code := make(chan int, 1)
	go func() { code <- newServer(nopLogger()).serve(ctx, serverEnd) }()
	cancel()
	if c := <-code; c != 1 {
		t.Errorf("status %d, want 1", c)
	}
}

// Methods pgnls does not serve are answered MethodNotFound, those LSP
// defines and those it does not alike; unknown notifications are ignored.
func TestUnknownMethods(t *testing.T) {
	e := newEnv(t, nil)
	e.initialize(protocol.ClientCapabilities{}, nil)
	for _, method := range []string{"pgnls/nonsense", protocol.MethodTextDocumentSignatureHelp, protocol.MethodTextDocumentDeclaration} {
		if _, err := e.call(method, map[string]any{}); !isCode(err, jsonrpc2.MethodNotFound) {
			t.Errorf("%s: %v, want MethodNotFound", method, err)
		}
	}
	e.notify("$/setTrace", map[string]any{"value": "off"})
	e.notify("pgnls/unknownNotification", map[string]any{})
	e.notify(protocol.MethodTextDocumentDidSave, map[string]any{"textDocument": map[string]any{"uri": "file:///x.pgn"}})
	e.roundTrip()
}

// A panic in a handler is answered with an InternalError and the server
// serves on, requests and notifications alike.
func TestPanicInHandlerIsRecovered(t *testing.T) {
	e := newEnv(t, func(s *server) {
		s.beforeHandle = func(_ context.Context, req jsonrpc2.Request) {
			if req.Method() == protocol.MethodTextDocumentHover {
				panic("injected for the test")
			}
			if req.Method() == protocol.MethodTextDocumentDidOpen && strings.Contains(string(req.Params()), "panic.pgn") {
				panic("injected for the test (notification)")
			}
		}
	})
	e.initialize(protocol.ClientCapabilities{}, nil)
	_, err := e.call(protocol.MethodTextDocumentHover, map[string]any{})
	if !isCode(err, jsonrpc2.InternalError) || !strings.Contains(err.Error(), "injected") {
		t.Fatalf("hover with a panic: %v, want InternalError", err)
	}
	e.open("file:///panic.pgn", 1, "1. e4 *\n")
	// Still serving, in order.
	if _, err := e.call(protocol.MethodTextDocumentHover, map[string]any{}); !isCode(err, jsonrpc2.InternalError) {
		t.Fatalf("second hover: %v", err)
	}
	e.open("file:///ok.pgn", 1, "1. e4 *\n")
	e.waitVersion("file:///ok.pgn", 1)
	if err := e.server.Shutdown(e.ctx); err != nil {
		t.Fatal(err)
	}
}

// $/cancelRequest with a numeric id (what clients send; protocol's own
// cancel handler only handles string ids) cancels the request's context and
// the request is answered RequestCancelled.
func TestCancelRequest(t *testing.T) {
	entered := make(chan struct{})
	sawCancel := make(chan bool, 1)
	e := newEnv(t, func(s *server) {
		s.beforeHandle = func(ctx context.Context, req jsonrpc2.Request) {
			if req.Method() == "pgnls/test.block" {
				close(entered)
				<-ctx.Done()
				sawCancel <- true
			}
		}
	})
	e.initialize(protocol.ClientCapabilities{}, nil)
	callCtx, cancel := context.WithCancel(e.ctx)
	done := make(chan error, 1)
	go func() {
		// protocol.Call sends $/cancelRequest with the request's numeric
		// id when callCtx is cancelled.
		done <- protocol.Call(callCtx, e.conn, "pgnls/test.block", nil, nil)
	}()
	<-entered
	cancel()
	<-done
	<-sawCancel
	e.client.waitFor(t, "the answer to the cancelled request", func(c *fakeClient) bool {
		for _, r := range c.responses {
			if isCode(r.Err(), protocol.CodeRequestCancelled) {
				return true
			}
		}
		return false
	})
	// A cancel for a request that is not running is harmless.
	e.notify(protocol.MethodCancelRequest, map[string]any{"id": 12345})
	e.notify(protocol.MethodCancelRequest, map[string]any{"id": "nope"})
	e.notify(protocol.MethodCancelRequest, map[string]any{"id": []int{1}})
	e.roundTrip()
}

// A panic in background work (here in the hook after a publication) is
// logged and the server serves on.
func TestPanicInBackgroundIsRecovered(t *testing.T) {
	e := newEnv(t, func(s *server) {
		record := s.onPublish
		s.onPublish = func(uri protocol.DocumentURI, version int32, final bool) {
			if uri == "file:///boom.pgn" {
				panic("injected for the test")
			}
			record(uri, version, final)
		}
	})
	e.initialize(protocol.ClientCapabilities{}, nil)
	e.open("file:///boom.pgn", 1, "1. e4 *\n")
	e.waitDiagnostics("file:///boom.pgn", "the publication before the panic", func(published) bool { return true })
	e.open("file:///ok.pgn", 1, "1. e4 *\n")
	e.waitVersion("file:///ok.pgn", 1)
}

func TestBuildInfoVersions(t *testing.T) {
	tests := []struct {
		info        BuildInfo
		short, long string
	}{
		{BuildInfo{Version: "v1.2.0", GoVersion: "go1.26.8", OS: "linux", Arch: "amd64"}, "v1.2.0",
			"pgnls v1.2.0\nrevision unknown: built without version control information (-buildvcs=false, or not in a Git checkout)\ngo1.26.8 linux/amd64\n"},
		{BuildInfo{Version: "(devel)", Revision: "0123456789abcdef0123456789abcdef01234567", Time: "2026-01-02T03:04:05Z", Modified: true, GoVersion: "go1.26.8", OS: "linux", Arch: "arm64"},
			"(devel) 0123456789ab+dirty",
			"pgnls (devel)\nrevision 0123456789abcdef0123456789abcdef01234567 (2026-01-02T03:04:05Z), with changes not committed\ngo1.26.8 linux/arm64\n"},
		// Go 1.24's pseudo-version holds the revision already.
		{BuildInfo{Version: "v0.0.0-20260102030405-0123456789ab+dirty", Revision: "0123456789abcdef0123456789abcdef01234567", Modified: true, GoVersion: "go1.26.8", OS: "linux", Arch: "amd64"},
			"v0.0.0-20260102030405-0123456789ab+dirty",
			"pgnls v0.0.0-20260102030405-0123456789ab+dirty\nrevision 0123456789abcdef0123456789abcdef01234567, with changes not committed\ngo1.26.8 linux/amd64\n"},
	}
	for _, tt := range tests {
		if got := tt.info.Short(); got != tt.short {
			t.Errorf("Short() = %q, want %q", got, tt.short)
		}
		if got := tt.info.Long(); got != tt.long {
			t.Errorf("Long() = %q, want %q", got, tt.long)
		}
	}
}
