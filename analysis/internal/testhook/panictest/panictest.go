// Package panictest is what the tests of the checker's recovery from panics
// share: the tag that makes the checker panic (testhook.PanicTag) and
// files of games that hold it. It is apart from testhook, which the binary
// links, so that the binary does not link package testing.
package panictest

import (
	"fmt"
	"runtime"
	"strings"
	"testing"

	"pgnls/analysis/internal/testhook"
)

// Game is the tag that makes the checker panic on a game, once WithHook
// has set the hook.
const Game = "PgnlsTestPanic"

// WithHook sets the test hook and as many procs as it takes for a file of a
// few games to be checked on worker goroutines, until the test ends.
func WithHook(t *testing.T, procs int) {
	t.Helper()
	testhook.PanicTag = Game
	old := runtime.GOMAXPROCS(procs)
	t.Cleanup(func() {
		testhook.PanicTag = ""
		runtime.GOMAXPROCS(old)
	})
}

// Games returns n games, one a line; game bad makes the checker panic, and
// game illegal has an illegal move.
func Games(n, bad, illegal int) string {
	var b strings.Builder
	for i := range n {
		switch i {
		case bad:
			fmt.Fprintf(&b, "[%s \"1\"] 1. e4 e5 *\n", Game)
		case illegal:
			b.WriteString("1. e4 e5 2. Ke3 *\n")
		default:
			b.WriteString("1. d4 d5 *\n")
		}
	}
	return b.String()
}
