package main

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"pgnls/analysis"
	"pgnls/pgn"
)

type fmtOptions struct {
	write, list, diff bool
	width             int
	utf8              bool
}

const fmtUsage = "usage: pgnls fmt [-w] [-l] [-d] [--width N] [--utf8] [PATH...]"

// runFmt is "pgnls fmt": it writes files in PGN export format, like gofmt.
// Exit status: 0, 1 when -l or -d found a file to change, 2 on any error.
func runFmt(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var opts fmtOptions
	flags := flag.NewFlagSet("fmt", flag.ContinueOnError)
	flags.SetOutput(stderr)
	flags.BoolVar(&opts.write, "w", false, "write the result to the file instead of standard output")
	flags.BoolVar(&opts.list, "l", false, "list the files whose formatting differs")
	flags.BoolVar(&opts.diff, "d", false, "print a unified diff of the changes instead of the result")
	flags.IntVar(&opts.width, "width", pgn.DefaultWidth, "the most characters a movetext line may hold")
	flags.BoolVar(&opts.utf8, "utf8", false, "write a Latin-1 file back as UTF-8")
	flags.Usage = func() {
		fmt.Fprintln(stderr, fmtUsage)
		flags.PrintDefaults()
	}
	if err := flags.Parse(args); err != nil {
		return 2
	}
	if opts.width < 1 {
		fmt.Fprintf(stderr, "pgnls: --width %d: a line holds at least 1 character\n", opts.width)
		return 2
	}
	paths := flags.Args()
	if len(paths) == 0 {
		paths = []string{"-"}
	}
	sources, errs := expandPaths(paths)
	status := 0
	for _, err := range errs {
		fmt.Fprintf(stderr, "pgnls: %v\n", err)
		status = 2
	}
	out := bufio.NewWriterSize(stdout, 64<<10) // the formatted text is as large as the input: fewer, larger writes
	defer out.Flush()
	changed := false
	for _, src := range sources {
		diff, err := formatSource(src, stdin, out, opts)
		if err != nil {
			fmt.Fprintf(stderr, "pgnls: %v\n", err)
			status = 2
		}
		changed = changed || diff
	}
	if status == 0 && changed && (opts.list || opts.diff) {
		status = 1
	}
	return status
}

// formatSourceStream formats a file to standard output or, with -w, in
// place, as a stream.
func formatSourceStream(src source, stdin io.Reader, out io.Writer, opts fmtOptions) (bool, error) {
	in, err := src.open(stdin)
	if err != nil {
		return false, fmt.Errorf("cannot read %s: %v", src.name, err)
	}
	defer in.Close()
	var changed bool
	if opts.write {
		err = replaceFile(src.path, func(w io.Writer) (bool, error) {
			changed, err = formatStream(in, w, opts)
			return changed, err
		})
	} else {
		changed, err = formatStream(in, out, opts)
	}
	if err != nil {
		return changed, fmt.Errorf("%s: %v", src.name, err)
	}
	return changed, nil
}

