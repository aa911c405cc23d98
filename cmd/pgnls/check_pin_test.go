package main

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"

	"pgnls/pgn/pgntest"
)

// The output of pgnls check and pgnls fmt on the shared corpus, pinned by
// its hash, so that a faster check path or a parallel fmt is seen to
// report, and write, exactly what the one before did (the corpus has a
// diagnostic every hundred bytes, of most kinds). When a change of the
// diagnostics is meant, run the test with -v to see the new hashes, and
// give the reason in the commit.
var corpusPins = []struct {
	args  []string
	lines int
	hash  string
}{
	{[]string{"check"}, 6297, "dc697d1288c40bd76f83c59ff1e8de384e5365e97810f8ea9a0df396c2efbc2f"},
	{[]string{"check", "--json"}, 6297, "dc7a0a71476606ec6f2b5c7981d0e44f92d3bdb1baaf8ae1c565689a25805df2"},
	{[]string{"fmt"}, 33129, "06cf7c8ffd2a762d287bb13ece9eb0d5d14fd6bb07b7dfa22ecb81667a7c3a56"},
}

func TestCorpusOutputPinned(t *testing.T) {
	dir, ok := pgntest.CorpusDir(t)
	if !ok {
		t.Skip("../shared/corpus not found: the pinned output of check and fmt needs the shared folder beside the project")
	}
	for _, pin := range corpusPins {
		t.Run(strings.Join(pin.args, " "), func(t *testing.T) {
			_, out, _ := runCmd(t, "", append(pin.args, dir)...)
			// The paths in messages are made relative to the corpus, so
			// that the hash does not depend on where the project is.
			out = strings.ReplaceAll(out, dir, "corpus")
			sum := sha256.Sum256([]byte(out))
			got := hex.EncodeToString(sum[:])
			lines := strings.Count(out, "\n")
			t.Logf("%d lines, sha256 %s", lines, got)
			if lines != pin.lines || got != pin.hash {
				t.Errorf("pgnls %s on the corpus: %d lines, sha256 %s; want %d lines, %s", strings.Join(pin.args, " "), lines, got, pin.lines, pin.hash)
			}
		})
	}
}
