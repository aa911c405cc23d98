package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
)

// handler builds the chain every incoming message goes through, outermost
// first:
//
//   - cancel: $/cancelRequest, served at once so that it overtakes the
//     queue, cancels the context of the request it names; every other
//     message is counted (startHandling) until recoverPanics is done with
//     it, so that serve can wait for them, and dropped once the server
//     stops;
//   - serialize: messages are handled one at a time, in the order they
//     came, off the connection's read loop, with a bounded queue between
//     (queue.go);
//   - recoverPanics: a panic becomes an InternalError reply, and the server
//     serves on; every request gets exactly one reply;
//   - skipCancelled: a request cancelled while it waited is answered
//     RequestCancelled without running;
//   - gate: the lifecycle (nothing before initialize, nothing after
//     shutdown but exit);
//   - limitRequests: null for the requests on a document over the size
//     limit (limits.go);
//   - route: the methods the server decodes itself, then
//     protocol.ServerHandler for the typed methods of *server (and nyi).
//
// protocol.Handlers is not used: it recovers nothing, and its cancel
// handler ignores numeric request ids (it expects int32 where the decoder
// gives float64).
func (s *server) handler() jsonrpc2.Handler {
	h := s.route(protocol.ServerHandler(s, jsonrpc2.MethodNotFoundHandler))
	h = s.limitRequests(h) // limits.go: null for a document too large to analyze
	h = s.gate(h)
	h = skipCancelled(h)
	h = s.recoverPanics(h)
	h = s.serialize(h)
	return s.cancel(h)
}

// cancel serves $/cancelRequest and gives every request a context that it
// cancels. A request answered after it was cancelled without an error of
// its own is answered RequestCancelled, as the specification asks.
// (jsonrpc2.CancelHandler never releases the contexts it makes.)
func (s *server) cancel(next jsonrpc2.Handler) jsonrpc2.Handler {
	var mu sync.Mutex
	inFlight := make(map[jsonrpc2.ID]context.CancelFunc)
	return func(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
		if req.Method() == protocol.MethodCancelRequest {
			var p struct {
				ID json.RawMessage `json:"id"`
			}
			if err := json.Unmarshal(req.Params(), &p); err != nil {
				s.log.Warn("malformed $/cancelRequest", zap.ByteString("params", req.Params()))
				return reply(ctx, nil, nil)
			}
			id, err := s.stream.requestID(p.ID) // the id the connection knows it by (stream.go)
			if err != nil {
				s.log.Debug("$/cancelRequest of no running request", zap.Error(err))
				return reply(ctx, nil, nil)
			}
			mu.Lock()
			cancel := inFlight[id]
			mu.Unlock()
			s.log.Debug("$/cancelRequest", zap.String("id", fmt.Sprint(id)), zap.Bool("inFlight", cancel != nil))
			if cancel != nil {
				cancel()
			}
			return reply(ctx, nil, nil)
		}
		if !s.startHandling() { // done in recoverPanics, when the message is handled
			return nil // the server is stopping
		}
		call, ok := req.(*jsonrpc2.Call)
		if !ok {
			return next(ctx, reply, req)
		}
		ctx, cancel := context.WithCancel(ctx)
		mu.Lock()
		inFlight[call.ID()] = cancel
		mu.Unlock()
		return next(ctx, func(ctx context.Context, result any, err error) error {
			mu.Lock()
			delete(inFlight, call.ID())
			mu.Unlock()
			if ctx.Err() != nil && err == nil {
				err = protocol.ErrRequestCancelled
			}
			cancel()
			// The reply must go out even though ctx was cancelled.
			return reply(context.WithoutCancel(ctx), result, err)
		}, req)
	}
}

// recoverPanics answers a request whose handler panicked with an
// InternalError, logs the stack, and lets the server serve on (neither
// jsonrpc2 nor protocol recovers). It also guarantees one reply per
// message: a missing reply would leave the client waiting for good, and a
// second one would answer a request twice. Errors of notifications, which
// have nowhere to go, are logged.
func (s *server) recoverPanics(next jsonrpc2.Handler) jsonrpc2.Handler {
	return func(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) (err error) {
		defer s.handlers.Done() // added by cancel
		_, isCall := req.(*jsonrpc2.Call)
		var replied atomic.Bool
		once := func(ctx context.Context, result any, err error) error {
			if !replied.CompareAndSwap(false, true) {
				s.log.Error("second reply dropped", zap.String("method", req.Method()), zap.Error(err))
				return nil
			}
			if err != nil && !isCall {
				level := zap.WarnLevel
				var rpcErr *jsonrpc2.Error
				if errors.As(err, &rpcErr) && rpcErr.Code == jsonrpc2.MethodNotFound {
					level = zap.DebugLevel // a notification pgnls has no use for
				}
				s.log.Log(level, "notification failed", zap.String("method", req.Method()), zap.Error(err))
			}
			return reply(ctx, result, wireError(err))
		}
		defer func() {
			if p := recover(); p != nil {
				s.log.Error("panic while handling a message", zap.String("method", req.Method()),
					zap.Any("panic", p), zap.ByteString("stack", debug.Stack()))
				err = once(ctx, nil, jsonrpc2.Errorf(jsonrpc2.InternalError, "internal error in %s: %v", req.Method(), p))
			}
		}()
		err = next(ctx, once, req)
		if !replied.Load() {
			s.log.Error("handler did not reply", zap.String("method", req.Method()))
			err = once(ctx, nil, jsonrpc2.Errorf(jsonrpc2.InternalError, "internal error: %s got no reply", req.Method()))
		}
		return err
	}
}

