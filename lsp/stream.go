package lsp

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
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

// stream is a jsonrpc2.Stream with the LSP base protocol framing
// (Content-Length headers) that survives a message whose body is not valid
// JSON-RPC: it answers it with a ParseError or InvalidRequest response, as
// JSON-RPC asks, and reads on. jsonrpc2.NewStream would return the error to
// the connection, which closes on it. A broken header cannot be recovered
// from (the message boundaries are lost) and ends the connection.
type stream struct {
	rwc io.ReadWriteCloser
	in  *bufio.Reader
	log *zap.Logger

	mu    sync.Mutex // serialises writes: the connection's and the error replies of Read
	frame []byte     // the buffer writeBody builds frames in, under mu

	// onLarge, when set, is told of a message of at least largeDocument
	// bytes before its body is read: the server makes room for it
	// (memory.go).
	onLarge func()
}

func newStream(rwc io.ReadWriteCloser, log *zap.Logger) *stream {
	return &stream{rwc: rwc, in: bufio.NewReaderSize(rwc, 64<<10), log: log}
}

func (s *stream) Read(ctx context.Context) (jsonrpc2.Message, int64, error) {
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
		msg, err := decodeMessage(body)
		if _, isResponse := msg.(*jsonrpc2.Response); err == nil && isResponse && hasMethod(body) {
			// jsonrpc2 takes a request whose method is "" for a response.
			err = errors.New(`a request with the method ""`)
		}
		if err == nil {
			return msg, total, nil
		}
		s.rejectMessage(ctx, body, err)
	}
}

// decodeMessage is jsonrpc2.DecodeMessage, without the 32 KB buffer that
// jsonrpc2's decoder makes for each message, for the small requests and
// notifications with params that a client sends as the user types: that
// buffer was a quarter of what a keystroke allocated in a large document,
// and so of how often the collector ran between keystrokes. Anything else
// (responses, messages without params, large or unusual ones) goes to
// jsonrpc2.DecodeMessage, whose messages it equals (FuzzDecodeMessage).
func decodeMessage(body []byte) (jsonrpc2.Message, error) {
	if len(body) > 16<<10 || !utf8.Valid(body) {
		return jsonrpc2.DecodeMessage(body)
	}
	var m struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      *jsonrpc2.ID    `json:"id"`
		Method  string          `json:"method"`
		Params  json.RawMessage `json:"params"`
		Result  json.RawMessage `json:"result"`
		Error   json.RawMessage `json:"error"`
	}
	if err := json.Unmarshal(body, &m); err != nil || m.JSONRPC != "2.0" || m.Method == "" ||
		len(m.Params) == 0 || string(m.Params) == "null" || m.Result != nil || m.Error != nil {
		return jsonrpc2.DecodeMessage(body)
	}
	if m.ID == nil {
		return jsonrpc2.NewNotification(m.Method, m.Params)
	}
	return jsonrpc2.NewCall(*m.ID, m.Method, m.Params)
}

