package lsp

import (
	"os"
	"testing"

	"pgnls/analysis/uci/ucitest"
	"pgnls/pgn/pgntest"
)

// TestMain removes the pgnls binary that the end-to-end tests share; the
// test binary started as a fake engine (engine_test.go) runs it instead.
func TestMain(m *testing.M) {
	ucitest.Main()
	os.Exit(pgntest.Main(m))
}
