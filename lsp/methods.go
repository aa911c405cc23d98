package lsp

import (
	"context"
	"encoding/json"

	fastjson "github.com/segmentio/encoding/json"
	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// method serves one LSP method: it decodes the params, calls the server's
// handler of the method, and returns the result that jsonrpc2 encodes into
// the answer (nothing for a notification).
type method func(ctx context.Context, req jsonrpc2.Request) (any, error)

// methodTable is every method the server serves, with the file of its
// handler and the file of analysis behind it (the README's table); any other is answered MethodNotFound (handler.go), a
// notification ignored. The params are decoded into the handler's own
// types where LSP 3.17 or leniency asks for more than protocol's
// (initializeParams, didChangeParams, inlayHintParams).
func (s *server) methodTable() map[string]method {
	return map[string]method{
		// The lifecycle (server.go). shutdown and exit take no params:
		// whatever is sent ("params": null, say) is ignored.
		protocol.MethodInitialize:  requestMethod(s.initialize),
		protocol.MethodInitialized: notificationMethod(s.Initialized),
		protocol.MethodShutdown: func(context.Context, jsonrpc2.Request) (any, error) {
			return nil, s.shutdown()
		},
		protocol.MethodExit: func(context.Context, jsonrpc2.Request) (any, error) {
			s.exit()
			return nil, nil
		},
		protocol.MethodWorkDoneProgressCancel:          notificationMethod(s.workDoneProgressCancel), // engine.go: an engine run's progress
		protocol.MethodWorkspaceDidChangeConfiguration: notificationMethod(s.DidChangeConfiguration),

		// The documents (document.go).
		protocol.MethodTextDocumentDidOpen: notificationMethod(s.DidOpen),
		protocol.MethodTextDocumentDidChange: notificationMethod(func(_ context.Context, p *didChangeParams) error {
			s.didChange(p)
			return nil
		}),
		protocol.MethodTextDocumentDidClose: notificationMethod(s.DidClose),

		// The features, each in its file.
		protocol.MethodTextDocumentHover:           requestMethod(s.Hover),             // hover.go, analysis/hover.go
		protocol.MethodTextDocumentCompletion:      requestMethod(s.Completion),        // completion.go, analysis/complete.go
		protocol.MethodTextDocumentCodeAction:      requestMethod(s.CodeAction),        // codeaction.go, analysis/actions.go
		protocol.MethodTextDocumentFormatting:      requestMethod(s.Formatting),        // formatting.go, analysis/format.go
		protocol.MethodTextDocumentRangeFormatting: requestMethod(s.RangeFormatting),   // formatting.go, analysis/format.go
		protocol.MethodTextDocumentFoldingRange:    requestMethod(s.FoldingRanges),     // folding.go, analysis/folding.go
		protocol.MethodTextDocumentDocumentLink:    requestMethod(s.DocumentLink),      // links.go, analysis/links.go
		protocol.MethodTextDocumentDocumentSymbol:  requestMethod(s.DocumentSymbol),    // symbols.go, analysis/symbols.go
		protocol.MethodWorkspaceSymbol:             requestMethod(s.Symbols),           // symbols.go, analysis/symbols.go
		protocol.MethodTextDocumentPrepareRename:   requestMethod(s.PrepareRename),     // rename.go, analysis/rename.go
		protocol.MethodTextDocumentRename:          requestMethod(s.Rename),            // rename.go, analysis/rename.go
		protocol.MethodSemanticTokensFull:          besideQueue(s.SemanticTokensFull),  // semantic.go, analysis/tokens.go
		protocol.MethodSemanticTokensRange:         besideQueue(s.SemanticTokensRange), // semantic.go, analysis/tokens.go
		methodSelectionRange:                       requestMethod(s.selectionRange),    // selection.go, analysis/selection.go
		methodInlayHint:                            requestMethod(s.inlayHint),         // inlay.go, analysis/inlay.go
		methodPosition:                             requestMethod(s.position),          // position.go, analysis/position_at.go
		methodCodeLens:                             requestMethod(s.codeLens),          // engine.go, analysis/engine
		protocol.MethodWorkspaceExecuteCommand:     requestMethod(s.executeCommand),    // engine.go, analysis/uci and analysis/engine
	}
}

// requestMethod makes the method of a request handler.
func requestMethod[P, R any](serve func(context.Context, *P) (R, error)) method {
	return func(ctx context.Context, req jsonrpc2.Request) (any, error) {
		var p P
		if err := decodeParams(req, &p); err != nil {
			return nil, err
		}
		return serve(ctx, &p)
	}
}

// laterWork is the result of a method whose work runs beside the queue
// (besideQueue's, the engine's analysis): the work that gives the answer,
// which handle runs.
type laterWork func() (any, error)

// besideQueue makes the method of a request whose answer can take seconds
// to work out in a large document (the semantic tokens of a large
// database, bench/NOTES.md): serve runs on the queue, in order, and takes
// what it reads (the document's snapshot, so that the answer is of the text
// the request was sent for); the work it returns runs beside the queue, and
// the messages after the request are handled meanwhile (a format on save
// answers within the editor's 2 s). The work is to stop with ctx, which
// $/cancelRequest cancels.
func besideQueue[P, R any](serve func(context.Context, *P) (func() (R, error), error)) method {
	return func(ctx context.Context, req jsonrpc2.Request) (any, error) {
		var p P
		if err := decodeParams(req, &p); err != nil {
			return nil, err
		}
		work, err := serve(ctx, &p)
		if err != nil {
			return nil, err
		}
		return laterWork(func() (any, error) { return work() }), nil
	}
}

// notificationMethod makes the method of a notification handler.
func notificationMethod[P any](serve func(context.Context, *P) error) method {
	return func(ctx context.Context, req jsonrpc2.Request) (any, error) {
		var p P
		if err := decodeParams(req, &p); err != nil {
			return nil, err
		}
		return nil, serve(ctx, &p)
	}
}

// decodeParams decodes the params of a message into v, or returns
// InvalidParams; absent params decode as null. The decoder is segmentio's,
// as jsonrpc2's (which encodes the results): faster than encoding/json on
// the long text of a didOpen.
func decodeParams(req jsonrpc2.Request, v any) error {
	params := req.Params()
	if len(params) == 0 {
		params = json.RawMessage("null")
	}
	if err := fastjson.Unmarshal(params, v); err != nil {
		return jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s: %v", req.Method(), err)
	}
	return nil
}
