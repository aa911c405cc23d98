package analysis

import (
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"pgnls/pgn"
)

// Marker tests: each testdata/check/*.pgn file carries its expected
// diagnostics inline, in ';' comments, in the spirit of gopls's marker tests:
//
//	1. e4 e5 2. Ke3 ; @diag("Ke3", illegal-move, "king")
//
// @diag(TOKEN, CODE[, "message substring"]) expects a diagnostic with that
// code whose range is exactly the first occurrence of TOKEN on the marker's
// line. TOKEN is a Go string literal ("..." or `...`). Every diagnostic the
// checker produces must be claimed by exactly one marker, and every marker
// must claim exactly one diagnostic.
//
// @fix(TOKEN, "TEXT"[, other]) expects a quick fix of a diagnostic whose
// range is exactly TOKEN (found as for @diag) that, applied alone, writes
// TEXT in place of TOKEN: the preferred fix, or with "other" a fix that is
// not preferred.

var markerDir = flag.String("markers", "../testdata/check", "folder of marker test files")

var fixRE = regexp.MustCompile("@fix\\((\"(?:[^\"\\\\]|\\\\.)*\"|`[^`]*`),\\s*(\"(?:[^\"\\\\]|\\\\.)*\")(?:,\\s*(other))?\\)")

var markerRE = regexp.MustCompile("@diag\\((\"(?:[^\"\\\\]|\\\\.)*\"|`[^`]*`),\\s*([a-z-]+)(?:,\\s*(\"(?:[^\"\\\\]|\\\\.)*\"))?\\)")

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
	file.Tokens(func(tok pgn.Token) {
		if tok.Kind != pgn.LineComment {
			return
		}
		text := src[tok.Pos:tok.End]
		line := file.Lines.Line(tok.Pos)
		lineStart := file.Lines.LineStart(line)
		for _, sub := range fixRE.FindAllStringSubmatch(text, -1) {
			token, want, preferred := unquote(t, sub[1]), unquote(t, sub[2]), sub[3] == ""
			i := strings.Index(src[lineStart:tok.Pos], token)
			if i < 0 {
				t.Fatalf("line %d: fix marker token %q is not on its line", line+1, token)
			}
			pos := lineStart + pgn.Pos(i)
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
				t.Errorf("%d: no %s fix on %q that writes %q; fixes there: %v", line+1, map[bool]string{true: "preferred", false: "other"}[preferred], token, want, got)
			}
		}
		if strings.Contains(text, "@fix") && !fixRE.MatchString(text) {
			t.Fatalf("line %d: malformed fix marker %q", line+1, text)
		}
	})
}

// parseMarkers finds the @diag notes in the ';' comments of a file and
// locates each one's token on its line.
func parseMarkers(t reporter, file *pgn.File) []*marker {
	var markers []*marker
	file.Tokens(func(tok pgn.Token) {
		if tok.Kind != pgn.LineComment {
			return
		}
		text := file.Src[tok.Pos:tok.End]
		line := file.Lines.Line(tok.Pos)
		lineText := file.Src[file.Lines.LineStart(line):tok.Pos]
		for _, sub := range markerRE.FindAllStringSubmatch(text, -1) {
			m := &marker{line: line, token: unquote(t, sub[1]), code: Code(sub[2])}
			if sub[3] != "" {
				m.contains = unquote(t, sub[3])
			}
			if !knownCode(m.code) {
				t.Fatalf("line %d: unknown code %q", line+1, m.code)
			}
			i := strings.Index(lineText, m.token)
			if i < 0 {
				t.Fatalf("line %d: marker token %q is not on its line", line+1, m.token)
			}
			m.pos = file.Lines.LineStart(line) + pgn.Pos(i)
			m.end = m.pos + pgn.Pos(len(m.token))
			markers = append(markers, m)
		}
		if strings.Contains(text, "@diag") && !markerRE.MatchString(text) {
			t.Fatalf("line %d: malformed marker %q", line+1, text)
		}
	})
	return markers
}

func knownCode(c Code) bool {
	for _, info := range Codes {
		if info.Code == c {
			return true
		}
	}
	return false
}

func unquote(t reporter, lit string) string {
	s, err := strconv.Unquote(lit)
	if err != nil {
		t.Fatalf("bad string literal %s: %v", lit, err)
	}
	return s
}

// TestMarkerHarnessCatchesMistakes proves the harness fails when a
// diagnostic is unclaimed or a marker is unmatched.
func TestMarkerHarnessCatchesMistakes(t *testing.T) {
	cases := map[string]string{
		"unclaimed diagnostic": "[Event \"?\"]\n\n1. e4 e5 2. Ke3 *\n",
		"unmatched marker":     "1. e4 e5 *\n; @diag(\"e5\", illegal-move)\n",
		"wrong fix":            "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e2e4 * ; @diag(\"e2e4\", long-algebraic) @fix(\"e2e4\", \"e3\")\n",
		"fix not preferred":    "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n\n1. e2e4 * ; @diag(\"e2e4\", long-algebraic) @fix(\"e2e4\", \"e4\", other)\n",
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
