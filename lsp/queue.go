package lsp

import (
	"context"
	"sync"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
)

// The queue between the connection's read loop and the handlers. Messages
// are handled one at a time, in the order they came, off the read loop, as
// jsonrpc2.AsyncHandler does; but AsyncHandler starts a goroutine for every
// message and lets them wait without bound, so that a client writing faster
// than the server answers (10^5 hovers in a burst) grew the server by a
// goroutine and a message each. Here at most maxQueued messages, holding at
// most maxQueuedBytes of params, wait; past that the read loop waits for
// room, and the client's writes wait with it (the pipe fills), which is the
// flow control a stream gives. No handler waits for the read loop (the
// server's own requests to the client are made in the background), so the
// read loop always gets its room back.

const (
	maxQueued      = 1024
	maxQueuedBytes = 64 << 20 // a larger message is queued alone
)

type queued struct {
	ctx   context.Context
	reply jsonrpc2.Replier
	req   jsonrpc2.Request
}

type messageQueue struct {
	mu      sync.Mutex
	items   []queued
	bytes   int
	stopped bool          // the worker is gone: messages are dropped
	wake    chan struct{} // a message was queued
	room    chan struct{} // a message was taken
}

// serialize returns the handler that queues messages for next, and starts
// the goroutine that handles them. Once the server stops, what is queued is
// dropped and the goroutine ends; a message that is dropped was counted by
// cancel (startHandling), and is counted done here.
func (s *server) serialize(next jsonrpc2.Handler) jsonrpc2.Handler {
	q := &messageQueue{wake: make(chan struct{}, 1), room: make(chan struct{}, 1)}
	go q.work(s, next)
	return func(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
		q.push(s, queued{ctx, reply, req})
		return nil
	}
}

func (q *messageQueue) push(s *server, m queued) {
	size := len(m.req.Params())
	for {
		q.mu.Lock()
		if q.stopped {
			q.mu.Unlock()
			s.handlers.Done()
			return
		}
		if len(q.items) == 0 || len(q.items) < maxQueued && q.bytes+size <= maxQueuedBytes {
			q.items = append(q.items, m)
			q.bytes += size
			q.mu.Unlock()
			signal(q.wake)
			return
		}
		q.mu.Unlock()
		select {
		case <-q.room:
		case <-s.ctx.Done():
			s.handlers.Done() // the server stopped: the worker drops what is queued
			return
		}
	}
}

func (q *messageQueue) work(s *server, handle jsonrpc2.Handler) {
	for {
		q.mu.Lock()
		if len(q.items) == 0 {
			if s.ctx.Err() != nil {
				q.stopped = true
				q.mu.Unlock()
				return
			}
			q.mu.Unlock()
			select {
			case <-q.wake:
			case <-s.ctx.Done():
			}
			continue
		}
		m := q.items[0]
		q.items[0] = queued{}
		q.items = q.items[1:]
		q.bytes -= len(m.req.Params())
		q.mu.Unlock()
		signal(q.room)
		if s.ctx.Err() != nil {
			s.handlers.Done() // the server stopped: nobody reads an answer
			continue
		}
		_ = handle(m.ctx, m.reply, m.req) // errors are logged by recoverPanics
	}
}

// signal wakes the goroutine waiting on c, if any, without blocking.
func signal(c chan struct{}) {
	select {
	case c <- struct{}{}:
	default:
	}
}

// skipCancelled answers a request cancelled while it waited in the queue
// with RequestCancelled, without running it: a client that cancels what it
// no longer needs (the hovers of a mouse that moved on) gets the server's
// time back. Notifications are never skipped: they change the server's
// state.
func skipCancelled(next jsonrpc2.Handler) jsonrpc2.Handler {
	return func(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
		if _, isCall := req.(*jsonrpc2.Call); isCall && ctx.Err() != nil {
			return reply(ctx, nil, protocol.ErrRequestCancelled)
		}
		return next(ctx, reply, req)
	}
}
