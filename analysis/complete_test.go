package analysis

import (
	"flag"
	"math/rand"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/notnil/chess"

	"pgnls/analysis/board"
	"pgnls/pgn"
)

// cursorAt returns src without its one '|' and the offset of the '|'.
func cursorAt(t testing.TB, s string) (string, pgn.Pos) {
	t.Helper()
	i := strings.IndexByte(s, '|')
	if i < 0 || strings.Count(s, "|") != 1 {
		t.Fatalf("%q: want one '|' for the cursor", s)
	}
	return s[:i] + s[i+1:], pgn.Pos(i)
}

func completeLabels(c *Completion) []string {
	if c == nil {
		return nil
	}
	out := make([]string, len(c.Items))
	for i, it := range c.Items {
		out[i] = it.Label
	}
	return out
}

// Completion cases that the marker files (testdata/lsp) cannot express:
// the range replaced, today's date, plain insert texts.
func TestComplete(t *testing.T) {
	today := time.Date(2024, 3, 9, 15, 0, 0, 0, time.UTC)
	cases := []struct {
		name, src string
		want      []string // labels, in order
		from, to  string   // the replaced text's first and last bytes' context ("" for an empty range)
		insert    string   // the first item's insert text
	}{
		{name: "date", src: `[Date "|"]`, want: []string{"2024.03.09", "????.??.??"}, insert: "2024.03.09"},
		{name: "utc date typed", src: `[UTCDate "2024|"]`, want: []string{"2024.03.09"}, insert: "2024.03.09"},
		{name: "value with quote escaped", src: `[Event "x"]` + "\n" + `[Result "|"]` + "\n\n1. e4 *", want: []string{"*", "1-0", "0-1", "1/2-1/2"}},
		{name: "unterminated value", src: `[Result "1|`, want: []string{"1-0", "1/2-1/2"}, insert: `1-0"]`},
		{name: "unterminated value before ]", src: `[Result "1|]`, want: []string{"1-0", "1/2-1/2"}, insert: `1-0"`},
		{name: "empty document", src: `|`, want: tagNamesInOrder(), insert: `[Event "?"]`},
		{name: "first moves", src: "1. |", want: []string{"a3", "a4", "b3", "b4", "c3", "c4", "d3", "d4", "e3", "e4", "f3", "f4", "g3", "g4", "h3", "h4", "Na3", "Nc3", "Nf3", "Nh3"}, insert: "a3"},
		{name: "tagless game", src: "1. e4 |", want: []string{"a5", "a6", "b5", "b6", "c5", "c6", "d5", "d6", "e5", "e6", "f5", "f6", "g5", "g6", "h5", "h6", "Na6", "Nc6", "Nf6", "Nh6", "1-0", "0-1", "1/2-1/2", "*"}, insert: "a5"},
		{name: "number inserted", src: "1. e4 e5 N|", want: []string{"Na3", "Nc3", "Ne2", "Nf3", "Nh3"}, insert: "2. Na3"},
		{name: "black number after a NAG", src: "1. e4 $1 N|", want: []string{"Na6", "Nc6", "Nf6", "Nh6"}, insert: "1... Na6"},
		{name: "inside a variation", src: "1. e4 e5 (1... c5 2. N|) *", want: []string{"Na3", "Nc3", "Ne2", "Nf3", "Nh3"}, insert: "Na3"},
		{name: "unclosed variation", src: "1. e4 e5 (1... c5 2. Nf3 |", want: []string{"a5", "a6", "b5", "b6", "c4", "d5", "d6", "e5", "e6", "f5", "f6", "g5", "g6", "h5", "h6", "Na6", "Nc6", "Nf6", "Nh6", "Qa5", "Qb6", "Qc7"}, insert: "a5"},
		{name: "after an illegal move", src: "1. e4 Ke3 N|", want: nil},
		{name: "in a comment", src: "1. e4 {N|} *", want: nil},
		{name: "in a line comment", src: "1. e4 ; N|\n*", want: nil},
		{name: "tag name in a tagless game position", src: "1. e4 *\n\n[W|", want: []string{"White", "WhiteTitle", "WhiteElo", "WhiteUSCF", "WhiteNA", "WhiteType", "WhiteFideId", "WhiteTeam"}, insert: `White "?"]`},
		{name: "after the result", src: "1. e4 * |", want: nil},
		{name: "blank line after a game", src: "1. e4 *\n|\n", want: tagNamesInOrder(), insert: `[Event "?"]`},
		{name: "blank line between games", src: "1. e4 *\n\n|\n\n1. d4 *", want: tagNamesInOrder(), insert: `[Event "?"]`},
		{name: "after a suffix", src: "1. e4!| *", want: []string{"a5", "a6", "b5", "b6", "c5", "c6", "d5", "d6", "e5", "e6", "f5", "f6", "g5", "g6", "h5", "h6", "Na6", "Nc6", "Nf6", "Nh6"}, insert: " 1... a5"},
		{name: "after a variation", src: "1. e4 (1. d4)|", want: []string{"a5", "a6", "b5", "b6", "c5", "c6", "d5", "d6", "e5", "e6", "f5", "f6", "g5", "g6", "h5", "h6", "Na6", "Nc6", "Nf6", "Nh6", "1-0", "0-1", "1/2-1/2", "*"}, insert: " 1... a5"},
		{name: "null move", src: "1. e4 -- 2. Q|", want: []string{"Qe2", "Qf3", "Qg4", "Qh5"}, insert: "Qe2"},
		{name: "crazyhouse drops", src: "[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. P@e|", want: []string{"P@e2", "P@e3", "P@e4", "P@e5", "P@e6"}, insert: "P@e2"},
		{name: "crazyhouse drop at its @", src: "[Variant \"Crazyhouse\"]\n\n1. e4 d5 2. exd5 Qxd5 3. P@|", want: []string{"P@a3", "P@a4", "P@a5", "P@a6", "P@b3", "P@b4", "P@b5", "P@b6", "P@c3", "P@c4", "P@c5", "P@c6", "P@d3", "P@d4", "P@d6", "P@d7+", "P@e2", "P@e3", "P@e4", "P@e5", "P@e6", "P@f3", "P@f4", "P@f5", "P@f6", "P@g3", "P@g4", "P@g5", "P@g6", "P@h3", "P@h4", "P@h5", "P@h6"}, insert: "P@a3"},
		{name: "chess960 castling", src: "[Variant \"Chess960\"]\n[SetUp \"1\"]\n[FEN \"qnbrkbrn/pppppppp/8/8/8/8/PPPPPPPP/QNBRKBRN w GDgd - 0 1\"]\n\n1. g3 g6 2. Bg2 Bg7 3. O|", want: []string{"O-O"}, insert: "O-O"},
		{name: "king of the hill result", src: "[Variant \"King of the Hill\"]\n\n1. e3 e6 2. Ke2 Ke7 3. Kd3 Kd6 4. Ke4# |", want: []string{"1-0", "0-1", "1/2-1/2", "*"}, insert: "1-0"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			src, off := cursorAt(t, tc.src)
			c := Complete(pgn.Parse(src), off, CompleteOptions{Today: today})
			got := completeLabels(c)
			if !slices.Equal(got, tc.want) {
				t.Fatalf("got  %q\nwant %q", got, tc.want)
			}
			if tc.insert != "" && c.Items[0].InsertText != tc.insert {
				t.Errorf("first insert text %q, want %q", c.Items[0].InsertText, tc.insert)
			}
			if c != nil && (c.Pos > off || c.End < off) {
				t.Errorf("range %d-%d does not hold the cursor %d", c.Pos, c.End, off)
			}
		})
	}
}

