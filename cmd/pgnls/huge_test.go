package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"pgnls/pgn/pgntest"
)

// oneLineGame is one legal game of about size bytes on one line: knights
// out and back, without move numbers.
func oneLineGame(size int) string {
	return pgntest.SevenTags + strings.Repeat("Nf3 Nf6 Ng1 Ng8 ", size/16) + "*\n"
}

// numberedMoves is the movetext of one legal game of the given number of
// moves after its tags, numbered, five moves a line, without its result,
// and the end of each move's text in it (its blank or line break
// included): the game of m moves is the text up to ends[m-1] and a
// result.
func numberedMoves(moves int) (text string, ends []int) {
	var b strings.Builder
	b.WriteString(pgntest.SevenTags)
	ends = make([]int, 0, moves)
	for m := 1; m <= moves; m++ {
		pair := "Nf3 Nf6"
		if m%2 == 0 {
			pair = "Ng1 Ng8"
		}
		sep := " "
		if m%5 == 0 {
			sep = "\n"
		}
		fmt.Fprintf(&b, "%d. %s%s", m, pair, sep)
		ends = append(ends, b.Len())
	}
	return b.String(), ends
}

// numberedGameOfSize is the game of numberedMoves with the fewest moves
// that is at least size bytes long: a cut of the same text, not one built
// again for each size tried (which took minutes under -race).
func numberedGameOfSize(text string, ends []int, size int) string {
	m := sort.Search(len(ends), func(i int) bool { return ends[i]+len("*\n") >= size })
	return text[:ends[m]] + "*\n"
}

// work is what a run of the coverage binary did, counted.
type work struct {
	bytes      int   // of the input
	statements int64 // run in pgn, analysis, analysis/board and cmd/pgnls
	cycles     int   // of the garbage collector
	collected  int64 // the heap each cycle started with, summed: what the collector marked and swept
	maxRSS     int64 // the peak resident memory
}

// TestCheckAndFmtTimeLinearInOneHugeGame: check and fmt of one huge game
// take time in proportion to its size. The memory limit used to be a fixed
// 160 MB: once the game's tree passed it, the collector ran back to back
// over the whole tree, and one game of 20 MB on one line took 4.8 s of CPU
// against 1.7 s for 10 MB.
//
// Work is counted, not timed, in two parts. What the program does: the
// binary is built with coverage counters over pgn, analysis, analysis/board
// and cmd/pgnls, and run with GOMAXPROCS=1 (the counts are then exact);
// their sum is every statement run. What the collector does: the runtime's
// trace of its cycles (GODEBUG=gctrace=1) says the heap each started with,
// which it marks and sweeps; their sum is its work. For one game of 20 MB
// on one line and one of a million moves, against games half their size
// (sizes at the same place between powers of two, where the reader's
// doubling of a block that holds no whole game puts the same share of
// re-parsing):
//   - statements per byte grow by at most 15%;
//   - in every run, the collector's work is at most 4 times the peak
//     resident memory: each byte held is collected a bounded number of
//     times (with the fixed limit, 4 to 9 times, and more the larger the
//     game).
//
// The memory itself is the tree of the game, up to twice over (see
// setBatchMemoryPolicy).
func TestCheckAndFmtTimeLinearInOneHugeGame(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a binary with coverage counters and formats 50 MB of games")
	}
	bin := pgntest.Build(t, "-cover", "-covermode=count", "-coverpkg=pgnls/pgn,pgnls/analysis,pgnls/analysis/board,pgnls/cmd/pgnls")
	moves, ends := numberedMoves(1_000_000)
	million := moves + "*\n"
	shapes := []struct {
		name         string
		small, large string
	}{
		{"one game of 20 MB on one line", oneLineGame(10 << 20), oneLineGame(20 << 20)},
		{"one game of a million moves", numberedGameOfSize(moves, ends, len(million)/2), million},
	}
	for _, shape := range shapes {
		for _, command := range []string{"check", "fmt"} {
			t.Run(command+" "+shape.name, func(t *testing.T) {
				// The counts are the same whatever runs beside: the four
				// run as many at a time as -parallel lets (GOMAXPROCS).
				t.Parallel()
				small := measureWork(t, bin, command, shape.small)
				large := measureWork(t, bin, command, shape.large)
				perByte := func(n int64, w work) float64 { return float64(n) / float64(w.bytes) }
				t.Logf("%d bytes: %d statements, %d collections of %d MB in all, %d MB resident", small.bytes, small.statements, small.cycles, small.collected>>20, small.maxRSS>>20)
				t.Logf("%d bytes: %d statements, %d collections of %d MB in all, %d MB resident", large.bytes, large.statements, large.cycles, large.collected>>20, large.maxRSS>>20)
				if r := perByte(large.statements, large) / perByte(small.statements, small); r > 1.15 {
					t.Errorf("statements per byte grow %.2f times from %d to %d bytes: super-linear", r, small.bytes, large.bytes)
				}
				for _, w := range []work{small, large} {
					if r := float64(w.collected) / float64(w.maxRSS); r > 4 {
						t.Errorf("%d bytes: the collector went over %.1f times the peak memory (%d MB of heap for %d MB): it runs back to back", w.bytes, r, w.collected>>20, w.maxRSS>>20)
					}
				}
			})
		}
	}
}

