// Command pgnls is a language server and checker for PGN chess files.
//
//	pgnls check [--json] [--max-errors N] [--severity code=level] PATH...   report problems in PGN files
//	pgnls fmt [-w] [-l] [-d] [--strict] [--width N] [PATH...]              write PGN export format
//	pgnls fix [-w] [-l] [-d] [--severity code=level] PATH...              apply every preferred fix
//	pgnls annotate [--nodes N] [-w] PATH...                                annotate the games with an engine's analysis
//	pgnls [serve] [--stdio] [--logfile PATH]                               run the language server
//	pgnls version                                                          print the version
//
// Run "pgnls help" for the full usage.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"runtime/pprof"
	"strings"

	"pgnls/lsp"
)

func main() {
	if len(os.Args) > 1 && (os.Args[1] == "check" || os.Args[1] == "fmt" || os.Args[1] == "fix") {
		setBatchMemoryPolicy()
	}
	stop := startCPUProfile(os.Getenv("PGNLS_CPUPROFILE"))
	status := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(status)
}

// The memory policy of a batch run (check, fmt). It holds a block of the
// file at a time, so its heap stays small: the collector lets it grow four
// times over before collecting (GOGC=400, instead of twice) and spends the
// time checking instead, but collects early when that would pass
// batchMemoryFloor, which keeps a check or fmt of a database of any size
// under 64 MB resident. (With a floor of 160 MB, fmt of 40 MB of games
// grew to 80 MB resident and a check of 2 GB to 66 MB; with 48 MB, 52 MB
// and under 64, for the same CPU time within the noise, alternated.)
//
// One enormous game is held whole, and its tree alone can pass the floor.
// A fixed limit then had the collector run back to back, each time over
// the whole tree, for nothing: a check of one game of 20 MB on one line
// took 4.8 s and of 10 MB 1.7 s, and collected 7 GB. So after each
// collection the limit is set to twice the heap it found live, or to the
// floor when that is more: the collector then runs once for each time the
// heap doubles, as with Go's default GOGC=100, and the time stays linear
// in the game's size, at the cost of twice its tree in memory; once the
// game is done, the limit comes down again. A GOMEMLIMIT or GOGC in the
// environment takes precedence over the whole policy.
const batchMemoryFloor = 48 << 20

func setBatchMemoryPolicy() {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	debug.SetGCPercent(400)
	debug.SetMemoryLimit(batchMemoryFloor)
	afterNextCollection(raiseMemoryLimit)
}

// raiseMemoryLimit sets the memory limit to twice the heap that the last
// collection found live, or to batchMemoryFloor when that is more.
func raiseMemoryLimit() {
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(sample)
	if sample[0].Value.Kind() != metrics.KindUint64 {
		return // a runtime without the metric: the floor stays
	}
	live := sample[0].Value.Uint64()
	debug.SetMemoryLimit(int64(max(batchMemoryFloor, 2*live)))
	afterNextCollection(raiseMemoryLimit)
}

// afterNextCollection runs f once the next garbage collection is done: it
// is the cleanup of an object that nothing references, which that
// collection frees. (Its pointer field keeps it out of the allocator's
// tiny blocks, whose cleanups may never run.)
func afterNextCollection(f func()) {
	type sentinel struct{ _ *byte }
	runtime.AddCleanup(new(sentinel), func(f func()) { f() }, f)
}

// startCPUProfile writes a CPU profile of the whole run to path, when the
// environment names one (PGNLS_CPUPROFILE=cpu.out pgnls check big.pgn; then
// go tool pprof cpu.out), and returns the function that finishes it.
func startCPUProfile(path string) (stop func()) {
	if path == "" {
		return func() {}
	}
	f, err := os.Create(path)
	if err == nil {
		err = pprof.StartCPUProfile(f)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "pgnls: cannot write the CPU profile: %v\n", err)
		return func() {}
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}
}

