// Package wire is the language server's side of the connection below
// jsonrpc2: the LSP base protocol's framing (Content-Length headers), the
// rules of JSON-RPC 2.0 checked on each message before jsonrpc2 decodes it
// (message.go), the bookkeeping of request ids that jsonrpc2 gets wrong, and
// the bounded queue between the connection's read loop and the handlers
// (queue.go). Its surface: Stream (a jsonrpc2.Stream, with WriteBody and
// RequestID) and Queue.
package wire

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"go.lsp.dev/jsonrpc2"
	"go.uber.org/zap"
)

// maxMessage bounds the Content-Length the server accepts (a whole-document
// didOpen of a large PGN database fits well within it).
const maxMessage = 1 << 30

// Stream is a jsonrpc2.Stream with the LSP base protocol framing
// (Content-Length headers) that survives whatever it reads:
//
//   - a message that is not valid JSON-RPC (message.go) is answered with a
//     ParseError or InvalidRequest response, as JSON-RPC asks, or dropped
//     when nothing waits for an answer, and the stream reads on
//     (jsonrpc2.NewStream would return the error to the connection, which
//     closes on it);
//   - broken framing is skipped to the next Content-Length header
//     (readFrame), in bounded memory;
//   - a response goes to the connection only if it answers a request of the
//     server's that has no answer yet (admit);
//   - a request whose id jsonrpc2 cannot tell from another is given one of
//     the stream's, and answered with its own (renameID).
type Stream struct {
	rwc  io.ReadWriteCloser
	in   *bufio.Reader
	log  *zap.Logger
	opts Options

	mu    sync.Mutex // serialises writes: the connection's and the error replies of Read
	frame []byte     // the buffer WriteBody builds frames in, under mu

	idMu sync.Mutex
	// awaiting holds the ids of the server's requests that have no answer
	// yet, each with its rank among them (admit, Write).
	awaiting map[jsonrpc2.ID]uint64
	calls    uint64
	// renamed maps the ids renameID made to the ids the client wrote,
	// renamedFrom the other way (by the string the id holds).
	renamed     map[jsonrpc2.ID][]byte
	renamedFrom map[string]jsonrpc2.ID
	renames     uint64
}

// maxAwaiting bounds the server's requests the stream waits for an answer
// to: past it, the oldest is forgotten (and its answer, should it come,
// dropped). The server sends a few requests a session (settings, progress,
// inlay hints refresh), each with a deadline or none that matters.
const maxAwaiting = 1024

// Options are what a Stream is told beyond its connection and its log.
type Options struct {
	// OnLarge, when set, is called before the body of a message of
	// LargeMessage bytes or more is read: the server's memory policy makes
	// room for it (lsp/memory.go).
	OnLarge      func()
	LargeMessage int
}

// NewStream returns a Stream that reads and writes messages on rwc and logs
// what it drops or answers itself to log.
func NewStream(rwc io.ReadWriteCloser, log *zap.Logger, opts Options) *Stream {
	return &Stream{
		rwc: rwc, in: bufio.NewReaderSize(rwc, 64<<10), log: log, opts: opts,
		awaiting: make(map[jsonrpc2.ID]uint64), renamed: make(map[jsonrpc2.ID][]byte), renamedFrom: make(map[string]jsonrpc2.ID),
	}
}

func (s *Stream) Read(ctx context.Context) (jsonrpc2.Message, int64, error) {
	var total int64
	for {
		if err := ctx.Err(); err != nil {
			return nil, total, err
		}
		body, n, err := s.readFrame()
		total += n
		if err != nil {
			return nil, total, err
		}
		msg, m, err := decodeChecked(body)
		if err != nil {
			s.rejectMessage(body, err)
			continue
		}
		if msg = s.admit(msg, m); msg != nil {
			return msg, total, nil
		}
	}
}

