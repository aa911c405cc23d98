package analysis

import (
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"pgnls/pgn"
	"pgnls/pgn/pgntest"
)

// Marker tests: each testdata/check/*.pgn file carries its expected
// diagnostics inline, in ';' comments, in the spirit of gopls's marker tests:
//
//	1. e4 e5 2. Ke3 ; @diag("Ke3", illegal-move, "king")
//
// @diag(TOKEN, CODE[, "message substring"]) expects a diagnostic with that
// code whose range is exactly the first occurrence of TOKEN on the marker's
// line. TOKEN is a Go string literal ("..." or `...`); the notes are read by
// pgntest.Notes, as the language server's marker tests read theirs. Every diagnostic the
// checker produces must be claimed by exactly one marker, and every marker
// must claim exactly one diagnostic.
//
// @fix(TOKEN, "TEXT"[, other]) expects a quick fix of a diagnostic whose
// range is exactly TOKEN (found as for @diag) that, applied alone, writes
// TEXT in place of TOKEN: the preferred fix, or with "other" a fix that is
// not preferred.

var markerDir = flag.String("markers", "../testdata/check", "folder of marker test files")

type marker struct {
	line     int // 0-based
	token    string
	code     Code
	contains string
	pos, end pgn.Pos
	used     bool
}

func TestMarkers(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(*markerDir, "*.pgn"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no marker files in %s: %v", *markerDir, err)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			checkMarkers(t, string(data))
		})
	}
}

// reporter is the part of *testing.T the harness uses, so that the harness
// can be tested against a fake.
type reporter interface {
	Helper()
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
	Logf(format string, args ...any)
	Failed() bool
}

func checkMarkers(t reporter, src string) {
	t.Helper()
	file := pgn.Parse(src)
	markers := parseMarkers(t, file)
	diags := CheckFile(file)
	for _, d := range diags {
		var claimed *marker
		for _, m := range markers {
			if !m.used && m.pos == d.Pos && m.end == d.End && m.code == d.Code && strings.Contains(d.Message, m.contains) {
				claimed = m
				break
			}
		}
		line, col := file.Lines.CharPosition(d.Pos)
		if claimed == nil {
			t.Errorf("%d:%d: unexpected diagnostic %q [%s] on %q", line+1, col+1, d.Message, d.Code, src[d.Pos:d.End])
			continue
		}
		claimed.used = true
	}
	for _, m := range markers {
		if !m.used {
			t.Errorf("%d: no diagnostic %s on %q (containing %q)", m.line+1, m.code, m.token, m.contains)
		}
	}
	if t.Failed() {
		for _, d := range diags {
			line, col := file.Lines.CharPosition(d.Pos)
			t.Logf("got %d:%d %q %s: %s", line+1, col+1, src[d.Pos:d.End], d.Code, d.Message)
		}
	}
	checkFixMarkers(t, file)
}

// checkFixMarkers checks the @fix notes of a file.
func checkFixMarkers(t reporter, file *pgn.File) {
	t.Helper()
	src := file.Src
	notes, _ := pgntest.Notes(src, lineComments(file)) // parseMarkers reported the errors
	for _, n := range notes {
		if n.Name != "fix" {
			continue
		}
		if len(n.Args) < 2 || len(n.Args) > 3 || len(n.Args) == 3 && n.Args[2] != "other" {
			t.Fatalf("%s: want @fix(TOKEN, \"TEXT\"[, other])", n)
		}
		token, want, preferred := n.Args[0], n.Args[1], len(n.Args) == 2
		i := strings.Index(src[n.LineStart:n.CommentPos], token)
		if i < 0 {
			t.Fatalf("line %d: fix marker token %q is not on its line", n.Line+1, token)
		}
		pos := pgn.Pos(n.LineStart + i)
		end := pos + pgn.Pos(len(token))
		wantSrc := src[:pos] + want + src[end:]
		var got []string
		found := false
		for _, a := range Actions(file, pos, end, ActionOptions{}) {
			if a.Kind != KindQuickFix || a.Diagnostic == nil || a.Diagnostic.Pos != pos || a.Diagnostic.End != end {
				continue
			}
			if fixed, _ := applyEditsInOrder(src, a.Edits); fixed == wantSrc && a.Preferred == preferred {
				found = true
			}
			got = append(got, strconv.Quote(a.Title)+" preferred="+strconv.FormatBool(a.Preferred))
		}
		if !found {
			kind := "a preferred"
			if !preferred {
				kind = "a non-preferred"
			}
			t.Errorf("%d: no %s fix on %q that writes %q; fixes there: %v", n.Line+1, kind, token, want, got)
		}
	}
}

