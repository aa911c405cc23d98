package lsp

import (
	"encoding/json"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"

	"pgnls/pgn"
	"pgnls/pgn/pgntest"
)

// moveCursors returns the LSP positions of the moves (the start of each
// SAN) of the games that start in text[from:to], in text order. from is
// moved to the start of a game.
func moveCursors(text string, from, to int) []protocol.Position {
	if i := strings.Index(text[from:], "\n\n["); i >= 0 {
		from += i + 2
	}
	to = max(min(to, len(text)), from)
	if i := strings.Index(text[to:], "\n\n["); i >= 0 {
		to += i + 2
	}
	f := pgn.Parse(text[from:to])
	line0 := uint32(strings.Count(text[:from], "\n"))
	var out []protocol.Position
	for _, g := range f.Games {
		pgn.Inspect(g, func(n pgn.Node) bool {
			if m, ok := n.(*pgn.Move); ok {
				line, col := f.Lines.UTF16Position(m.SAN.Pos)
				out = append(out, protocol.Position{Line: line0 + uint32(line), Character: uint32(col)})
			}
			return true
		})
	}
	return out
}

// BenchmarkPositionRequest measures pgnls/position through the protocol
// (the request encoded, sent over the in-process connection, answered,
// the answer with its SVG decoded), as VS Code's board panel sends it on
// every cursor move, on a small document (10 games) and a large one (the
// corpus repeated to 30 MB), alternately in the same run. Three cursors:
//
//   - walk: the cursor steps from move to move through the games in the
//     middle of the document, as the panel's next button does;
//   - jump: the cursor lands on a move anywhere in the document;
//   - typed: a keystroke (didChange) in the game at the cursor, then the
//     request at once, before the diagnostics of the new version, as when
//     the panel follows the typing.
//
// It reports each one's p50/p90/p99 in milliseconds, and the ratio of the
// large document's p50 to the small one's: a frame is 16 ms.
//
//	go test ./lsp -run '^$' -bench PositionRequest -benchtime 300x
func BenchmarkPositionRequest(b *testing.B) {
	corpus := pgntest.CorpusText(b)
	small, large := smallText(corpus[max(0, strings.Index(corpus, "[Event "))-1:], 10), largeText(corpus, 30<<20)
	waitLimit = 5 * time.Minute
	e := newEnv(b, nil)
	e.initialize(protocol.ClientCapabilities{}, map[string]any{"ecoFile": markerECO})
	type doc struct {
		name string
		uri  protocol.DocumentURI
		walk []protocol.Position
		jump []protocol.Position
		key  *keystroke
	}
	docs := []*doc{
		{name: "small", uri: "file:///small.pgn", walk: moveCursors(small, 0, len(small))},
		{name: "large", uri: "file:///large.pgn", walk: moveCursors(large, len(large)/2, len(large)/2+200<<10)},
	}
	rnd := rand.New(rand.NewPCG(1, 2))
	for _, d := range docs {
		text := small
		if d.name == "large" {
			text = large
		}
		for range 200 {
			at := rnd.IntN(len(text) - 4096)
			if c := moveCursors(text, at, at+4096); len(c) > 0 {
				d.jump = append(d.jump, c[rnd.IntN(len(c))])
			}
		}
		d.key = newKeystroke(d.uri, text)
		e.open(d.uri, 1, text)
		e.waitVersion(d.uri, 1)
	}
	e.client.forget()
	request := func(d *doc, pos protocol.Position) time.Duration {
		params := map[string]any{"textDocument": map[string]any{"uri": d.uri}, "position": pos}
		start := time.Now()
		raw, err := e.call(methodPosition, params)
		var r positionResult
		if err == nil {
			err = json.Unmarshal(raw, &r)
		}
		took := time.Since(start)
		// (A game of the corpus may not replay: its answer has no board.)
		if err != nil || r.Version != positionVersion || r.FEN != nil && !strings.HasPrefix(r.SVG, "<svg") {
			b.Fatalf("%s at %v: %v, %.300s", d.uri, pos, err, raw)
		}
		return took
	}
	lat := map[string][]time.Duration{}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, d := range docs {
			lat[d.name+"-walk"] = append(lat[d.name+"-walk"], request(d, d.walk[i%len(d.walk)]))
			lat[d.name+"-jump"] = append(lat[d.name+"-jump"], request(d, d.jump[i%len(d.jump)]))
			// The keystroke is a space at the start of a movetext line:
			// the cursor goes to the line's first move.
			d.key.next(e)
			pos := protocol.Position{Line: d.key.line, Character: 3}
			lat[d.name+"-typed"] = append(lat[d.name+"-typed"], request(d, pos))
		}
		if i%50 == 49 {
			b.StopTimer()
			e.client.forget()
			b.StartTimer()
		}
	}
	b.StopTimer()
	for _, kind := range []string{"walk", "jump", "typed"} {
		var p50 [2]float64
		for j, d := range docs {
			l := lat[d.name+"-"+kind]
			slices.Sort(l)
			for _, q := range []int{50, 90, 99} {
				ms := float64(l[len(l)*q/100]) / float64(time.Millisecond)
				b.ReportMetric(ms, d.name+"-"+kind+"-p"+strconv.Itoa(q)+"-ms")
				if q == 50 {
					p50[j] = ms
				}
			}
		}
		b.ReportMetric(p50[1]/p50[0], "large/small-"+kind+"-p50")
	}
}