// admit decides what the connection gets of a message. A response goes on
// only when it answers a request the server sent and that has no answer
// yet: jsonrpc2's connection hands a response to the waiting call through a
// channel of one, and a third answer to the same request blocked its read
// loop for good (nothing else was read, shutdown and the end of the input
// included). A request whose id jsonrpc2 cannot hold apart from another
// (the string "", which it takes for 0) goes on under an id of the
// stream's, and Write answers it with its own.
func (s *Stream) admit(msg jsonrpc2.Message, m *members) jsonrpc2.Message {
	switch msg := msg.(type) {
	case *jsonrpc2.Response:
		s.idMu.Lock()
		_, asked := s.awaiting[msg.ID()]
		delete(s.awaiting, msg.ID())
		s.idMu.Unlock()
		if !asked {
			s.log.Warn("dropped a response to no request of the server's (a repeated answer, or an id never sent)",
				zap.ByteString("id", truncate(m.id)))
			return nil
		}
	case *jsonrpc2.Call:
		if isAmbiguousID(m.id) {
			call, err := jsonrpc2.NewCall(s.renameID(m.id), msg.Method(), msg.Params())
			if err != nil {
				s.rejectMessage(nil, &invalidMessage{code: jsonrpc2.InternalError, reason: err.Error(), id: m.id})
				return nil
			}
			return call
		}
	}
	return msg
}

// renameID gives a request whose id is ambiguous an id of the stream's: a
// string that starts with NUL (the client's own ids that start so are
// renamed too, so the two cannot meet).
func (s *Stream) renameID(raw []byte) jsonrpc2.ID {
	name, _ := unquote(raw)
	s.idMu.Lock()
	defer s.idMu.Unlock()
	s.renames++
	id := jsonrpc2.NewStringID("\x00" + strconv.FormatUint(s.renames, 10))
	s.renamed[id] = bytes.Clone(raw)
	s.renamedFrom[name] = id
	return id
}

// RequestID returns the id under which the connection knows the request
// whose id, as the client wrote it, is raw ($/cancelRequest names it so).
func (s *Stream) RequestID(raw []byte) (jsonrpc2.ID, error) {
	var id jsonrpc2.ID
	if !isLSPID(raw) {
		return id, fmt.Errorf("%s is not a request id", truncate(raw))
	}
	if isAmbiguousID(raw) {
		name, _ := unquote(raw)
		s.idMu.Lock()
		defer s.idMu.Unlock()
		if renamed, ok := s.renamedFrom[name]; ok {
			return renamed, nil
		}
		return id, fmt.Errorf("no request with the id %s is running", truncate(raw))
	}
	return id, id.UnmarshalJSON(raw)
}

// decodeMessage decodes a message that checkMessage accepts, or returns why
// it is not one (an *invalidMessage, or an error that makes it a
// ParseError).
//
// The small requests and notifications with params that a client sends as
// the user types are built from the members checkMessage found, without the
// 32 KB buffer that jsonrpc2's decoder makes for each message: that buffer
// was much of what a keystroke allocated in a large document, and so of
// how often the collector ran between keystrokes (bench/NOTES.md).
// Anything else (responses, messages without params, large or unusual
// ones) goes to jsonrpc2.DecodeMessage, whose messages it equals
// (FuzzDecodeMessage).
func decodeMessage(body []byte) (jsonrpc2.Message, error) {
	msg, _, err := decodeChecked(body)
	return msg, err
}

// decodeChecked is decodeMessage, which also returns the members it found.
func decodeChecked(body []byte) (jsonrpc2.Message, *members, error) {
	m, err := checkMessage(body)
	if err != nil {
		return nil, nil, err
	}
	msg, err := decodeMembers(body, m)
	return msg, m, err
}

