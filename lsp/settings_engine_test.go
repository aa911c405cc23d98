package lsp

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"pgnls/analysis/uci"
)

func TestParseEngineSettings(t *testing.T) {
	tests := []struct {
		name     string
		json     string
		want     EngineSettings
		problems []string
	}{
		{"defaults", `{}`, EngineSettings{Threads: 1, Hash: 16, Nodes: 100_000, Thresholds: uci.LichessThresholds()}, nil},
		{"all", `{"engine": {"path": "/opt/sf", "threads": 4, "hash": 256, "nodes": 2000000}}`,
			EngineSettings{Path: "/opt/sf", Threads: 4, Hash: 256, Nodes: 2_000_000, Thresholds: uci.LichessThresholds()}, nil},
		{"null path", `{"engine": {"path": null, "nodes": 5}}`, EngineSettings{Threads: 1, Hash: 16, Nodes: 5, Thresholds: uci.LichessThresholds()}, nil},
		{"wrong values keep defaults", `{"engine": {"path": 3, "threads": 0, "hash": 1.5, "nodes": "many", "depth": 20}}`,
			EngineSettings{Threads: 1, Hash: 16, Nodes: 100_000, Thresholds: uci.LichessThresholds()},
			[]string{"engine.path: want the engine's executable", "engine.threads: want a whole number of threads from 1 to 1024, not 0",
				"engine.hash", `engine.nodes: want a whole number of nodes from 1 to 1000000000, not "many"`, `engine: unknown setting "depth"`}},
		{"thresholds", `{"engine": {"thresholds": {"inaccuracy": 3, "blunder": 25.5}}}`,
			EngineSettings{Threads: 1, Hash: 16, Nodes: 100_000, Thresholds: uci.Thresholds{Inaccuracy: 3, Mistake: 10, Blunder: 25.5}}, nil},
		{"thresholds that do not rise", `{"engine": {"thresholds": {"mistake": 50, "blunder": 20, "fatal": 1}}}`,
			EngineSettings{Threads: 1, Hash: 16, Nodes: 100_000, Thresholds: uci.LichessThresholds()},
			[]string{`unknown threshold "fatal"`, "engine.thresholds: the win percentage thresholds must rise"}},
		{"not an object", `{"engine": "stockfish"}`, EngineSettings{Threads: 1, Hash: 16, Nodes: 100_000, Thresholds: uci.LichessThresholds()}, []string{"engine: want an object"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, problems := parseSettingsJSON(json.RawMessage(tt.json))
			if got.Engine != tt.want {
				t.Errorf("got %+v, want %+v", got.Engine, tt.want)
			}
			if len(problems) != len(tt.problems) {
				t.Fatalf("problems %q, want ones mentioning %q", problems, tt.problems)
			}
			for _, want := range tt.problems {
				if !slices.ContainsFunc(problems, func(p string) bool { return strings.Contains(p, want) }) {
					t.Errorf("problems %q: none mentions %q", problems, want)
				}
			}
		})
	}
}
