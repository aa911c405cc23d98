package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"pgnls/analysis"
	"pgnls/pgn"
)

type checkOptions struct {
	json      bool
	maxErrors int
}

func runCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var opts checkOptions
	flags := flag.NewFlagSet("check", flag.ContinueOnError)
	flags.SetOutput(stderr)
	flags.BoolVar(&opts.json, "json", false, "print one JSON object per diagnostic and line")
	flags.IntVar(&opts.maxErrors, "max-errors", 0, "stop after this many errors (0: no limit)")
	flags.Usage = func() {
		fmt.Fprintln(stderr, "usage: pgnls check [--json] [--max-errors N] PATH...")
		flags.PrintDefaults()
	}
	if err := flags.Parse(args); err != nil {
		return 2
	}
	if flags.NArg() == 0 {
		flags.Usage()
		return 2
	}
	sources, errs := expandPaths(flags.Args())
	status := 0
	for _, err := range errs {
		fmt.Fprintf(stderr, "pgnls: %v\n", err)
		status = 2
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	var sum summary
	for _, src := range sources {
		data, err := src.read(stdin)
		if err != nil {
			fmt.Fprintf(stderr, "pgnls: cannot read %s: %v\n", src.name, err)
			status = 2
			continue
		}
		text, _ := decodeText(data)
		file := pgn.Parse(text)
		sum.files++
		sum.games += len(file.Games)
		if !sum.print(out, src.name, file, analysis.CheckFile(file), opts) {
			break
		}
	}
	out.Flush()
	fmt.Fprintf(stderr, "%d files, %d games, %d errors, %d warnings\n", sum.files, sum.games, sum.errors, sum.warnings)
	if status == 0 && sum.errors > 0 {
		status = 1
	}
	return status
}

type summary struct {
	files, games, errors, warnings int
}

// print writes the diagnostics of one file and counts them. It returns
// false once --max-errors errors have been printed.
func (s *summary) print(w io.Writer, name string, file *pgn.File, diags []analysis.Diagnostic, opts checkOptions) bool {
	for _, d := range diags {
		switch d.Severity {
		case analysis.Error:
			s.errors++
		case analysis.Warning:
			s.warnings++
		}
		line, col := file.Lines.CharPosition(d.Pos)
		endLine, endCol := file.Lines.CharPosition(d.End)
		if opts.json {
			writeJSON(w, jsonDiagnostic{
				File: name, Line: line + 1, Column: col + 1, EndLine: endLine + 1, EndColumn: endCol + 1,
				Severity: d.Severity.String(), Code: string(d.Code), Message: d.Message, Game: d.Game + 1,
			})
		} else {
			fmt.Fprintf(w, "%s:%d:%d: %s: %s [%s]\n", name, line+1, col+1, d.Severity, d.Message, d.Code)
		}
		if opts.maxErrors > 0 && s.errors >= opts.maxErrors {
			return false
		}
	}
	return true
}

// jsonDiagnostic is the --json form of a diagnostic. Lines and columns are
// 1-based and count characters; Game is the 1-based game index, 0 for text
// between games.
type jsonDiagnostic struct {
	File      string `json:"file"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	EndLine   int    `json:"endLine"`
	EndColumn int    `json:"endColumn"`
	Severity  string `json:"severity"`
	Code      string `json:"code"`
	Message   string `json:"message"`
	Game      int    `json:"game"`
}

func writeJSON(w io.Writer, d jsonDiagnostic) {
	b, _ := json.Marshal(d) // a struct of strings and ints always marshals
	w.Write(append(b, '\n'))
}
