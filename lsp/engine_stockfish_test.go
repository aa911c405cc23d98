package lsp

import (
	"os"
	"testing"

	"go.lsp.dev/protocol"

	"pgnls/analysis/uci"
)

// TestStockfishFindsThePlantedBlunder runs "Analyse this game" with the
// installed Stockfish (engine.path left empty: found as a user's would
// be). It skips without Stockfish, and fails then when
// PGNLS_REQUIRE_STOCKFISH is set, as in CI.
func TestStockfishFindsThePlantedBlunder(t *testing.T) {
	if _, err := uci.FindEngine(""); err != nil {
		if os.Getenv("PGNLS_REQUIRE_STOCKFISH") != "" {
			t.Fatalf("PGNLS_REQUIRE_STOCKFISH is set, but: %v", err)
		}
		t.Skipf("skipped: no Stockfish to test with (%v)", err)
	}
	e := newEnv(t, nil)
	e.initialize(protocol.ClientCapabilities{}, map[string]any{"engine": map[string]any{"nodes": 50_000}})
	uri := protocol.DocumentURI("file:///stockfish.pgn")
	e.open(uri, 1, blunderGame)
	sum, err := e.analyse(uri, protocol.Position{})
	if err != nil {
		t.Fatal(err)
	}
	if sum == nil || sum.Blunders != 1 || sum.Mistakes+sum.Inaccuracies != 0 {
		t.Fatalf("summary %+v, want the one blunder", sum)
	}
	p := e.waitDiagnostics(uri, "engine-blunder", func(p published) bool { return hasCode(p, "engine-blunder") })
	for _, d := range *p.Diagnostics {
		if d.Code == "engine-blunder" && d.Range != qh4 {
			t.Errorf("engine-blunder at %+v, want on 2... Qh4", d.Range)
		}
	}
	for _, a := range e.codeActions(uri, qh4, protocol.QuickFix) {
		if a.IsPreferred {
			if edits := a.Edit.Changes[uri]; len(edits) != 1 || edits[0].NewText != " $4" {
				t.Errorf("the preferred fix %q: %+v, want \" $4\"", a.Title, edits)
			}
			return
		}
	}
	t.Error("no preferred fix on the blunder")
}