// formatSource formats one file and does with the result what the options
// say. It reports whether the formatting differs from the file.
func formatSource(src source, stdin io.Reader, out io.Writer, opts fmtOptions) (bool, error) {
	if opts.write && src.path == "" {
		return false, errors.New("cannot use -w with standard input")
	}
	if !opts.list && !opts.diff {
		return formatSourceStream(src, stdin, out, opts)
	}
	data, err := src.read(stdin)
	if err != nil {
		return false, fmt.Errorf("cannot read %s: %v", src.name, err)
	}
	text, latin1 := decodeText(data)
	formatted := analysis.Format(pgn.Parse(text), analysis.FormatOptions{Width: opts.width})
	result := []byte(formatted)
	if latin1 && !opts.utf8 {
		if enc, ok := encodeLatin1(formatted); ok {
			result = enc
		}
	}
	changed := !bytes.Equal(data, result)
	if opts.list && changed {
		fmt.Fprintln(out, src.name)
	}
	if opts.diff && changed {
		// The diff is of the bytes on disk, so that patch can apply it.
		io.WriteString(out, unifiedDiff(src.name+".orig", src.name, string(data), string(result)))
	}
	if opts.write && changed {
		if err := writeFileAtomic(src.path, result); err != nil {
			return changed, err
		}
	}
	if !opts.write && !opts.list && !opts.diff {
		out.Write(result)
	}
	return changed, nil
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

// writeFileAtomic replaces the file at path with data: it writes a
// temporary file in the same directory, gives it the old file's permissions
// and renames it over the old one, so that a reader never sees half a file
// and a failure leaves the old file as it was. A symbolic link is followed:
// the file it points to is replaced, and the link stays.
func writeFileAtomic(path string, data []byte) error {
	return replaceFile(path, func(w io.Writer) (bool, error) {
		_, err := w.Write(data)
		return true, err
	})
}

// replaceFile writes a file's new content through fill into a temporary
// file beside it, and renames that over the file (keeping its permission
// bits) when fill reports a change; otherwise the file is left untouched.
func replaceFile(path string, fill func(io.Writer) (changed bool, err error)) (err error) {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	info, err := os.Stat(path)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".pgnls-*")
	if err != nil {
		return err
	}
	changed := false
	defer func() {
		if err != nil || !changed {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	buf := bufio.NewWriterSize(tmp, 1<<20)
	if changed, err = fill(buf); err != nil || !changed {
		return err
	}
	if err = buf.Flush(); err != nil {
		return err
	}
	if err = tmp.Chmod(info.Mode().Perm()); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

// formatStream formats a file piece by piece (see pgn.Reader), so that a
// file larger than memory is formatted with bounded memory, writing to w.
// Pieces format alone as they do within the whole file, except that the
// whole file's empty line between them becomes the newline that ends a
// piece's output and the one added here. It reports whether the output
// differs from the input.
func formatStream(in io.Reader, w io.Writer, opts fmtOptions) (bool, error) {
	inHash, outHash := sha256.New(), sha256.New()
	r := pgn.NewReader(io.TeeReader(in, inHash))
	if fmtBlockSize > 0 {
		r.BlockSize = fmtBlockSize
	}
	out := io.MultiWriter(w, outHash)
	endsLine := false
	for {
		piece, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return false, err
		}
		text := analysis.Format(piece.File, analysis.FormatOptions{Width: opts.width})
		err = writeFormatted(out, text, piece.Encoding == pgn.Latin1 && !opts.utf8, &endsLine)
		// The text is written: the piece's memory can take the next piece
		// (the text may share it).
		piece.Release()
		if err != nil {
			return false, err
		}
	}
	return !bytes.Equal(inHash.Sum(nil), outHash.Sum(nil)), nil
}

// writeFormatted writes the formatted text of one piece, after the newline
// that separates it from the piece before (endsLine says whether that one
// ended a line, and is updated), encoded as Latin-1 when asked.
func writeFormatted(out io.Writer, text string, latin1 bool, endsLine *bool) error {
	if text == "" {
		return nil
	}
	if *endsLine {
		io.WriteString(out, "\n")
	}
	data := []byte(text)
	if latin1 {
		enc, ok := encodeLatin1(text)
		if !ok {
			return errors.New("the formatted text has a character Latin-1 cannot encode; use --utf8")
		}
		data = enc
	}
	if _, err := out.Write(data); err != nil {
		return err
	}
	*endsLine = strings.HasSuffix(text, "\n")
	return nil
}

// fmtBlockSize, when set by a test, is the streaming reader's block size.
var fmtBlockSize int

// unifiedDiff returns the changes from a to b as a unified diff with three
// lines of context, or "" when they are equal.
//
// The matching of lines is an anchored diff, after the method of Go's own
// internal/diff: pairs of equal lines anchor the match (see uniqueAnchors),
// and equal lines next to the anchors extend it. It takes O(n log n) time,
// so a database of 100,000 games diffs in moments; the price is that the
// diff is not always minimal.
func unifiedDiff(nameA, nameB, a, b string) string {
	if a == b {
		return ""
	}
	x, y := splitLines(a), splitLines(b)
	ops := diffLines(x, y)
	var out strings.Builder
	out.WriteString("--- " + nameA + "\n+++ " + nameB + "\n")
	const context = 3
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		// A hunk: the changes from here on that are less than 2*context
		// equal lines apart, with context lines around them.
		start := max(i-context, 0)
		end := i
		for j := i; j < len(ops); j++ {
			if ops[j].kind != ' ' {
				end = j + 1
			} else if j-end >= 2*context {
				break
			}
		}
		end = min(end+context, len(ops))
		writeHunk(&out, ops[start:end])
		i = end
	}
	return out.String()
}

// A diffOp is a line of a diff: kept (' '), deleted ('-') or inserted ('+'),
// with its 0-based line numbers in a and b (the line it comes before, for
// the side it is not on).
type diffOp struct {
	kind byte
	a, b int
	text string
}

func writeHunk(out *strings.Builder, ops []diffOp) {
	na, nb := 0, 0
	for _, op := range ops {
		if op.kind != '+' {
			na++
		}
		if op.kind != '-' {
			nb++
		}
	}
	out.WriteString("@@ -" + hunkRange(ops[0].a, na) + " +" + hunkRange(ops[0].b, nb) + " @@\n")
	for _, op := range ops {
		out.WriteByte(op.kind)
		out.WriteString(op.text)
		if !strings.HasSuffix(op.text, "\n") {
			out.WriteString("\n\\ No newline at end of file\n")
		}
	}
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
