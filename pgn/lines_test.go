package pgn

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// refPosition is the reference for the LineTable: the 0-based line of offset
// off (a line ends at "\n", "\r\n" or a lone "\r"), and its column in UTF-16
// code units and in characters, computed from the text of the line before
// off (an offset inside a CRLF is the end of its line). Invalid bytes are one character and one code unit each, as []rune and
// utf8.RuneCountInString count them.
func refPosition(src string, off int) (line, col16, colChar int) {
	start, end := 0, off
	for i := 0; i < off; i++ {
		switch src[i] {
		case '\n':
			line++
			start = i + 1
		case '\r':
			if i+1 < len(src) && src[i+1] == '\n' {
				if i+1 == off {
					// off lies inside the CRLF: the position is the
					// end of the line, before the "\r".
					end = i
					break
				}
				i++
			}
			line++
			start = i + 1
		}
	}
	prefix := src[start:end]
	return line, len(utf16.Encode([]rune(prefix))), utf8.RuneCountInString(prefix)
}

// boundaries returns the offsets at which a character starts when src is
// decoded from its first byte, and len(src).
func boundaries(src string) []int {
	var offs []int
	for i := 0; i < len(src); {
		offs = append(offs, i)
		_, size := utf8.DecodeRuneInString(src[i:])
		i += size
	}
	return append(offs, len(src))
}

// insideCRLF reports whether off lies between the "\r" and the "\n" of a
// CRLF: a byte offset that no LSP position names.
func insideCRLF(src string, off int) bool {
	return off > 0 && off < len(src) && src[off-1] == '\r' && src[off] == '\n'
}

// checkLineTable compares the LineTable of src with the reference at every
// character boundary, and checks the round trip offset → UTF-16 position →
// offset.
func checkLineTable(t *testing.T, src string) {
	t.Helper()
	lt := NewLineTable(src)
	for _, off := range boundaries(src) {
		wantLine, want16, wantChar := refPosition(src, off)
		line, col := lt.UTF16Position(Pos(off))
		if line != wantLine || col != want16 {
			t.Fatalf("%q: UTF16Position(%d) = %d:%d, want %d:%d", src, off, line, col, wantLine, want16)
		}
		if cl, cc := lt.CharPosition(Pos(off)); cl != wantLine || cc != wantChar {
			t.Fatalf("%q: CharPosition(%d) = %d:%d, want %d:%d", src, off, cl, cc, wantLine, wantChar)
		}
		if lt.Line(Pos(off)) != wantLine {
			t.Fatalf("%q: Line(%d) = %d, want %d", src, off, lt.Line(Pos(off)), wantLine)
		}
		want := Pos(off)
		if insideCRLF(src, off) {
			want-- // no position names it; it comes back as the end of its line
		}
		back, err := lt.OffsetUTF16(line, col)
		if err != nil || back != want {
			t.Fatalf("%q: OffsetUTF16(UTF16Position(%d) = %d:%d) = %d, %v; want %d", src, off, line, col, back, err, want)
		}
		if c := lt.ClampUTF16(line, col); c != want {
			t.Fatalf("%q: ClampUTF16(%d, %d) = %d, want %d", src, line, col, c, want)
		}
	}
}

func TestLineTableLines(t *testing.T) {
	tests := []struct {
		name   string
		src    string
		starts []Pos
	}{
		{"empty", "", []Pos{0}},
		{"one line without newline", "1. e4", []Pos{0}},
		{"LF", "a\nbc\n", []Pos{0, 2, 5}},
		{"CRLF", "a\r\nbc\r\n", []Pos{0, 3, 7}},
		{"lone CR", "a\rbc\r", []Pos{0, 2, 5}},
		{"mixed", "a\r\n\rb\n\nc", []Pos{0, 3, 4, 6, 7}},
		{"CR then CRLF", "\r\r\n", []Pos{0, 1, 3}},
		{"LF CR is two line ends", "\n\r", []Pos{0, 1, 2}},
		{"text ending without newline", "[Event \"x\"]\n1. e4 *", []Pos{0, 12}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lt := NewLineTable(tt.src)
			if lt.LineCount() != len(tt.starts) {
				t.Fatalf("LineCount() = %d, want %d", lt.LineCount(), len(tt.starts))
			}
			for i, want := range tt.starts {
				if got := lt.LineStart(i); got != want {
					t.Errorf("LineStart(%d) = %d, want %d", i, got, want)
				}
			}
			checkLineTable(t, tt.src)
			// The end of the text is on the last line.
			if line, _ := lt.UTF16Position(Pos(len(tt.src))); line != len(tt.starts)-1 {
				t.Errorf("UTF16Position(end) is on line %d, want the last line %d", line, len(tt.starts)-1)
			}
		})
	}
}