// readFrame reads the headers and the body of one message. When the
// framing is broken (a malformed header, a bad or missing Content-Length),
// the message cannot be read; rather than end the connection, the stream
// skips to the next "Content-Length:" header and reads on from there. A
// Content-Length too short leaves the end of a body before the next
// header (on its line: the search starts in the line itself); one too long
// swallows the start of the next message, which is lost.
func (s *stream) readFrame() (body []byte, n int64, err error) {
	length := -1
	pending := "" // a header line found by resync, read before the input
	for {
		line := pending
		if line != "" {
			pending = ""
		} else {
			line, err = s.in.ReadString('\n')
			n += int64(len(line))
			if err != nil {
				if err == io.EOF && n == 0 {
					return nil, n, io.EOF
				}
				return nil, n, fmt.Errorf("reading a message header: %w", err)
			}
		}
		header := strings.TrimSpace(line)
		problem := ""
		if header == "" {
			if length >= 0 {
				break
			}
			problem = "message without a Content-Length header"
		} else if name, value, ok := strings.Cut(header, ":"); !ok || !isHeaderName(name) {
			problem = fmt.Sprintf("malformed message header %q", truncate([]byte(header)))
		} else if strings.EqualFold(name, "Content-Length") {
			length, err = strconv.Atoi(strings.TrimSpace(value))
			if err != nil || length < 0 || length > maxMessage {
				problem = fmt.Sprintf("bad Content-Length %q", truncate([]byte(value)))
			}
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
	if length >= largeDocument && s.onLarge != nil {
		s.onLarge()
	}
	body = make([]byte, length)
	m, err := io.ReadFull(s.in, body)
	n += int64(m)
	if err != nil {
		return nil, n, fmt.Errorf("reading a message body: %w", err)
	}
	return body, n, nil
}

// contentLength is the header resync looks for, in lower case.
const contentLength = "content-length:"

// resync finds the next "Content-Length:" (in any case) after the first
// byte of line, the header line that broke the framing, or else in the
// input, and returns the header line that starts there.
func (s *stream) resync(line string) (header string, skipped int64, err error) {
	lower := []byte(line)
	for i, c := range lower {
		lower[i] = asciiLower(c)
	}
	if i := strings.Index(string(lower[min(1, len(lower)):]), contentLength); i >= 0 {
		return line[i+1:], 0, nil
	}
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
	rest, err := s.in.ReadString('\n')
	skipped += int64(len(rest))
	if err != nil {
		return "", skipped, err
	}
	return "Content-Length:" + rest, skipped, nil
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
// a null id when it is not JSON, with InvalidRequest and its id (when it has
// one) when it is JSON but not a request, notification or response.
func (s *stream) rejectMessage(ctx context.Context, body []byte, decodeErr error) {
	var probe struct {
		ID     json.RawMessage `json:"id"`
		Method *string         `json:"method"`
	}
	code, id := jsonrpc2.ParseError, json.RawMessage("null")
	if json.Valid(body) {
		code = jsonrpc2.InvalidRequest
		_ = json.Unmarshal(body, &probe) // an array or a scalar leaves probe empty
		if probe.Method == nil && len(probe.ID) > 0 {
			// A malformed response to one of our calls: nothing to answer.
			s.log.Warn("dropped a malformed response", zap.Error(decodeErr), zap.ByteString("message", truncate(body)))
			return
		}
		if len(probe.ID) > 0 {
			id = probe.ID
		}
	}
	s.log.Warn("rejected a malformed message", zap.Int("code", int(code)), zap.Error(decodeErr), zap.ByteString("message", truncate(body)))
	reply, _ := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   *jsonrpc2.Error `json:"error"`
	}{"2.0", id, jsonrpc2.NewError(code, decodeErr.Error())})
	if _, err := s.writeBody(reply); err != nil {
		s.log.Warn("could not answer a malformed message", zap.Error(err))
	}
}

// hasMethod reports whether a JSON object has a "method" member.
func hasMethod(body []byte) bool {
	var probe struct {
		Method *string `json:"method"`
	}
	return json.Unmarshal(body, &probe) == nil && probe.Method != nil
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
func (s *stream) Write(_ context.Context, msg jsonrpc2.Message) (int64, error) {
	body, err := json.Marshal(msg)
	if err != nil {
		return 0, fmt.Errorf("marshaling a message: %w", err)
	}
	return s.writeBody(body)
}

// writeBody writes one message, header and body in a single Write. The
// frame is built in a buffer kept for the next message (writes are
// serialised): a fresh one for each publication was a quarter of what a
// keystroke in a large document allocated. A buffer grown by a large
// message (a formatted database) is not kept.
func (s *stream) writeBody(body []byte) (int64, error) {
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

func (s *stream) Close() error { return s.rwc.Close() }
