package pgn

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// tok is a token as the scanner tests write it: its kind and its text.
type tok struct {
	kind Kind
	text string
}

func (t tok) String() string { return fmt.Sprintf("%v %q", t.kind, t.text) }

// scanErr is an error the scanner reports: its byte span and a part of its
// message.
type scanErr struct {
	pos, end Pos
	msg      string
}

// scanAll scans src to the end and returns its tokens (without the final
// EOF) and errors. It checks what must hold for every input: the tokens are
// not empty and follow one another, the bytes between them are whitespace,
// tokens plus gaps are the input, the text ends with one EOF token at
// len(src), and ErrorCount counts the errors reported.
func scanAll(t *testing.T, src string) ([]tok, []scanErr) {
	t.Helper()
	var errs []scanErr
	var s Scanner
	s.Init(src, func(pos, end Pos, msg string) {
		errs = append(errs, scanErr{pos, end, msg})
	})
	var toks []tok
	var rebuilt strings.Builder
	prev := 0
	for i := 0; ; i++ {
		if i > len(src)+1 {
			t.Fatalf("scanner makes no progress at offset %d", prev)
		}
		tk := s.Scan()
		if int(tk.Pos) < prev || tk.End < tk.Pos || int(tk.End) > len(src) {
			t.Fatalf("token %v has span [%d,%d) after offset %d in a text of %d bytes", tk.Kind, tk.Pos, tk.End, prev, len(src))
		}
		gap := src[prev:tk.Pos]
		if !isWhitespace(gap) {
			t.Fatalf("gap %q before token %v at %d is not whitespace", gap, tk.Kind, tk.Pos)
		}
		rebuilt.WriteString(gap)
		rebuilt.WriteString(tk.Text(src))
		prev = int(tk.End)
		if tk.Kind == EOF {
			if int(tk.Pos) != len(src) || tk.End != tk.Pos {
				t.Fatalf("EOF token at [%d,%d), want [%d,%d)", tk.Pos, tk.End, len(src), len(src))
			}
			if again := s.Scan(); again != tk {
				t.Fatalf("Scan after EOF = %v, want %v again", again, tk)
			}
			break
		}
		if tk.End == tk.Pos {
			t.Fatalf("empty %v token at %d", tk.Kind, tk.Pos)
		}
		toks = append(toks, tok{tk.Kind, tk.Text(src)})
	}
	if rebuilt.String() != src {
		t.Fatalf("tokens and gaps give %q, want the input %q", rebuilt.String(), src)
	}
	if s.ErrorCount != len(errs) {
		t.Fatalf("ErrorCount = %d, the handler saw %d errors", s.ErrorCount, len(errs))
	}
	for _, e := range errs {
		if e.pos < 0 || e.end < e.pos || int(e.end) > len(src) {
			t.Fatalf("error %q has span [%d,%d) outside the text", e.msg, e.pos, e.end)
		}
	}
	return toks, errs
}

