package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"pgnls/lsp/internal/wire"
)

// The way of every message from the connection to its answer, in one place:
//
//   - accept, on the connection's read loop: a slice of the format
//     warm-up is stopped (warmup.go); $/cancelRequest is served at
//     once, so that it overtakes the queue; every other message is counted
//     (serve waits for the count at exit), a request gets a context that
//     $/cancelRequest cancels, and the message is queued (wire.Queue);
//   - handle, on the queue's goroutine, one message at a time in the order
//     they came: the count is done, a panic becomes an InternalError answer,
//     and every request gets exactly one answer; a request whose answer can
//     take seconds in a large document (semantic tokens) takes its
//     snapshot there, in order, and is worked out beside the queue, so that
//     the requests after it (a format on save) do not wait for it;
//   - serveMessage: a request cancelled while it waited is answered
//     RequestCancelled without running; the lifecycle (nothing before
//     initialize, nothing after shutdown but exit); null for the requests
//     on a document over the size limit (limits.go); then the method's
//     entry in the table (methods.go).
//
// jsonrpc2's and protocol's handlers are not used: they recover nothing,
// jsonrpc2.AsyncHandler queues without bound, jsonrpc2.CancelHandler never
// releases the contexts it makes, and protocol's cancel handler ignores
// numeric request ids.
func (s *server) handler() jsonrpc2.Handler {
	q := wire.NewQueue()
	go q.Work(s.ctx, s.handle)
	requests := &inFlight{cancels: make(map[jsonrpc2.ID]context.CancelFunc)}
	return func(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
		s.warm.interrupt() // warmup.go: the format warm-up gives way to every message
		if req.Method() == protocol.MethodCancelRequest {
			s.cancelRequest(requests, req.Params())
			return reply(ctx, nil, nil)
		}
		if !s.startHandling() { // counted done by handle, or below
			return nil // the server is stopping
		}
		if call, ok := req.(*jsonrpc2.Call); ok {
			ctx, reply = requests.track(ctx, reply, call.ID())
		}
		if !q.Push(s.ctx, ctx, reply, req) {
			s.handlers.Done() // the server stopped: the message is dropped
		}
		return nil
	}
}

// handle answers one message taken from the queue. A method whose work
// runs beside the queue (besideQueue, methods.go) is answered when that
// work ends, and counted done then.
func (s *server) handle(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) {
	if s.ctx.Err() != nil {
		s.handlers.Done() // counted by handler
		return            // the server stopped: nobody reads an answer
	}
	result, err := s.recovered(req, func() (any, error) { return s.serveMessage(ctx, req) })
	if work, ok := result.(laterWork); ok && err == nil {
		go func() {
			defer s.handlers.Done()
			result, err := s.recovered(req, func() (any, error) {
				if s.beforeWork != nil {
					s.beforeWork(ctx, req)
				}
				return work()
			})
			s.answer(ctx, reply, req, result, err)
		}()
		return
	}
	defer s.handlers.Done()
	s.answer(ctx, reply, req, result, err)
}

// answer sends the answer to a request, or logs the failure of a
// notification.
func (s *server) answer(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request, result any, err error) {
	if _, isCall := req.(*jsonrpc2.Call); err != nil && !isCall {
		level := zap.WarnLevel
		var rpcErr *jsonrpc2.Error
		if errors.As(err, &rpcErr) && rpcErr.Code == jsonrpc2.MethodNotFound {
			level = zap.DebugLevel // a notification pgnls has no use for
		}
		s.log.Log(level, "notification failed", zap.String("method", req.Method()), zap.Error(err))
	}
	_ = reply(ctx, result, wireError(err)) // a failed write ends the connection, which serve sees
}

// recovered runs serve, the handling of req, with a panic made an
// InternalError, logged with its stack: the server serves on.
func (s *server) recovered(req jsonrpc2.Request, serve func() (any, error)) (result any, err error) {
	defer func() {
		if p := recover(); p != nil {
			s.log.Error("panic while handling a message", zap.String("method", req.Method()),
				zap.Any("panic", p), zap.ByteString("stack", debug.Stack()))
			result, err = nil, jsonrpc2.Errorf(jsonrpc2.InternalError, "internal error in %s: %v", req.Method(), p)
		}
	}()
	return serve()
}

