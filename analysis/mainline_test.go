package analysis

import (
	"strings"
	"testing"

	"pgnls/pgn"
)

func TestGameMainLineStopsWhereTheBoardIsUnknown(t *testing.T) {
	tests := []struct {
		text  string
		moves int
		stop  string // a part of Stop, or of the error
		err   bool
	}{
		{"1. e4 e5 2. Nf3 (2. d4) Nc6 *", 4, "", false},
		{"1. e4 e5 2. Ke3 Nc6 *", 2, "the move Ke3 is illegal", false},
		{"1. e4 -- 2. d4 *", 1, "a null move", false},
		{"1. e4 e5 2. ♘f3 Nc6 *", 4, "", false}, // a figurine names its move
		{"1. e4 e5 \"2. Nf3\" Nc6 *", 2, "may hide a move", false},
		{"[Variant \"Giveaway\"]\n\n1. e3 b5 *", 0, "Giveaway", true},
		{"[Variant \"Crazyhouse\"]\n\n1. e4 e5 *", 0, "standard chess only", true},
		{"[SetUp \"1\"]\n[FEN \"8/8/8/8\"]\n\n1. e4 *", 0, "FEN", true},
		{"[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/4K2R w K - 0 1\"]\n\n1. O-O Kd7 *", 2, "", false},
	}
	for _, tt := range tests {
		l, err := GameMainLine(pgn.Parse(tt.text).Games[0])
		if tt.err {
			if err == nil || !strings.Contains(err.Error(), tt.stop) {
				t.Errorf("%q: error %v, want one with %q", tt.text, err, tt.stop)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tt.text, err)
			continue
		}
		if len(l.Played) != tt.moves || len(l.Moves) != tt.moves || !strings.Contains(l.Stop, tt.stop) || (tt.stop == "") != (l.Stop == "") {
			t.Errorf("%q: %d moves, stop %q; want %d, %q", tt.text, len(l.Played), l.Stop, tt.moves, tt.stop)
		}
	}
}
