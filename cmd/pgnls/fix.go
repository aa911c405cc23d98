package main

import (
	"bufio"
	"fmt"
	"io"

	"pgnls/analysis"
	"pgnls/pgn"
)

const fixUsage = "usage: pgnls fix [-w] [-l] [-d] [--severity code=level]... [PATH...]"

// fixRounds bounds the rounds of fixing a piece: a fix can bring a
// problem to light that the next round fixes (an illegal move no longer
// hides the moves after it), and the edits of two fixes that overlap are
// made one per round. Three rounds fix the test files and the corpus (a
// game of testdata/lsp/nav needs them all); the rest is a margin, and a
// bound should fixes ever undo each other.
const fixRounds = 8

// runFix is "pgnls fix": it applies every preferred quick fix of every
// game, as the editor's "Fix all problems in this game" does, and tells on
// standard error what is left, as pgnls check does.
func runFix(args []string, stdin io.Reader, stdout, stderrW io.Writer) int {
	stderr := bufio.NewWriterSize(stderrW, 64<<10) // what is left, a line per problem
	defer stderr.Flush()
	mode := outputMode{command: "fix"}
	var sevFlag severityFlag
	flags := newFlagSet("fix", fixUsage, stderr)
	mode.outputFlags(flags, "fixes", "that fixing changes")
	flags.Var(&sevFlag, "severity", severityUsage+"; a code turned off gets no fix")
	paths, err := parseArgs(flags, args)
	if err != nil {
		return statusError
	}
	sources, failed := readSources(paths, stderr)
	sev := &severities{flag: sevFlag.set, stderr: stderr}
	out := bufio.NewWriterSize(stdout, 64<<10)
	defer out.Flush()
	var left summary // what the fixes left, told on stderr
	edits, changed := 0, false
	for _, src := range sources {
		f := &fileFixer{name: src.name, opts: checkOptions{severity: sev.of(src)}, left: &left, report: stderr}
		diff, err := transformSource(src, stdin, out, mode, f.stream, nil)
		if err != nil {
			fmt.Fprintf(stderr, "pgnls: %v\n", err)
			failed = true
		}
		edits += f.edits
		changed = changed || diff
	}
	out.Flush()
	fmt.Fprintf(stderr, "%d files, %d games, %d %s made; left: %d errors, %d warnings\n",
		left.files, left.games, edits, plural(edits, "fix", "fixes"), left.errors, left.warnings)
	switch {
	case failed || sev.failed:
		return statusError
	case left.errors > 0 || changed && (mode.list || mode.diff):
		return 1
	}
	return 0
}

// fileFixer fixes one file.
type fileFixer struct {
	name   string
	opts   checkOptions // the severities: a code turned off gets no fix, and is not told
	left   *summary
	report io.Writer // where what is left is told
	edits  int       // the edits made
}

// stream fixes a file piece by piece (see streamTransform), so that a
// file of any size is fixed in bounded memory, on every core, writing it
// to w in its own encoding and giving diff, when set, each piece before
// and after. Each piece is fixed alone: its games' fixes stay inside them
// (analysis.FixAllEdits), and pieces are cut between games. What is left
// in a piece is told as it is written, at its place in the fixed text.
// Text the reader passes over (a game longer than pgn.DefaultMaxPiece) is
// copied as it is, and reported by the error once the rest is written.
func (x *fileFixer) stream(in io.Reader, w io.Writer, diff *diffWriter) (bool, error) {
	x.left.files++
	sameEncoding := func(enc pgn.Encoding) pgn.Encoding { return enc }
	fix := func(piece *pgn.Piece) pieceOutput {
		fixed, edits := x.fixPiece(piece.File)
		left := x.leftIn(fixed)
		games := len(fixed.Games)
		return pieceOutput{text: fixed.Src, games: games, tell: func(line, gamesBefore int) {
			x.edits += edits
			x.left.games += games
			x.left.print(x.report, x.name, fixed.Src, line, gamesBefore, left, x.opts)
		}}
	}
	return streamTransform(in, w, diff, sameEncoding, fix, "fixed", "fixes")
}

// fixPiece applies the preferred fixes of the games of a piece, round
// after round on the games the round before changed, until none is left
// or fixRounds is reached, and returns the parse of the fixed text and
// how many edits were made.
func (x *fileFixer) fixPiece(f *pgn.File) (*pgn.File, int) {
	opts := analysis.ActionOptions{Skip: x.opts.severity.Silenced}
	var games []int // nil: every game
	made := 0
	for range fixRounds {
		edits, edited := analysis.FixFileEdits(f, games, opts)
		if len(edits) == 0 {
			break
		}
		made += len(edits)
		n := len(f.Games)
		f = pgn.Parse(analysis.ApplyEdits(f.Src, edits))
		games = edited
		if len(f.Games) != n {
			games = nil // the games are not those of before: look at them all
		}
	}
	return f, made
}

// leftIn returns what fixing left in the fixed piece f: its errors and
// warnings, at the levels the severities give them, which tell prints
// at their place in the fixed text.
func (x *fileFixer) leftIn(f *pgn.File) []analysis.Diagnostic {
	all := analysis.CheckFile(f)
	left := all[:0]
	for _, d := range all {
		if sev := x.opts.severity.Of(d); sev == analysis.Error || sev == analysis.Warning {
			left = append(left, d)
		}
	}
	return left
}