// measureWork runs the coverage binary's command on a file holding text,
// and counts its work.
func measureWork(t *testing.T, bin, command, text string) work {
	t.Helper()
	dir := t.TempDir()
	path := writeFile(t, dir, "game.pgn", []byte(text))
	counters := filepath.Join(dir, "counters")
	if err := os.Mkdir(counters, 0o755); err != nil {
		t.Fatal(err)
	}
	r := runPgnls(t, runOptions{bin: bin, stdout: io.Discard, env: []string{"GOCOVERDIR=" + counters, "GODEBUG=gctrace=1", "GOMAXPROCS=1"}}, command, path)
	if r.code != 0 {
		t.Fatalf("%s: exit %d", command, r.code)
	}
	w := work{bytes: len(text), maxRSS: r.maxRSS}
	for _, line := range strings.Split(r.stderr, "\n") {
		if heap, ok := cycleStartHeap(line); ok {
			w.cycles++
			w.collected += heap
		}
	}
	w.statements = countStatements(t, counters)
	return w
}

// cycleStartHeap reads a line of the runtime's GC trace, "gc 7 @0.4s 21%:
// ..., 254->254->246 MB, 238 MB goal, ...", and returns the heap the cycle
// started with (254 MB).
func cycleStartHeap(line string) (int64, bool) {
	if !strings.HasPrefix(line, "gc ") {
		return 0, false
	}
	for _, field := range strings.Fields(line) {
		if start, _, ok := strings.Cut(field, "->"); ok {
			mb, err := strconv.ParseInt(start, 10, 64)
			return mb << 20, err == nil
		}
	}
	return 0, false
}

// countStatements sums the statements run, from the counters a coverage
// binary wrote: each block's statements times its count.
func countStatements(t *testing.T, counters string) int64 {
	t.Helper()
	profile := filepath.Join(counters, "profile.txt")
	if out, err := exec.Command("go", "tool", "covdata", "textfmt", "-i="+counters, "-o="+profile).CombinedOutput(); err != nil {
		t.Fatalf("go tool covdata: %v\n%s", err, out)
	}
	total, err := pgntest.ProfileStatements(profile)
	if err != nil {
		t.Fatal(err)
	}
	return total
}

