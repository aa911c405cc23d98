package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"

	"pgnls/analysis"
	"pgnls/pgn"
)

// outputMode is what a command that rewrites files (fmt, fix) does with
// the result: standard output, or the file itself (-w), or only the name
// (-l) or the diff (-d) when it differs.
type outputMode struct {
	command           string // "fmt" or "fix", for messages
	write, list, diff bool
}

type fmtOptions struct {
	outputMode
	width  int
	utf8   bool
	strict bool           // refuse a file with a game kept as written
	strip  pgn.CommandSet // commands to strip from comments (--strip), nil for none
}

const fmtUsage = "usage: pgnls fmt [-w] [-l] [-d] [--strict] [--width N] [--utf8] [--strip LIST] [PATH...]"

// The exit statuses of fmt and fix beyond 0: -l or -d found a file to
// change (gofmt's and ruff's 1); a usage or I/O error (2); fmt left a game
// as written for a syntax error (3), without --strict, which makes that an
// error of its file.
const (
	statusDiffers = 1
	statusError   = 2
	statusKept    = 3
)

// runFmt is "pgnls fmt": it writes files in PGN export format, like gofmt.
func runFmt(args []string, stdin io.Reader, stdout, stderrW io.Writer) int {
	stderr := bufio.NewWriter(stderrW) // a line per game kept: a database can have thousands
	defer stderr.Flush()
	opts := fmtOptions{outputMode: outputMode{command: "fmt"}}
	flags := newFlagSet("fmt", fmtUsage, stderr)
	opts.outputFlags(flags, "changes", "whose formatting differs, or that have a game left as written")
	flags.BoolVar(&opts.strict, "strict", false, "refuse a file that has a game with a syntax error: leave it as it is, and print nothing of it")
	flags.IntVar(&opts.width, "width", pgn.DefaultWidth, "the most characters a movetext line may hold")
	flags.BoolVar(&opts.utf8, "utf8", false, "write a Latin-1 file back as UTF-8")
	flags.Func("strip", "strip commands from comments: a comma-separated `list` of names (clk, eval, ...) and groups (clocks, evals, arrows, all)", opts.parseStrip)
	paths, err := parseArgs(flags, args)
	if err != nil {
		return statusError
	}
	if opts.width < 1 {
		fmt.Fprintf(stderr, "pgnls: --width %d: a line holds at least 1 character\n", opts.width)
		return statusError
	}
	sources, failed := readSources(paths, stderr)
	out := bufio.NewWriterSize(stdout, 64<<10) // the formatted text is as large as the input: fewer, larger writes
	defer out.Flush()
	changed, kept := false, false
	for _, src := range sources {
		diff, n, err := formatSource(src, stdin, out, stderr, opts)
		if err != nil {
			fmt.Fprintf(stderr, "pgnls: %v\n", err)
			failed = true
		}
		changed = changed || diff
		kept = kept || n > 0
	}
	switch {
	case failed:
		return statusError
	case kept:
		return statusKept
	case changed && (opts.list || opts.diff):
		return statusDiffers
	}
	return 0
}

