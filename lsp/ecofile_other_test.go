//go:build !unix

package lsp

import "testing"

// addSpecialFiles has no named pipe or /dev/zero to add off Unix.
func addSpecialFiles(*testing.T, string, map[string]string) {}
