package analysis

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"pgnls/analysis/board"
	"pgnls/analysis/internal/testhook/panictest"
	"pgnls/pgn"
	"pgnls/pgn/pgntest"
)

// The skimmer's safety net: the diagnostics of every input checked with
// the skimmer (the games it vouches for without their tree, the others
// with it) are those of the whole tree, the same list in the same order,
// byte for byte.

// readerDiagnostics checks data as pgnls check does, a piece of a Reader
// at a time, with the skimmer when skim is set, and returns each
// diagnostic as a line, its positions made absolute, and how many games
// were checked without their movetext's tree (vouched).
func readerDiagnostics(t testing.TB, data []byte, skim bool, blockSize int) (lines []string, skimmed int) {
	t.Helper()
	r := pgn.NewReader(bytes.NewReader(data))
	if blockSize > 0 {
		r.BlockSize = blockSize
	}
	if skim {
		r.NewSkimmer = NewCheckSkimmer
	}
	scratch := new(CheckScratch)
	var diags []Diagnostic
	for {
		p, err := r.Next()
		if err == io.EOF {
			return lines, skimmed
		}
		if err != nil {
			lines = append(lines, "error: "+err.Error())
			return lines, skimmed
		}
		lines = append(lines, fmt.Sprintf("piece at %d, line %d, %d games, unparsed %v, %v", p.Offset, p.Line, len(p.File.Games), p.Unparsed, p.Encoding))
		for _, g := range p.File.Games {
			if vouched(p.File.Src, g) {
				skimmed++
			}
		}
		diags = AppendCheckFile(diags[:0], p.File, scratch)
		for _, d := range diags {
			lines = append(lines, fmt.Sprintf("%d-%d %v %s game %d: %q fix %q", int(d.Pos)+p.Offset, int(d.End)+p.Offset, d.Severity, d.Code, d.Game, d.Message, d.Replacement))
		}
		p.Release()
	}
}

// vouched reports whether g's movetext was skimmed and its replay found
// nothing to report: whether its check had no tree of its movetext.
func vouched(src string, g *pgn.Game) (ok bool) {
	sg := skimmedOf(g)
	if sg == nil {
		return false
	}
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	var r skimReplay
	var stack []skimFrame
	return replaySkimmed(src, g, sg, &r, &stack)
}

// sameDiagnostics fails t when data checked with the skimmer reports
// otherwise than with the tree, and returns how many games were skimmed.
func sameDiagnostics(t testing.TB, name string, data []byte, blockSize int) int {
	t.Helper()
	want, none := readerDiagnostics(t, data, false, blockSize)
	if none != 0 {
		t.Fatalf("%s: %d games skimmed without a skimmer", name, none)
	}
	got, skimmed := readerDiagnostics(t, data, true, blockSize)
	if len(got) != len(want) {
		t.Errorf("%s: %d lines with the skimmer, %d with the tree", name, len(got), len(want))
	}
	for i := range min(len(got), len(want)) {
		if got[i] != want[i] {
			t.Errorf("%s: line %d with the skimmer:\n\t%s\nwith the tree:\n\t%s", name, i, got[i], want[i])
			break
		}
	}
	return skimmed
}

// skimInputs returns the project's PGN files: testdata/, the fuzz corpora
// of pgn and analysis (their Go fuzz files hold the inputs as quoted
// strings, which the Reader reads as text around moves), and the shared
// corpus when it is there.
func skimInputs(t *testing.T) map[string][]byte {
	root := pgntest.ModuleRoot(t)
	inputs := map[string][]byte{}
	for _, dir := range []string{"testdata", "pgn/testdata", "analysis/testdata"} {
		filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return nil
			}
			if data, err := os.ReadFile(path); err == nil {
				inputs[path] = data
				if strings.Contains(path, "fuzz") {
					inputs[path+" (unquoted)"] = []byte(unquoteFuzzFile(string(data)))
				}
			}
			return nil
		})
	}
	files := pgntest.OptionalCorpusFiles(t)
	if len(files) == 0 {
		t.Log("../shared/corpus not found: its games are not compared")
	}
	for _, path := range files {
		if data, err := os.ReadFile(path); err == nil {
			inputs[path] = data
		}
	}
	return inputs
}