func decodeMembers(body []byte, m *members) (jsonrpc2.Message, error) {
	if m.method == nil {
		return decodeFull(body, m, "")
	}
	method, err := unquote(m.method)
	if err != nil {
		return nil, err
	}
	if method == "" {
		// jsonrpc2 would take it for a response.
		return nil, &invalidMessage{code: jsonrpc2.InvalidRequest, reason: `a request must name its method: "" names none`, id: usableID(m.id), drop: unanswered(m)}
	}
	if len(body) > 16<<10 || !utf8.Valid(body) || m.params == nil || string(m.params) == "null" || !json.Valid(body) {
		return decodeFull(body, m, method)
	}
	if m.id == nil {
		return jsonrpc2.NewNotification(method, json.RawMessage(m.params))
	}
	var id jsonrpc2.ID
	if err := id.UnmarshalJSON(m.id); err != nil {
		return nil, err
	}
	return jsonrpc2.NewCall(id, method, json.RawMessage(m.params))
}

// decodeFull decodes a message with jsonrpc2.DecodeMessage and checks that
// it read the members checkMessage found: jsonrpc2 matches member names
// without regard to case, so that {"method": "a", "Method": "b"} would be a
// call of b.
func decodeFull(body []byte, m *members, method string) (jsonrpc2.Message, error) {
	msg, err := jsonrpc2.DecodeMessage(body)
	if err != nil {
		if json.Valid(body) { // JSON, of a shape jsonrpc2 cannot read ("error": {"code": "x"})
			return nil, &invalidMessage{code: jsonrpc2.InvalidRequest, reason: err.Error(), id: usableID(m.id), drop: unanswered(m)}
		}
		return nil, err
	}
	var id jsonrpc2.ID
	if m.id != nil {
		if err := id.UnmarshalJSON(m.id); err != nil {
			return nil, err
		}
	}
	same := false
	switch msg := msg.(type) {
	case *jsonrpc2.Call:
		same = m.method != nil && m.id != nil && msg.Method() == method && msg.ID() == id
	case *jsonrpc2.Notification:
		same = m.method != nil && m.id == nil && msg.Method() == method
	case *jsonrpc2.Response:
		same = m.method == nil && msg.ID() == id
	}
	if !same {
		return nil, &invalidMessage{code: jsonrpc2.InvalidRequest, reason: "member names that differ only in case", id: usableID(m.id), drop: unanswered(m)}
	}
	return msg, nil
}

func idOrNull(id []byte) json.RawMessage {
	if id == nil {
		return nullID
	}
	return id
}

// readFrame reads the headers and the body of one message. When the
// framing is broken (a malformed header, a bad or missing Content-Length,
// a header line longer than the input buffer), the message cannot be read;
// rather than end the connection, the stream skips to the next
// "Content-Length:" header and reads on from there. A Content-Length too
// short leaves the end of a body before the next header (on its line: the
// search starts in the line itself); one too long swallows the start of
// the next message, which is lost. Memory stays bounded whatever the input:
// a header line is read within the buffer, and a body grows with the bytes
// that arrive (readBody).
func (s *Stream) readFrame() (body []byte, n int64, err error) {
	length := -1
	pending := "" // a header line found by resync, read before the input
	for {
		line := pending
		if line != "" {
			pending = ""
		} else {
			var raw []byte
			raw, err = s.in.ReadSlice('\n')
			n += int64(len(raw))
			line = string(raw)
			if err != nil && err != bufio.ErrBufferFull {
				if err == io.EOF && n == 0 {
					return nil, n, io.EOF
				}
				return nil, n, fmt.Errorf("reading a message header: %w", err)
			}
		}
		header := strings.TrimSpace(line)
		problem := ""
		switch name, value, ok := strings.Cut(header, ":"); {
		case err == bufio.ErrBufferFull:
			problem = fmt.Sprintf("a header line longer than %d bytes", s.in.Size())
			err = nil
		case header == "":
			if length >= 0 {
				return s.readBody(length, n)
			}
			problem = "message without a Content-Length header"
		case !ok || !isHeaderName(name):
			problem = fmt.Sprintf("malformed message header %q", truncate([]byte(header)))
		case strings.EqualFold(name, "Content-Length"):
			length, err = strconv.Atoi(strings.TrimSpace(value))
			if err != nil || length < 0 || length > maxMessage {
				problem = fmt.Sprintf("bad Content-Length %q", truncate([]byte(value)))
			}
			err = nil
		}
		if problem == "" {
			continue
		}
		length = -1
		s.log.Warn("message framing lost: skipping to the next Content-Length header", zap.String("problem", problem))
		var skipped int64
		pending, skipped, err = s.resync(line)
		n += skipped
		if err != nil {
			return nil, n, fmt.Errorf("%s, and no message header follows (%v)", problem, err)
		}
	}
}

