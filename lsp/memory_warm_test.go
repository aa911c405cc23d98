package lsp

import (
	"strconv"
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"pgnls/pgn/pgntest"
)

// After the first analysis of a large document, the server formats it in
// the background (Snapshot.WarmFormat) so that format on save answers in
// time. The policy settles the open (returns its memory, ends the lift)
// before that warm-up, so the warm-up runs under the memory limit: warmed
// under the open's lift, the server sat at 22 times a 30 MB text until the
// warm-up ended. Once the warm-up is done, the policy is told of its
// garbage as of a large message's, and settles again, so that the memory
// is returned: kept, the server sat at 3.7 times the text after the
// warm-up, against 3.0 before it (bench/NOTES.md).
func TestMemoryPolicySettlesBeforeTheFormatWarmUp(t *testing.T) {
	policy := &memoryEvents{}
	e := newEnv(t, func(s *server) { WithMemoryPolicy(policy)(s) })
	e.initialize(protocol.ClientCapabilities{}, nil)
	game := pgntest.SevenTagsOf("A", "B") + "\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n\n"
	big := strings.Repeat(game, LargeDocument/len(game)+1)
	e.open("file:///big.pgn", 1, big)
	n := strconv.Itoa(len(big))
	policy.waitFor(t, "large message; large analyzed "+n+"; large message; large analyzed "+n)
}
