package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"pgnls/analysis"
	"pgnls/analysis/config"
	"pgnls/pgn"
)

type checkOptions struct {
	json      bool
	maxErrors int
	// severity is what each code is reported as in the file being
	// checked (Off: not at all): the project config file's and the
	// --severity flags'.
	severity config.Severities
}

const checkUsage = "usage: pgnls check [--json] [--max-errors N] [--severity code=level]... PATH..."

func runCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var opts checkOptions
	var sevFlag severityFlag
	flags := newFlagSet("check", checkUsage, stderr)
	flags.BoolVar(&opts.json, "json", false, "print one JSON object per diagnostic and line")
	flags.IntVar(&opts.maxErrors, "max-errors", 0, "stop after this many errors (0: no limit)")
	flags.Var(&sevFlag, "severity", severityUsage)
	paths, err := parseArgs(flags, args)
	if err != nil {
		return 2
	}
	if len(paths) == 0 {
		flags.Usage()
		return 2
	}
	sources, failed := readSources(paths, stderr)
	status := 0
	if failed {
		status = 2
	}
	sev := &severities{flag: sevFlag.set, stderr: stderr}
	out := bufio.NewWriterSize(stdout, 64<<10) // a database can have a diagnostic per 100 bytes: fewer, larger writes
	defer out.Flush()
	var sum summary
	for i, src := range sources {
		opts.severity = sev.of(src)
		if err := sum.checkSource(out, src, stdin, opts); err != nil {
			fmt.Fprintf(stderr, "pgnls: %v\n", err)
			status = 2
		}
		if sum.stopped {
			out.Flush()
			fmt.Fprintln(stderr, sum.stopMessage(opts.maxErrors, len(sources)-i-1))
			break
		}
	}
	out.Flush()
	fmt.Fprintf(stderr, "%d files, %d games, %d errors, %d warnings\n", sum.files, sum.games, sum.errors, sum.warnings)
	if sev.failed {
		status = 2
	}
	if status == 0 && sum.errors > 0 {
		status = 1
	}
	return status
}

// stopMessage says where --max-errors stopped the check, and what it
// left unchecked: the rest of the file, and the files after it.
func (s *summary) stopMessage(maxErrors, filesLeft int) string {
	msg := fmt.Sprintf("pgnls: stopped at error %d (--max-errors %d), %s:%d:%d: the rest of %s was not checked", maxErrors, maxErrors, s.stopName, s.stopLine, s.stopCol, s.stopName)
	switch filesLeft {
	case 0:
		return msg
	case 1:
		return msg + ", nor 1 more file"
	}
	return fmt.Sprintf("%s, nor %d more files", msg, filesLeft)
}