// bodyStep is how much of a body is allocated before its bytes arrive.
const bodyStep = 64 << 20

// readBody reads a body of length bytes (n were read before it). Up to
// bodyStep is allocated at once, more only as the body comes, so that a
// Content-Length that promises a gigabyte and sends nothing costs no more
// than a large message.
func (s *Stream) readBody(length int, n int64) ([]byte, int64, error) {
	if s.opts.OnLarge != nil && length >= s.opts.LargeMessage {
		s.opts.OnLarge()
	}
	body := make([]byte, 0, min(length, bodyStep))
	for len(body) < length {
		if len(body) == cap(body) {
			body = slices.Grow(body, min(length-len(body), cap(body)))
		}
		m, err := io.ReadFull(s.in, body[len(body):min(cap(body), length)])
		body = body[:len(body)+m]
		n += int64(m)
		if err != nil {
			return nil, n, fmt.Errorf("reading a message body: %w", err)
		}
	}
	return body, n, nil
}

// contentLength is the header resync looks for, in lower case.
const contentLength = "content-length:"

// resync finds the next "Content-Length:" (in any case) after the first
// byte of line, the header line that broke the framing, or else in the
// input, and returns the header line that starts there. It reads the input
// a byte at a time, keeping nothing of what it skips.
func (s *Stream) resync(line string) (header string, skipped int64, err error) {
	lower := []byte(line)
	for i, c := range lower {
		lower[i] = asciiLower(c)
	}
	if i := strings.Index(string(lower[min(1, len(lower)):]), contentLength); i >= 0 {
		return line[i+1:], 0, nil
	}
	for {
		for matched := 0; matched < len(contentLength); {
			c, err := s.in.ReadByte()
			if err != nil {
				return "", skipped, err
			}
			skipped++
			switch c = asciiLower(c); {
			case c == contentLength[matched]:
				matched++
			case c == contentLength[0]:
				matched = 1
			default:
				matched = 0
			}
		}
		rest, err := s.in.ReadSlice('\n')
		skipped += int64(len(rest))
		switch err {
		case nil:
			return "Content-Length:" + string(rest), skipped, nil
		case bufio.ErrBufferFull:
			continue // not a header line: search on
		}
		return "", skipped, err
	}
}

func asciiLower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// isHeaderName reports whether name is a header field name (an HTTP
// token).
func isHeaderName(name string) bool {
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("!#$%&'*+-.^_`|~", c) >= 0) {
			return false
		}
	}
	return name != ""
}

// rejectMessage answers a message that is not JSON-RPC: with ParseError and
// a null id when it is not JSON, with the code and id invalidMessage gives
// otherwise (InvalidRequest, and the request's id when it has a usable
// one). A malformed response or notification is dropped, and logged.
func (s *Stream) rejectMessage(body []byte, decodeErr error) {
	code, id := jsonrpc2.ParseError, nullID
	var invalid *invalidMessage
	if errors.As(decodeErr, &invalid) {
		if invalid.drop != "" {
			s.log.Warn("dropped a malformed "+invalid.drop, zap.String("problem", invalid.reason), zap.ByteString("message", truncate(body)))
			return
		}
		code, id = invalid.code, invalid.id
	}
	s.log.Warn("rejected a malformed message", zap.Int("code", int(code)), zap.Error(decodeErr), zap.ByteString("message", truncate(body)))
	reply, _ := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   *jsonrpc2.Error `json:"error"`
	}{"2.0", id, jsonrpc2.NewError(code, decodeErr.Error())})
	if _, err := s.WriteBody(reply); err != nil {
		s.log.Warn("could not answer a malformed message", zap.Error(err))
	}
}