// A PGN text with non-ASCII names and comments: é and ü (two bytes, one
// UTF-16 unit), ♔ (three bytes, one unit), 💎 (four bytes, a surrogate pair
// of two units) and CJK (three bytes, one unit), with CRLF and LF lines.
const unicodeGame = "[White \"Réti, Richard\"]\r\n[Black \"Müller ♔\"]\n\n" +
	"1. e4 {💎 brilliant 💎} e5 {象棋 and ü}\r\n2. Nf3 ; 王 💎\n{é}*"

func TestLineTableUnicode(t *testing.T) {
	checkLineTable(t, unicodeGame)

	lt := NewLineTable(unicodeGame)
	line3 := lt.LineStart(3)
	if got := unicodeGame[line3 : line3+5]; got != "1. e4" {
		t.Fatalf("line 3 starts with %q", got)
	}
	// Columns of known places, in UTF-16 units and in characters.
	for _, tt := range []struct {
		find              string // the place: the first occurrence of this text
		line, col16, char int
	}{
		{"Richard", 0, 14, 14},
		{"\"]\r\n", 0, 21, 21},
		{"♔", 1, 15, 15},
		{"\"]\n", 1, 16, 16},
		{"💎 brilliant", 3, 7, 7},
		{"brilliant", 3, 10, 9},
		{"} e5", 3, 22, 20},
		{"e5", 3, 24, 22},
		{"象棋", 3, 28, 26},
		{"and ü", 3, 31, 29},
		{"; 王", 4, 7, 7},
		{"王", 4, 9, 9},
		{"💎\n", 4, 11, 11},
		{"\n{é}", 4, 13, 12},
		{"}*", 5, 2, 2},
		{"*", 5, 3, 3},
	} {
		off := strings.Index(unicodeGame, tt.find)
		if off < 0 {
			t.Fatalf("%q not in the text", tt.find)
		}
		if l, c := lt.UTF16Position(Pos(off)); l != tt.line || c != tt.col16 {
			t.Errorf("UTF16Position(%q) = %d:%d, want %d:%d", tt.find, l, c, tt.line, tt.col16)
		}
		if l, c := lt.CharPosition(Pos(off)); l != tt.line || c != tt.char {
			t.Errorf("CharPosition(%q) = %d:%d, want %d:%d", tt.find, l, c, tt.line, tt.char)
		}
	}
}

func TestLineTableInsideCharacters(t *testing.T) {
	src := "a💎é\nb"
	lt := NewLineTable(src)
	// Offsets inside a multi-byte character are taken as its start.
	for off, want := range map[int]int{1: 1, 2: 1, 3: 1, 4: 1, 5: 3, 6: 3, 7: 4} {
		if _, col := lt.UTF16Position(Pos(off)); col != want {
			t.Errorf("UTF16Position(%d) column = %d, want %d", off, col, want)
		}
	}
	for off, want := range map[int]int{2: 1, 5: 2, 6: 2, 7: 3} {
		if _, col := lt.CharPosition(Pos(off)); col != want {
			t.Errorf("CharPosition(%d) column = %d, want %d", off, col, want)
		}
	}
	// A column inside the surrogate pair of 💎 is taken as the start of 💎.
	for col, want := range map[int]Pos{0: 0, 1: 1, 2: 1, 3: 5, 4: 7} {
		got, err := lt.OffsetUTF16(0, col)
		if err != nil || got != want {
			t.Errorf("OffsetUTF16(0, %d) = %d, %v; want %d", col, got, err, want)
		}
		if got := lt.ClampUTF16(0, col); got != want {
			t.Errorf("ClampUTF16(0, %d) = %d, want %d", col, got, want)
		}
	}
	// Positions out of range are clamped to the text.
	if l, c := lt.UTF16Position(-5); l != 0 || c != 0 {
		t.Errorf("UTF16Position(-5) = %d:%d, want 0:0", l, c)
	}
	if l, c := lt.UTF16Position(Pos(len(src) + 10)); l != 1 || c != 1 {
		t.Errorf("UTF16Position(past the end) = %d:%d, want 1:1", l, c)
	}
	if l, c := lt.CharPosition(Pos(len(src) + 10)); l != 1 || c != 1 {
		t.Errorf("CharPosition(past the end) = %d:%d, want 1:1", l, c)
	}
}

