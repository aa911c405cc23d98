package wire

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"go.lsp.dev/jsonrpc2"
	"go.uber.org/zap"
)

// After broken framing, the stream skips to the next Content-Length header
// and reads on: the messages it could not frame are lost (or, when their
// body was cut short, answered ParseError), the ones after them are read.
// A Content-Length too long swallows the start of the next message, which
// is lost (jsonrpc2's decoder reads the body's first JSON value and ignores
// what follows it).
func TestStreamResync(t *testing.T) {
	call := func(id int) string { return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"m%d"}`, id, id) }
	body := call(1)
	for _, tt := range []struct {
		name string
		in   string
		want []string // the methods read, in order
	}{
		{"too short", fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body)-5, body) + frame(call(2)), []string{"m2"}},
		{"too long", fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(body)+10, body) + frame(call(2)) + frame(call(3)), []string{"m1", "m3"}},
		{"not a number", "Content-Length: 12x\r\n\r\n" + body + frame(call(2)), []string{"m2"}},
		{"negative", "Content-Length: -1\r\n\r\n" + body + frame(call(2)), []string{"m2"}},
		{"missing", "Content-Type: application/json\r\n\r\n" + body + frame(call(2)), []string{"m2"}},
		{"garbage between messages", frame(call(1)) + "garbage\r\n" + frame(call(2)), []string{"m1", "m2"}},
		{"garbage without a line break", frame(call(1)) + "}}}" + frame(call(2)), []string{"m1", "m2"}},
		{"header in lower case", "?\r\n\r\n" + strings.Replace(frame(call(2)), "Content-Length", "content-length", 1), []string{"m2"}},
		{"body before any header", body + frame(call(2)), []string{"m2"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := NewStream(&rwc{in: strings.NewReader(tt.in)}, zap.NewNop(), Options{})
			var got []string
			for {
				msg, _, err := s.Read(context.Background())
				if err != nil {
					if !errors.Is(err, io.EOF) {
						t.Errorf("read: %v, want EOF at the end", err)
					}
					break
				}
				if c, ok := msg.(*jsonrpc2.Call); ok {
					got = append(got, c.Method())
				}
			}
			if strings.Join(got, " ") != strings.Join(tt.want, " ") {
				t.Errorf("read %v, want %v", got, tt.want)
			}
		})
	}
}
