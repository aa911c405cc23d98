package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strconv"
	"unicode/utf8"

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
	out := bufio.NewWriterSize(stdout, 64<<10) // a database can have a diagnostic per 100 bytes: fewer, larger writes
	defer out.Flush()
	var sum summary
	for _, src := range sources {
		if err := sum.checkSource(out, src, stdin, opts); err != nil {
			fmt.Fprintf(stderr, "pgnls: %v\n", err)
			status = 2
		}
		if sum.stopped {
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

// checkSource checks one file as a stream of pieces (see pgn.Reader), so
// that a file larger than memory is checked with bounded memory. Reading and
// parsing the next piece overlaps with checking this one, whose games are
// checked in parallel; the output stays in file order.
func (s *summary) checkSource(out io.Writer, src source, stdin io.Reader, opts checkOptions) error {
	in, err := src.open(stdin)
	if err != nil {
		return fmt.Errorf("cannot read %s: %w", src.name, err)
	}
	defer in.Close()
	s.files++
	type parsed struct {
		piece *pgn.Piece
		err   error
	}
	pieces := make(chan parsed, 1)
	done := make(chan struct{})
	defer close(done)
	go func() {
		defer close(pieces)
		r := pgn.NewReader(in)
		for {
			p, err := r.Next()
			if err == io.EOF {
				return
			}
			select {
			case pieces <- parsed{p, err}:
			case <-done:
				return
			}
			if err != nil {
				return
			}
		}
	}()
	// A second stage starts the check of each piece while the reader
	// parses the next and this goroutine prints the pieces checked, in
	// order. A piece's games are checked in parallel, and the next pieces'
	// checks start without waiting for its slowest game: with a check per
	// piece at a time, a piece holding one long annotated game kept a core
	// idle until it was done (a tenth of the corpus x40's run). The
	// channels hold one piece each: every piece in flight is memory that a
	// released piece would otherwise lend the next (with two checked
	// pieces queued instead of one, 15% more page faults).
	type checked struct {
		piece *pgn.Piece
		diags []analysis.Diagnostic
		err   error
		ready chan struct{} // closed once diags is set
	}
	results := make(chan *checked, 1)
	// The lists of diagnostics printed come back for the next pieces.
	lists := make(chan []analysis.Diagnostic, 8)
	go func() {
		defer close(results)
		latin1 := false
		for p := range pieces {
			c := &checked{piece: p.piece, err: p.err, ready: make(chan struct{})}
			if c.err != nil {
				close(c.ready)
			} else {
				select {
				case c.diags = <-lists:
				default:
				}
				if p.piece.Encoding == pgn.Latin1 && !latin1 {
					latin1 = true
					c.diags = append(c.diags, latin1Notice(p.piece))
				}
				go func() {
					c.diags = analysis.AppendCheckFile(c.diags, c.piece.File)
					close(c.ready)
				}()
			}
			select {
			case results <- c:
			case <-done:
				return
			}
		}
	}()
	games := 0
	for c := range results {
		<-c.ready
		if c.err != nil {
			return fmt.Errorf("cannot read %s: %w", src.name, c.err)
		}
		s.print(out, src.name, c.piece, games, c.diags, opts)
		n := len(c.piece.File.Games)
		games += n
		s.games += n
		// The piece's diagnostics are written (their text is copied into
		// the output's buffer): its memory can take the next piece, and
		// the list the next piece's diagnostics.
		c.piece.Release()
		if cap(c.diags) <= 1<<16 {
			select {
			case lists <- c.diags[:0]:
			default:
			}
		}
		if s.stopped {
			return nil
		}
	}
	return nil
}

type summary struct {
	files, games, errors, warnings int
	stopped                        bool   // --max-errors was reached
	buf                            []byte // reused for each line of output
}

// appendTextDiagnostic appends "path:LINE:COL: SEVERITY: message [code]".
// A database can have hundreds of thousands of diagnostics; building the
// line by hand is several times cheaper than fmt.
func appendTextDiagnostic(b []byte, name string, line, col int, d analysis.Diagnostic) []byte {
	b = append(b, name...)
	b = append(b, ':')
	b = strconv.AppendInt(b, int64(line), 10)
	b = append(b, ':')
	b = strconv.AppendInt(b, int64(col), 10)
	b = append(b, ": "...)
	b = append(b, d.Severity.String()...)
	b = append(b, ": "...)
	b = append(b, d.Message...)
	b = append(b, " ["...)
	b = append(b, d.Code...)
	return append(b, "]\n"...)
}

// latin1Notice says that a file was read as Latin-1, at the start of the
// first piece that was: the whole file, or from there on when the file
// starts in UTF-8 (a database put together from files of both kinds).
func latin1Notice(p *pgn.Piece) analysis.Diagnostic {
	msg := "the file is not valid UTF-8: it was read as Latin-1 (ISO 8859-1), the PGN standard's character set"
	if p.Offset > 0 {
		msg = "the file is not valid UTF-8 from here on: the rest was read as Latin-1 (ISO 8859-1), the PGN standard's character set"
	}
	return analysis.Diagnostic{
		Severity: analysis.DefaultSeverity(analysis.CodeEncoding), Code: analysis.CodeEncoding, Game: -1,
		Message: msg,
	}
}

// print writes the diagnostics of one piece of a file and counts them,
// stopping once --max-errors errors have been printed. firstGame is the
// index in the file of the piece's first game.
func (s *summary) print(w io.Writer, name string, piece *pgn.Piece, firstGame int, diags []analysis.Diagnostic, opts checkOptions) {
	// Diagnostics come sorted: cursors convert them in linear time even
	// when thousands sit on one long line.
	if len(diags) == 0 {
		return
	}
	starts, ends := pgn.NewTextCursor(piece.File.Src), pgn.NewTextCursor(piece.File.Src)
	src := piece.File.Src
	for _, d := range diags {
		switch d.Severity {
		case analysis.Error:
			s.errors++
		case analysis.Warning:
			s.warnings++
		}
		line, _, col := starts.Position(d.Pos)
		endLine, endCol := line, col+int(d.End-d.Pos)
		// The end is on the same line, that many columns on, when the text
		// between is plain ASCII; else (or for a range the cursor would
		// clamp) the second cursor finds it.
		if d.Pos < 0 || d.Pos > d.End || int(d.End) > len(src) || !plainASCII(src[d.Pos:d.End]) {
			endLine, _, endCol = ends.Position(d.End)
		}
		line, endLine = line+piece.Line, endLine+piece.Line
		game := 0 // text between games
		if d.Game >= 0 {
			game = firstGame + d.Game + 1
		}
		if opts.json {
			writeJSON(w, jsonDiagnostic{
				File: name, Line: line + 1, Column: col + 1, EndLine: endLine + 1, EndColumn: endCol + 1,
				Severity: d.Severity.String(), Code: string(d.Code), Message: d.Message, Game: game,
			})
		} else {
			s.buf = appendTextDiagnostic(s.buf[:0], name, line+1, col+1, d)
			w.Write(s.buf)
		}
		if opts.maxErrors > 0 && s.errors >= opts.maxErrors {
			s.stopped = true
			return
		}
	}
}

// plainASCII reports whether s is ASCII without a line break.
func plainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || c == '\n' || c == '\r' {
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
