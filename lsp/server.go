// Package lsp is pgnls's language server: the LSP lifecycle, the open
// documents and their diagnostics, published as the user types.
//
// The server owns the protocol and the bookkeeping; the text of each open
// document and its incremental analysis live in analysis/document. A change
// is applied on the request path, and the analysis of the new snapshot runs
// in the background (diagnostics.go), cancelled when a newer version
// arrives.
package lsp

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"pgnls/analysis"
	"pgnls/analysis/config"
	"pgnls/lsp/internal/wire"
)

// Serve runs the language server on rwc (standard input and output, or one
// end of a pipe) until the client sends exit, the input ends or ctx is
// cancelled. It returns the exit status the LSP specification asks for: 0
// when shutdown came first, 1 otherwise.
func Serve(ctx context.Context, rwc io.ReadWriteCloser, log *zap.Logger, opts ...Option) int {
	s := newServer(log)
	for _, o := range opts {
		o(s)
	}
	return s.serve(ctx, rwc)
}

// An Option configures the server that Serve runs.
type Option func(*server)

// lifecycle is where the server is between initialize and exit.
type lifecycle int32

const (
	stateNew      lifecycle = iota // before initialize: requests get ServerNotInitialized
	stateRunning                   // initialize answered
	stateShutdown                  // shutdown answered: only exit is served
)

// server holds the state of one connection.
type server struct {
	log  *zap.Logger
	conn jsonrpc2.Conn
	// methods is the table of what the server serves (methods.go).
	methods map[string]method
	// eco keeps the ECO files the settings name, read once for the
	// session; ecoWarned the ones whose failure was told, each told once.
	eco       analysis.ECOCache
	ecoWarned sync.Map
	// projects reads the project config files of the open documents,
	// each again when it changes (settings.go).
	projects config.Cache
	client   protocol.Client
	// stream is conn's stream, which publishDiagnostics writes to directly
	// (publish.go).
	stream *wire.Stream

	// ctx is the parent of all background work; stop cancels it when the
	// server stops. bg counts the background goroutines; bgMu keeps any
	// from starting once the server is stopping.
	ctx  context.Context
	stop context.CancelFunc
	bgMu sync.Mutex
	bg   sync.WaitGroup
	// handlers counts the messages taken from the connection and not yet
	// handled (handler.go): serve waits for them, so that no handler runs
	// on, and logs, after serve has returned.
	handlers sync.WaitGroup

	state    atomic.Int32 // a lifecycle
	exited   chan struct{}
	exitOnce sync.Once

	mu   sync.Mutex // guards docs and the fields of every openDoc
	docs map[protocol.DocumentURI]*openDoc
	caps clientCaps // written once by initialize

	settings atomic.Pointer[Settings]

	progressTokens atomic.Int64
	engine         engineState  // engine.go
	memory         MemoryPolicy // nil: memory is left alone (memory.go)
	warm           warmer       // the format warm-up of large documents (warmup.go)

	// tick is how often a long analysis reports progress and publishes the
	// diagnostics found so far.
	tick time.Duration
	// progressMinBytes is the size from which the first analysis of a
	// document reports work-done progress.
	progressMinBytes int
	// Hooks for tests: beforeHandle runs before each message reaches its
	// method (handler.go),
	// onPublish after each publication of an open document's diagnostics,
	// beforeAnalysis on the analysis's goroutine before it starts,
	// beforeWork before the work of a method beside the queue (methods.go).
	beforeHandle   func(ctx context.Context, req jsonrpc2.Request)
	beforeWork     func(ctx context.Context, req jsonrpc2.Request)
	onPublish      func(uri protocol.DocumentURI, version int32, final bool)
	beforeAnalysis func(ctx context.Context, uri protocol.DocumentURI, version int32)
}

// clientCaps are the client capabilities the server acts on.
type clientCaps struct {
	workDoneProgress bool // window.workDoneProgress: the server may create progress tokens
	configuration    bool // workspace.configuration: the server may pull settings
	inlayHintRefresh bool // workspace.inlayHint.refreshSupport (inlay.go)
	codeLensRefresh  bool // workspace.codeLens.refreshSupport (engine.go)
	textDocumentCaps      // textDocument: snippets, hover and documentation formats (completion.go)
}

func newServer(log *zap.Logger) *server {
	s := &server{
		log:    log,
		exited: make(chan struct{}),
		docs:   make(map[protocol.DocumentURI]*openDoc),
		tick:   500 * time.Millisecond,

		progressMinBytes: 2 << 20,
	}
	s.methods = s.methodTable()
	s.settings.Store(defaultSettings())
	return s
}

func (s *server) lifecycle() lifecycle { return lifecycle(s.state.Load()) }

