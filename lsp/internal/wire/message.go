package wire

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"go.lsp.dev/jsonrpc2"
)

// The validity rules of JSON-RPC 2.0 (section 4 and 5 of its specification),
// with LSP's types for the id, checked on the raw message before jsonrpc2
// decodes it. jsonrpc2 v0.10.0 accepts a message without "jsonrpc", reads
// member names without regard to case, takes a request with the method ""
// for a response, and cannot tell the id "" from the id 0: each of those
// made the server answer what it should have refused, or not answer at all.

// members are the members of a JSON-RPC message that the rules look at, each
// the raw JSON of its value (nil when absent). The values are slices of the
// message's body, not copies.
type members struct {
	jsonrpc, id, method, params, result, error []byte
	// miscased is a member name that is one of the above in other letter
	// cases ("Method"), which jsonrpc2's decoder would read as it;
	// repeated, one of them that appears twice (decoders disagree on
	// which of the two counts).
	miscased, repeated string
}

// invalidMessage is a message that is JSON but not JSON-RPC: a request to
// answer with InvalidRequest, or a response or notification to drop.
type invalidMessage struct {
	code   jsonrpc2.Code
	reason string
	id     json.RawMessage // the id to answer with: the request's own when it has a usable one, else null
	// drop names what the message is, when it is not answered: "response"
	// (an id and no method: nothing answers an answer) or "notification"
	// (a method and no id: the client waits for nothing, and an answer
	// with a null id is one more error in its log).
	drop string
}

// unanswered says what a malformed message is when it is not answered
// (invalidMessage.drop).
func unanswered(m *members) string {
	switch {
	case m.method == nil && m.id != nil:
		return "response"
	case m.method != nil && m.id == nil:
		return "notification"
	}
	return ""
}

func (m *invalidMessage) Error() string { return m.reason }

// checkMessage applies the rules to a body that is one JSON value (what
// follows it is ignored, as jsonrpc2's decoder ignores it). It returns the
// members, or an *invalidMessage, or a plain error when the body is not JSON
// at all (a ParseError).
func checkMessage(body []byte) (*members, error) {
	var m members
	if err := scanObject(body, &m); err != nil {
		if errors.Is(err, errNotObject) {
			return nil, &invalidMessage{code: jsonrpc2.InvalidRequest, reason: "a message must be a JSON object (batches are not supported)", id: nullID}
		}
		return nil, err
	}
	invalid := func(format string, args ...any) (*members, error) {
		return nil, &invalidMessage{code: jsonrpc2.InvalidRequest, reason: fmt.Sprintf(format, args...), id: usableID(m.id), drop: unanswered(&m)}
	}
	// A member name that is wrong, or twice, may hide the method of what
	// looks like a response: such a message is answered unless it has a
	// method and no id, since a request that is dropped is never answered.
	answered := func(format string, args ...any) (*members, error) {
		drop := ""
		if m.method != nil && m.id == nil {
			drop = "notification"
		}
		return nil, &invalidMessage{code: jsonrpc2.InvalidRequest, reason: fmt.Sprintf(format, args...), id: usableID(m.id), drop: drop}
	}
	switch {
	case m.miscased != "":
		return answered("the member %q: JSON-RPC's member names are in lower case", m.miscased)
	case m.repeated != "":
		return answered("the member %q appears twice", m.repeated)
	case m.jsonrpc == nil:
		return invalid(`the member "jsonrpc" is missing: it must be "2.0"`)
	case string(m.jsonrpc) != `"2.0"`:
		return invalid(`"jsonrpc" is %s: it must be "2.0"`, truncate(m.jsonrpc))
	}
	if m.method == nil {
		// A response: an id, and a result or an error, not both.
		switch {
		case m.id == nil:
			return invalid(`neither a request (no "method") nor a response (no "id")`)
		case (m.result == nil) == (m.error == nil):
			return invalid(`a response must have one of "result" and "error"`)
		case m.error != nil && !isKind(m.error, '{'):
			return invalid(`"error" must be an object`)
		case !isLSPID(m.id):
			// Not an id the server gives its requests (null, say: the
			// client's answer to a message it could not read).
			return invalid(`a response with the id %s, which the server never sent`, truncate(m.id))
		}
		return &m, nil
	}
	switch {
	case !isKind(m.method, '"'):
		return invalid(`"method" must be a string, not %s`, truncate(m.method))
	case m.id != nil && !isLSPID(m.id):
		return invalid(`"id" must be a string or an integer of 32 bits, not %s`, truncate(m.id))
	case m.params != nil && !isKind(m.params, '{') && !isKind(m.params, '[') && string(m.params) != "null":
		return invalid(`"params" must be an object or an array, not %s`, truncate(m.params))
	case m.result != nil || m.error != nil:
		return invalid(`a request cannot have "result" or "error"`)
	}
	return &m, nil
}

var nullID = json.RawMessage("null")

// usableID returns the id an error answer carries: the message's, when it
// is one JSON-RPC allows, else null (as JSON-RPC asks when the id cannot
// be read).
func usableID(id []byte) json.RawMessage {
	if isJSONRPCID(id) {
		return id
	}
	return nullID
}

// isKind reports whether the raw JSON value v starts with c: '{' an object,
// '[' an array, '"' a string.
func isKind(v []byte, c byte) bool { return len(v) > 0 && v[0] == c }