func truncate(b []byte) []byte {
	if len(b) > 200 {
		return b[:200]
	}
	return b
}

// Write writes msg whatever ctx: a call whose context is cancelled must
// still be written, or its caller cannot tell whether the peer has it. The
// server's window/workDoneProgress/create, cancelled when the analysis it
// reports on ends first, was then never sent while the progress on its
// token was (TestProgressOfFirstAnalysis, under load). Replies and
// publications decide for themselves whether to send.
func (s *Stream) Write(_ context.Context, msg jsonrpc2.Message) (int64, error) {
	var body []byte
	var err error
	switch m := msg.(type) {
	case *jsonrpc2.Call:
		s.expectAnswer(m.ID())
	case *jsonrpc2.Response:
		if raw := s.clientID(m.ID()); raw != nil {
			body, err = marshalResponse(m, raw)
		}
	}
	if body == nil && err == nil {
		body, err = json.Marshal(msg)
	}
	if err != nil {
		return 0, fmt.Errorf("marshaling a message: %w", err)
	}
	return s.WriteBody(body)
}

// expectAnswer records a request of the server's before it is written (its
// answer may come before Write returns).
func (s *Stream) expectAnswer(id jsonrpc2.ID) {
	s.idMu.Lock()
	defer s.idMu.Unlock()
	s.calls++
	s.awaiting[id] = s.calls
	if len(s.awaiting) > maxAwaiting {
		for old, rank := range s.awaiting {
			if rank <= s.calls-maxAwaiting {
				delete(s.awaiting, old)
			}
		}
	}
}

// clientID returns the id the client wrote for a request renameID renamed,
// and forgets the renaming (the request is being answered); nil for any
// other id.
func (s *Stream) clientID(id jsonrpc2.ID) []byte {
	s.idMu.Lock()
	defer s.idMu.Unlock()
	raw, ok := s.renamed[id]
	if !ok {
		return nil
	}
	delete(s.renamed, id)
	if name, _ := unquote(raw); s.renamedFrom[name] == id {
		delete(s.renamedFrom, name)
	}
	return raw
}

// marshalResponse writes a response as jsonrpc2 does, with the id raw.
func marshalResponse(r *jsonrpc2.Response, raw []byte) ([]byte, error) {
	out := struct {
		JSONRPC string           `json:"jsonrpc"`
		ID      json.RawMessage  `json:"id"`
		Result  *json.RawMessage `json:"result,omitempty"`
		Error   *jsonrpc2.Error  `json:"error,omitempty"`
	}{JSONRPC: "2.0", ID: raw}
	if err := r.Err(); err != nil {
		if !errors.As(err, &out.Error) {
			out.Error = &jsonrpc2.Error{Code: jsonrpc2.InternalError, Message: err.Error()}
		}
	} else {
		result := r.Result()
		if len(result) == 0 {
			result = json.RawMessage("null")
		}
		out.Result = &result
	}
	return json.Marshal(out)
}

// WriteBody writes one message, header and body in a single Write: body is
// the JSON of a whole message (the server encodes its publications itself,
// lsp/publish.go). The
// frame is built in a buffer kept for the next message (writes are
// serialised): a fresh one for each publication was much of what a
// keystroke in a large document allocated (bench/NOTES.md). A buffer
// grown by a large message (a formatted database) is not kept.
func (s *Stream) WriteBody(body []byte) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	frame := append(s.frame[:0], "Content-Length: "...)
	frame = strconv.AppendInt(frame, int64(len(body)), 10)
	frame = append(frame, "\r\n\r\n"...)
	frame = append(frame, body...)
	n, err := s.rwc.Write(frame)
	if cap(frame) <= maxKeptFrame {
		s.frame = frame
	}
	return int64(n), err
}

// maxKeptFrame is the largest frame buffer a stream keeps: more than a
// publication of the default cap of diagnostics needs.
const maxKeptFrame = 1 << 20

func (s *Stream) Close() error { return s.rwc.Close() }