func TestScan(t *testing.T) {
	const bomText = "\uFEFF"
	tests := []struct {
		name string
		src  string
		toks []tok
		errs []scanErr
	}{
		{
			name: "empty",
			src:  "",
		},
		{
			name: "whitespace only",
			src:  " \t\r\n\v\f ",
		},
		{
			name: "tag pair",
			src:  `[Event "F/S Return Match"]`,
			toks: []tok{{LBracket, "["}, {Symbol, "Event"}, {String, `"F/S Return Match"`}, {RBracket, "]"}},
		},
		{
			name: "tag pair without spaces",
			src:  `[Date"1992.11.04"]`,
			toks: []tok{{LBracket, "["}, {Symbol, "Date"}, {String, `"1992.11.04"`}, {RBracket, "]"}},
		},
		{
			name: "string with escapes",
			src:  `"say \"hi\" \\ there" "\\" "a\b"`,
			toks: []tok{{String, `"say \"hi\" \\ there"`}, {String, `"\\"`}, {String, `"a\b"`}},
		},
		{
			name: "escaped quote does not end the string",
			src:  `"\"" x`,
			toks: []tok{{String, `"\""`}, {Symbol, "x"}},
		},
		{
			name: "unterminated string at the end of the line",
			src:  "[White \"Kasparov\n[Black \"Karpov\"]",
			toks: []tok{{LBracket, "["}, {Symbol, "White"}, {String, `"Kasparov`}, {LBracket, "["}, {Symbol, "Black"}, {String, `"Karpov"`}, {RBracket, "]"}},
			errs: []scanErr{{7, 16, "string not terminated: missing '\"' before the end of the line"}},
		},
		{
			name: "unterminated string at a lone CR",
			src:  "\"abc\rdef",
			toks: []tok{{String, `"abc`}, {Symbol, "def"}},
			errs: []scanErr{{0, 4, "before the end of the line"}},
		},
		{
			name: "unterminated string at the end of the file",
			src:  `"abc\"`,
			toks: []tok{{String, `"abc\"`}},
			errs: []scanErr{{0, 6, "string not terminated: missing '\"' before the end of the file"}},
		},
		{
			name: "symbols",
			src:  "Event White_Elo a1 Nbd7 exd8=Q+ O-O-O# Qh4+ e8=N fxg1=Q# Rad1 R1a3 Ke2:",
			toks: []tok{{Symbol, "Event"}, {Symbol, "White_Elo"}, {Symbol, "a1"}, {Symbol, "Nbd7"}, {Symbol, "exd8=Q+"}, {Symbol, "O-O-O#"}, {Symbol, "Qh4+"}, {Symbol, "e8=N"}, {Symbol, "fxg1=Q#"}, {Symbol, "Rad1"}, {Symbol, "R1a3"}, {Symbol, "Ke2:"}},
		},
		{
			name: "castling with zeros is a symbol",
			src:  "0-0 0-0-0 0-0+",
			toks: []tok{{Symbol, "0-0"}, {Symbol, "0-0-0"}, {Symbol, "0-0+"}},
		},
		{
			name: "move numbers",
			src:  "12. 12... 12. ... 12 1.e4 3...Nc6",
			toks: []tok{{Number, "12."}, {Number, "12..."}, {Number, "12."}, {Dots, "..."}, {Number, "12"}, {Number, "1."}, {Symbol, "e4"}, {Number, "3..."}, {Symbol, "Nc6"}},
		},
		{
			name: "periods alone",
			src:  ". .. ....",
			toks: []tok{{Dots, "."}, {Dots, ".."}, {Dots, "...."}},
		},
		{
			name: "suffixes attached and spaced",
			src:  "e4!? e4 !? Nf3?? ?? d4! d5? Bb5!! Ba4?!",
			toks: []tok{{Symbol, "e4"}, {Suffix, "!?"}, {Symbol, "e4"}, {Suffix, "!?"}, {Symbol, "Nf3"}, {Suffix, "??"}, {Suffix, "??"}, {Symbol, "d4"}, {Suffix, "!"}, {Symbol, "d5"}, {Suffix, "?"}, {Symbol, "Bb5"}, {Suffix, "!!"}, {Symbol, "Ba4"}, {Suffix, "?!"}},
		},
		{
			name: "NAGs",
			src:  "$1 $14 $255 e4$2$3",
			toks: []tok{{NAG, "$1"}, {NAG, "$14"}, {NAG, "$255"}, {Symbol, "e4"}, {NAG, "$2"}, {NAG, "$3"}},
		},
		{
			name: "dollar without digits",
			src:  "e4 $ e5 $x",
			toks: []tok{{Symbol, "e4"}, {Illegal, "$"}, {Symbol, "e5"}, {Illegal, "$"}, {Symbol, "x"}},
			errs: []scanErr{{3, 4, "'$' must be followed by a number"}, {8, 9, "'$' must be followed by a number"}},
		},
		{
			name: "brace comment over lines",
			src:  "e4 {a comment\nover two lines} e5",
			toks: []tok{{Symbol, "e4"}, {BraceComment, "{a comment\nover two lines}"}, {Symbol, "e5"}},
		},
		{
			name: "brace comment holds what would be tokens",
			src:  `{ ; ( ) " [ % $ < } x`,
			toks: []tok{{BraceComment, `{ ; ( ) " [ % $ < }`}, {Symbol, "x"}},
		},
		{
			name: "brace comments back to back",
			src:  "{a}{b}e4{c}",
			toks: []tok{{BraceComment, "{a}"}, {BraceComment, "{b}"}, {Symbol, "e4"}, {BraceComment, "{c}"}},
		},
		{
			name: "rest-of-line comment",
			src:  "e4 ; comment { not a brace\ne5 ;\r\nNf3 ;last",
			toks: []tok{{Symbol, "e4"}, {LineComment, "; comment { not a brace"}, {Symbol, "e5"}, {LineComment, ";"}, {Symbol, "Nf3"}, {LineComment, ";last"}},
		},
		{
			name: "escape lines only in column 1",
			src:  "%first line\ne4 %not an escape\n%second\n %indented",
			toks: []tok{{EscapeLine, "%first line"}, {Symbol, "e4"}, {Illegal, "%"}, {Symbol, "not"}, {Symbol, "an"}, {Symbol, "escape"}, {EscapeLine, "%second"}, {Illegal, "%"}, {Symbol, "indented"}},
			errs: []scanErr{{15, 16, `unexpected text "%"`}, {39, 40, `unexpected text "%"`}},
		},
		{
			name: "escape line after CRLF and after a lone CR",
			src:  "e4\r\n%after CRLF\r\n%again\r%after CR\r",
			toks: []tok{{Symbol, "e4"}, {EscapeLine, "%after CRLF"}, {EscapeLine, "%again"}, {EscapeLine, "%after CR"}},
		},
		{
			name: "escape line right after a BOM",
			src:  bomText + "%escape\n1. e4",
			toks: []tok{{BOM, bomText}, {EscapeLine, "%escape"}, {Number, "1."}, {Symbol, "e4"}},
		},
		{
			name: "BOM anywhere but the start is illegal",
			src:  "e4 " + bomText + "%x",
			toks: []tok{{Symbol, "e4"}, {Illegal, bomText + "%"}, {Symbol, "x"}},
			errs: []scanErr{{3, 7, "unexpected text"}},
		},
		{
			name: "results",
			src:  "1-0 0-1 1/2-1/2 * 1-0*",
			toks: []tok{{Result, "1-0"}, {Result, "0-1"}, {Result, "1/2-1/2"}, {Result, "*"}, {Result, "1-0"}, {Result, "*"}},
		},
		{
			name: "result-like symbols",
			src:  "1-0x 1/2-1/2x 0-1- 1/2-1/23 1-01",
			toks: []tok{{Symbol, "1-0x"}, {Symbol, "1/2-1/2x"}, {Symbol, "0-1-"}, {Symbol, "1/2-1/23"}, {Symbol, "1-01"}},
		},
		{
			name: "half without the rest",
			src:  "1/2",
			toks: []tok{{Number, "1"}, {Illegal, "/"}, {Number, "2"}},
			errs: []scanErr{{1, 2, `unexpected text "/"`}},
		},
		{
			name: "null moves",
			src:  "-- Z0 --+ - 0000 0000.",
			toks: []tok{{NullMove, "--"}, {Symbol, "Z0"}, {NAG, "--+"}, {Illegal, "-"}, {Symbol, "0000"}, {Number, "0000."}},
			errs: []scanErr{{10, 11, `unexpected text "-"`}},
		},
		{
			name: "parentheses",
			src:  "(e4 (e5))",
			toks: []tok{{LParen, "("}, {Symbol, "e4"}, {LParen, "("}, {Symbol, "e5"}, {RParen, ")"}, {RParen, ")"}},
		},
		{
			name: "reserved angle brackets",
			src:  "e4 < e5 >",
			toks: []tok{{Symbol, "e4"}, {Illegal, "<"}, {Symbol, "e5"}, {Illegal, ">"}},
			errs: []scanErr{{3, 4, `"<" is reserved by the PGN standard`}, {8, 9, `">" is reserved by the PGN standard`}},
		},
		{
			name: "angle brackets run together",
			src:  "<>",
			toks: []tok{{Illegal, "<>"}},
			errs: []scanErr{{0, 2, `unexpected text "<>"`}},
		},
		{
			name: "stray closing brace",
			src:  "e4 } e5",
			toks: []tok{{Symbol, "e4"}, {Illegal, "}"}, {Symbol, "e5"}},
			errs: []scanErr{{3, 4, "'}' without a matching '{'"}},
		},
		{
			name: "NUL bytes",
			src:  "e4\x00e5 \x00\x00",
			toks: []tok{{Symbol, "e4"}, {Illegal, "\x00"}, {Symbol, "e5"}, {Illegal, "\x00\x00"}},
			errs: []scanErr{{2, 3, "NUL byte"}, {6, 8, "NUL byte"}},
		},
		{
			name: "NUL byte inside a comment",
			src:  "{a\x00b}",
			toks: []tok{{BraceComment, "{a\x00b}"}},
		},
		{
			name: "invalid UTF-8",
			src:  "e4 \xff\xfe e5 \xc3",
			toks: []tok{{Symbol, "e4"}, {Illegal, "\xff\xfe"}, {Symbol, "e5"}, {Illegal, "\xc3"}},
			errs: []scanErr{{3, 5, `unexpected text "\xff\xfe"`}, {9, 10, `unexpected text "\xc3"`}},
		},
		{
			name: "invalid UTF-8 inside a comment and a string",
			src:  "{caf\xe9} \"Andr\xe9\"",
			toks: []tok{{BraceComment, "{caf\xe9}"}, {String, "\"Andr\xe9\""}},
		},
		{
			name: "non-ASCII text in comments and strings",
			src:  "{Café, Müller ♔ 💎 象棋} ; 王 ü\n\"Réti ♞\"",
			toks: []tok{{BraceComment, "{Café, Müller ♔ 💎 象棋}"}, {LineComment, "; 王 ü"}, {String, "\"Réti ♞\""}},
		},
		{
			name: "long algebraic and coordinate moves",
			src:  "e2e4 e2-e4 e4xd5 g1f3 Ng1-f3 e1g1 d7d8Q d7d8q e8=q",
			toks: []tok{{Symbol, "e2e4"}, {Symbol, "e2-e4"}, {Symbol, "e4xd5"}, {Symbol, "g1f3"}, {Symbol, "Ng1-f3"}, {Symbol, "e1g1"}, {Symbol, "d7d8Q"}, {Symbol, "d7d8q"}, {Symbol, "e8=q"}},
		},
		{
			name: "castling with Unicode dashes is one symbol",
			src:  "o-o O\u2010O O\u2011O O\u2012O-O O\u2013O O\u2014O 0\u2212O 0\u20130\u20130+ e2\u2013e4",
			toks: []tok{{Symbol, "o-o"}, {Symbol, "O\u2010O"}, {Symbol, "O\u2011O"}, {Symbol, "O\u2012O-O"}, {Symbol, "O\u2013O"}, {Symbol, "O\u2014O"}, {Symbol, "0\u2212O"}, {Symbol, "0\u20130\u20130+"}, {Symbol, "e2\u2013e4"}},
		},
		{
			name: "en passant marks: attached, or alone (the parser joins them to their move)",
			src:  "exf6ep exf6e.p. exf6 e.p. exf6 ep+ e.p.# exf6 epsilon e.p e4.",
			toks: []tok{{Symbol, "exf6ep"}, {Symbol, "exf6e.p."}, {Symbol, "exf6"}, {Symbol, "e.p."}, {Symbol, "exf6"}, {Symbol, "ep+"}, {Symbol, "e.p.#"},
				{Symbol, "exf6"}, {Symbol, "epsilon"}, {Symbol, "e"}, {Dots, "."}, {Symbol, "p"}, {Symbol, "e4"}, {Dots, "."}},
		},
		{
			name: "figurines and drops",
			src:  "\u2658f3 \u265exe5 e8=\u2655 exd8\u265b+ N@f3 P@d4 @d4 Q@ \u2654",
			toks: []tok{{Symbol, "\u2658f3"}, {Symbol, "\u265exe5"}, {Symbol, "e8=\u2655"}, {Symbol, "exd8\u265b+"}, {Symbol, "N@f3"}, {Symbol, "P@d4"}, {Symbol, "@d4"}, {Symbol, "Q"}, {Illegal, "@"}, {Illegal, "\u2654"}},
			errs: []scanErr{{44, 45, `unexpected text "@"`}, {46, 49, `unexpected text "♔"`}},
		},
		{
			name: "results written otherwise",
			src:  "\u00bd-\u00bd 0.5-0.5 1\u20130 0\u20141 1/2\u20131/2 \u00bd\u2013\u00bd 1-0.5 \u00bd-\u00bdx",
			toks: []tok{{Result, "\u00bd-\u00bd"}, {Result, "0.5-0.5"}, {Result, "1\u20130"}, {Result, "0\u20141"}, {Result, "1/2\u20131/2"}, {Result, "\u00bd\u2013\u00bd"},
				{Result, "1-0"}, {Dots, "."}, {Number, "5"}, {Illegal, "\u00bd-\u00bd"}, {Symbol, "x"}},
			errs: []scanErr{{50, 55, "unexpected text"}},
		},
		{
			name: "NAG glyphs",
			src:  "e4\u00b1 \u2a71 \u2a72 \u2213 +- -+ +-- --+ += =+ +/= =/+ +/- -/+ = =/\u221e \u221e +\u2212 \u2212+ =Q +",
			toks: []tok{{Symbol, "e4"}, {NAG, "\u00b1"}, {NAG, "\u2a71"}, {NAG, "\u2a72"}, {NAG, "\u2213"}, {NAG, "+-"}, {NAG, "-+"}, {NAG, "+--"}, {NAG, "--+"}, {NAG, "+="}, {NAG, "=+"},
				{NAG, "+/="}, {NAG, "=/+"}, {NAG, "+/-"}, {NAG, "-/+"}, {NAG, "="}, {NAG, "=/\u221e"}, {NAG, "\u221e"}, {NAG, "+\u2212"}, {NAG, "\u2212+"}, {Illegal, "="}, {Symbol, "Q"}, {Illegal, "+"}},
			errs: []scanErr{{75, 76, `unexpected text "="`}, {78, 79, `unexpected text "+"`}},
		},
		{
			name: "non-ASCII text outside comments",
			src:  "e4 ♔ é",
			toks: []tok{{Symbol, "e4"}, {Illegal, "♔"}, {Illegal, "é"}},
			errs: []scanErr{{3, 6, `unexpected text "♔"`}, {7, 9, `unexpected text "é"`}},
		},
		{
			name: "illegal run stops at a token",
			src:  "@@e4 &(",
			toks: []tok{{Illegal, "@@"}, {Symbol, "e4"}, {Illegal, "&"}, {LParen, "("}},
			errs: []scanErr{{0, 2, `unexpected text "@@"`}, {5, 6, `unexpected text "&"`}},
		},
		{
			name: "unterminated comment at the end of the file",
			src:  "e4 {never closed\nstill open",
			toks: []tok{{Symbol, "e4"}, {BraceComment, "{never closed\nstill open"}},
			errs: []scanErr{{3, 4, "comment not terminated: missing '}'"}},
		},
		{
			name: "unterminated comment stops before the next tag line",
			src:  "1. e4 {forgot the brace\n2. Nf3\n[Event \"Next\"]\n1. d4 {closed} *",
			toks: []tok{
				{Number, "1."}, {Symbol, "e4"}, {BraceComment, "{forgot the brace\n2. Nf3\n"},
				{LBracket, "["}, {Symbol, "Event"}, {String, `"Next"`}, {RBracket, "]"},
				{Number, "1."}, {Symbol, "d4"}, {BraceComment, "{closed}"}, {Result, "*"},
			},
			errs: []scanErr{{6, 7, "comment not terminated: missing '}'"}},
		},
		{
			name: "unterminated comment stops before a tag line after CRLF",
			src:  "{open\r\n[ Site\t\"x\"]",
			toks: []tok{{BraceComment, "{open\r\n"}, {LBracket, "["}, {Symbol, "Site"}, {String, `"x"`}, {RBracket, "]"}},
			errs: []scanErr{{0, 1, "comment not terminated"}},
		},
		{
			// Only a line that starts with a tag pair ends the comment;
			// a bracket elsewhere, or a lichess command, does not.
			name: "brackets that are not tag lines stay in the comment",
			src:  "{a [Event \"x\"] b\n[%clk 0:01:00]\n[note\n [Site \"y\"]",
			toks: []tok{{BraceComment, "{a [Event \"x\"] b\n[%clk 0:01:00]\n[note\n [Site \"y\"]"}},
			errs: []scanErr{{0, 1, "comment not terminated"}},
		},
		{
			// The scanner takes a tag line inside a multi-line comment for
			// a forgotten brace even when a '}' follows later: one missing
			// brace must not swallow the next game.
			name: "tag line inside a closed comment ends it",
			src:  "{see\n[Event \"x\"]\n}",
			toks: []tok{{BraceComment, "{see\n"}, {LBracket, "["}, {Symbol, "Event"}, {String, `"x"`}, {RBracket, "]"}, {Illegal, "}"}},
			errs: []scanErr{{0, 1, "comment not terminated"}, {17, 18, "'}' without a matching '{'"}},
		},
		{
			name: "100 opening braces",
			src:  strings.Repeat("{", 100),
			toks: []tok{{BraceComment, strings.Repeat("{", 100)}},
			errs: []scanErr{{0, 1, "comment not terminated"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			toks, errs := scanAll(t, tt.src)
			if fmt.Sprint(toks) != fmt.Sprint(tt.toks) {
				t.Errorf("Scan(%q) tokens:\n got %v\nwant %v", tt.src, toks, tt.toks)
			}
			if len(errs) != len(tt.errs) {
				t.Fatalf("Scan(%q) errors:\n got %v\nwant %v", tt.src, errs, tt.errs)
			}
			for i, e := range errs {
				w := tt.errs[i]
				if e.pos != w.pos || e.end != w.end || !strings.Contains(e.msg, w.msg) {
					t.Errorf("Scan(%q) error %d = [%d,%d) %q, want [%d,%d) containing %q", tt.src, i, e.pos, e.end, e.msg, w.pos, w.end, w.msg)
				}
			}
		})
	}
}

// TestScanInitAt checks that scanning from the start of a game gives the same
// tokens as scanning the whole text, as the parser relies on when it resumes
// after a tag pair.
func TestScanInitAt(t *testing.T) {
	src := "[Event \"a\"]\n1. e4 {c} *\n\n[Event \"b\"]\n%esc\n1. d4 *\n"
	var all []Token
	var s Scanner
	s.Init(src, nil)
	for tk := s.Scan(); tk.Kind != EOF; tk = s.Scan() {
		all = append(all, tk)
	}
	for i, start := range all {
		s.InitAt(src, int(start.Pos), nil)
		if s.off != int(start.Pos) {
			t.Fatalf("Offset after InitAt(%d) = %d", start.Pos, s.off)
		}
		for j, want := range all[i:] {
			if got := s.Scan(); got != want {
				t.Fatalf("from offset %d, token %d = %+v, want %+v", start.Pos, j, got, want)
			}
		}
		if got := s.Scan(); got.Kind != EOF {
			t.Fatalf("from offset %d: %+v after the last token, want EOF", start.Pos, got)
		}
	}
}

func TestKindString(t *testing.T) {
	for k := EOF; k <= NullMove; k++ {
		if s := k.String(); s == "" || strings.HasPrefix(s, "Kind(") {
			t.Errorf("Kind %d has no name: %q", k, s)
		}
	}
	if got, want := Kind(200).String(), "Kind(200)"; got != want {
		t.Errorf("Kind(200).String() = %q, want %q", got, want)
	}
	if (Token{Pos: NoPos}).IsValid() || !(Token{}).IsValid() || NoPos.IsValid() {
		t.Error("IsValid: NoPos must be the only invalid position")
	}
}

func TestUnquoteString(t *testing.T) {
	tests := []struct{ tok, want string }{
		{`""`, ``},
		{`"abc"`, `abc`},
		{`"a\"b"`, `a"b`},
		{`"a\\b"`, `a\b`},
		{`"a\\"`, `a\`},
		{`"\\\""`, `\"`},
		{`"a\b"`, `a\b`}, // only \" and \\ are escapes
		{`"abc`, `abc`},  // unterminated
		{`"ab\"`, `ab"`}, // unterminated: the last quote is escaped
		{`"`, ``},
		{`""Mirage""`, `"Mirage"`},
		{`"Réti"`, `Réti`},
	}
	for _, tt := range tests {
		if got := UnquoteString(tt.tok); got != tt.want {
			t.Errorf("UnquoteString(%s) = %q, want %q", tt.tok, got, tt.want)
		}
	}
}

func TestErrorList(t *testing.T) {
	var l ErrorList
	if l.Err() != nil {
		t.Error("empty list: Err() != nil")
	}
	if got := l.Error(); got != "no errors" {
		t.Errorf("empty list: Error() = %q", got)
	}
	l.Add(9, 10, "third")
	l.Add(2, 3, "first")
	l.Add(5, 6, "second")
	l.Add(2, 4, "first again")
	l.Sort()
	var msgs []string
	for _, e := range l {
		msgs = append(msgs, e.Msg)
	}
	if got, want := strings.Join(msgs, ","), "first,first again,second,third"; got != want {
		t.Errorf("sorted messages = %s, want %s (a stable sort by position)", got, want)
	}
	if got, want := l.Err().Error(), "offset 2: first (and 3 more errors)"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	if got, want := l[:1].Error(), "offset 2: first"; got != want {
		t.Errorf("Error() of one = %q, want %q", got, want)
	}
	within := func(from, to Pos) string {
		var s []string
		for _, e := range l.Within(from, to) {
			s = append(s, e.Msg)
		}
		return strings.Join(s, ",")
	}
	for _, tt := range []struct {
		from, to Pos
		want     string
	}{
		{0, 100, "first,first again,second,third"},
		{2, 5, "first,first again"},
		{3, 9, "second"},
		{3, 5, ""},
		{10, 20, ""},
		{9, 10, "third"},
	} {
		if got := within(tt.from, tt.to); got != tt.want {
			t.Errorf("Within(%d, %d) = %q, want %q", tt.from, tt.to, got, tt.want)
		}
	}
	// Within returns a slice that cannot grow into the rest of the list.
	_ = append(l.Within(2, 5), &Error{Msg: "appended"})
	if l[2].Msg != "second" {
		t.Errorf("appending to Within's result overwrote the list: %q", l[2].Msg)
	}
}

// tokenShapes gives the text every token of a kind must match.
var tokenShapes = map[Kind]*regexp.Regexp{
	BOM:      regexp.MustCompile("^\uFEFF$"),
	LBracket: regexp.MustCompile(`^\[$`),
	RBracket: regexp.MustCompile(`^\]$`),
	LParen:   regexp.MustCompile(`^\($`),
	RParen:   regexp.MustCompile(`^\)$`),
	String:   regexp.MustCompile(`^"[^\r\n]*$`),
	Symbol:   regexp.MustCompile(`^(1/2-1/2[A-Za-z0-9_+#=:‐-―−♔-♟@-]+|([A-Za-z0-9♔-♟]|@[a-h][1-8])([A-Za-z0-9_+#=:‐-―−♔-♟-]|@[a-h][1-8])*)(\.p\.[+#]*)?$`),
	Number:   regexp.MustCompile(`^[0-9]+\.*$`),
	Dots:     regexp.MustCompile(`^\.+$`),
	Suffix:   regexp.MustCompile(`^[!?]+$`),
	NAG: func() *regexp.Regexp {
		alts := []string{`\$[0-9]+`}
		for _, g := range glyphNAGs {
			alts = append(alts, regexp.QuoteMeta(g.glyph))
		}
		return regexp.MustCompile(`^(` + strings.Join(alts, "|") + `)$`)
	}(),
	BraceComment: regexp.MustCompile(`^(?s)\{.*$`),
	LineComment:  regexp.MustCompile(`^;[^\r\n]*$`),
	EscapeLine:   regexp.MustCompile(`^%[^\r\n]*$`),
	Result:       regexp.MustCompile(`^(1-0|0-1|1/2-1/2|\*|(1|0|1/2|½|0\.5)[-‐-―−](1|0|1/2|½|0\.5))$`),
	NullMove:     regexp.MustCompile(`^--$`),
}

// TestScanTokenShapes scans random texts made of PGN fragments and checks
// that each token's text has the shape of its kind, and that the scanner
// reports an error for every Illegal token.
func TestScanTokenShapes(t *testing.T) {
	pieces := []string{
		"1", "2", "0", "12", ".", "...", "/", "-", "1/2-1/2", "1-0", "0-1", "*", "e4", "N", "x", "=Q", "+", "#",
		"O-O", "_", ":", "!", "?", "$", "$1", "[", "]", "(", ")", "{", "}", "\"", "\\", ";", "%", " ", "\n", "\r",
		"\t", "<", ">", "\x00", "\xff", "é", "💎", "\uFEFF", "@",
		"♘", "♟", "½", "0.5", "\u2013", "\u2212", "±", "∞", "=", "e.p.", " ep", "e", "p", "0000", "f6",
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 20000; i++ {
		var b strings.Builder
		for n := rng.IntN(12); n > 0; n-- {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		src := b.String()
		errAt := map[Pos]bool{}
		var s Scanner
		s.Init(src, func(pos, end Pos, msg string) { errAt[pos] = true })
		for tk := s.Scan(); tk.Kind != EOF; tk = s.Scan() {
			text := tk.Text(src)
			if tk.Kind == Illegal {
				if !errAt[tk.Pos] {
					t.Fatalf("%q: illegal token %q at %d without an error", src, text, tk.Pos)
				}
				continue
			}
			if re := tokenShapes[tk.Kind]; re == nil || !re.MatchString(text) {
				t.Fatalf("%q: %v token %q does not have the shape of its kind", src, tk.Kind, text)
			}
		}
	}
}
