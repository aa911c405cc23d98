package pgn

import (
	"strings"
	"unicode/utf8"
)

// This file holds what the scanner knows of the forms that real files use
// besides the standard's tokens: moves written with figurines, Unicode
// dashes, '@' (a crazyhouse drop) or an en passant mark; results written
// "½-½", "0.5-0.5" or "1–0"; and the glyphs that books print for NAGs
// ("±", "+-", "∞"). Each scans as one token of the kind it stands for (a
// Symbol, a Result, a NAG), so that a form is one diagnostic at one place,
// and package analysis says how export format writes it. The standard's own
// tokens are scanned as before, and pay nothing for this: the scanner comes
// here only after a byte no standard token has at that place.

// dashAt returns the length of the dash at src[i:]: 1 for '-', 3 for the
// Unicode hyphens and dashes that word processors put in place of it
// (U+2010 hyphen, U+2011 non-breaking hyphen, U+2012 figure dash, U+2013
// en dash, U+2014 em dash, U+2212 minus sign); 0 when there is none.
func dashAt(src string, i int) int {
	if i >= len(src) {
		return 0
	}
	if src[i] == '-' {
		return 1
	}
	if i+2 < len(src) && src[i] == 0xE2 {
		switch {
		case src[i+1] == 0x80 && src[i+2] >= 0x90 && src[i+2] <= 0x94, // U+2010..U+2014
			src[i+1] == 0x88 && src[i+2] == 0x92: // U+2212
			return 3
		}
	}
	return 0
}

// IsDash reports whether r is '-' or one of the Unicode dashes that dashAt
// reads as one.
func IsDash(r rune) bool {
	return r == '-' || r >= 0x2010 && r <= 0x2014 || r == 0x2212
}

// FigurineLetter returns the SAN letter of a chess figurine (U+2654..U+265F,
// white and black: ♔♕♖♗♘♙ ♚♛♜♝♞♟), and 0 for any other rune.
func FigurineLetter(r rune) byte {
	if r < 0x2654 || r > 0x265F {
		return 0
	}
	return "KQRBNP"[(r-0x2654)%6]
}

// figurineAt returns the length of the figurine at src[i:], or 0.
func figurineAt(src string, i int) int {
	// ♔ is E2 99 94, ♟ is E2 99 9F.
	if i+2 < len(src) && src[i] == 0xE2 && src[i+1] == 0x99 && src[i+2] >= 0x94 && src[i+2] <= 0x9F {
		return 3
	}
	return 0
}

// endsSymbol reports whether src[i:] cannot go on a token that ends at i:
// the end of the text, or a byte that is no part of a symbol.
func endsSymbol(src string, i int) bool {
	return i >= len(src) || !isSymbolByte(src[i]) && src[i] != '/' && src[i] != '@'
}

// symbolTail extends the symbol src[start:end], which the scanner's loop
// over the standard's symbol bytes stopped at end, over the parts of a
// move written otherwise than in SAN: Unicode dashes (O–O, e2–e4),
// figurines (e8=♕), '@' (N@f3) and an en passant mark "e.p.", attached
// (exf6e.p.) or alone (the parser joins "exf6 e.p." into one move: see
// EnPassantMark). It returns the symbol's new end.
func (s *Scanner) symbolTail(start, end int) int {
	src := s.src
	for end < len(src) {
		c := src[end]
		switch {
		case isSymbolByte(c):
			end++
			continue
		case c == '@':
			// A drop, "N@f3": the '@' goes on the symbol only before a square.
			if end+2 < len(src) && 'a' <= src[end+1] && src[end+1] <= 'h' && '1' <= src[end+2] && src[end+2] <= '8' {
				end++
				continue
			}
		case c >= utf8.RuneSelf:
			if n := dashAt(src, end) + figurineAt(src, end); n > 0 {
				end += n
				continue
			}
		case c == '.':
			// "exf6e.p." or "e.p.": the loop stopped after the mark's 'e'.
			if src[end-1] == 'e' && (end-start == 1 || end-start >= 3 && isDigit(src[end-2])) && strings.HasPrefix(src[end:], ".p.") {
				return checkSigns(src, end+3)
			}
		}
		return end
	}
	return end
}

// EnPassantMark reports whether a symbol is an en passant mark standing
// alone, "e.p." or "ep" (with any check signs after it), which the parser
// joins to the move before it when only blanks lie between them: so that
// "exf6 e.p." is one move, as "exf6e.p." is.
func EnPassantMark(symbol string) bool {
	symbol = strings.TrimRight(symbol, "+#")
	return symbol == "e.p." || symbol == "ep"
}

// checkSigns returns the offset after the check and mate signs at src[i:].
func checkSigns(src string, i int) int {
	for i < len(src) && (src[i] == '+' || src[i] == '#') {
		i++
	}
	return i
}

// resultSide reads one side of a result at src[i:]: "1", "0", "1/2", "½"
// or "0.5". It returns the score in halves (2, 0 or 1) and the length, or
// a length of 0.
func resultSide(src string, i int) (halves, n int) {
	switch {
	case strings.HasPrefix(src[i:], "1/2"):
		return 1, 3
	case strings.HasPrefix(src[i:], "½"):
		return 1, len("½")
	case strings.HasPrefix(src[i:], "0.5"):
		return 1, 3
	case i < len(src) && src[i] == '1':
		return 2, 1
	case i < len(src) && src[i] == '0':
		return 0, 1
	}
	return 0, 0
}