// parseMarkers finds the @diag notes in the ';' comments of a file and
// locates each one's token on its line.
func parseMarkers(t reporter, file *pgn.File) []*marker {
	notes, errs := pgntest.Notes(file.Src, lineComments(file))
	for _, err := range errs {
		t.Fatalf("malformed marker: %v", err)
	}
	var markers []*marker
	for _, n := range notes {
		if n.Name != "diag" {
			continue
		}
		if len(n.Args) < 2 || len(n.Args) > 3 {
			t.Fatalf("%s: want @diag(TOKEN, CODE[, \"message substring\"])", n)
		}
		m := &marker{line: n.Line, token: n.Args[0], code: Code(n.Args[1])}
		if len(n.Args) == 3 {
			m.contains = n.Args[2]
		}
		if !knownCode(m.code) {
			t.Fatalf("line %d: unknown code %q", n.Line+1, m.code)
		}
		i := strings.Index(file.Src[n.LineStart:n.CommentPos], m.token)
		if i < 0 {
			t.Fatalf("line %d: marker token %q is not on its line", n.Line+1, m.token)
		}
		m.pos = pgn.Pos(n.LineStart + i)
		m.end = m.pos + pgn.Pos(len(m.token))
		markers = append(markers, m)
	}
	return markers
}

// lineComments returns the ';' comments of a file, where the notes are.
func lineComments(file *pgn.File) []pgntest.Comment {
	var comments []pgntest.Comment
	file.Tokens(func(tok pgn.Token) {
		if tok.Kind == pgn.LineComment {
			line := file.Lines.Line(tok.Pos)
			comments = append(comments, pgntest.Comment{Pos: int(tok.Pos), End: int(tok.End), Line: line, LineStart: int(file.Lines.LineStart(line))})
		}
	})
	return comments
}

func knownCode(c Code) bool {
	for _, info := range Codes() {
		if info.Code == c {
			return true
		}
	}
	return false
}

// TestMarkerHarnessCatchesMistakes proves the harness fails when a
// diagnostic is unclaimed or a marker is unmatched.
func TestMarkerHarnessCatchesMistakes(t *testing.T) {
	cases := map[string]string{
		"unclaimed diagnostic": "[Event \"?\"]\n\n1. e4 e5 2. Ke3 *\n",
		"unmatched marker":     "1. e4 e5 *\n; @diag(\"e5\", illegal-move)\n",
		"wrong fix":            str + "1. e2e4 * ; @diag(\"e2e4\", long-algebraic) @fix(\"e2e4\", \"e3\")\n",
		"fix not preferred":    str + "1. e2e4 * ; @diag(\"e2e4\", long-algebraic) @fix(\"e2e4\", \"e4\", other)\n",
	}
	for name, src := range cases {
		ft := &fakeT{}
		func() {
			defer func() { recover() }()
			checkMarkers(ft, src)
		}()
		if !ft.failed {
			t.Errorf("%s: the harness did not fail", name)
		}
	}
}

// fakeT records failures in place of a *testing.T.
type fakeT struct{ failed bool }

func (f *fakeT) Helper()               {}
func (f *fakeT) Errorf(string, ...any) { f.failed = true }
func (f *fakeT) Fatalf(string, ...any) { f.failed = true; panic("fatal") }
func (f *fakeT) Logf(string, ...any)   {}
func (f *fakeT) Failed() bool          { return f.failed }