// wireError gives an error a JSON-RPC code: jsonrpc2 sends an error that
// is not a *jsonrpc2.Error with code 0, which is none. protocol reports
// params that do not decode as a wrapped ErrParse without its code: they
// are InvalidParams (the message itself parsed); a handler stopped by its
// cancelled context gets RequestCancelled; any other error is internal.
func wireError(err error) error {
	var rpcErr *jsonrpc2.Error
	switch {
	case err == nil || errors.As(err, &rpcErr):
		return err
	case strings.HasPrefix(err.Error(), jsonrpc2.ErrParse.Error()):
		return jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%v", err)
	case errors.Is(err, context.Canceled):
		return jsonrpc2.Errorf(protocol.CodeRequestCancelled, "%v", err)
	}
	return jsonrpc2.Errorf(jsonrpc2.InternalError, "%v", err)
}

// gate applies the lifecycle: before initialize, requests are answered
// ServerNotInitialized and notifications dropped; after shutdown, requests
// are answered InvalidRequest and notifications dropped. exit always
// passes.
func (s *server) gate(next jsonrpc2.Handler) jsonrpc2.Handler {
	return func(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
		method := req.Method()
		_, isCall := req.(*jsonrpc2.Call)
		if method == protocol.MethodExit {
			return next(ctx, reply, req)
		}
		var refuse error
		switch s.lifecycle() {
		case stateNew:
			if method != protocol.MethodInitialize {
				refuse = jsonrpc2.Errorf(jsonrpc2.ServerNotInitialized, "%s before initialize", method)
			}
		case stateRunning:
			if method == protocol.MethodInitialize {
				refuse = jsonrpc2.Errorf(jsonrpc2.InvalidRequest, "initialize sent twice")
			}
		case stateShutdown:
			refuse = jsonrpc2.Errorf(jsonrpc2.InvalidRequest, "%s after shutdown", method)
		}
		if refuse == nil {
			return next(ctx, reply, req)
		}
		if !isCall {
			s.log.Debug("notification dropped", zap.String("method", method), zap.Error(refuse))
			return reply(ctx, nil, nil)
		}
		return reply(ctx, nil, refuse)
	}
}

// route serves the methods whose protocol decoding does not fit, and hands
// the others to typed, protocol.ServerHandler:
//   - initialize: decoded leniently (initializeParams);
//   - shutdown and exit: protocol refuses "params": null, which clients
//     (protocol's own dispatcher among them) send;
//   - textDocument/didChange: the range must be optional (didChangeParams);
//   - textDocument/selectionRange and textDocument/inlayHint: protocol
//     v0.12.0 does not route them.
//
// Methods protocol does not know reach server.Request: MethodNotFound.
func (s *server) route(typed jsonrpc2.Handler) jsonrpc2.Handler {
	return func(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
		if s.beforeHandle != nil {
			s.beforeHandle(ctx, req)
		}
		if len(req.Params()) == 0 {
			// "params" absent or null: decode as null, not as an empty,
			// malformed document (which protocol answers with ParseError,
			// even for methods it does not know).
			req = withNullParams(req)
		}
		switch req.Method() {
		case protocol.MethodInitialize:
			var p initializeParams
			if err := decodeParams(req, &p); err != nil {
				return reply(ctx, nil, err)
			}
			res, err := s.initialize(ctx, &p)
			return reply(ctx, res, err)
		case protocol.MethodShutdown:
			return reply(ctx, nil, s.shutdown())
		case protocol.MethodExit:
			s.exit()
			return reply(ctx, nil, nil)
		case protocol.MethodTextDocumentDidChange:
			var p didChangeParams
			if err := decodeParams(req, &p); err != nil {
				return reply(ctx, nil, err)
			}
			s.didChange(&p)
			return reply(ctx, nil, nil)
		case protocol.MethodWorkDoneProgressCancel:
			return reply(ctx, nil, nil) // the server's progress is not cancellable
		case methodSelectionRange:
			var p protocol.SelectionRangeParams
			if err := decodeParams(req, &p); err != nil {
				return reply(ctx, nil, err)
			}
			res, err := s.selectionRange(ctx, &p)
			return reply(ctx, res, err)
		case methodInlayHint:
			var p inlayHintParams
			if err := decodeParams(req, &p); err != nil {
				return reply(ctx, nil, err)
			}
			res, err := s.inlayHint(ctx, &p)
			return reply(ctx, res, err)
		}
		return typed(ctx, reply, req)
	}
}

// decodeParams decodes the params of a message, or returns InvalidParams.
func decodeParams(req jsonrpc2.Request, v any) error {
	if err := json.Unmarshal(req.Params(), v); err != nil {
		return jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s: %v", req.Method(), err)
	}
	return nil
}

func withNullParams(req jsonrpc2.Request) jsonrpc2.Request {
	null := json.RawMessage("null")
	if call, ok := req.(*jsonrpc2.Call); ok {
		if c, err := jsonrpc2.NewCall(call.ID(), call.Method(), null); err == nil {
			return c
		}
		return req
	}
	if n, err := jsonrpc2.NewNotification(req.Method(), null); err == nil {
		return n
	}
	return req
}