const usage = `pgnls: a language server and checker for PGN chess files

Usage:
  pgnls check [--json] [--max-errors N] [--severity code=level]... PATH...
        Report problems in PGN files. PATH is a file, a directory (searched
        recursively for *.pgn) or - for standard input. --severity sets a
        code's level (error, warning, information, hint, off), over the
        project config file (.pgnls.json or pgnls.toml, found upwards
        from each file).
        Exit status: 0 no errors (warnings allowed), 1 errors found,
        2 usage, config file or I/O failure.
  pgnls fmt [-w] [-l] [-d] [--strict] [--width N] [--utf8] [--strip LIST] [PATH...]
        Write PGN files in export format. Without -w, the result goes to
        standard output; -w rewrites the files in place, -l lists the files
        whose formatting differs, -d prints a unified diff. No PATH, or -,
        reads standard input. --width sets the longest movetext line (79).
        A Latin-1 file stays Latin-1 unless --utf8 is given. A game with a
        syntax error is left as written, and said so on standard error;
        --strict refuses such a file instead. --strip clk,eval,arrows
        strips those commands from comments.
        Exit status: 0, 1 when -l or -d found differences, 2 on error,
        3 when a game was left as written.
  pgnls fix [-w] [-l] [-d] [--severity code=level]... [PATH...]
        Apply every preferred quick fix, as the editor's "Fix all" does,
        and print the result (-w, -l, -d as for fmt). What it could not
        fix is reported on standard error, as check reports it.
        Exit status: 0 no errors left, 1 errors left (or, with -l or -d,
        files to fix), 2 usage or I/O failure.
  pgnls annotate [--nodes N] [--engine PATH] [--threads N] [--hash MB]
                 [--thresholds I,M,B] [--width N] [-w] [-d] [PATH...]
        Analyse the main line of every game with a UCI engine (Stockfish:
        stockfish on PATH, else /usr/games/stockfish) and print the games
        annotated: $4, $2, $6 on each blunder, mistake and inaccuracy, the
        engine's line as a variation after it, and its evaluation after
        every move (in lichess's eval command); each annotated game is
        formatted as by fmt --width N (-w, -d as for fmt). --nodes is the
        search of each position (100000); --thresholds the drops in
        winning chances, of 100, of an inaccuracy, a mistake and a blunder
        (5,10,15, lichess's). On a terminal, standard error shows a
        progress bar.
        Exit status: 0, 2 when the engine failed, or on usage or I/O
        failure.
  pgnls [serve] [--stdio] [--logfile PATH] [--verbose]
        Run the language server on standard input and output (the default
        with no arguments). The log goes to standard error or PATH.
        Exit status: 0 after shutdown and exit, 1 otherwise.
  pgnls version, pgnls --version
        Print the version and the revision it was built from.
  pgnls help
        Show this help.

Flags go before or after the paths; -- ends them.
`

// run is the whole command with its I/O as parameters, so that tests can
// drive it without a process.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	// No arguments, or only the server's flags, is how editors start the
	// language server (Neovim passes nothing, VS Code --stdio).
	if len(args) == 0 || strings.HasPrefix(args[0], "-") && !isHelpFlag(args[0]) && !isVersionFlag(args[0]) {
		return runServe(args, stdin, stdout, stderr)
	}
	switch args[0] {
	case "version", "--version", "-version":
		if len(args) > 1 {
			fmt.Fprintf(stderr, "pgnls: %s takes no arguments\n", args[0])
			return 2
		}
		fmt.Fprint(stdout, lsp.ReadBuildInfo().Long())
		return 0
	case "serve":
		return runServe(args[1:], stdin, stdout, stderr)
	case "check":
		return runCheck(args[1:], stdin, stdout, stderr)
	case "fmt":
		return runFmt(args[1:], stdin, stdout, stderr)
	case "fix":
		return runFix(args[1:], stdin, stdout, stderr)
	case "annotate":
		return runAnnotate(args[1:], stdin, stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "pgnls: unknown command %q\n\n%s", args[0], usage)
	return 2
}

func isVersionFlag(arg string) bool { return arg == "--version" || arg == "-version" }

func isHelpFlag(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help"
}
