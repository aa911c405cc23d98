package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"pgnls/analysis"
	"pgnls/analysis/engine"
	"pgnls/analysis/uci"
	"pgnls/pgn"
)

const annotateUsage = "usage: pgnls annotate [--nodes N] [--engine PATH] [--threads N] [--hash MB] [--thresholds I,M,B] [--width N] [-w] [-d] [PATH...]"

// defaultAnnotateNodes is the search of each position, as the editor's
// engine.nodes setting's default.
const defaultAnnotateNodes = 100_000

// runAnnotate is "pgnls annotate": it analyses the main line of every game
// with the engine and writes the games annotated as the editor's quick fixes
// of the engine's diagnostics would: the NAG of each inaccuracy ($6),
// mistake ($2) and blunder ($4), the engine's line as a variation after it,
// and the [%eval] of every move. On a terminal, standard error shows a
// progress bar.
func runAnnotate(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	// Standard error is not buffered: the progress bar writes to it too.
	mode := outputMode{command: "annotate"}
	var nodes int64
	var opts uci.Options
	flags := newFlagSet("annotate", annotateUsage, stderr)
	flags.Int64Var(&nodes, "nodes", defaultAnnotateNodes, "the nodes the engine searches in each position")
	flags.StringVar(&opts.Path, "engine", "", "the engine's executable (default: stockfish on PATH, else /usr/games/stockfish)")
	flags.IntVar(&opts.Threads, "threads", 1, "the engine's Threads option (1 repeats exactly)")
	flags.IntVar(&opts.Hash, "hash", 16, "the engine's Hash option, in MB")
	width := flags.Int("width", 79, "the longest movetext line of the annotated games, as for fmt")
	thresholds := uci.LichessThresholds()
	flags.Func("thresholds", "the drops in winning chances (0 to 100) of an inaccuracy, a mistake and a blunder (default 5,10,15)", func(v string) error {
		return parseThresholdsFlag(v, &thresholds)
	})
	mode.outputFlags(flags, "annotations", "")
	paths, err := parseArgs(flags, args)
	if err != nil {
		return statusError
	}
	if nodes < 1 {
		fmt.Fprintln(stderr, "pgnls: annotate: --nodes must be at least 1")
		return statusError
	}
	a, err := uci.NewAnalyzer(uci.Config{Engine: opts, Limit: uci.Limit{Nodes: nodes}, Thresholds: thresholds})
	if err != nil {
		fmt.Fprintf(stderr, "pgnls: annotate: %v\n", err)
		return statusError
	}
	defer a.Close()
	sources, failed := readSources(paths, stderr)
	out := bufio.NewWriterSize(stdout, 64<<10)
	defer out.Flush()
	total := &annotateTotals{start: time.Now()}
	for _, src := range sources {
		x := &fileAnnotator{name: src.name, analyzer: a, nodes: int(nodes), totals: total, report: stderr,
			bar: newProgressBar(stderr), width: *width}
		if _, err := transformSource(src, stdin, out, mode, x.stream, nil); err != nil {
			fmt.Fprintf(stderr, "pgnls: %v\n", err)
			failed = true
			if errors.Is(err, errEngine) {
				break // the next file would fail the same way
			}
		}
	}
	out.Flush()
	fmt.Fprintf(stderr, "%d %s, %d moves analysed (%d positions searched) in %.1f s: %d %s, %d %s, %d %s\n",
		total.games, plural(total.games, "game", "games"), total.moves, total.searched, time.Since(total.start).Seconds(),
		total.blunders, plural(total.blunders, "blunder", "blunders"), total.mistakes, plural(total.mistakes, "mistake", "mistakes"),
		total.inaccuracies, plural(total.inaccuracies, "inaccuracy", "inaccuracies"))
	if failed {
		return statusError
	}
	return 0
}

// parseThresholdsFlag reads --thresholds 5,10,15.
func parseThresholdsFlag(v string, t *uci.Thresholds) error {
	parts := strings.Split(v, ",")
	if len(parts) != 3 {
		return errors.New("want three numbers: inaccuracy,mistake,blunder (5,10,15)")
	}
	var n [3]float64
	for i, p := range parts {
		f, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil {
			return fmt.Errorf("%q is not a number", p)
		}
		n[i] = f
	}
	got := uci.Thresholds{Inaccuracy: n[0], Mistake: n[1], Blunder: n[2]}
	if err := got.Validate(); err != nil {
		return err
	}
	*t = got
	return nil
}

// errEngine marks a failure of the engine, which ends the run.
var errEngine = errors.New("the engine failed")

// annotateTotals are what a run found, for its last line.
type annotateTotals struct {
	start                            time.Time
	games, moves, searched           int
	blunders, mistakes, inaccuracies int
}

