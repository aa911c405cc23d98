package lsp

import (
	"os"
	"testing"

	"pgnls/pgn/pgntest"
)

// TestMain removes the pgnls binary that the end-to-end tests share.
func TestMain(m *testing.M) { os.Exit(pgntest.Main(m)) }
