package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"pgnls/analysis/config"
)

// severityFlag is the --severity flag of check and fix: code=level, as
// often as wanted, each a comma-separated list.
type severityFlag struct{ set config.Severities }

func (f *severityFlag) String() string {
	if f == nil || len(f.set) == 0 {
		return ""
	}
	var parts []string
	for c, sev := range f.set {
		level := "off"
		if sev != config.Off {
			level = sev.String()
		}
		parts = append(parts, string(c)+"="+level)
	}
	return strings.Join(parts, ",")
}

func (f *severityFlag) Set(value string) error {
	if f.set == nil {
		f.set = config.Severities{}
	}
	return f.set.ParseAssignments(value)
}

// severityUsage is the --severity flag's help.
const severityUsage = "report a code's diagnostics at a level: `code=level`, the level error, warning, information, hint or off (repeatable, or comma-separated; over the project config file's)"

// severities finds the severities that apply to each file a command reads:
// those of the project config file found upwards from the file's
// directory (.pgnls.json or pgnls.toml; for standard input, from the
// working directory), with the --severity flags over them. Each config
// file's problems are told once, on standard error; a file that has some,
// or cannot be read, makes the exit status 2, as a usage error does (the
// files are still checked, with the entries that are right).
type severities struct {
	flag   config.Severities
	cache  config.Cache
	stderr io.Writer
	failed bool // a config file had a problem
}

func (s *severities) of(src source) config.Severities {
	dir := "."
	if src.path != "" {
		dir = filepath.Dir(src.path)
	}
	file, fresh, err := s.cache.ForDir(dir)
	if err != nil {
		if fresh {
			fmt.Fprintf(s.stderr, "pgnls: %v (no config file applies)\n", err)
		}
		s.failed = true
		return s.flag
	}
	if file == nil {
		return s.flag
	}
	if fresh {
		for _, p := range file.Problems {
			fmt.Fprintf(s.stderr, "pgnls: %s\n", p)
			s.failed = true
		}
	}
	return config.Merge(file.Severity, s.flag)
}