func (t *annotateTotals) add(res *uci.GameAnalysis) {
	t.games++
	t.moves += len(res.Moves)
	t.searched += res.Searched
	for _, m := range res.Moves {
		switch m.Judgement {
		case uci.Blunder:
			t.blunders++
		case uci.Mistake:
			t.mistakes++
		case uci.Inaccuracy:
			t.inaccuracies++
		}
	}
}

// fileAnnotator annotates one file.
type fileAnnotator struct {
	name     string
	analyzer *uci.Analyzer
	nodes    int
	totals   *annotateTotals
	report   io.Writer // where a game that cannot be analysed is told
	bar      *progressBar
	width    int // of the movetext, as fmt's --width
	games    int // the games of the file so far
}

// stream annotates a file piece by piece (pgn.Reader), writing it to w in
// its own encoding, as fix does. A game that cannot be analysed (a
// variant, an illegal first move) is written as it is, and told.
func (x *fileAnnotator) stream(in io.Reader, w io.Writer, diff *diffWriter) (bool, error) {
	inHash, outHash := sha256.New(), sha256.New()
	r := pgn.NewReader(io.TeeReader(in, inHash))
	out := io.MultiWriter(w, outHash)
	for {
		piece, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return false, err
		}
		text := piece.File.Src
		if !piece.Unparsed {
			if text, err = x.annotatePiece(piece.File); err != nil {
				piece.Release()
				return false, err
			}
		}
		err = writeText(out, diff, piece, text, piece.Encoding)
		piece.Release()
		if err != nil {
			return false, err
		}
	}
	return !bytes.Equal(inHash.Sum(nil), outHash.Sum(nil)), nil
}

// annotatePiece returns the text of the piece with each of its games
// annotated, and each annotated game formatted (as pgnls fmt would: the
// annotations make long lines), the others left as they are.
func (x *fileAnnotator) annotatePiece(f *pgn.File) (string, error) {
	var edits []analysis.Edit
	var annotated []int
	for i, g := range f.Games {
		x.games++
		line, err := analysis.GameMainLine(g)
		if err != nil {
			fmt.Fprintf(x.report, "%s: game %d: not analysed: %v\n", x.name, x.games, err)
			continue
		}
		if line.Stop != "" {
			fmt.Fprintf(x.report, "%s: game %d: analysed up to where %s\n", x.name, x.games, line.Stop)
		}
		if len(line.Played) == 0 {
			continue
		}
		label := fmt.Sprintf("game %d", x.games)
		res, err := x.analyzer.Analyze(context.Background(), engine.Game(line), func(done, total int) {
			x.bar.show(label, done, total)
		})
		x.bar.clear()
		if err != nil {
			return "", fmt.Errorf("%s: game %d: %w: %w", x.name, x.games, errEngine, err)
		}
		x.totals.add(res)
		v := engine.NewView(line, engine.NewResult(line, res, x.nodes))
		edits = append(edits, v.AnnotateEdits(f.Src)...)
		annotated = append(annotated, i)
	}
	if len(edits) == 0 {
		return f.Src, nil
	}
	f = pgn.Parse(analysis.ApplyEdits(f.Src, edits))
	var formatting []analysis.Edit
	for _, i := range annotated {
		at := f.Games[i].From + 1 // inside the game: its slot alone
		formatting = append(formatting, analysis.FormatRangeEdits(f, analysis.FormatOptions{Width: x.width}, at, at)...)
	}
	return analysis.ApplyEdits(f.Src, formatting), nil
}

// progressBar draws "game 3  [#####.....]  40/81 positions" on a
// terminal, over itself; off a terminal it draws nothing.
type progressBar struct {
	w    io.Writer // nil: not a terminal
	last time.Time
}

func newProgressBar(stderr io.Writer) *progressBar {
	f, ok := stderr.(*os.File)
	if !ok {
		return &progressBar{}
	}
	if info, err := f.Stat(); err != nil || info.Mode()&os.ModeCharDevice == 0 {
		return &progressBar{}
	}
	return &progressBar{w: f}
}

const barWidth = 30

func (b *progressBar) show(label string, done, total int) {
	if b.w == nil || total == 0 {
		return
	}
	// A redraw every tenth of a second at most, and the last one.
	if now := time.Now(); done < total && now.Sub(b.last) < 100*time.Millisecond {
		return
	} else {
		b.last = now
	}
	filled := done * barWidth / total
	fmt.Fprintf(b.w, "\r%s  [%s%s]  %d/%d positions", label, strings.Repeat("#", filled), strings.Repeat(".", barWidth-filled), done, total)
}

// clear erases the bar, so that what is told next starts its own line.
func (b *progressBar) clear() {
	if b.w != nil && !b.last.IsZero() {
		fmt.Fprint(b.w, "\r\033[K")
		b.last = time.Time{}
	}
}
