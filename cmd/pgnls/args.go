package main

import (
	"flag"
	"strings"
)

// parseArgs parses a command's arguments with its flags anywhere among the
// paths, as ruff and taplo take them (pgnls check games/ --json, pgnls fmt
// x.pgn -w); "--" ends the flags, so that every argument after it is a
// path ("pgnls fmt -- -w.pgn"), and "-" alone is a path (standard input).
// It returns the paths, in order.
//
// The standard flag package stops at the first argument that is not a
// flag. So the arguments are first sorted into flags, with their values,
// and paths, and the flags parsed in one go: the flag package still reads
// every flag, and says what is wrong with one. A flag takes the argument
// after it as its value unless it is a boolean flag or written -name=value,
// as the flag package has it; an unknown flag is left to it to report.
func parseArgs(flags *flag.FlagSet, args []string) ([]string, error) {
	var flagArgs, paths []string
	for i := 0; i < len(args); i++ {
		arg := args[i]
		if arg == "--" {
			paths = append(paths, args[i+1:]...)
			break
		}
		if len(arg) < 2 || arg[0] != '-' {
			paths = append(paths, arg)
			continue
		}
		flagArgs = append(flagArgs, arg)
		if takesValue(flags, arg) && i+1 < len(args) {
			i++
			flagArgs = append(flagArgs, args[i])
		}
	}
	if err := flags.Parse(flagArgs); err != nil {
		return nil, err
	}
	return paths, nil
}

// takesValue reports whether the flag arg (-name or --name, without
// "=value") takes the next argument as its value.
func takesValue(flags *flag.FlagSet, arg string) bool {
	name := strings.TrimPrefix(strings.TrimPrefix(arg, "-"), "-")
	if strings.Contains(name, "=") {
		return false
	}
	f := flags.Lookup(name)
	if f == nil {
		return false // the flag package reports it
	}
	if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
		return false
	}
	return true
}
