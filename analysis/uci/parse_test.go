package uci

import (
	"bufio"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestParseInfoReadsEveryFieldOfAScoredLine(t *testing.T) {
	for _, tc := range []struct {
		text string
		want Line
		ok   bool
	}{
		{
			"depth 14 seldepth 17 multipv 1 score cp 672 nodes 200361 nps 1022250 hashfull 98 tbhits 0 time 196 pv f3h4 d7d6 b1c3",
			Line{MultiPV: 1, Depth: 14, SelDepth: 17, Score: CP(672), Nodes: 200361, NPS: 1022250, Time: 196 * time.Millisecond, PV: []string{"f3h4", "d7d6", "b1c3"}},
			true,
		},
		{
			"depth 20 seldepth 30 multipv 3 score cp -45 upperbound nodes 10 nps 5 time 2 pv e7e5",
			Line{MultiPV: 3, Depth: 20, SelDepth: 30, Score: Score{Kind: Centipawns, Value: -45, Bound: UpperBound}, Nodes: 10, NPS: 5, Time: 2 * time.Millisecond, PV: []string{"e7e5"}},
			true,
		},
		{
			"depth 5 score cp 30 lowerbound wdl 400 500 100 pv e2e4",
			Line{MultiPV: 1, Depth: 5, Score: Score{Kind: Centipawns, Value: 30, Bound: LowerBound}, PV: []string{"e2e4"}},
			true,
		},
		{
			"depth 9 multipv 2 score mate -3 pv h7h6 d1h5",
			Line{MultiPV: 2, Depth: 9, Score: MateIn(-3), PV: []string{"h7h6", "d1h5"}},
			true,
		},
		{"depth 0 score mate 0", Line{MultiPV: 1, Score: Score{Kind: Checkmate, Value: -1}}, true},
		{"depth 1 score cp 10 pv e7e8q e2e4", Line{MultiPV: 1, Depth: 1, Score: CP(10), PV: []string{"e7e8q", "e2e4"}}, true},
		// The variation ends at the next field, or at a word that is no move.
		{"score cp 10 pv e2e4 e7e5 nodes 7", Line{MultiPV: 1, Score: CP(10), PV: []string{"e2e4", "e7e5"}, Nodes: 7}, true},
		{"score cp 10 pv e2e4 Nf3 e7e5", Line{MultiPV: 1, Score: CP(10), PV: []string{"e2e4"}}, true},
		// Lines without a score, and unreadable fields, are of no use.
		{"depth 12 currmove e2e4 currmovenumber 1", Line{MultiPV: 1, Depth: 12}, false},
		{"string NNUE evaluation using nn-ad9b42354671.nnue enabled score cp 3", Line{MultiPV: 1}, false},
		{"depth x score cp ten pv e2e4", Line{MultiPV: 1, PV: []string{"e2e4"}}, false},
		{"score", Line{MultiPV: 1}, false},
		{"depth 3 score wdl 1 2 3 multipv 0", Line{MultiPV: 1, Depth: 3}, false},
		{"", Line{MultiPV: 1}, false},
	} {
		got, ok := parseInfo(tc.text)
		if len(got.PV) == 0 {
			got.PV = nil
		}
		if ok != tc.ok || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("parseInfo(%q) = %+v, %v; want %+v, %v", tc.text, got, ok, tc.want, tc.ok)
		}
	}
}

func TestParseOptionReadsNamesWithSpacesAndCombos(t *testing.T) {
	for _, tc := range []struct {
		text string
		want EngineOption
	}{
		{"name Hash type spin default 16 min 1 max 33554432", EngineOption{Name: "Hash", Type: "spin", Default: "16", Min: 1, Max: 33554432}},
		{"name Clear Hash type button", EngineOption{Name: "Clear Hash", Type: "button"}},
		{"name UCI_Chess960 type check default false", EngineOption{Name: "UCI_Chess960", Type: "check", Default: "false"}},
		{"name Style type combo default Normal var Solid var Normal var Risky", EngineOption{Name: "Style", Type: "combo", Default: "Normal", Vars: []string{"Solid", "Normal", "Risky"}}},
		{"name EvalFile type string default nn-ad9b42354671.nnue", EngineOption{Name: "EvalFile", Type: "string", Default: "nn-ad9b42354671.nnue"}},
	} {
		got, ok := parseOption(tc.text)
		if !ok || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("parseOption(%q) = %+v, %v; want %+v", tc.text, got, ok, tc.want)
		}
	}
	if _, ok := parseOption("type spin"); ok {
		t.Error("an option without a name was accepted")
	}
}

func TestReadLineCutsLongLinesAndKeepsTheNext(t *testing.T) {
	long := strings.Repeat("x", 3*maxLine)
	r := bufio.NewReaderSize(strings.NewReader(long+"\r\nbestmove e2e4\nlast"), 16)
	for _, want := range []string{long[:maxLine], "bestmove e2e4", "last"} {
		got, _ := readLine(r)
		if got != want {
			t.Fatalf("readLine = %d bytes %.20q, want %d bytes %.20q", len(got), got, len(want), want)
		}
	}
}

func TestTailKeepsTheLastLinesCut(t *testing.T) {
	var tl tail
	tl.Write([]byte("one\ntwo\nthr"))
	tl.Write([]byte("ee\r\n" + strings.Repeat("y", 500) + "\nfour\nfive\nsix\nseven"))
	got := tl.last()
	want := []string{"four", "five", "six", "seven"}
	if !reflect.DeepEqual(got[len(got)-4:], want) || len(got) != tailLines {
		t.Errorf("last = %q", got)
	}
	if !strings.HasSuffix(got[0], "y...") || len(got[0]) != tailLineLen+3 {
		t.Errorf("a long line was kept as %q", got[0])
	}
}