func tagNamesInOrder() []string {
	var out []string
	for _, d := range tagDocs {
		out = append(out, d.Name)
	}
	return out
}

// After '[', every tag comes as the rest of a tag pair: the name, its value
// and ']' (the '[' is not replaced, so that an editor that replaces the word
// before the cursor, which never holds '[', inserts it right too), plain
// and as a snippet with the cursor inside the quotes; before a ']' already
// there, without another.
func TestCompleteTagPairs(t *testing.T) {
	for _, tc := range []struct {
		src, closing string
		from, to     pgn.Pos
	}{
		{"[|", "]", 1, 1},
		{"[Wh|", "]", 1, 3},
		{"[|]", "", 1, 1},
		{"[Wh|]", "", 1, 3},
	} {
		src, off := cursorAt(t, tc.src)
		c := Complete(pgn.Parse(src), off, CompleteOptions{})
		if c == nil || len(c.Items) == 0 || c.Pos != tc.from || c.End != tc.to {
			t.Fatalf("%s: got %+v", tc.src, c)
		}
		for _, it := range c.Items {
			text := src[:c.Pos] + it.InsertText + src[c.End:]
			f := pgn.Parse(text)
			if len(f.Errors) > 0 || len(f.Games) != 1 || len(f.Games[0].Tags) != 1 || f.Games[0].Tags[0].Name != it.Label {
				t.Errorf("%s: %s: %q is not a tag pair", tc.src, it.Label, text)
			}
			if !strings.HasPrefix(it.InsertText, it.Label+` "`) || !strings.HasSuffix(it.InsertText, `"`+tc.closing) {
				t.Errorf("%s: %s: insert text %q", tc.src, it.Label, it.InsertText)
			}
			if !strings.Contains(it.Snippet, `"$1"`) && !strings.Contains(it.Snippet, `"${1:`) || !strings.HasSuffix(it.Snippet, `"`+tc.closing+"$0") {
				t.Errorf("%s: %s: snippet %q does not put the cursor inside the quotes", tc.src, it.Label, it.Snippet)
			}
		}
	}
}