func TestLineTableOffsetErrors(t *testing.T) {
	lt := NewLineTable("1. e4 💎\r\nNf3\n")
	for _, tt := range []struct {
		line, col int
		want      Pos
		err       string
	}{
		{0, 0, 0, ""},
		{0, 8, 10, ""}, // the end of line 0, before its CRLF
		{0, 9, NoPos, "column 9 is past the end of line 0 (8 UTF-16 code units)"},
		{0, 100, NoPos, "column 100 is past the end of line 0 (8 UTF-16 code units)"},
		{1, 3, 15, ""},
		{1, 4, NoPos, "column 4 is past the end of line 1 (3 UTF-16 code units)"},
		{2, 0, 16, ""}, // the empty last line
		{2, 1, NoPos, "column 1 is past the end of line 2 (0 UTF-16 code units)"},
		{3, 0, NoPos, "line 3 is past the last line (2)"},
		{-1, 0, NoPos, "position -1:0 is negative"},
		{0, -1, NoPos, "position 0:-1 is negative"},
	} {
		got, err := lt.OffsetUTF16(tt.line, tt.col)
		if tt.err == "" {
			if err != nil || got != tt.want {
				t.Errorf("OffsetUTF16(%d, %d) = %d, %v; want %d", tt.line, tt.col, got, err, tt.want)
			}
			continue
		}
		if err == nil || err.Error() != tt.err || got != NoPos {
			t.Errorf("OffsetUTF16(%d, %d) = %d, %v; want NoPos and error %q", tt.line, tt.col, got, err, tt.err)
		}
	}
}

func TestClampUTF16(t *testing.T) {
	src := "1. e4 💎\r\nNf3\r"
	lt := NewLineTable(src)
	for _, tt := range []struct {
		line, col int
		want      Pos
	}{
		{0, 0, 0},
		{0, 6, 6},
		{0, 7, 6},   // inside the surrogate pair: the start of 💎
		{0, 8, 10},  // the end of line 0
		{0, 50, 10}, // past the end of line 0: its end, before the CRLF
		{1, 2, 14},
		{1, 9, 15}, // past the end of line 1: before its lone CR
		{2, 0, 16}, // the empty last line
		{2, 7, 16},
		{3, 0, Pos(len(src))}, // past the last line: the end of the text
		{99, 99, Pos(len(src))},
		{-1, 5, 0}, // before the first line: the start of the text
	} {
		if got := lt.ClampUTF16(tt.line, tt.col); got != tt.want {
			t.Errorf("ClampUTF16(%d, %d) = %d, want %d", tt.line, tt.col, got, tt.want)
		}
	}
}

// TestLineTableInsideCRLF checks the one byte offset that no LSP position
// names: between the "\r" and the "\n" of a CRLF. It is reported as the end
// of its line, so that a position made from it is always valid.
func TestLineTableInsideCRLF(t *testing.T) {
	lt := NewLineTable("ab\r\ncd")
	if l, c := lt.UTF16Position(3); l != 0 || c != 2 {
		t.Errorf("UTF16Position(3) = %d:%d, want 0:2 (the end of line 0)", l, c)
	}
	if l, c := lt.CharPosition(3); l != 0 || c != 2 {
		t.Errorf("CharPosition(3) = %d:%d, want 0:2 (the end of line 0)", l, c)
	}
}