// formatSource formats one file as transformSource does with what the
// options say, and tells on stderr of each game it left as written,
// which -l lists the file for. With --strict, such a game makes the file
// an error: it is not rewritten, and nothing of it is printed (its output
// waits in a spool until the file is known to have none). It returns
// whether the result differs and how many games were left as written.
func formatSource(src source, stdin io.Reader, out, stderr io.Writer, opts fmtOptions) (changed bool, kept int, err error) {
	if opts.strict {
		sp := &spool{}
		defer sp.body.close()
		to := out
		out = sp
		defer func() {
			if err == nil {
				err = sp.body.writeTo(to)
			}
		}()
	}
	tell := func(k keptGame) {
		kept++
		fmt.Fprintf(stderr, "%s:%d:%d: game %d left as written: %s\n", src.name, k.line, k.col, k.game, k.reason)
	}
	format := func(in io.Reader, w io.Writer, diff *diffWriter) (bool, error) {
		changed, err := formatStream(in, w, opts, diff, tell)
		if err == nil && opts.strict && kept > 0 {
			err = fmt.Errorf("not formatted (--strict): %d %s left as written", kept, plural(kept, "game would be", "games would be"))
		}
		return changed, err
	}
	changed, err = transformSource(src, stdin, out, opts.outputMode, format, func() bool { return kept > 0 })
	return changed, kept, err
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// A transform streams a file's text from in to w, rewritten (formatted,
// fixed), giving diff, when set, each piece before and after, and reports
// whether the text changed.
type transform func(in io.Reader, w io.Writer, diff *diffWriter) (changed bool, err error)

// transformSource runs t on one file and does with the result what mode
// says: standard output, or with -w the file itself; -l lists it and -d
// prints its diff when the result differs from the file (or, for -l, when
// alsoList says so once t is done). All of them stream the file piece by
// piece, and so take bounded memory on a file of any size. It reports
// whether the result differs.
func transformSource(src source, stdin io.Reader, out io.Writer, mode outputMode, t transform, alsoList func() bool) (changed bool, err error) {
	listed := false
	list := func() {
		if mode.list && !listed {
			listed = true
			fmt.Fprintln(out, src.name)
		}
	}
	var diff *diffWriter
	if mode.diff {
		// The name is listed before the diff, as gofmt -l -d does: at the
		// first hunk, which is when the file is known to differ.
		diff = newDiffWriter(out, src.name+".orig", src.name, list)
		defer func() {
			if derr := diff.finish(); err == nil && derr != nil {
				err = fmt.Errorf("%s: %v", src.name, derr)
			}
		}()
	}
	if mode.write {
		changed, err = rewriteSource(src, mode, diff, t)
	} else {
		changed, err = printSource(src, stdin, out, mode, diff, t)
	}
	if changed || err == nil && alsoList != nil && alsoList() {
		list()
	}
	return changed, err
}

// printSource transforms a file to standard output, or with -l or -d only
// to compare it.
func printSource(src source, stdin io.Reader, out io.Writer, mode outputMode, diff *diffWriter, t transform) (bool, error) {
	in, err := src.open(stdin)
	if err != nil {
		return false, readError(src.name, err)
	}
	defer in.Close()
	if mode.list || mode.diff {
		out = io.Discard
	}
	changed, err := t(in, out, diff)
	if err != nil {
		return changed, fmt.Errorf("%s: %v", src.name, err)
	}
	return changed, nil
}

// rewriteSource transforms a file in place (-w). Only a regular file is
// rewritten (a symbolic link is followed): a named pipe or a device has no
// text to replace. The file is left as it was unless the whole of it was
// transformed.
func rewriteSource(src source, mode outputMode, diff *diffWriter, t transform) (bool, error) {
	if src.path == "" {
		return false, errors.New("cannot use -w with standard input")
	}
	path := src.path
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	in, info, err := openRegular(path, &notRegularError{verb: "cannot rewrite", name: src.name, want: "a regular file (" + mode.command + " -w rewrites only regular files)"})
	if err != nil {
		return false, readError(src.name, err)
	}
	defer in.Close()
	changed := false
	err = replaceFile(path, info, func(w io.Writer) (bool, error) {
		var err error
		changed, err = t(in, w, diff)
		return changed, err
	})
	if err != nil {
		return changed, fmt.Errorf("%s: %v", src.name, err)
	}
	return changed, nil
}

// spool holds a file's output until it is known to be wanted: in memory
// up to diffSpill bytes, then in a temporary file.
type spool struct{ body hunkBody }

func (s *spool) Write(p []byte) (int, error) {
	s.body.writeString(string(p))
	if s.body.err != nil {
		return 0, s.body.err
	}
	return len(p), nil
}

// keptGame is a game fmt left as written, where its reason is: 1-based
// line and column (in characters) and game number in the file.
type keptGame struct {
	line, col, game int
	reason          string
}

// keptGames returns the games of a piece that Format keeps as written,
// numbered from 1 in the piece.
func keptGames(piece *pgn.Piece) []keptGame {
	kept := analysis.KeptGames(piece.File)
	if len(kept) == 0 {
		return nil
	}
	games := make([]keptGame, len(kept))
	cursor := pgn.NewTextCursor(piece.File.Src)
	for i, k := range kept {
		line, _, col := cursor.Position(k.Pos)
		games[i] = keptGame{line: piece.Line + line + 1, col: col + 1, game: k.Game + 1, reason: k.Reason}
	}
	return games
}

// keptModeBits are the mode bits a rewritten file keeps: the permissions,
// and setuid, setgid and sticky.
const keptModeBits = fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky

// replaceFile writes a file's new content through fill into a temporary
// file beside it and, when fill reports a change, puts it in the file's
// place; otherwise, or when fill fails, the file is left untouched.
//
// The new file is renamed over the old one, so that a reader never sees
// half a file and a crash leaves the old file or the new one, never a mix;
// it is given the old file's owner, group and mode bits (keptModeBits)
// first. When that cannot be (the file has other names, hard links, that
// a new file would leave with the old text; or its owner or mode cannot
// be given to a file pgnls creates), the new content is written over the
// old one in place instead, as gofmt does (see overwrite).
func replaceFile(path string, info fs.FileInfo, fill func(io.Writer) (changed bool, err error)) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".pgnls-*")
	if err != nil {
		return fmt.Errorf("cannot write the formatted text beside it: %v", err)
	}
	renamed := false
	defer func() {
		if !renamed {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	buf := bufio.NewWriterSize(tmp, 1<<20)
	changed, err := fill(buf)
	if err != nil || !changed {
		return err
	}
	if err := buf.Flush(); err != nil {
		return err
	}
	if err := tmp.Sync(); err != nil {
		return err
	}
	if _, _, links, _ := fileIdentity(info); links > 1 || !takeOwnerAndMode(tmp, info) {
		return overwrite(path, tmp)
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	renamed = true
	return nil
}

// takeOwnerAndMode gives tmp the owner, group and mode bits of the file
// info describes, and reports whether it has them.
func takeOwnerAndMode(tmp *os.File, info fs.FileInfo) bool {
	own, err := tmp.Stat()
	if err != nil {
		return false
	}
	uid, gid, _, ok := fileIdentity(info)
	if tmpUID, tmpGID, _, _ := fileIdentity(own); ok && (uid != tmpUID || gid != tmpGID) {
		if tmp.Chown(uid, gid) != nil {
			return false
		}
	}
	// After the chown, which clears setuid and setgid. The system may
	// drop setgid silently (for a group the user is not in): the result
	// is looked at.
	want := info.Mode() & keptModeBits
	if tmp.Chmod(want) != nil {
		return false
	}
	own, err = tmp.Stat()
	return err == nil && own.Mode()&keptModeBits == want
}

// overwrite writes the content of tmp over the file at path, in place: the
// file keeps its inode, and so its other names (hard links), its owner and
// group, its mode and its extended attributes. As gofmt does, a copy of
// the old content is made beside it first and copied back if the writing
// fails; should that fail too, the error says where the copy is.
func overwrite(path string, tmp *os.File) error {
	backup, err := copyBeside(path)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		os.Remove(backup)
		return err
	}
	if info, err := f.Stat(); err != nil || !info.Mode().IsRegular() {
		f.Close()
		os.Remove(backup)
		return fmt.Errorf("%s is no longer a regular file", path)
	}
	err = copyOver(f, tmp)
	if err != nil {
		old, oerr := os.Open(backup)
		if oerr == nil {
			oerr = copyOver(f, old)
			old.Close()
		}
		if oerr != nil {
			f.Close()
			return fmt.Errorf("%v; writing the old text back failed too (%v): it is in %s", err, oerr, backup)
		}
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	os.Remove(backup)
	return err
}

// copyBeside copies the file at path to a new file beside it, readable by
// its owner only, and returns its name.
func copyBeside(path string) (string, error) {
	in, _, err := openRegular(path, &notRegularError{verb: "cannot rewrite", name: path, want: "a regular file"})
	if err != nil {
		return "", err
	}
	defer in.Close()
	out, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".pgnls-backup-*")
	if err != nil {
		return "", err
	}
	_, err = io.Copy(out, in)
	if err == nil {
		err = out.Sync()
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(out.Name())
		return "", err
	}
	return out.Name(), nil
}

// copyOver makes dst's content that of src, from its start: it copies it,
// truncates dst there and syncs it.
func copyOver(dst, src *os.File) error {
	if _, err := src.Seek(0, io.SeekStart); err != nil {
		return err
	}
	if _, err := dst.Seek(0, io.SeekStart); err != nil {
		return err
	}
	n, err := io.Copy(dst, src)
	if err != nil {
		return err
	}
	if err := dst.Truncate(n); err != nil {
		return err
	}
	return dst.Sync()
}

// formatStream formats a file piece by piece (see streamTransform), so
// that a file larger than memory is formatted with bounded memory, on
// every core, writing to w in the file's own encoding (UTF-8 with --utf8),
// and, when diff is set, giving it each piece before and after. Pieces
// format alone as they do within the whole file, each ending with the
// empty line that ends every game. It reports whether the output differs
// from the input.
//
// Text the reader passes over (a game longer than pgn.DefaultMaxPiece) is
// copied as it is, and reported by the error, once the rest is written.
func formatStream(in io.Reader, w io.Writer, opts fmtOptions, diff *diffWriter, kept func(keptGame)) (bool, error) {
	encode := func(enc pgn.Encoding) pgn.Encoding {
		if opts.utf8 {
			return pgn.UTF8
		}
		return enc
	}
	format := func(piece *pgn.Piece) pieceOutput {
		text := analysis.Format(stripCommands(piece.File, opts.strip), analysis.FormatOptions{Width: opts.width})
		out := pieceOutput{text: text, games: len(piece.File.Games)}
		if kept != nil {
			if games := keptGames(piece); len(games) > 0 {
				out.tell = func(_, gamesBefore int) {
					for _, k := range games {
						k.game += gamesBefore
						kept(k)
					}
				}
			}
		}
		return out
	}
	return streamTransform(in, w, diff, encode, format, "formatted", "formats")
}

// copiedError reports the runs of text that were copied as they are, not
// formatted or fixed (done, does: "formatted", "formats").
func copiedError(runs []unchecked, maxPiece int, done, does string) error {
	var where []string
	for _, u := range runs {
		where = append(where, fmt.Sprintf("lines %d to %d", u.line+1, u.lastLine()+1))
	}
	return fmt.Errorf("%s not %s, but copied as they are: a game, or text with no place between games to cut it, longer than %d MiB (the most pgnls %s at once)", strings.Join(where, ", "), done, maxPiece>>20, does)
}

// writeText writes the text of one piece, formatted or copied, in the
// encoding enc. With diff set, it gives it the piece's text before and
// after as bytes on disk, so that patch applies it: a Latin-1 file's diff
// is in Latin-1. A UTF-16 file's diff is of its text, in UTF-8 (patch
// reads no UTF-16).
func writeText(out io.Writer, diff *diffWriter, piece *pgn.Piece, text string, enc pgn.Encoding) error {
	var data []byte
	switch {
	case enc == pgn.Latin1:
		var ok bool
		if data, ok = encodeLatin1(text); !ok {
			return errors.New("the formatted text has a character Latin-1 cannot encode; use --utf8")
		}
	case enc.IsUTF16():
		data, _ = pgn.AppendUTF16(nil, text, enc) // text decoded from UTF-16 is valid UTF-8
	default:
		data = []byte(text)
	}
	if diff != nil {
		old, new := piece.File.Src, text
		if piece.Encoding == pgn.Latin1 {
			raw, _ := encodeLatin1(old) // decoded from Latin-1, it encodes back
			old = string(raw)
		}
		if !enc.IsUTF16() {
			new = string(data)
		}
		if err := diff.add(old, new); err != nil {
			return err
		}
	}
	_, err := out.Write(data)
	return err
}

// encodeLatin1 encodes text as ISO 8859-1, the standard's character set. It
// reports false, and encodes nothing, when a character has no Latin-1 code:
// the text is then better written as UTF-8 than lost.
func encodeLatin1(text string) ([]byte, bool) {
	out := make([]byte, 0, len(text))
	for _, r := range text {
		if r > 0xFF {
			return nil, false
		}
		out = append(out, byte(r))
	}
	return out, true
}

// unifiedDiff returns the changes from a to b as a unified diff with three
// lines of context, or "" when they are equal.
func unifiedDiff(nameA, nameB, a, b string) string {
	var out strings.Builder
	d := newDiffWriter(&out, nameA, nameB, nil)
	if err := d.add(a, b); err != nil {
		panic(err) // a strings.Builder takes any write, and a and b are whole
	}
	if err := d.finish(); err != nil {
		panic(err)
	}
	return out.String()
}

// diffContext is how many equal lines a hunk shows around its changes.
const diffContext = 3

// maxDiffLine bounds the text a diffWriter holds on each side to compare
// whole lines: a piece, and a line longer than a piece; a test makes it
// small.
var maxDiffLine = 2 * pgn.DefaultMaxPiece

// diffSpill is how much of a hunk a diffWriter holds in memory before it
// moves it to a temporary file; a test makes it small.
var diffSpill = 4 << 20

// A diffWriter writes a unified diff of two texts given as a stream of
// pieces, each of the old text and the new one that replaces it (a piece
// of a file and its formatted text), so that the diff of a file of any
// size takes bounded memory: the pieces are diffed as they come, once the
// text held ends a line on both sides, and a hunk too large for memory
// (a file reformatted from end to end is one hunk) waits for its header in
// a temporary file.
//
// The matching of lines is an anchored diff, after the method of Go's own
// internal/diff: pairs of equal lines anchor the match (see uniqueAnchors),
// and equal lines next to the anchors extend it. It takes O(n log n) time,
// so a database of 100,000 games diffs in moments; the price is that the
// diff is not always minimal.
type diffWriter struct {
	out     io.Writer
	header  string // the file names, written before the first hunk
	onFirst func() // called before the first hunk, when not nil
	started bool   // the header is written

	old, new []byte // the text given and not yet diffed
	a, b     int    // the lines of each side diffed so far

	// The hunk being gathered, when open: its first lines and counts, its
	// lines up to its last change, and the equal lines since.
	open       bool
	hunkA      int
	hunkB      int
	na, nb     int
	body       hunkBody
	lead, tail []diffOp
}

func newDiffWriter(out io.Writer, nameA, nameB string, onFirst func()) *diffWriter {
	return &diffWriter{out: out, header: "--- " + nameA + "\n+++ " + nameB + "\n", onFirst: onFirst}
}

// add gives the writer the next piece of each text. The text held is
// diffed first when it ends a line on both sides and the piece has text on
// both: a piece with text on one side only (white space, which formats to
// nothing) stays with the text before it, whose lines it may match.
func (d *diffWriter) add(old, new string) error {
	if old != "" && new != "" && endsLine(d.old) && endsLine(d.new) {
		if err := d.diffHeld(); err != nil {
			return err
		}
	}
	d.old = append(d.old, old...)
	d.new = append(d.new, new...)
	if len(d.old) > maxDiffLine || len(d.new) > maxDiffLine {
		return fmt.Errorf("-d compares whole lines, and a line here is longer than %d MiB", maxDiffLine>>20)
	}
	return nil
}

// finish diffs what is held and writes the last hunk.
func (d *diffWriter) finish() error {
	err := d.diffHeld()
	if err == nil && d.open {
		err = d.closeHunk(min(len(d.tail), diffContext))
	}
	d.body.close()
	return err
}

func endsLine(b []byte) bool { return len(b) == 0 || b[len(b)-1] == '\n' }

// diffHeld diffs the text held and passes its lines on.
func (d *diffWriter) diffHeld() error {
	if len(d.old) == 0 && len(d.new) == 0 {
		return nil
	}
	x, y := splitLines(string(d.old)), splitLines(string(d.new))
	d.old, d.new = d.old[:0], d.new[:0]
	if slices.Equal(x, y) { // the common case, formatted text: no matching to do
		for i, line := range x {
			if err := d.line(diffOp{' ', d.a + i, d.b + i, line}); err != nil {
				return err
			}
		}
	} else {
		for _, op := range diffLines(x, y) {
			op.a, op.b = op.a+d.a, op.b+d.b
			if err := d.line(op); err != nil {
				return err
			}
		}
	}
	d.a, d.b = d.a+len(x), d.b+len(y)
	return nil
}

// line takes the next line of the diff. A hunk holds the changes that are
// at most 2*diffContext equal lines apart, with diffContext equal lines
// around them.
func (d *diffWriter) line(op diffOp) error {
	if op.kind == ' ' {
		if !d.open {
			d.lead = appendLast(d.lead, op, diffContext)
			return nil
		}
		d.tail = append(d.tail, op)
		if len(d.tail) <= 2*diffContext {
			return nil
		}
		// Too far from the next change: the hunk ends here, and these
		// lines are the context before the next one.
		lead := slices.Clone(d.tail[len(d.tail)-diffContext:])
		err := d.closeHunk(diffContext)
		d.lead = lead
		return err
	}
	if !d.open {
		d.open, d.hunkA, d.hunkB = true, op.a, op.b
		if len(d.lead) > 0 {
			d.hunkA, d.hunkB = d.lead[0].a, d.lead[0].b
		}
		for _, c := range d.lead {
			d.put(c)
		}
		d.lead = d.lead[:0]
	}
	for _, c := range d.tail {
		d.put(c)
	}
	d.tail = d.tail[:0]
	d.put(op)
	return d.body.err
}

// appendLast appends op to ops, keeping the last n.
func appendLast(ops []diffOp, op diffOp, n int) []diffOp {
	if len(ops) == n {
		ops = append(ops[:0], ops[1:]...)
	}
	return append(ops, op)
}

// put adds a line to the hunk.
func (d *diffWriter) put(op diffOp) {
	if op.kind != '+' {
		d.na++
	}
	if op.kind != '-' {
		d.nb++
	}
	d.body.writeString(string(op.kind))
	d.body.writeString(op.text)
	if !strings.HasSuffix(op.text, "\n") {
		d.body.writeString("\n\\ No newline at end of file\n")
	}
}

// closeHunk writes the hunk with the first n equal lines after its last
// change, and starts the next.
func (d *diffWriter) closeHunk(n int) error {
	for _, op := range d.tail[:n] {
		d.put(op)
	}
	if !d.started {
		d.started = true
		if d.onFirst != nil {
			d.onFirst()
		}
		io.WriteString(d.out, d.header)
	}
	_, err := io.WriteString(d.out, "@@ -"+hunkRange(d.hunkA, d.na)+" +"+hunkRange(d.hunkB, d.nb)+" @@\n")
	if err == nil {
		err = d.body.writeTo(d.out)
	}
	d.open, d.na, d.nb, d.tail = false, 0, 0, d.tail[:0]
	return err
}

// A diffOp is a line of a diff: kept (' '), deleted ('-') or inserted ('+'),
// with its 0-based line numbers in a and b (the line it comes before, for
// the side it is not on).
type diffOp struct {
	kind byte
	a, b int
	text string
}

// hunkBody holds the lines of a hunk until its header, which counts them,
// is written: in memory up to diffSpill bytes, then in a temporary file.
type hunkBody struct {
	mem   bytes.Buffer
	file  *os.File
	spill *bufio.Writer // writes to file
	err   error
}

func (h *hunkBody) writeString(s string) {
	if h.err != nil {
		return
	}
	if h.file == nil && h.mem.Len()+len(s) > diffSpill {
		if h.file, h.err = os.CreateTemp("", "pgnls-diff-*"); h.err != nil {
			h.err = fmt.Errorf("a hunk of the diff too large for memory cannot wait in a temporary file: %v", h.err)
			return
		}
		h.spill = bufio.NewWriterSize(h.file, 1<<20)
		_, h.err = h.mem.WriteTo(h.spill)
	}
	if h.file != nil {
		_, h.err = h.spill.WriteString(s)
		return
	}
	h.mem.WriteString(s)
}

// writeTo writes the lines held to w and empties the body.
func (h *hunkBody) writeTo(w io.Writer) error {
	if h.err != nil {
		return h.err
	}
	if h.file == nil {
		_, err := h.mem.WriteTo(w)
		return err
	}
	if err := h.spill.Flush(); err != nil {
		return err
	}
	if _, err := h.file.Seek(0, io.SeekStart); err != nil {
		return err
	}
	if _, err := io.Copy(w, h.file); err != nil {
		return err
	}
	h.close()
	return nil
}

// close removes the temporary file, if any.
func (h *hunkBody) close() {
	if h.file != nil {
		h.file.Close()
		os.Remove(h.file.Name())
		h.file, h.spill = nil, nil
	}
	h.mem.Reset()
}

// hunkRange writes a range as unified diffs do: "start,count" with start
// 1-based, the count left out when it is 1, and an empty range named by the
// line before it.
func hunkRange(start, n int) string {
	switch n {
	case 0:
		return strconv.Itoa(start) + ",0"
	case 1:
		return strconv.Itoa(start + 1)
	}
	return strconv.Itoa(start+1) + "," + strconv.Itoa(n)
}

// splitLines splits text after each "\n"; the last line may lack one.
func splitLines(text string) []string {
	lines := make([]string, 0, strings.Count(text, "\n")+1)
	for text != "" {
		i := strings.IndexByte(text, '\n') + 1
		if i == 0 {
			i = len(text)
		}
		lines = append(lines, text[:i])
		text = text[i:]
	}
	return lines
}

// diffLines returns the lines of a and b as kept, deleted or inserted.
func diffLines(a, b []string) []diffOp {
	ops := make([]diffOp, 0, max(len(a), len(b)))
	i, j := 0, 0
	for _, m := range append(uniqueAnchors(a, b), [2]int{len(a), len(b)}) {
		// Equal lines after the last match, then equal lines before
		// this anchor; what lies between them has changed.
		for i < m[0] && j < m[1] && a[i] == b[j] {
			ops = append(ops, diffOp{' ', i, j, a[i]})
			i, j = i+1, j+1
		}
		ei, ej := m[0], m[1]
		for ei > i && ej > j && a[ei-1] == b[ej-1] {
			ei, ej = ei-1, ej-1
		}
		for ; i < ei; i++ {
			ops = append(ops, diffOp{'-', i, j, a[i]})
		}
		for ; j < ej; j++ {
			ops = append(ops, diffOp{'+', i, j, b[j]})
		}
		for i < m[0] {
			ops = append(ops, diffOp{' ', i, j, a[i]})
			i, j = i+1, j+1
		}
		if m[0] < len(a) {
			ops = append(ops, diffOp{' ', i, j, a[i]})
			i, j = i+1, j+1
		}
	}
	return ops
}

// uniqueAnchors returns pairs (i, j) with a[i] == b[j], in order in both
// texts, to anchor the diff. A line that occurs as often in a as in b is
// paired occurrence by occurrence: the k-th in a with the k-th in b. Lines
// that occur once in each are the classic anchors of patience diff; pairing
// repeated ones too keeps the diff of a database with many repeated lines
// (or a file of the same games over and over) from degenerating into one
// hunk. The longest run of pairs in order in both texts is kept.
func uniqueAnchors(a, b []string) [][2]int {
	type count struct {
		na, nb int
		bs     []int // where the line occurs in b
	}
	counts := make(map[string]*count, len(a))
	for _, l := range a {
		c := counts[l]
		if c == nil {
			c = &count{}
			counts[l] = c
		}
		c.na++
	}
	for j, l := range b {
		if c := counts[l]; c != nil {
			c.nb++
			c.bs = append(c.bs, j)
		}
	}
	var pairs [][2]int
	seen := make(map[string]int, len(counts))
	for i, l := range a {
		if c := counts[l]; c.na == c.nb {
			k := seen[l]
			seen[l] = k + 1
			pairs = append(pairs, [2]int{i, c.bs[k]})
		}
	}
	// The longest subsequence of pairs increasing in j, by patience
	// sorting: tops[k] is the pair ending the best run of length k+1 so
	// far, and prev links each pair to the one before it in its run.
	var tops []int
	prev := make([]int, len(pairs))
	for p, pair := range pairs {
		k := sort.Search(len(tops), func(k int) bool { return pairs[tops[k]][1] > pair[1] })
		prev[p] = -1
		if k > 0 {
			prev[p] = tops[k-1]
		}
		if k == len(tops) {
			tops = append(tops, p)
		} else {
			tops[k] = p
		}
	}
	if len(tops) == 0 {
		return nil
	}
	run := make([][2]int, len(tops))
	for k, p := len(tops)-1, tops[len(tops)-1]; p >= 0; k, p = k-1, prev[p] {
		run[k] = pairs[p]
	}
	return run
}