// genGame writes a random game with variations (nested up to depth 2),
// comments and NAGs, in export format's move numbering, and records for
// the start of each move's SAN the FEN of the position before the move.
type genGame struct {
	rng    *rand.Rand
	b      strings.Builder
	before map[pgn.Pos]string
}

func generateGame(seed int64, plies int) (string, map[pgn.Pos]string) {
	g := &genGame{rng: rand.New(rand.NewSource(seed)), before: map[pgn.Pos]string{}}
	g.b.WriteString("[Event \"Generated\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n")
	g.line(board.StartPosition(), plies, 0, true)
	g.b.WriteString(" *\n")
	return g.b.String(), g.before
}

// line writes up to n plies from pos; depth is the variation depth.
func (g *genGame) line(pos board.Position, n, depth int, needNumber bool) {
	var buf [256]board.Move
	for i := 0; i < n; i++ {
		moves := pos.LegalMoves(buf[:0])
		if len(moves) == 0 {
			return
		}
		mv := moves[g.rng.Intn(len(moves))]
		if i > 0 || depth > 0 {
			g.b.WriteByte(' ')
		}
		if pos.SideToMove() == board.White {
			g.b.WriteString(strconv.Itoa(pos.FullMoveNumber()) + ". ")
		} else if needNumber {
			g.b.WriteString(strconv.Itoa(pos.FullMoveNumber()) + "... ")
		}
		g.before[pgn.Pos(g.b.Len())] = pos.FEN()
		g.b.WriteString(pos.SAN(mv))
		needNumber = false
		if g.rng.Intn(8) == 0 {
			g.b.WriteString(" $" + strconv.Itoa(1+g.rng.Intn(20)))
			needNumber = true
		}
		if g.rng.Intn(10) == 0 {
			g.b.WriteString(" { a comment }")
			needNumber = true
		}
		// A variation replaces the move just written.
		if depth < 2 && i > 0 && g.rng.Intn(6) == 0 && len(moves) > 1 {
			g.b.WriteString(" (")
			alt := pos
			g.line(alt, 1+g.rng.Intn(8), depth+1, true)
			g.b.WriteString(")")
			needNumber = true
		}
		pos.Play(mv)
	}
}

// notnilSANs returns the SAN of every legal move in fen, by notnil/chess.
func notnilSANs(t testing.TB, fen string) []string {
	opt, err := chess.FEN(fen)
	if err != nil {
		t.Fatalf("notnil cannot read %q: %v", fen, err)
	}
	pos := chess.NewGame(opt).Position()
	var out []string
	for _, m := range pos.ValidMoves() {
		out = append(out, chess.AlgebraicNotation{}.Encode(pos, m))
	}
	sort.Strings(out)
	return out
}

