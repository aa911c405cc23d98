//go:build unix

package analysis

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A named pipe is refused without being opened: opening it for reading
// waits for a writer, for good when none comes.
func TestLoadECORefusesANamedPipe(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "eco.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	book, err := new(ECOCache).Load(fifo)
	if book != nil || err == nil || !strings.Contains(err.Error(), "a named pipe, not a regular file") {
		t.Errorf("%s: %v, %v; want it refused as a named pipe", fifo, book, err)
	}
}
