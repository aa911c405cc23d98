package main

import (
	"flag"
	"fmt"
	"io"
)

// What the commands share before their own work: the flag set (every
// command), the output-mode flags (fmt, fix, annotate), and the sources the
// paths name. Each command keeps its own flags and checks between the
// steps, so that a bad flag is told before any path is read.

// newFlagSet returns a command's flag set: it reports to stderr, and -h
// prints usage (the command's synopsis) and then the flags.
func newFlagSet(name, usage string, stderr io.Writer) *flag.FlagSet {
	flags := flag.NewFlagSet(name, flag.ContinueOnError)
	flags.SetOutput(stderr)
	flags.Usage = func() {
		fmt.Fprintln(stderr, usage)
		flags.PrintDefaults()
	}
	return flags
}

// outputFlags defines -w and -d on flags, and -l when list is not empty:
// list says which files -l lists, what says what -d shows a diff of.
func (m *outputMode) outputFlags(flags *flag.FlagSet, what, list string) {
	flags.BoolVar(&m.write, "w", false, "write the result to the file instead of standard output")
	if list != "" {
		flags.BoolVar(&m.list, "l", false, "list the files "+list)
	}
	flags.BoolVar(&m.diff, "d", false, "print a unified diff of the "+what+" instead of the result")
}

// readSources expands the paths a command was given (standard input when
// there are none) into the sources to read. A path that cannot be read is
// told on stderr and reported as failed; the others are still read.
func readSources(paths []string, stderr io.Writer) (sources []source, failed bool) {
	if len(paths) == 0 {
		paths = []string{"-"}
	}
	sources, errs := expandPaths(paths)
	for _, err := range errs {
		fmt.Fprintf(stderr, "pgnls: %v\n", err)
	}
	return sources, len(errs) > 0
}

// spares holds values given back for reuse, as many as its capacity; a
// value given back when it is full is dropped. pgnls check recycles its
// diagnostic lists and check scratch spaces through it.
type spares[T any] chan T

// take returns a value given back, or fresh() when there is none.
func (s spares[T]) take(fresh func() T) T {
	select {
	case v := <-s:
		return v
	default:
		return fresh()
	}
}

// give hands v back for reuse, unless s is full.
func (s spares[T]) give(v T) {
	select {
	case s <- v:
	default:
	}
}
