package document

import (
	"os"
	"testing"

	"pgnls/pgn/pgntest"
)

// TestMain removes the probe that the linear-time tests share.
func TestMain(m *testing.M) { os.Exit(pgntest.Main(m)) }