// checkSource checks one file as a stream of pieces (see pgn.Reader), so
// that a file larger than memory is checked with bounded memory. Reading and
// parsing the next piece overlaps with checking this one, whose games are
// checked in parallel; the output stays in file order.
func (s *summary) checkSource(out io.Writer, src source, stdin io.Reader, opts checkOptions) error {
	in, err := src.open(stdin)
	if err != nil {
		return readError(src.name, err)
	}
	defer in.Close()
	s.files++
	maxPiece := pgn.DefaultMaxPiece
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
		r.MaxPiece = maxPiece
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
		piece  *pgn.Piece
		diags  []analysis.Diagnostic
		notice *analysis.Diagnostic // the encoding notice of an unparsed piece
		err    error
		ready  chan struct{} // closed once diags is set
	}
	results := make(chan *checked, 1)
	// The lists of diagnostics printed come back for the next pieces.
	lists := make(spares[[]analysis.Diagnostic], 8)
	// So do the checks' scratch spaces, one per piece being checked.
	scratches := make(spares[*analysis.CheckScratch], 8)
	go func() {
		defer close(results)
		noticed := false // the encoding notice is written
		for p := range pieces {
			c := &checked{piece: p.piece, err: p.err, ready: make(chan struct{})}
			var notice *analysis.Diagnostic
			if c.err == nil && !noticed {
				if d, ok := encodingNotice(p.piece); ok {
					noticed, notice = true, &d
				}
			}
			switch {
			case c.err != nil:
				close(c.ready)
			case c.piece.Unparsed:
				c.notice = notice
				close(c.ready)
			default:
				c.diags = lists.take(func() []analysis.Diagnostic { return nil })
				if notice != nil {
					c.diags = append(c.diags, *notice)
				}
				go func() {
					scratch := scratches.take(func() *analysis.CheckScratch { return new(analysis.CheckScratch) })
					c.diags = analysis.AppendCheckFile(c.diags, c.piece.File, scratch)
					scratches.give(scratch)
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
	var skip unchecked // the run of unparsed pieces being passed over
	for c := range results {
		<-c.ready
		if c.err == nil && c.piece.Unparsed {
			skip.add(c.piece, c.notice)
			c.piece.Release()
			continue
		}
		if skip.pieces > 0 {
			s.printUnchecked(out, src.name, &skip, maxPiece, opts)
			if s.stopped {
				return nil
			}
		}
		if c.err != nil {
			return readError(src.name, c.err)
		}
		s.print(out, src.name, c.piece.File.Src, c.piece.Line, games, c.diags, opts)
		n := len(c.piece.File.Games)
		games += n
		s.games += n
		// The piece's diagnostics are written (their text is copied into
		// the output's buffer): its memory can take the next piece, and
		// the list the next piece's diagnostics.
		c.piece.Release()
		if cap(c.diags) <= 1<<16 {
			lists.give(c.diags[:0])
		}
		if s.stopped {
			return nil
		}
	}
	if skip.pieces > 0 {
		s.printUnchecked(out, src.name, &skip, maxPiece, opts)
	}
	return nil
}

// unchecked is a run of text the reader passed over (pgn.Piece.Unparsed):
// where it starts and ends, as 0-based lines and columns in characters,
// and the encoding notice met in it, written after the run's diagnostic,
// where the run starts.
type unchecked struct {
	pieces                     int
	line, col, endLine, endCol int
	notice                     *analysis.Diagnostic
}

// add takes the next piece of the run, and its encoding notice if any.
func (u *unchecked) add(p *pgn.Piece, notice *analysis.Diagnostic) {
	if notice != nil && u.notice == nil {
		u.notice = notice
	}
	if u.pieces == 0 {
		// A run starts at a line start: where a piece was cut, at a tag
		// line or at the start of the file.
		u.line, u.col = p.Line, 0
		u.endLine, u.endCol = p.Line, 0
	}
	u.pieces++
	src := p.File.Src
	if breaks := pgn.CountLineBreaks(src); breaks > 0 {
		u.endLine = p.Line + breaks
		u.endCol = utf8.RuneCountInString(src[lastLineStart(src):])
	} else {
		u.endCol += utf8.RuneCountInString(src)
	}
}

// lastLineStart returns the offset in src where its last line starts.
func lastLineStart(src string) int {
	return strings.LastIndexAny(src, "\n\r") + 1
}

// lastLine returns the 0-based line of the run's last character.
func (u *unchecked) lastLine() int {
	if u.endCol == 0 && u.endLine > u.line {
		return u.endLine - 1 // the run ends with its line break
	}
	return u.endLine
}

// printUnchecked writes the diagnostic of a run of text that was not
// checked, and starts a new run.
func (s *summary) printUnchecked(w io.Writer, name string, u *unchecked, maxPiece int, opts checkOptions) {
	d := analysis.Diagnostic{
		Severity: analysis.Error, Code: codeGameTooLarge, Game: -1,
		Message: fmt.Sprintf("not checked from here to line %d: a game, or text with no place between games to cut it, longer than %d MiB (the most pgnls checks at once); checking starts again at the next line that starts with '['", u.lastLine()+1, maxPiece>>20),
	}
	run := *u
	*u = unchecked{}
	s.write(w, name, run.line, run.col, run.endLine, run.endCol, 0, &d, &opts)
	if run.notice != nil && !s.stopped {
		s.write(w, name, run.line, run.col, run.line, run.col, 0, run.notice, &opts)
	}
}

// codeGameTooLarge is the code of the diagnostic of text pgnls check did
// not check (see pgn.Piece.Unparsed). It is not one of analysis.Codes: the
// language server never reports it (it parses a document whole, under its
// own size limit).
const codeGameTooLarge = "game-too-large"

type summary struct {
	files, games, errors, warnings int
	stopped                        bool   // --max-errors was reached
	buf                            []byte // reused for each line of output
	// Where the check stopped: the file and the 1-based line and column
	// of the last error written.
	stopName          string
	stopLine, stopCol int
}

// appendTextDiagnostic appends "path:LINE:COL: SEVERITY: message [code]".
// A database can have hundreds of thousands of diagnostics; building the
// line by hand is several times cheaper than fmt.
func appendTextDiagnostic(b []byte, name string, line, col int, d *analysis.Diagnostic) []byte {
	b = append(b, name...)
	b = append(b, ':')
	b = appendDecimal(b, line)
	b = append(b, ':')
	b = appendDecimal(b, col)
	b = append(b, ": "...)
	b = append(b, d.Severity.String()...)
	b = append(b, ": "...)
	b = append(b, d.Message...)
	b = append(b, " ["...)
	b = append(b, d.Code...)
	return append(b, "]\n"...)
}

// appendDecimal appends n in decimal, as strconv.AppendInt does, two digits
// at a time from a table: a line number has a few digits, a column one
// or two, and AppendInt's general path was 1% of a check of the corpus.
func appendDecimal(b []byte, n int) []byte {
	if n < 0 || n >= 1e8 {
		return strconv.AppendInt(b, int64(n), 10)
	}
	u := uint32(n)
	if u < 10 {
		return append(b, byte('0'+u))
	}
	var buf [8]byte
	i := len(buf)
	for u >= 100 {
		q := u / 100
		d := (u - 100*q) * 2
		i -= 2
		buf[i], buf[i+1] = digitPairs[d], digitPairs[d+1]
		u = q
	}
	if u >= 10 {
		i -= 2
		buf[i], buf[i+1] = digitPairs[2*u], digitPairs[2*u+1]
	} else {
		i--
		buf[i] = byte('0' + u)
	}
	return append(b, buf[i:]...)
}

// digitPairs holds "00" to "99".
const digitPairs = "00010203040506070809" +
	"10111213141516171819" +
	"20212223242526272829" +
	"30313233343536373839" +
	"40414243444546474849" +
	"50515253545556575859" +
	"60616263646566676869" +
	"70717273747576777879" +
	"80818283848586878889" +
	"90919293949596979899"

// encodingNotice is the diagnostic that says a file is not UTF-8, at the
// start of the first piece that is not: the whole file, or from there on
// when the file starts in UTF-8 (a database put together from files of
// both kinds; only Latin-1 can start later).
func encodingNotice(p *pgn.Piece) (analysis.Diagnostic, bool) {
	var msg string
	switch {
	case p.Encoding == pgn.Latin1 && p.Offset > 0:
		msg = "the file is not valid UTF-8 from here on: the rest was read as Latin-1 (ISO 8859-1), the PGN standard's character set"
	case p.Encoding == pgn.Latin1:
		msg = "the file is not valid UTF-8: it was read as Latin-1 (ISO 8859-1), the PGN standard's character set"
	case p.Encoding.IsUTF16():
		order, mark := "little-endian", "without a byte order mark"
		if p.Encoding == pgn.UTF16BE {
			order = "big-endian"
		}
		if strings.HasPrefix(p.File.Src, "\uFEFF") {
			mark = "with a byte order mark"
		}
		msg = fmt.Sprintf("the file is UTF-16 (%s, %s): it was read as UTF-16, and pgnls fmt writes it back so", order, mark)
	default:
		return analysis.Diagnostic{}, false
	}
	return analysis.Diagnostic{
		Severity: analysis.DefaultSeverity(analysis.CodeEncoding), Code: analysis.CodeEncoding, Game: -1,
		Message: msg,
	}, true
}

// print writes the diagnostics of one piece of a file, whose text is src
// and starts at the 0-based line firstLine, and counts them, stopping once
// --max-errors errors have been printed. firstGame is the index in the
// file of the piece's first game.
func (s *summary) print(w io.Writer, name string, src string, firstLine, firstGame int, diags []analysis.Diagnostic, opts checkOptions) {
	// Diagnostics come sorted: cursors convert them in linear time even
	// when thousands sit on one long line.
	if len(diags) == 0 {
		return
	}
	starts, ends := pgn.NewTextCursor(src), pgn.NewTextCursor(src)
	for i := range diags {
		d := &diags[i]
		line, _, col := starts.Position(d.Pos)
		endLine, endCol := line, col+int(d.End-d.Pos)
		// Only --json prints the end. It is on the same line, that many
		// columns on, when the text between is plain ASCII; else (or for a
		// range the cursor would clamp) the second cursor finds it.
		if opts.json && (d.Pos < 0 || d.Pos > d.End || int(d.End) > len(src) || !plainASCII(src[d.Pos:d.End])) {
			endLine, _, endCol = ends.Position(d.End)
		}
		game := 0 // text between games
		if d.Game >= 0 {
			game = firstGame + d.Game + 1
		}
		s.write(w, name, line+firstLine, col, endLine+firstLine, endCol, game, d, &opts)
		if s.stopped {
			return
		}
	}
}

// write writes one diagnostic, at 0-based lines and columns, with the
// severity the options give its code, and counts it; it sets s.stopped
// once --max-errors errors have been written. A code turned off is
// neither written nor counted. d and opts are passed by pointer, d left
// as it is: copying the two structs for each of a database's hundreds of
// thousands of diagnostics was 0.7% of a check of the corpus.
func (s *summary) write(w io.Writer, name string, line, col, endLine, endCol, game int, d *analysis.Diagnostic, opts *checkOptions) {
	if len(opts.severity) > 0 {
		sd := *d
		if sd.Severity = opts.severity.Of(sd); sd.Severity == config.Off {
			return
		}
		d = &sd
	}
	switch d.Severity {
	case analysis.Error:
		s.errors++
	case analysis.Warning:
		s.warnings++
	}
	if opts.json {
		writeJSON(w, jsonDiagnostic{
			File: name, Line: line + 1, Column: col + 1, EndLine: endLine + 1, EndColumn: endCol + 1,
			Severity: d.Severity.String(), Code: string(d.Code), Message: d.Message, Game: game,
		})
	} else if bw, ok := w.(*bufio.Writer); ok {
		// Built in the writer's own buffer, not copied there.
		bw.Write(appendTextDiagnostic(bw.AvailableBuffer(), name, line+1, col+1, d))
	} else {
		s.buf = appendTextDiagnostic(s.buf[:0], name, line+1, col+1, d)
		w.Write(s.buf)
	}
	if opts.maxErrors > 0 && s.errors >= opts.maxErrors {
		s.stopped = true
		s.stopName, s.stopLine, s.stopCol = name, line+1, col+1
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