// zeros is an endless stream of NUL bytes.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// TestCheckAndFmtHoldBoundedMemoryOfAnEndlessPipe: 512 MB of NUL bytes
// from a pipe, text without a game boundary, are read in bounded memory
// (the reader held them all before, and parsed them whole): check reports
// them as one run not checked, fmt copies them and says so.
func TestCheckAndFmtHoldBoundedMemoryOfAnEndlessPipe(t *testing.T) {
	const size = 512 << 20
	r := runPgnls(t, runOptions{stdin: io.LimitReader(zeros{}, size)}, "check", "-")
	want := "<stdin>:1:1: error: not checked from here to line 1: a game, or text with no place between games to cut it, longer than 32 MiB (the most pgnls checks at once); checking starts again at the next line that starts with '[' [game-too-large]\n"
	if r.code != 1 || r.stdout != want || r.stderr != "1 files, 0 games, 1 errors, 0 warnings\n" {
		t.Errorf("check: exit %d, stdout %q, stderr %q; want 1 and %q", r.code, r.stdout, r.stderr, want)
	}
	if r.maxRSS > size/2 {
		t.Errorf("check: %d MB resident for %d MB from a pipe", r.maxRSS>>20, size>>20)
	}
	copied := &countingWriter{}
	r = runPgnls(t, runOptions{stdin: io.LimitReader(zeros{}, size), stdout: copied}, "fmt", "-")
	wantErr := "pgnls: <stdin>: lines 1 to 1 not formatted, but copied as they are: a game, or text with no place between games to cut it, longer than 32 MiB (the most pgnls formats at once)\n"
	if r.code != 2 || r.stderr != wantErr || copied.n != size || copied.other {
		t.Errorf("fmt: exit %d, stderr %q, %d bytes written (anything but NUL: %v); want 2, %q and the %d NUL bytes", r.code, r.stderr, copied.n, copied.other, wantErr, size)
	}
	if r.maxRSS > size/2 {
		t.Errorf("fmt: %d MB resident for %d MB from a pipe", r.maxRSS>>20, size>>20)
	}
}

// countingWriter counts the bytes written to it, and whether any was not
// NUL.
type countingWriter struct {
	n     int
	other bool
}

func (w *countingWriter) Write(p []byte) (int, error) {
	w.n += len(p)
	for _, c := range p {
		if c != 0 {
			w.other = true
		}
	}
	return len(p), nil
}

