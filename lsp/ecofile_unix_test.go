//go:build unix

package lsp

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// addSpecialFiles adds to cases a named pipe and a link to /dev/zero (a
// path of its own, so that the warning is the test's), with the reasons
// they are refused.
func addSpecialFiles(t *testing.T, dir string, cases map[string]string) {
	fifo := filepath.Join(dir, "eco.fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err == nil {
		cases[fifo] = "a named pipe, not a regular file"
	} else {
		t.Logf("no named pipe: %v", err)
	}
	zero := filepath.Join(dir, "zero.pgn")
	if err := os.Symlink("/dev/zero", zero); err == nil {
		cases[zero] = "a character device, not a regular file"
	}
}