// resultAt returns the length of a result at src[i:] written otherwise
// than in the standard's four forms — "½-½", "0.5-0.5", "1–0" with a
// Unicode dash — or in one of them, and the result it stands for; 0 when
// there is none. A result must end where a symbol would.
func resultAt(src string, i int) (int, string) {
	a, n := resultSide(src, i)
	if n == 0 {
		return 0, ""
	}
	j := i + n
	d := dashAt(src, j)
	if d == 0 {
		return 0, ""
	}
	j += d
	b, m := resultSide(src, j)
	if m == 0 || a+b != 2 || !endsSymbol(src, j+m) {
		return 0, ""
	}
	if m == 1 && src[j] == '0' && j+1 < len(src) && src[j+1] == '.' { // "1-0.5"
		return 0, ""
	}
	switch a {
	case 2:
		return j + m - i, "1-0"
	case 0:
		return j + m - i, "0-1"
	}
	return j + m - i, "1/2-1/2"
}

// ResultText returns the result that a Result token's text stands for, in
// the standard's form: "1/2-1/2" for "½-½" or "0.5-0.5", "1-0" for "1–0".
func ResultText(tok string) string {
	switch tok {
	case "1-0", "0-1", "1/2-1/2", "*":
		return tok
	}
	if n, r := resultAt(tok, 0); n == len(tok) {
		return r
	}
	return tok
}

// glyphNAGs are the glyphs that books and programs print for NAGs, with
// the NAG each stands for: the standard's assessments ($10-$21: "=", "⩲",
// "±", "+-", ...), written with their Unicode signs or with ASCII, and the
// others as lichess and ChessBase write and read them ("⨀" $22, "=∞" $44,
// "∆" $140, ...). Where the standard has a NAG for each side and the
// glyph names none (zugzwang, development, initiative, attack,
// compensation, counterplay, time trouble), those programs read the
// glyph as the first, White's, and so does pgnls. Longer glyphs come
// first, so that a glyph is read whole.
var glyphNAGs = []struct {
	glyph string
	nag   int
}{
	{"+--", 18}, {"--+", 19}, {"+/=", 14}, {"=/+", 15}, {"+/-", 16}, {"-/+", 17},
	{"=/∞", 44}, {"=∞", 44}, {"+−", 18}, {"−+", 19},
	{"+-", 18}, {"-+", 19}, {"+=", 14}, {"=+", 15}, {"=", 10},
	{"⩲", 14}, {"⩱", 15}, {"±", 16}, {"∓", 17}, {"∞", 13}, {"□", 7},
	{"⨀", 22}, {"⟳", 32}, {"↑", 36}, {"→", 40}, {"⇆", 132}, {"⊕", 138},
	{"∆", 140}, {"Δ", 140}, {"∇", 141}, {"⌓", 142}, {"≤", 143},
	{"⇔", 239}, {"⇗", 240}, {"⊞", 241}, {"⟫", 242}, {"⟪", 243}, {"✕", 244}, {"⊥", 245},
}

// glyphAt returns the length of the NAG glyph at src[i:] and its NAG, or
// a length of 0. A glyph must end where a symbol would: "=Q" is no glyph.
func glyphAt(src string, i int) (int, int) {
	for _, g := range glyphNAGs {
		if strings.HasPrefix(src[i:], g.glyph) && endsSymbol(src, i+len(g.glyph)) {
			return len(g.glyph), g.nag
		}
	}
	return 0, 0
}

// GlyphNAG returns the NAG that a glyph stands for ("±" $16, "+-" $18), and
// false for any other text.
func GlyphNAG(glyph string) (int, bool) {
	for _, g := range glyphNAGs {
		if g.glyph == glyph {
			return g.nag, true
		}
	}
	return 0, false
}

// tailSymbol returns the symbol src[start:end] extended by symbolTail,
// the scanner having stopped at a byte that may go on one. It is not
// inlined: inlined, the registers that Scan needs after symbolTail were
// saved on every symbol's path (bench/NOTES.md);
// called, it returns Scan's result, and nothing needs saving.
//
//go:noinline
func (s *Scanner) tailSymbol(start, end int) Token {
	s.off = s.symbolTail(start, end)
	return Token{Kind: Symbol, Pos: Pos(start), End: Pos(s.off)}
}

// numberForm scans the token at start whose digits end at end, which is
// not followed by the period of a move number: a result written "0.5-0.5",
// "1/2–1/2" or "1–0", castling "0–0" with a Unicode dash, UCI's null move
// "0000", or else a move number.
func (s *Scanner) numberForm(start, end int) Kind {
	src := s.src
	if n, _ := resultAt(src, start); n > 0 {
		s.off = start + n
		return Result
	}
	if end < len(src) && src[end] >= utf8.RuneSelf && dashAt(src, end) > 0 {
		s.off = s.symbolTail(start, end)
		return Symbol
	}
	if end-start == 4 && src[start:end] == "0000" && (end == len(src) || src[end] != '.') {
		s.off = end
		return Symbol // the null move of UCI, which analysis reads as "--"
	}
	s.off = skipDots(src, end)
	return Number
}

// scanForm scans a token that starts with a byte no standard token starts
// with, at start: a move written with a figurine (♘f3), a result "½-½" or a
// NAG glyph. It reports false when the text is none of them.
func (s *Scanner) scanForm(start int) (Kind, bool) {
	src := s.src
	// A figurine starts a move when the move goes on after it: "♘" alone
	// is no move.
	if n := figurineAt(src, start); n > 0 && start+n < len(src) && isSymbolByte(src[start+n]) {
		s.off = s.symbolTail(start, start+n)
		return Symbol, true
	}
	if n, _ := resultAt(src, start); n > 0 {
		s.off = start + n
		return Result, true
	}
	if n, _ := glyphAt(src, start); n > 0 {
		s.off = start + n
		return NAG, true
	}
	return 0, false
}