func (s *server) serve(ctx context.Context, rwc io.ReadWriteCloser) int {
	s.ctx, s.stop = context.WithCancel(ctx)
	defer s.stop()
	var opts wire.Options
	if s.memory != nil {
		opts = wire.Options{OnLarge: s.memory.LargeMessage, LargeMessage: LargeDocument}
	}
	s.stream = wire.NewStream(rwc, s.log, opts)
	s.conn = jsonrpc2.NewConn(s.stream)
	s.client = protocol.ClientDispatcher(s.conn, s.log.Named("client"))
	s.conn.Go(s.ctx, s.handler())

	select {
	case <-s.exited:
		s.log.Info("exit")
	case <-s.conn.Done():
		s.log.Info("connection closed", zap.Error(s.conn.Err()))
	case <-ctx.Done():
		s.log.Info("stopped", zap.Error(context.Cause(ctx)))
	}
	s.bgMu.Lock()
	s.stop()
	s.bgMu.Unlock()
	s.conn.Close()
	// The messages taken, then the background work they started, have
	// 2 s each to notice that the server stopped. No count starts once it
	// has (startHandling, goBackground).
	s.waitAtExit(&s.handlers, "messages still being handled at exit")
	s.waitAtExit(&s.bg, "background work still running at exit")
	s.closeEngine() // engine.go: the engine process ends with the server
	if s.lifecycle() == stateShutdown {
		return 0
	}
	return 1
}

// waitAtExit waits, for at most 2 s, for wg, and logs late if it must
// give up.
func (s *server) waitAtExit(wg *sync.WaitGroup, late string) {
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		s.log.Warn(late)
	}
}

// startHandling counts a message taken from the connection, unless the
// server is stopping (it reports false: the message is dropped), under
// bgMu so that no count starts once serve waits for them.
func (s *server) startHandling() bool {
	s.bgMu.Lock()
	defer s.bgMu.Unlock()
	if s.ctx.Err() != nil {
		return false
	}
	s.handlers.Add(1)
	return true
}

// goBackground runs fn in a goroutine counted by s.bg, unless the server is
// stopping. A panic in fn is logged and the server serves on, as it does for
// a panic in a request (handler.go).
func (s *server) goBackground(fn func()) {
	s.bgMu.Lock()
	defer s.bgMu.Unlock()
	if s.ctx.Err() != nil {
		return
	}
	s.bg.Add(1)
	go func() {
		defer s.bg.Done()
		defer func() {
			if p := recover(); p != nil {
				s.log.Error("panic in background work", zap.Any("panic", p), zap.ByteString("stack", debug.Stack()))
			}
		}()
		fn()
	}()
}

// initializeParams is the part of InitializeParams the server reads. It is
// decoded leniently, on its own, so that a client capability of an
// unexpected shape cannot make initialize fail.
type initializeParams struct {
	ClientInfo *struct {
		Name    string `json:"name"`
		Version string `json:"version"`
	} `json:"clientInfo"`
	InitializationOptions json.RawMessage `json:"initializationOptions"`
	Capabilities          struct {
		Window *struct {
			WorkDoneProgress bool `json:"workDoneProgress"`
		} `json:"window"`
		Workspace *struct {
			Configuration bool `json:"configuration"`
			InlayHint     *struct {
				RefreshSupport bool `json:"refreshSupport"`
			} `json:"inlayHint"`
			CodeLens *struct {
				RefreshSupport bool `json:"refreshSupport"`
			} `json:"codeLens"`
		} `json:"workspace"`
		TextDocument textDocumentCaps `json:"textDocument"` // completion.go
	} `json:"capabilities"`
}

func (s *server) initialize(_ context.Context, p *initializeParams) (*initializeResult, error) {
	caps := clientCaps{}
	if w := p.Capabilities.Window; w != nil {
		caps.workDoneProgress = w.WorkDoneProgress
	}
	if w := p.Capabilities.Workspace; w != nil {
		caps.configuration = w.Configuration
		caps.inlayHintRefresh = w.InlayHint != nil && w.InlayHint.RefreshSupport
		caps.codeLensRefresh = w.CodeLens != nil && w.CodeLens.RefreshSupport
	}
	caps.textDocumentCaps = p.Capabilities.TextDocument
	s.mu.Lock()
	s.caps = caps
	s.mu.Unlock()
	client := "unknown"
	if p.ClientInfo != nil {
		client = p.ClientInfo.Name + " " + p.ClientInfo.Version
	}
	s.log.Info("initialize", zap.String("client", client),
		zap.Bool("workDoneProgress", caps.workDoneProgress), zap.Bool("configuration", caps.configuration))
	if len(p.InitializationOptions) > 0 {
		s.applySettings(parseSettingsJSON(p.InitializationOptions))
	} else {
		s.loadECOFile(s.settings.Load().ECOFile)
	}
	s.state.Store(int32(stateRunning))
	res := &protocol.InitializeResult{
		// Every capability is static: some clients (Neovim 0.7) register
		// nothing dynamically. openClose must be true, or such clients never
		// send didOpen.
		Capabilities: protocol.ServerCapabilities{
			TextDocumentSync: &protocol.TextDocumentSyncOptions{
				OpenClose: true,
				Change:    protocol.TextDocumentSyncKindIncremental,
			},
			HoverProvider:      true,                // hover.go
			CompletionProvider: completionOptions(), // completion.go
		},
		ServerInfo: &protocol.ServerInfo{Name: "pgnls", Version: ReadBuildInfo().Short()}, // version.go
	}
	navCapabilities(&res.Capabilities) // code actions, formatting, navigation
	return withInlayHints(res), nil    // inlay.go
}