// unquoteFuzzFile returns the strings of a Go fuzz corpus file, unquoted
// as far as a simple reading goes (\n, \t, \", \\), one after another.
func unquoteFuzzFile(text string) string {
	var b strings.Builder
	for _, line := range strings.Split(text, "\n") {
		i := strings.IndexByte(line, '"')
		j := strings.LastIndexByte(line, '"')
		if i < 0 || j <= i {
			continue
		}
		r := strings.NewReplacer(`\n`, "\n", `\r`, "\r", `\t`, "\t", `\"`, `"`, `\\`, `\`)
		b.WriteString(r.Replace(line[i+1 : j]))
		b.WriteString("\n\n")
	}
	return b.String()
}

func TestSkimSameDiagnosticsFiles(t *testing.T) {
	inputs := skimInputs(t)
	total := 0
	for name, data := range inputs {
		total += sameDiagnostics(t, name, data, 0)
		if len(data) > 8<<10 {
			// Small blocks: games cut by blocks are parsed, and
			// skimmed, again from their start.
			total += sameDiagnostics(t, name+" (4 KiB blocks)", data, 4<<10)
		}
	}
	t.Logf("%d inputs, %d games skimmed", len(inputs), total)
	if total == 0 {
		t.Error("no game was skimmed: the comparison compared only trees")
	}
}

// TestSkimSameDiagnosticsGenerated compares the dense games of bench/gen,
// all of which the skimmer vouches for.
func TestSkimSameDiagnosticsGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs bench/gen")
	}
	cmd := exec.Command("go", "run", "./bench/gen", "-size", "1", "-seed", "7")
	cmd.Dir = pgntest.ModuleRoot(t)
	data, err := cmd.Output()
	if err != nil {
		t.Skipf("go run ./bench/gen: %v", err)
	}
	games := bytes.Count(data, []byte("[Event "))
	skimmed := sameDiagnostics(t, "bench/gen", data, 0)
	if skimmed != games {
		t.Errorf("%d of %d generated games skimmed; want all", skimmed, games)
	}
	// With the last move of every game written otherwise (its check
	// sign dropped, or one added), no game is skimmed, and the tree
	// reports each.
	changed := skimBreakLastMoves(string(data))
	if skimmed := sameDiagnostics(t, "bench/gen, last moves changed", []byte(changed), 0); skimmed != 0 {
		t.Errorf("%d games skimmed after their last moves were changed", skimmed)
	}
}

// skimBreakLastMoves writes the last move of every game of text otherwise:
// "+" and "#" dropped, or "+" added.
func skimBreakLastMoves(text string) string {
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		fields := strings.Split(line, " ")
		n := len(fields)
		if n < 2 || !IsResult(fields[n-1]) {
			continue
		}
		move := fields[n-2]
		if strings.HasSuffix(move, "+") || strings.HasSuffix(move, "#") {
			move = move[:len(move)-1]
		} else {
			move += "+"
		}
		fields[n-2] = move
		lines[i] = strings.Join(fields, " ")
	}
	return strings.Join(lines, "\n")
}

// skimCases are movetexts, after the Seven Tag Roster, that the skimmer
// takes (skim) or leaves to the tree, each compared with the tree.
var skimCases = []struct {
	name     string
	tags     string // more tag pairs
	movetext string
	skim     bool
}{
	{"plain", "", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *", true},
	{"comments and NAGs", "", "{start} 1. e4 $1 {good} e5 $0 $255 2. Nf3 {a} {b} *", true},
	{"variations", "", "1. e4 (1. d4 d5 (1... Nf6 2. c4) 2. c4) (1. c4) e5 (1... c5 2. Nf3 (2. c3)) 2. Nf3 *", true},
	{"variations after annotations", "", "1. e4 {c} (1. d4) $1 (1. c4 {d}\n(1. Nf3)) e5\n(1... c5) 2. Nf3 *", true},
	{"mate and result", `[PlyCount "4"]`, "1. f3 e5 2. g4 Qh4# 0-1", true},
	{"mate and wrong result", "", "1. f3 e5 2. g4 Qh4# 1-0", true},
	{"PlyCount mismatch", `[PlyCount "3"]`, "1. e4 e5 *", true},
	{"result written otherwise", "", "1. e4 e5 ½-½", true},
	{"castling and promotion", `[FEN "4k3/P7/8/8/8/8/8/4K2R w K - 0 1"] [SetUp "1"]`, "1. O-O Kd7 2. a8=Q Ke7 *", true},
	{"FEN black to move", `[FEN "4k3/8/8/8/8/8/8/4K2R b K - 0 30"] [SetUp "1"]`, "30... Kd7 31. O-O *", true},
	{"FEN zero fullmove", `[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 0"] [SetUp "1"]`, "1. Kd2 Kd7 *", true},
	{"FEN without SetUp", `[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]`, "1. Kd2 *", true},
	{"disambiguation", `[FEN "4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1"] [SetUp "1"]`, "1. Nbc3 Kd7 2. Nd2 *", false},
	{"disambiguation canonical", `[FEN "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1"] [SetUp "1"]`, "1. Nd2 Kd7 2. Ngf3 *", true},
	{"disambiguation too much", `[FEN "4k3/8/8/8/8/8/8/1N2K1N1 w - - 0 1"] [SetUp "1"]`, "1. Nb1d2 *", false},
	{"rank disambiguation", `[FEN "4k3/8/8/8/8/R7/8/R3K3 w - - 0 1"] [SetUp "1"]`, "1. R3a2 *", true},
	{"en passant", `[FEN "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"] [SetUp "1"]`, "1. exd6 *", true},
	{"en passant mark", `[FEN "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1"] [SetUp "1"]`, "1. exd6 e.p. *", false},
	{"suffix", "", "1. e4! e5 *", false},
	{"glyph", "", "1. e4 ± e5 *", false},
	{"NAG out of range", "", "1. e4 $256 e5 *", false},
	{"null move", "", "1. e4 -- 2. d4 *", false},
	{"Z0", "", "1. e4 Z0 2. d4 *", false},
	{"line comment", "", "1. e4 ; note\ne5 *", false},
	{"escape", "", "1. e4\n% escape\ne5 *", false},
	{"command", "", "1. e4 {[%clk 0:01:00]} e5 *", false},
	{"command before the moves", "", "{[%evp 1,2]} 1. e4 *", false},
	{"leading comment", "", "{hello} 1. e4 *", true},
	{"unterminated comment", "", "1. e4 {open", false},
	{"dots apart", "", "1. e4 1. ... e5 *", false},
	{"black number", "", "1. e4 1... e5 *", true},
	{"wrong number", "", "1. e4 e5 3. Nf3 *", false},
	{"white number for black", "", "1. e4 1. e5 *", false},
	{"black number for white", "", "1... e4 *", false},
	{"black number for white later", "", "1. e4 e5 2... Nf3 *", false},
	{"number without dot", "", "1. e4 e5 2 Nf3 *", false},
	{"number without move", "", "1. e4 2. *", false},
	{"check sign missing", "", "1. e4 f5 2. Qh5 *", false},
	{"check sign extra", "", "1. e4+ *", false},
	{"capture mark missing", "", "1. e4 d5 2. ed5 *", false},
	{"capture mark extra", "", "1. Nxf3 *", false},
	{"castling with zeros", `[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"] [SetUp "1"]`, "1. 0-0 *", false},
	{"bare promotion", `[FEN "4k3/P7/8/8/8/8/8/4K3 w - - 0 1"] [SetUp "1"]`, "1. a8Q *", false},
	{"pawn letter", "", "1. Pe4 *", false},
	{"lower-case piece", "", "1. nf3 *", false},
	{"long algebraic", "", "1. e2e4 *", false},
	{"illegal", "", "1. e5 *", false},
	{"ambiguous", `[FEN "4k3/8/8/8/8/8/8/1N1NK3 w - - 0 1"] [SetUp "1"]`, "1. Nc3 *", false},
	{"after mate", "", "1. f3 e5 2. g4 Qh4# 3. a3 0-1", false},
	{"missing result", "", "1. e4 e5", false},
	{"result in a variation", "", "1. e4 (1. d4 *) e5 *", false},
	{"unclosed variation", "", "1. e4 (1. d4 *", false},
	{"empty variation", "", "1. e4 () e5 *", false},
	{"variation first", "", "(1. d4) 1. e4 *", false},
	{"stray paren", "", "1. e4 ) e5 *", false},
	{"variant", `[Variant "Crazyhouse"]`, "1. e4 *", false},
	{"unknown variant", `[Variant "Fantasy"]`, "1. e4 *", false},
	{"variant standard", `[Variant "Standard"]`, "1. e4 *", true},
	{"chess960 FEN", `[FEN "nrbkqbrn/pppppppp/8/8/8/8/PPPPPPPP/NRBKQBRN w GBgb - 0 1"] [SetUp "1"]`, "1. e4 *", false},
	{"bad FEN", `[FEN "nonsense"] [SetUp "1"]`, "1. e4 *", false},
	{"string", "", `1. e4 "e5" *`, false},
	{"illegal text", "", "1. e4 <> e5 *", false},
	{"figurine", "", "1. e4 e5 2. ♘f3 *", false},
	{"game ended by tags", "", "1. e4 e5\n\n[Event \"x\"]\n1. d4! *", false},
	{"NUL", "", "1. e4 \x00 e5 *", false},
	{"deep", "", "1. e4 " + strings.Repeat("(1. d4 ", 40) + strings.Repeat(")", 40) + " *", false},
	{"nested within the limit", "", "1. e4 " + strings.Repeat("(1. d4 ", 20) + strings.Repeat(")", 20) + " *", true},
}

func TestSkimCases(t *testing.T) {
	for _, c := range skimCases {
		text := pgntest.SevenTagsOf("A", "B")
		if c.tags != "" {
			text = strings.Replace(text, "\n\n", "\n"+strings.ReplaceAll(c.tags, "] [", "]\n[")+"\n\n", 1)
		}
		text += c.movetext + "\n"
		for _, variant := range []string{text, strings.ReplaceAll(text, "\n", "\r\n"), text + "\n" + text} {
			skimmed := sameDiagnostics(t, c.name, []byte(variant), 0)
			if got := skimmed > 0; got != c.skim {
				t.Errorf("%s: skimmed %d games, want skimmed %v:\n%s", c.name, skimmed, c.skim, variant)
			}
		}
	}
}

// TestSkimPanicFallsBack: a panic of the skimmer (the test hook panics in
// startOf, as a bug would) leaves the game to the tree, whose check
// reports the panic on its own goroutine.
func TestSkimPanicFallsBack(t *testing.T) {
	panictest.WithHook(t, 1)
	text := panictest.Games(5, 2, 3)
	if skimmed := sameDiagnostics(t, "panic", []byte(text), 0); skimmed != 3 {
		t.Errorf("%d games skimmed, want 3 (not the one that panics, nor the illegal one)", skimmed)
	}
	lines, _ := readerDiagnostics(t, []byte(text), true, 0)
	if !strings.Contains(strings.Join(lines, "\n"), string(CodeInternal)) {
		t.Errorf("no internal diagnostic:\n%s", strings.Join(lines, "\n"))
	}
}

// TestPlayCanonical compares playCanonical with its definition, the
// canonical SAN written in full, on every legal move of the positions of
// the test games and on the move written otherwise.
func TestPlayCanonical(t *testing.T) {
	positions := []board.Position{board.StartPosition()}
	for _, fen := range []string{
		"4k3/P7/8/8/8/8/8/R3K2R w KQ - 0 1",
		"4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
		"4k3/8/8/8/8/R7/8/R3K1NN w - - 0 1",
		"r3k2r/pPpp1ppp/8/4pP2/8/8/PPPP1PPP/R3K2R w KQkq e6 0 1",
		"7k/5Q2/6K1/8/8/8/8/8 w - - 0 1",
	} {
		pos, err := board.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		positions = append(positions, pos)
	}
	// And the positions of a game, move by move.
	pos := board.StartPosition()
	for _, text := range strings.Fields("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7") {
		if !playCanonical(&pos, text) {
			t.Fatalf("%s not played", text)
		}
		positions = append(positions, pos)
	}
	tried := 0
	for _, pos := range positions {
		for _, mv := range pos.LegalMoves(nil) {
			canonical := pos.SAN(mv)
			for _, text := range skimSpellings(canonical) {
				tried++
				want := canonicalReference(pos, text)
				q := pos
				got := playCanonical(&q, text)
				if got != want {
					t.Errorf("playCanonical(%q) = %v, want %v", text, got, want)
				}
				after := pos
				if want {
					after.Play(mv)
				}
				if q != after {
					t.Errorf("playCanonical(%q): the position after is not the move's", text)
				}
			}
		}
	}
	t.Logf("%d texts compared", tried)
}

// canonicalReference is playCanonical's contract written plainly: text is
// the canonical SAN of a legal move.
func canonicalReference(pos board.Position, text string) bool {
	san, err := board.ParseSAN(text)
	if err != nil || san.Null {
		return false
	}
	mv, err := pos.Resolve(san)
	return err == nil && pos.SAN(mv) == text
}

// skimSpellings returns canonical and ways of writing the same move
// otherwise.
func skimSpellings(canonical string) []string {
	body := strings.TrimRight(canonical, "+#")
	out := []string{canonical, body, body + "+", body + "#", "P" + body, strings.ReplaceAll(canonical, "O", "0"),
		strings.ReplaceAll(canonical, "=", ""), strings.ReplaceAll(canonical, "x", ""), strings.ToLower(canonical)}
	if len(body) >= 3 && strings.Contains("NBRQK", body[:1]) {
		out = append(out, body[:1]+"x"+body[1:], body[:1]+"a"+body[1:], body[:1]+"1"+body[1:], body[:1]+"a1"+body[1:])
	}
	return out
}

// FuzzSkimmedCheck: on any text, the skimmer's check reports what the
// tree's does.
func FuzzSkimmedCheck(f *testing.F) {
	fuzzSeeds(f, func(text string) { f.Add(text) })
	for _, c := range skimCases {
		f.Add(pgntest.SevenTagsOf("A", "B") + c.movetext)
	}
	f.Fuzz(func(t *testing.T, text string) {
		sameDiagnostics(t, "fuzz input", []byte(text), 0)
	})
}

// TestSkimThenTree: movetext that Skim lets through but whose replay has
// something to report is checked from a tree parsed again on the
// checking goroutine (pgn.ParseGameAt), with the tree's diagnostics.
func TestSkimThenTree(t *testing.T) {
	text := pgntest.SevenTagsOf("A", "B") + "{c} 1. e4 $1 (1. d4 d5) e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7 *\n"
	r := pgn.NewReader(strings.NewReader(text))
	r.NewSkimmer = NewCheckSkimmer
	p, err := r.Next()
	if err != nil {
		t.Fatal(err)
	}
	g := p.File.Games[0]
	if g.Skimmed == nil || vouched(p.File.Src, g) {
		t.Fatalf("skimmed %v, vouched %v; want skimmed and not vouched (4. Qxf7 is mate, written without '#')", g.Skimmed != nil, vouched(p.File.Src, g))
	}
	if skimmed := sameDiagnostics(t, "mate without '#'", []byte(text), 0); skimmed != 0 {
		t.Errorf("%d games vouched for", skimmed)
	}
	diags := AppendCheckFile(nil, p.File, nil)
	if len(diags) == 0 || diags[0].Code != CodeCheckSuffix {
		t.Errorf("diagnostics %v, want the check sign's", diags)
	}
}

// TestSkimLongGame: a game longer than maxSkimTokens goes to the tree at
// once; one just within is vouched for.
func TestSkimLongGame(t *testing.T) {
	game := func(cycles int) string {
		var b strings.Builder
		b.WriteString(pgntest.SevenTagsOf("A", "B"))
		for i := 0; i < cycles; i++ {
			fmt.Fprintf(&b, "%d. Nf3 Nf6 %d. Ng1 Ng8\n", 2*i+1, 2*i+2)
		}
		b.WriteString("*\n")
		return b.String()
	}
	// A cycle is six tokens kept: two numbers and four moves.
	for _, c := range []struct {
		cycles int
		want   int
	}{{maxSkimTokens/6 - 1, 1}, {maxSkimTokens/6 + 1, 0}} {
		if got := sameDiagnostics(t, "long game", []byte(game(c.cycles)), 0); got != c.want {
			t.Errorf("%d cycles: %d games vouched for, want %d", c.cycles, got, c.want)
		}
	}
}
