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

	mu sync.Mutex // serialises writes: the connection's and the error replies of Read
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
		msg, err := jsonrpc2.DecodeMessage(body)
		if err == nil {
			return msg, total, nil
		}
		s.rejectMessage(ctx, body, err)
	}
}

// readFrame reads the headers and the body of one message.
func (s *stream) readFrame() (body []byte, n int64, err error) {
	length := -1
	for {
		line, err := s.in.ReadString('\n')
		n += int64(len(line))
		if err != nil {
			if err == io.EOF && n == 0 {
				return nil, n, io.EOF
			}
			return nil, n, fmt.Errorf("reading a message header: %w", err)
		}
		line = strings.TrimSpace(line)
		if line == "" {
			if length < 0 {
				return nil, n, errors.New("message without a Content-Length header")
			}
			break
		}
		name, value, ok := strings.Cut(line, ":")
		if !ok {
			return nil, n, fmt.Errorf("malformed message header %q", line)
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			length, err = strconv.Atoi(strings.TrimSpace(value))
			if err != nil || length < 0 || length > maxMessage {
				return nil, n, fmt.Errorf("bad Content-Length %q", value)
			}
		}
	}
	body = make([]byte, length)
	m, err := io.ReadFull(s.in, body)
	n += int64(m)
	if err != nil {
		return nil, n, fmt.Errorf("reading a message body: %w", err)
	}
	return body, n, nil
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

func truncate(b []byte) []byte {
	if len(b) > 200 {
		return b[:200]
	}
	return b
}

func (s *stream) Write(ctx context.Context, msg jsonrpc2.Message) (int64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	body, err := json.Marshal(msg)
	if err != nil {
		return 0, fmt.Errorf("marshaling a message: %w", err)
	}
	return s.writeBody(body)
}

// writeBody writes one message, header and body in a single Write.
func (s *stream) writeBody(body []byte) (int64, error) {
	frame := make([]byte, 0, len(body)+32)
	frame = append(frame, "Content-Length: "...)
	frame = strconv.AppendInt(frame, int64(len(body)), 10)
	frame = append(frame, "\r\n\r\n"...)
	frame = append(frame, body...)
	s.mu.Lock()
	defer s.mu.Unlock()
	n, err := s.rwc.Write(frame)
	return int64(n), err
}

func (s *stream) Close() error { return s.rwc.Close() }