// Initialized pulls the settings when the client serves
// workspace/configuration.
func (s *server) Initialized(context.Context, *protocol.InitializedParams) error {
	if s.clientCaps().configuration {
		s.pullSettings(nil)
	}
	return nil
}

func (s *server) shutdown() error {
	s.state.Store(int32(stateShutdown))
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, d := range s.docs {
		d.cancelAnalysis()
	}
	s.stopEngineRuns() // engine.go
	s.log.Info("shutdown")
	return nil
}

func (s *server) exit() {
	s.exitOnce.Do(func() { close(s.exited) })
}

// DidChangeConfiguration takes the settings from the notification, or pulls
// them when the client serves workspace/configuration (clients that pull
// often send null settings), and re-publishes the diagnostics of every open
// document. Null settings change nothing.
func (s *server) DidChangeConfiguration(_ context.Context, p *protocol.DidChangeConfigurationParams) error {
	if s.clientCaps().configuration {
		s.pullSettings(p.Settings)
		return nil
	}
	if p.Settings != nil {
		s.applySettings(parseSettings(p.Settings))
	}
	return nil
}

func (s *server) clientCaps() clientCaps {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.caps
}

// pullSettings asks the client for the "pgnls" section in the background
// (a request from inside a handler would hold up the messages behind it)
// and applies the answer. When the client has no such section (null), the
// pushed settings apply if there are any; otherwise the settings stay as
// they are (those of initializationOptions, say).
func (s *server) pullSettings(pushed any) {
	s.goBackground(func() {
		ctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
		defer cancel()
		res, err := s.client.Configuration(ctx, &protocol.ConfigurationParams{
			Items: []protocol.ConfigurationItem{{Section: settingsSection}},
		})
		if err != nil {
			s.log.Warn("workspace/configuration failed", zap.Error(err))
		}
		switch {
		case len(res) > 0 && res[0] != nil:
			s.applySettings(parseSettings(res[0]))
		case pushed != nil:
			s.applySettings(parseSettings(pushed))
		}
	})
}

// applySettings installs new settings and re-publishes the diagnostics of
// the open documents.
func (s *server) applySettings(set *Settings, problems []string) {
	for _, p := range problems {
		s.log.Warn(p)
	}
	if len(problems) > 0 {
		// One message that names every wrong value: an editor shows a
		// message at a time, and would hide all but the first behind it.
		s.showMessage(protocol.MessageTypeWarning, "pgnls: "+strings.Join(problems, "; ")+" (each keeps its default)")
	}
	old := s.settings.Swap(set)
	s.refreshInlayHints(old, set) // inlay.go
	s.loadECOFile(set.ECOFile)
	s.log.Info("settings", zap.Int("lineWidth", set.LineWidth), zap.Int("maxDiagnostics", set.MaxDiagnostics), zap.Int("severityOverrides", len(set.Severity)))
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, d := range s.docs {
		s.startAnalysis(d)
	}
}

// loadECOFile reads the ECO file a setting names, in the background, when
// the settings are applied: the hovers and completions that name openings
// then find it read (s.eco keeps it), and the user is told at
// once when it cannot be used (not a regular file, too large, too slow, no
// ECO lines in it), as of any other wrong setting. Each file is told of
// once (ecoWarned, which the hovers share); the default file, when it is
// not installed, is no error.
func (s *server) loadECOFile(path string) {
	if path == "" {
		return
	}
	s.goBackground(func() {
		_, err := s.eco.Load(path)
		if err == nil || path == defaultECOFile && os.IsNotExist(err) {
			return
		}
		if _, seen := s.ecoWarned.LoadOrStore(path, true); !seen {
			s.log.Warn("ECO file not loaded: hovers name no openings", zap.String("ecoFile", path), zap.Error(err))
			s.showMessage(protocol.MessageTypeWarning, "pgnls: ecoFile: "+err.Error()+" (hovers and completions name no openings)")
		}
	})
}

// showMessage tells the user something went wrong that they can fix.
func (s *server) showMessage(typ protocol.MessageType, msg string) {
	if s.client == nil {
		return
	}
	if err := s.client.ShowMessage(s.ctx, &protocol.ShowMessageParams{Type: typ, Message: msg}); err != nil {
		s.log.Warn("window/showMessage failed", zap.Error(err))
	}
}
