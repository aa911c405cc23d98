package lsp

import (
	"encoding/json"
	"strconv"
	"unicode/utf8"

	"go.lsp.dev/protocol"
)

// The server encodes textDocument/publishDiagnostics itself, the whole
// JSON-RPC message, and writes it to the stream without going through
// jsonrpc2.Conn.Notify. After each keystroke in a large document the
// server publishes up to maxDiagnostics diagnostics; through Notify they
// would be encoded by reflection (segmentio's encoder), the result copied
// and validated again by jsonrpc2's Notification.MarshalJSON, and once more
// by encoding/json's compaction in stream.Write: three passes over the
// largest message a keystroke sends (bench/NOTES.md has the figures).
// The bytes are those encoding/json writes for the same message
// (TestPublishEncodingMatchesEncodingJSON, FuzzPublishEncoding).

// publishMessage is the notification as encoding/json would write it, field
// for field: what appendPublishDiagnostics must equal.
type publishMessage struct {
	JSONRPC string                    `json:"jsonrpc"`
	Method  string                    `json:"method"`
	Params  *publishDiagnosticsParams `json:"params"`
}

// appendPublishDiagnostics appends the JSON-RPC notification that publishes
// p.
func appendPublishDiagnostics(b []byte, p *publishDiagnosticsParams) []byte {
	b = append(b, `{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":`...)
	b = appendJSONString(b, string(p.URI))
	if p.Version != nil {
		b = append(b, `,"version":`...)
		b = strconv.AppendInt(b, int64(*p.Version), 10)
	}
	b = append(b, `,"diagnostics":`...)
	if p.Diagnostics == nil {
		b = append(b, "null"...)
	} else {
		b = append(b, '[')
		for i := range p.Diagnostics {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendDiagnostic(b, &p.Diagnostics[i])
		}
		b = append(b, ']')
	}
	return append(b, "}}"...)
}

// appendDiagnostic appends one diagnostic as encoding/json writes it. The
// fields pgnls never sets (codeDescription, tags, relatedInformation,
// data), a code that is not a string or a severity that is not a small
// whole number send the diagnostic to encoding/json.
func appendDiagnostic(b []byte, d *protocol.Diagnostic) []byte {
	code, isString := d.Code.(string)
	if d.CodeDescription != nil || len(d.Tags) > 0 || len(d.RelatedInformation) > 0 || d.Data != nil ||
		d.Code != nil && !isString || d.Severity != protocol.DiagnosticSeverity(uint8(d.Severity)) {
		out, err := json.Marshal(d)
		if err != nil {
			// Data that does not encode: what Notify would have failed on.
			// Send the diagnostic without it rather than nothing.
			c := *d
			c.Data = nil
			out, _ = json.Marshal(&c)
		}
		return append(b, out...)
	}
	b = append(b, `{"range":{"start":{"line":`...)
	b = strconv.AppendUint(b, uint64(d.Range.Start.Line), 10)
	b = append(b, `,"character":`...)
	b = strconv.AppendUint(b, uint64(d.Range.Start.Character), 10)
	b = append(b, `},"end":{"line":`...)
	b = strconv.AppendUint(b, uint64(d.Range.End.Line), 10)
	b = append(b, `,"character":`...)
	b = strconv.AppendUint(b, uint64(d.Range.End.Character), 10)
	b = append(b, "}}"...)
	if d.Severity != 0 {
		b = append(b, `,"severity":`...)
		b = strconv.AppendUint(b, uint64(d.Severity), 10)
	}
	if d.Code != nil {
		b = append(b, `,"code":`...)
		b = appendJSONString(b, code)
	}
	if d.Source != "" {
		b = append(b, `,"source":`...)
		b = appendJSONString(b, d.Source)
	}
	b = append(b, `,"message":`...)
	b = appendJSONString(b, d.Message)
	return append(b, '}')
}

// appendJSONString appends s quoted as encoding/json quotes it (with
// HTMLEscape's escapes, as json.Marshal does): control characters, '"',
// '\\', '<', '>' and '&' escaped, invalid UTF-8 replaced by \ufffd, U+2028
// and U+2029 escaped.
// jsonPlain marks the ASCII bytes a JSON string holds as they are (what
// encoding/json escapes: control characters, quote, backslash and, for
// HTML, <, > and &): one look per byte of the messages published after
// every keystroke.
var jsonPlain = func() (plain [utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		plain[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return plain
}()

func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if jsonPlain[c] {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		} else if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
		} else {
			i += size
			continue
		}
		i += size
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