// At the start of every move of random games (main lines and variations),
// the completions are exactly the legal moves that notnil/chess finds in
// the position before that move, spelled as notnil spells them, and typing
// the move's first letter keeps the move among them.
func TestCompleteAgainstNotnil(t *testing.T) {
	seeds := 10
	if testing.Short() {
		seeds = 3
	}
	for seed := int64(1); seed <= int64(seeds); seed++ {
		src, before := generateGame(seed, 120)
		f := pgn.Parse(src)
		if diags := CheckFile(f); len(diags) > 0 {
			t.Fatalf("seed %d: the generated game has diagnostics: %v\n%s", seed, diags, src)
		}
		for off, fen := range before {
			c := Complete(f, off, CompleteOptions{})
			var got []string
			for _, it := range c.Items {
				if it.Kind == CompleteMove {
					got = append(got, it.Label)
				}
			}
			sort.Strings(got)
			if want := notnilSANs(t, fen); !slices.Equal(got, want) {
				t.Fatalf("seed %d, offset %d (%q): got %q, notnil %q", seed, off, src[off:min(int(off)+10, len(src))], got, want)
			}
			end := off + 1
			typed := Complete(f, end, CompleteOptions{})
			san := src[off:end]
			for end < pgn.Pos(len(src)) && src[end] != ' ' && src[end] != ')' {
				end++
			}
			san = src[off:end]
			if !slices.Contains(completeLabels(typed), san) {
				t.Fatalf("seed %d: after typing %q of %q, got %q", seed, src[off:off+1], san, completeLabels(typed))
			}
		}
	}
}

var writeBenchGame = flag.Bool("write-bench-game", false, "rewrite ../testdata/lsp/bench/long-game.pgn")

// benchGamePath is a 200-ply game with variations that the completion
// benchmarks of analysis and lsp share.
const benchGamePath = "../testdata/lsp/bench/long-game.pgn"

// TestBenchGame keeps the benchmark's game what it claims to be: 200 plies
// in the main line, variations, no diagnostics. -write-bench-game writes it
// anew.
func TestBenchGame(t *testing.T) {
	if *writeBenchGame {
		src, _ := generateGame(200, 200)
		if err := os.WriteFile(benchGamePath, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(benchGamePath)
	if err != nil {
		t.Fatal(err)
	}
	f := pgn.Parse(string(data))
	if len(f.Games) != 1 || len(f.Games[0].Moves.Moves) != 200 {
		t.Fatalf("want one game of 200 plies")
	}
	if diags := CheckFile(f); len(diags) > 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	if n := countPlies(f); n < 300 {
		t.Errorf("only %d plies with the variations", n)
	}
}

// benchCursors returns cursor offsets all over the movetext of src: before
// each move, and after each move's first character (a prefix typed).
func benchCursors(f *pgn.File) []pgn.Pos {
	var out []pgn.Pos
	pgn.Inspect(f.Games[0], func(n pgn.Node) bool {
		if m, ok := n.(*pgn.Move); ok {
			out = append(out, m.SAN.Pos, m.SAN.Pos+1)
		}
		return true
	})
	return out
}

// BenchmarkComplete measures what a completion request costs in analysis
// in a 200-ply game with variations: parsing the game's chunk (as
// document.Snapshot.PieceAt does) and Complete, at cursors all over the movetext.
// It reports the median and the 99th percentile of one request.
func BenchmarkComplete(b *testing.B) {
	data, err := os.ReadFile(benchGamePath)
	if err != nil {
		b.Fatal(err)
	}
	src := string(data)
	cursors := benchCursors(pgn.Parse(src))
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		c := Complete(pgn.Parse(src), cursors[i%len(cursors)], CompleteOptions{})
		times = append(times, time.Since(start))
		if c == nil {
			b.Fatal("no completion")
		}
	}
	reportPercentiles(b, times)
}

// reportPercentiles reports the median and the 99th percentile of times.
func reportPercentiles(b *testing.B, times []time.Duration) {
	slices.Sort(times)
	at := func(p float64) float64 {
		return float64(times[min(len(times)-1, int(p*float64(len(times))))].Microseconds())
	}
	b.ReportMetric(at(0.50), "p50-µs")
	b.ReportMetric(at(0.99), "p99-µs")
}