// isJSONRPCID reports whether v is an id JSON-RPC allows, which an error
// answer can carry back: a string or a number (null is answered as null).
func isJSONRPCID(v []byte) bool {
	return isKind(v, '"') || len(v) > 0 && (v[0] == '-' || '0' <= v[0] && v[0] <= '9')
}

// isLSPID reports whether v is an id LSP allows and jsonrpc2 holds: a string,
// or an integer written as one (no fraction, no exponent) that fits in 32
// bits. JSON-RPC also allows null (discouraged) and fractions (which it
// says should not be used).
func isLSPID(v []byte) bool {
	if isKind(v, '"') {
		return true
	}
	_, err := strconv.ParseInt(string(v), 10, 32)
	return err == nil
}

// isAmbiguousID reports whether a raw id is one that jsonrpc2.ID cannot
// hold apart from another: the string "", which it takes for the number 0,
// and the strings that start with NUL, which the stream gives to such
// requests in their place (stream.renameID).
func isAmbiguousID(v []byte) bool {
	if !isKind(v, '"') {
		return false
	}
	var s string
	if json.Unmarshal(v, &s) != nil {
		return false
	}
	return s == "" || s[0] == 0
}

// unquote returns the string a raw JSON string holds.
func unquote(v []byte) (string, error) {
	if bytes.IndexByte(v, '\\') < 0 && len(v) >= 2 {
		return string(v[1 : len(v)-1]), nil
	}
	var s string
	err := json.Unmarshal(v, &s)
	return s, err
}

var errNotObject = errors.New("not a JSON object")

// scanObject reads the members of the JSON object at the start of body into
// m, without decoding their values: one pass over the bytes, strings
// skipped with IndexByte (a didOpen is mostly one long string). It
// returns errNotObject for JSON that is not an object, and
// another error for what is not JSON (the caller's decoder then says why).
func scanObject(body []byte, m *members) error {
	i := skipSpace(body, 0)
	if i == len(body) {
		return errors.New("empty message")
	}
	if body[i] != '{' {
		if json.Valid(body) {
			return errNotObject
		}
		return errors.New("not JSON")
	}
	i = skipSpace(body, i+1)
	if i < len(body) && body[i] == '}' {
		return nil
	}
	for {
		if i >= len(body) || body[i] != '"' {
			return errors.New("a member name must be a string")
		}
		end, err := skipString(body, i)
		if err != nil {
			return err
		}
		name, err := unquote(body[i:end])
		if err != nil {
			return err
		}
		i = skipSpace(body, end)
		if i >= len(body) || body[i] != ':' {
			return errors.New(`":" expected after a member name`)
		}
		i = skipSpace(body, i+1)
		end, err = skipValue(body, i)
		if err != nil {
			return err
		}
		var slot *[]byte
		switch name {
		case "jsonrpc":
			slot = &m.jsonrpc
		case "id":
			slot = &m.id
		case "method":
			slot = &m.method
		case "params":
			slot = &m.params
		case "result":
			slot = &m.result
		case "error":
			slot = &m.error
		default:
			for _, known := range [...]string{"jsonrpc", "id", "method", "params", "result", "error"} {
				if strings.EqualFold(name, known) {
					m.miscased = name
				}
			}
		}
		switch {
		case slot == nil:
		case *slot != nil:
			m.repeated = name
		default:
			*slot = body[i:end]
		}
		i = skipSpace(body, end)
		if i >= len(body) {
			return errors.New("unexpected end of the message")
		}
		switch body[i] {
		case ',':
			i = skipSpace(body, i+1)
		case '}':
			return nil
		default:
			return errors.New(`"," or "}" expected`)
		}
	}
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// skipString returns the offset after the string that starts at b[i].
func skipString(b []byte, i int) (int, error) {
	for j := i + 1; ; {
		k := bytes.IndexByte(b[j:], '"')
		if k < 0 {
			return 0, errors.New("unterminated string")
		}
		j += k
		backslashes := 0
		for p := j - 1; p > i && b[p] == '\\'; p-- {
			backslashes++
		}
		j++
		if backslashes%2 == 0 {
			return j, nil
		}
	}
}

// skipValue returns the offset after the value that starts at b[i]. It
// checks the nesting and the strings, not every token: a body it accepts
// is decoded by a full decoder afterwards, which rejects the rest.
func skipValue(b []byte, i int) (int, error) {
	depth := 0
	for i < len(b) {
		switch c := b[i]; c {
		case '"':
			end, err := skipString(b, i)
			if err != nil {
				return 0, err
			}
			i = end
		case '{', '[':
			depth++
			i++
		case '}', ']':
			if depth == 0 {
				return i, nil // the end of the enclosing object
			}
			depth--
			i++
		case ',':
			if depth == 0 {
				return i, nil
			}
			i++
		case ' ', '\t', '\n', '\r':
			if depth == 0 {
				return i, nil
			}
			i++
		default:
			i++
		}
		if depth == 0 && i > 0 && (b[i-1] == '"' || b[i-1] == '}' || b[i-1] == ']') {
			return i, nil
		}
	}
	if depth > 0 {
		return 0, errors.New("unexpected end of the message")
	}
	return i, nil
}
