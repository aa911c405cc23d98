package wire

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"

	"go.uber.org/zap"
)

// FuzzStreamRead: the stream reads any input to its end without a panic
// and without looping, and what it writes back (the answers to malformed
// messages) is well-framed JSON.
func FuzzStreamRead(f *testing.F) {
	call := `{"jsonrpc":"2.0","id":1,"method":"textDocument/hover","params":{}}`
	for _, seed := range []string{
		frame(call),
		frame(call) + frame(`{"jsonrpc":"2.0","method":"x"}`),
		fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(call)-5, call) + frame(call),
		fmt.Sprintf("Content-Length: %d\r\n\r\n%s", len(call)+10, call) + frame(call) + frame(call),
		"Content-Length: x\r\n\r\n" + call + frame(call),
		"Content-Type: a\r\n\r\n" + call + "content-length: 2\r\n\r\n{}",
		frame(`{"jsonrpc":"2.0","id":3,"method":""}`) + frame(`[1]`) + frame(`{"id":4,"result":5}`),
		"garbage}}}\r\n\r\nContent-Length: 0\r\n\r\n",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		conn := &rwc{in: bytes.NewReader(data)}
		s := NewStream(conn, zap.NewNop(), Options{})
		var read int64
		for i := 0; ; i++ {
			_, n, err := s.Read(context.Background())
			read += n
			if err != nil {
				break
			}
			if i > len(data) {
				t.Fatalf("%d messages read from %d bytes", i, len(data))
			}
		}
		if read > int64(len(data)) {
			t.Fatalf("read %d bytes of %d", read, len(data))
		}
		out := bufio.NewReader(&conn.out)
		for {
			header, err := out.ReadString('\n')
			if err == io.EOF && header == "" {
				break
			}
			blank, _ := out.ReadString('\n')
			n, convErr := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(header, "Content-Length: "), "\r\n"))
			if err != nil || convErr != nil || blank != "\r\n" {
				t.Fatalf("a reply badly framed: %q %q", header, blank)
			}
			body := make([]byte, n)
			if _, err := io.ReadFull(out, body); err != nil || !json.Valid(body) {
				t.Fatalf("reply %q: %v", body, err)
			}
		}
	})
}
