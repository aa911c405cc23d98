// Command pgnls is a language server and checker for PGN chess files.
//
//	pgnls check [--json] [--max-errors N] PATH...   report problems in PGN files
//	pgnls fmt [-w] [-l] [-d] [--width N] [PATH...]   write PGN export format
//	pgnls [serve] [--stdio] [--logfile PATH]         run the language server
//
// Run "pgnls help" for the full usage.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"runtime/pprof"
	"strings"
)

func main() {
	if len(os.Args) > 1 && (os.Args[1] == "check" || os.Args[1] == "fmt") {
		// A batch run holds a block of the file at a time, so its heap
		// stays small: let it grow four times over before collecting
		// (instead of twice) and spend the time checking instead, but
		// collect early when that would pass 160 MB, which keeps a check
		// of a file of any size under 200 MB resident.
		debug.SetGCPercent(400)
		debug.SetMemoryLimit(160 << 20)
	}
	stop := startCPUProfile(os.Getenv("PGNLS_CPUPROFILE"))
	status := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(status)
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
  pgnls check [--json] [--max-errors N] PATH...
        Report problems in PGN files. PATH is a file, a directory (searched
        recursively for *.pgn) or - for standard input.
        Exit status: 0 no errors (warnings allowed), 1 errors found,
        2 usage or I/O failure.
  pgnls fmt [-w] [-l] [-d] [--width N] [--utf8] [PATH...]
        Write PGN files in export format. Without -w, the result goes to
        standard output; -w rewrites the files in place, -l lists the files
        whose formatting differs, -d prints a unified diff. No PATH, or -,
        reads standard input. --width sets the longest movetext line (79).
        A Latin-1 file stays Latin-1 unless --utf8 is given.
        Exit status: 0, 1 when -l or -d found differences, 2 on error.
  pgnls [serve] [--stdio] [--logfile PATH] [--verbose]
        Run the language server on standard input and output (the default
        with no arguments). The log goes to standard error or PATH.
        Exit status: 0 after shutdown and exit, 1 otherwise.
  pgnls help
        Show this help.
`

// run is the whole command with its I/O as parameters, so that tests can
// drive it without a process.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	// No arguments, or only the server's flags, is how editors start the
	// language server (Neovim passes nothing, VS Code --stdio).
	if len(args) == 0 || strings.HasPrefix(args[0], "-") && !isHelpFlag(args[0]) {
		return runServe(args, stdin, stdout, stderr)
	}
	switch args[0] {
	case "serve":
		return runServe(args[1:], stdin, stdout, stderr)
	case "check":
		return runCheck(args[1:], stdin, stdout, stderr)
	case "fmt":
		return runFmt(args[1:], stdin, stdout, stderr)
	case "help", "-h", "-help", "--help":
		fmt.Fprint(stdout, usage)
		return 0
	}
	fmt.Fprintf(stderr, "pgnls: unknown command %q\n\n%s", args[0], usage)
	return 2
}

func isHelpFlag(arg string) bool {
	return arg == "-h" || arg == "-help" || arg == "--help"
}