// serveMessage returns the answer to a message: the result and error of a
// request; a notification's are logged, not sent.
func (s *server) serveMessage(ctx context.Context, req jsonrpc2.Request) (any, error) {
	_, isCall := req.(*jsonrpc2.Call)
	if isCall && ctx.Err() != nil {
		// Cancelled while it waited: the client that cancels what it no
		// longer needs (the hovers of a mouse that moved on) gets the
		// server's time back. Notifications are never skipped: they change
		// the server's state.
		return nil, protocol.ErrRequestCancelled
	}
	if refuse := s.gate(req.Method()); refuse != nil {
		if !isCall {
			s.log.Debug("notification dropped", zap.String("method", req.Method()), zap.Error(refuse))
			return nil, nil
		}
		return nil, refuse
	}
	if isCall && s.refusesRequest(req) { // limits.go
		return nil, nil
	}
	if s.beforeHandle != nil {
		s.beforeHandle(ctx, req)
		if isCall && ctx.Err() != nil {
			return nil, protocol.ErrRequestCancelled // cancelled while the hook held it
		}
	}
	m, ok := s.methods[req.Method()]
	if !ok {
		return nil, jsonrpc2.Errorf(jsonrpc2.MethodNotFound, "method not found: %s", req.Method())
	}
	return m(ctx, req)
}

// gate applies the lifecycle: before initialize, requests are answered
// ServerNotInitialized; after shutdown, InvalidRequest; notifications are
// dropped in both. exit always passes.
func (s *server) gate(method string) error {
	if method == protocol.MethodExit {
		return nil
	}
	switch s.lifecycle() {
	case stateNew:
		if method != protocol.MethodInitialize {
			return jsonrpc2.Errorf(jsonrpc2.ServerNotInitialized, "%s before initialize", method)
		}
	case stateRunning:
		if method == protocol.MethodInitialize {
			return jsonrpc2.Errorf(jsonrpc2.InvalidRequest, "initialize sent twice")
		}
	case stateShutdown:
		return jsonrpc2.Errorf(jsonrpc2.InvalidRequest, "%s after shutdown", method)
	}
	return nil
}

// wireError gives an error a JSON-RPC code: jsonrpc2 sends an error that
// is not a *jsonrpc2.Error with code 0, which is none. A handler stopped by
// its cancelled context gets RequestCancelled; any other error is internal.
func wireError(err error) error {
	var rpcErr *jsonrpc2.Error
	switch {
	case err == nil || errors.As(err, &rpcErr):
		return err
	case errors.Is(err, context.Canceled):
		return jsonrpc2.Errorf(protocol.CodeRequestCancelled, "%v", err)
	}
	return jsonrpc2.Errorf(jsonrpc2.InternalError, "%v", err)
}

// inFlight holds the cancel function of every request between accept and
// its answer, by id.
type inFlight struct {
	mu      sync.Mutex
	cancels map[jsonrpc2.ID]context.CancelFunc
}

// track gives the request id a context that cancel cancels, and the replier
// that forgets it. A request answered after it was cancelled without an
// error of its own is answered RequestCancelled, as the specification asks.
func (f *inFlight) track(ctx context.Context, reply jsonrpc2.Replier, id jsonrpc2.ID) (context.Context, jsonrpc2.Replier) {
	ctx, cancel := context.WithCancel(ctx)
	f.mu.Lock()
	f.cancels[id] = cancel
	f.mu.Unlock()
	return ctx, func(ctx context.Context, result any, err error) error {
		f.mu.Lock()
		delete(f.cancels, id)
		f.mu.Unlock()
		if ctx.Err() != nil && err == nil {
			err = protocol.ErrRequestCancelled
		}
		cancel()
		// The reply must go out even though ctx was cancelled.
		return reply(context.WithoutCancel(ctx), result, err)
	}
}

// cancel cancels the context of the request id, and reports whether it was
// in flight.
func (f *inFlight) cancel(id jsonrpc2.ID) bool {
	f.mu.Lock()
	cancel := f.cancels[id]
	f.mu.Unlock()
	if cancel != nil {
		cancel()
	}
	return cancel != nil
}

// cancelRequest serves $/cancelRequest: a notification, answered by nothing
// whatever its params.
func (s *server) cancelRequest(requests *inFlight, params json.RawMessage) {
	var p struct {
		ID json.RawMessage `json:"id"`
	}
	if err := json.Unmarshal(params, &p); err != nil {
		s.log.Warn("malformed $/cancelRequest", zap.ByteString("params", params))
		return
	}
	id, err := s.stream.RequestID(p.ID) // the id the connection knows it by (wire.Stream)
	if err != nil {
		s.log.Debug("$/cancelRequest of no running request", zap.Error(err))
		return
	}
	running := requests.cancel(id)
	s.log.Debug("$/cancelRequest", zap.String("id", fmt.Sprint(id)), zap.Bool("inFlight", running))
}
