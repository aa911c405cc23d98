package wire

import (
	"context"
	"sync"

	"go.lsp.dev/jsonrpc2"
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

// queued is a message waiting in a Queue, with what answers it.
type queued struct {
	ctx   context.Context
	reply jsonrpc2.Replier
	req   jsonrpc2.Request
}

// Queue is the queue between the read loop (Push) and the goroutine that
// handles the messages (Work).
type Queue struct {
	mu      sync.Mutex
	items   []queued
	bytes   int
	stopped bool          // the worker is gone: messages are dropped
	wake    chan struct{} // a message was queued
	room    chan struct{} // a message was taken
}

// NewQueue returns an empty queue.
func NewQueue() *Queue {
	return &Queue{wake: make(chan struct{}, 1), room: make(chan struct{}, 1)}
}

// Push queues req, with its context and its replier, waiting for room while
// the queue is full. It reports false when req is dropped: the worker is
// gone, or stop came while it waited.
func (q *Queue) Push(stop, ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) bool {
	m := queued{ctx, reply, req}
	size := len(req.Params())
	for {
		q.mu.Lock()
		if q.stopped {
			q.mu.Unlock()
			return false
		}
		if len(q.items) == 0 || len(q.items) < maxQueued && q.bytes+size <= maxQueuedBytes {
			q.items = append(q.items, m)
			q.bytes += size
			q.mu.Unlock()
			signal(q.wake)
			return true
		}
		q.mu.Unlock()
		select {
		case <-q.room:
		case <-stop.Done():
			return false // the worker drops what is queued
		}
	}
}

// Work hands the queued messages to handle, one at a time, until stop is
// done and the queue empty; what is queued then is still handed over, for
// handle to drop (and count done).
func (q *Queue) Work(stop context.Context, handle func(context.Context, jsonrpc2.Replier, jsonrpc2.Request)) {
	for {
		q.mu.Lock()
		if len(q.items) == 0 {
			if stop.Err() != nil {
				q.stopped = true
				q.mu.Unlock()
				return
			}
			q.mu.Unlock()
			select {
			case <-q.wake:
			case <-stop.Done():
			}
			continue
		}
		m := q.items[0]
		q.items[0] = queued{}
		q.items = q.items[1:]
		q.bytes -= len(m.req.Params())
		q.mu.Unlock()
		signal(q.room)
		handle(m.ctx, m.reply, m.req)
	}
}

// signal wakes the goroutine waiting on c, if any, without blocking.
func signal(c chan struct{}) {
	select {
	case c <- struct{}{}:
	default:
	}
}