// TestLineTableRandom is a property test: on random texts made of ASCII,
// multi-byte characters, surrogate pairs, every kind of line end and invalid
// UTF-8, every character boundary agrees with the reference and survives
// UTF16Position → OffsetUTF16.
func TestLineTableRandom(t *testing.T) {
	pieces := []string{
		"a", "e4", " ", "\t", "{", "é", "ü", "♔", "💎", "象", "\n", "\r\n", "\r",
		"\xff", "\xc3", "\xe2\x99", "\xf0\x9f\x92", "\xed\xa0\x80", "\x00", "\uFEFF",
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 3000; i++ {
		var b strings.Builder
		for n := rng.IntN(30); n > 0; n-- {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		checkLineTable(t, b.String())
	}
}

func TestCountLineBreaks(t *testing.T) {
	for _, text := range []string{"", "a", "\n", "\r", "\r\n", "\n\r", "a\r\rb\r\n\nc", "x\r", "é\r\n💎\rz\n"} {
		if got, want := CountLineBreaks(text), NewLineTable(text).LineCount()-1; got != want {
			t.Errorf("CountLineBreaks(%q) = %d, want %d", text, got, want)
		}
	}
}

// TestLineStartsEightAtATime compares the table of LF-only texts with the
// definition, on lines of every length around the eight-byte steps, with
// bytes on both sides of LF's value.
func TestLineStartsEightAtATime(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	alphabet := []byte{'\n', '\n', 'a', 0x09, 0x0B, 0x8A, 0x0A ^ 0x80, 0xFF, 0}
	for n := 0; n < 2000; n++ {
		text := make([]byte, rng.IntN(40))
		for i := range text {
			text[i] = alphabet[rng.IntN(len(alphabet))]
		}
		want := []Pos{0}
		for i, b := range text {
			if b == '\n' {
				want = append(want, Pos(i+1))
			}
		}
		if got := NewLineTable(string(text)).starts; !slices.Equal(got, want) {
			t.Fatalf("line starts of %q: %v, want %v", text, got, want)
		}
	}
}

// TestLongLinesConvertFromMarks: on lines longer than longLine, positions
// are counted from the mark before them, at most markStep bytes back (so
// that the hundreds of positions of a request on a line of megabytes cost
// no scan of the line each), and come out as counted from the line's start:
// at every character boundary near a mark and at random ones, inside
// characters, and back from UTF-16 columns.
func TestLongLinesConvertFromMarks(t *testing.T) {
	pieces := []string{"a", "e4 ", "(", " ", "\t", "é", "♔", "💎", "象", "\xff", "\xc3", "\xe2\x99", "\xf0\x9f\x92", "\x00"}
	rng := rand.New(rand.NewPCG(3, 4))
	var b strings.Builder
	b.WriteString("[Event \"short\"]\n")
	for line := 0; line < 3; line++ {
		for b.Len() < (line+1)*(3*longLine) {
			if rng.IntN(50) == 0 {
				b.WriteString(strings.Repeat("x", rng.IntN(3*markStep))) // a long ASCII run across marks
			}
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		b.WriteString([]string{"\n", "\r\n", "\r"}[line])
	}
	src := b.String()
	lt := NewLineTable(src)

	// The reference, by one pass over the character boundaries.
	type pos struct{ line, col16, col int }
	ref := map[int]pos{}
	var offs []int
	p := pos{}
	for i := 0; i <= len(src); {
		ref[i] = p
		offs = append(offs, i)
		if i == len(src) {
			break
		}
		r, size := utf8.DecodeRuneInString(src[i:])
		switch {
		case src[i] == '\r' && i+1 < len(src) && src[i+1] == '\n':
			ref[i+1] = pos{p.line, p.col16, p.col} // inside the CRLF: the end of its line
			p = pos{p.line + 1, 0, 0}
			i += 2
			continue
		case src[i] == '\n' || src[i] == '\r':
			p = pos{p.line + 1, 0, 0}
		default:
			p.col16 += len(utf16.Encode([]rune{r}))
			p.col++
		}
		i += size
	}
	check := func(off int) {
		t.Helper()
		want, ok := ref[off]
		if !ok { // inside a character: its start
			start := off
			for ; !ok; start-- {
				want, ok = ref[start-1]
			}
		}
		if line, col := lt.UTF16Position(Pos(off)); line != want.line || col != want.col16 {
			t.Fatalf("UTF16Position(%d) = %d:%d, want %d:%d", off, line, col, want.line, want.col16)
		}
		if line, col := lt.CharPosition(Pos(off)); line != want.line || col != want.col {
			t.Fatalf("CharPosition(%d) = %d:%d, want %d:%d", off, line, col, want.line, want.col)
		}
		if _, ok := ref[off]; ok && !insideCRLF(src, off) {
			if back, err := lt.OffsetUTF16(want.line, want.col16); err != nil || back != Pos(off) {
				t.Fatalf("OffsetUTF16(%d:%d) = %d, %v; want %d", want.line, want.col16, back, err, off)
			}
		}
	}
	for _, off := range offs {
		if off%markStep < 8 || off%markStep > markStep-8 || rng.IntN(40) == 0 {
			check(off)
		}
	}
	for range 2000 {
		check(rng.IntN(len(src) + 1))
	}
	// The marks are at most markStep bytes (and a character) apart.
	for line := 1; line <= 3; line++ {
		marks := lt.lineMarks(line)
		prev := lt.starts[line]
		for _, m := range marks {
			if m.off-prev > markStep+utf8.UTFMax {
				t.Fatalf("line %d: marks %d and %d are more than %d bytes apart", line, prev, m.off, markStep)
			}
			prev = m.off
		}
		if end := Pos(lt.lineContentEnd(line)); end-prev > markStep+utf8.UTFMax {
			t.Fatalf("line %d: the last mark at %d is more than %d bytes before the line's end %d", line, prev, markStep, end)
		}
	}
	if _, err := lt.OffsetUTF16(1, 1<<30); err == nil {
		t.Error("OffsetUTF16 past the end of a long line: no error")
	}
}