// TestCheckAndFmtGoOnAfterTextTooLargeToCut: after 33 MiB without a game
// boundary, the games from the next tag line on are checked and formatted,
// with their lines counted from the file's start.
func TestCheckAndFmtGoOnAfterTextTooLargeToCut(t *testing.T) {
	dir := t.TempDir()
	junk := strings.Repeat("\x00", 33<<20) + "\n" // just past the 32 MiB a piece may hold
	path := writeFile(t, dir, "big.pgn", []byte(junk+illegalGame))
	r := runPgnls(t, runOptions{}, "check", "--json", path)
	var diags []jsonDiagnostic
	for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		var d jsonDiagnostic
		if err := json.Unmarshal([]byte(line), &d); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		diags = append(diags, d)
	}
	if r.code != 1 || len(diags) != 2 || r.stderr != "1 files, 1 games, 2 errors, 0 warnings\n" {
		t.Fatalf("exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}
	skipped := jsonDiagnostic{File: path, Line: 1, Column: 1, EndLine: 2, EndColumn: 1, Severity: "error", Code: "game-too-large", Game: 0, Message: diags[0].Message}
	if diags[0] != skipped || !strings.HasPrefix(skipped.Message, "not checked from here to line 1: ") {
		t.Errorf("the text not checked: %+v, want %+v", diags[0], skipped)
	}
	if d := diags[1]; d.Code != "illegal-move" || d.Line != 10 || d.Column != 41 || d.Game != 1 {
		t.Errorf("the game after: %+v, want illegal-move at 10:41 in game 1", d)
	}

	tidy := runPgnls(t, runOptions{stdin: strings.NewReader(illegalGame)}, "fmt").stdout
	r = runPgnls(t, runOptions{}, "fmt", path)
	wantErr := "pgnls: " + path + ": lines 1 to 1 not formatted, but copied as they are: a game, or text with no place between games to cut it, longer than 32 MiB (the most pgnls formats at once)\n"
	if r.code != 2 || r.stderr != wantErr || r.stdout != junk+tidy {
		t.Errorf("fmt: exit %d, stderr %q, %d bytes out; want 2, %q, and the text copied then the game formatted", r.code, r.stderr, len(r.stdout), wantErr)
	}
	if r := runPgnls(t, runOptions{}, "fmt", "-w", path); r.code != 2 || r.stderr != wantErr {
		t.Errorf("fmt -w: exit %d, stderr %q", r.code, r.stderr)
	}
	if got := readFileForTest(t, path); got != junk+illegalGame {
		t.Error("fmt -w changed a file it could not format whole")
	}
	if names := dirNames(t, dir); len(names) != 1 {
		t.Errorf("files left in the directory: %v", names)
	}

	// Latin-1 text: its notice follows the run's diagnostic.
	latin1 := writeFile(t, dir, "latin1.pgn", []byte(strings.Repeat("\xe9", 33<<20)+"\n"+cleanGame))
	r = runPgnls(t, runOptions{}, "check", latin1)
	lines := strings.Split(r.stdout, "\n")
	if r.code != 1 || len(lines) != 3 || !strings.HasPrefix(lines[0], latin1+":1:1: error: not checked from here to line 1: ") ||
		lines[1] != latin1+":1:1: information: the file is not valid UTF-8: it was read as Latin-1 (ISO 8859-1), the PGN standard's character set [encoding]" {
		t.Errorf("Latin-1: exit %d, stdout %q", r.code, r.stdout)
	}
}

// TestCheckAndFmtStreamADatabase: check, fmt, fmt -l and fmt -d of a 64 MB
// database stay under 64 MB resident, as its pieces stream through (-l
// and -d read the whole file before, 13 times its size at their peak; the
// memory policy's floor was 160 MB before, and fmt took 80 MB).
func TestCheckAndFmtStreamADatabase(t *testing.T) {
	var b strings.Builder
	for b.Len() < 64<<20 {
		b.WriteString(messyGame + "\n" + illegalGame + "\n")
	}
	path := writeFile(t, t.TempDir(), "database.pgn", []byte(b.String()))
	games := strings.Count(b.String(), "[Event ")
	for _, args := range [][]string{{"check"}, {"fmt"}, {"fmt", "-l"}, {"fmt", "-d"}} {
		r := runPgnls(t, runOptions{stdout: io.Discard}, append(args, path)...)
		wantCode := 1
		if len(args) == 1 && args[0] == "fmt" {
			wantCode = 0
		}
		if r.code != wantCode {
			t.Errorf("%q: exit %d, stderr %q; want %d", args, r.code, r.stderr, wantCode)
		}
		// Each messy game lacks tags and has them out of order, each
		// illegal one has an illegal move.
		if args[0] == "check" && r.stderr != fmt.Sprintf("1 files, %d games, %d errors, %d warnings\n", games, games/2, games) {
			t.Errorf("check: %q", r.stderr)
		}
		t.Logf("%q: %d MB resident", args, r.maxRSS>>20)
		if r.maxRSS > 64<<20 {
			t.Errorf("%q: %d MB resident for a database of %d MB", args, r.maxRSS>>20, b.Len()>>20)
		}
	}
}

// TestBatchMemoryPolicyYieldsToTheEnvironment: GOGC in the environment
// replaces the batch memory policy: with GOGC=off, a check that collects
// under the policy collects nothing.
func TestBatchMemoryPolicyYieldsToTheEnvironment(t *testing.T) {
	var b strings.Builder
	for b.Len() < 16<<20 {
		b.WriteString(illegalGame + "\n")
	}
	path := writeFile(t, t.TempDir(), "database.pgn", []byte(b.String()))
	collections := func(env ...string) int {
		r := runPgnls(t, runOptions{stdout: io.Discard, env: append(env, "GODEBUG=gctrace=1")}, "check", path)
		n := 0
		for _, line := range strings.Split(r.stderr, "\n") {
			if _, ok := cycleStartHeap(line); ok {
				n++
			}
		}
		return n
	}
	if n := collections(); n == 0 {
		t.Fatal("under the policy the check collects nothing: the test cannot tell")
	}
	if n := collections("GOGC=off"); n != 0 {
		t.Errorf("with GOGC=off, %d collections", n)
	}
}
