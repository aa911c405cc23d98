package pgn

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// An ErrorHandler is told of each error the scanner finds.
type ErrorHandler func(pos, end Pos, msg string)

// Scanner splits PGN text into tokens. Whitespace between tokens is not
// returned: it is exactly the bytes between one token's End and the next
// token's Pos. The scanner reports malformed text through its ErrorHandler and
// always keeps going with a token that covers the bad bytes, so that the
// tokens plus the whitespace between them always make up the whole text.
type Scanner struct {
	src  string
	off  int
	errh ErrorHandler
	// ErrorCount counts the errors reported so far.
	ErrorCount int

	// The last search for a '}': from closeFrom, found at closeAt (-1: none).
	closeKnown         bool
	closeFrom, closeAt int

	// looked counts the bytes that searches beyond the token being scanned
	// examined, for the test that scanning stays linear (linear_test.go).
	looked int
}

// Init prepares s to scan src from its first byte. errh may be nil.
func (s *Scanner) Init(src string, errh ErrorHandler) {
	s.InitAt(src, 0, errh)
}

// InitAt prepares s to scan src starting at byte offset off, which must be at
// the start of a token or of whitespace (such as the start of a game).
func (s *Scanner) InitAt(src string, off int, errh ErrorHandler) {
	*s = Scanner{src: src, off: off, errh: errh}
}

// Seek moves the scanner to offset off, which must be at the start of a
// token or of whitespace, keeping what it has learned of the text.
func (s *Scanner) Seek(off int) { s.off = off }

func (s *Scanner) error(pos, end int, format string, args ...any) {
	s.ErrorCount++
	if s.errh != nil {
		s.errh(Pos(pos), Pos(end), fmt.Sprintf(format, args...))
	}
}

const bom = "\uFEFF"

// The classes of bytes that the scanner tests in its inner loops. One look-up
// in byteClass replaces the chains of comparisons of a test such as
// isSymbolByte (bench/NOTES.md).
const (
	classSpace   = 1 << iota // white space between tokens
	classLetter              // starts a symbol
	classDigit               // starts a number, a result or a symbol
	classSymbol              // continues a symbol (standard, 7: letters, digits and "_+#=:-")
	classTagName             // is part of a tag name: letters, digits and '_'
	classStart               // can begin a well-formed token (ends a run of illegal text)
	classTail                // may go on a move written otherwise than in SAN (see symbolTail)
)

var byteClass = func() (t [256]uint8) {
	for _, c := range []byte(" \t\n\r\v\f") {
		t[c] |= classSpace | classStart
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c] |= classLetter | classSymbol | classTagName | classStart
		t[c-'a'+'A'] |= classLetter | classSymbol | classTagName | classStart
	}
	for c := '0'; c <= '9'; c++ {
		t[c] |= classDigit | classSymbol | classTagName | classStart
	}
	for _, c := range []byte("_+#=:-") {
		t[c] |= classSymbol
	}
	t['_'] |= classTagName
	for _, c := range []byte("[](){}\";$!?*.") {
		t[c] |= classStart
	}
	for c := 0x80; c <= 0xFF; c++ {
		t[c] |= classTail
	}
	t['@'] |= classTail
	t['.'] |= classTail
	return t
}()

func isSpace(c byte) bool  { return byteClass[c]&classSpace != 0 }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
func isLetter(c byte) bool { return byteClass[c]&classLetter != 0 }

// isSymbolByte reports whether c may continue a symbol (standard, 7: letters,
// digits and "_+#=:-").
func isSymbolByte(c byte) bool { return byteClass[c]&classSymbol != 0 }

// isTagNameByte reports whether c may be part of a tag name.
func isTagNameByte(c byte) bool { return byteClass[c]&classTagName != 0 }

// startsToken reports whether c can begin a well-formed token; it ends a run
// of illegal text.
func startsToken(c byte) bool { return byteClass[c]&classStart != 0 }

// atLineStart reports whether offset off begins a line.
func (s *Scanner) atLineStart(off int) bool {
	return off == 0 || s.src[off-1] == '\n' || s.src[off-1] == '\r' || (off == len(bom) && strings.HasPrefix(s.src, bom))
}

// Scan returns the next token. At the end of the text it returns an EOF token
// with Pos == End == len(src).
func (s *Scanner) Scan() Token {
	src := s.src
	// The loops run on a local offset, which stays in a register, rather
	// than on s.off.
	off := s.off
	for off < len(src) && isSpace(src[off]) {
		off++
	}
	if off >= len(src) {
		s.off = off
		return Token{Kind: EOF, Pos: Pos(len(src)), End: Pos(len(src))}
	}
	// Symbols (moves) and move numbers, the most common tokens, are
	// scanned here rather than past scanToken's switch.
	var kind Kind
	switch c := byteClass[src[off]]; {
	case c&classLetter != 0:
		end := off + 1
		for end < len(src) && isSymbolByte(src[end]) {
			end++
		}
		// A byte that may go on a move written otherwise than in SAN
		// takes the slow path; the test costs a table look-up a symbol.
		if end < len(src) && byteClass[src[end]]&classTail != 0 {
			return s.tailSymbol(off, end) // a call that returns: nothing stays live across it
		}
		s.off = end
		return Token{Kind: Symbol, Pos: Pos(off), End: Pos(end)}
	case c&classDigit != 0:
		kind = s.scanNumberOrSymbol(off)
	default:
		kind = s.scanToken(off)
	}
	return Token{Kind: kind, Pos: Pos(off), End: Pos(s.off)}
}

func (s *Scanner) scanToken(start int) Kind {
	src := s.src
	c := src[start]
	s.off = start + 1
	switch c {
	case '[':
		return LBracket
	case ']':
		return RBracket
	case '(':
		return LParen
	case ')':
		return RParen
	case '*':
		return Result
	case '"':
		s.scanString(start)
		return String
	case '{':
		s.scanComment(start)
		return BraceComment
	case ';':
		s.off = lineEnd(src, start)
		return LineComment
	case '%':
		if s.atLineStart(start) {
			s.off = lineEnd(src, start)
			return EscapeLine
		}
	case '$':
		return s.scanNAG(start)
	case '!', '?':
		s.off = skipSuffix(src, s.off)
		return Suffix
	case '.':
		s.off = skipDots(src, s.off)
		return Dots
	case '-':
		if s.off < len(src) && src[s.off] == '-' && !strings.HasPrefix(src[s.off:], "-+") {
			s.off++
			return NullMove
		}
	case bom[0]:
		if start == 0 && strings.HasPrefix(src, bom) {
			s.off = len(bom)
			return BOM
		}
	}
	// The glyphs and drops that start with a byte of the switch's kind
	// are tested here, off the path of the standard's tokens.
	if c == '+' || c == '-' || c == '=' {
		if n, _ := glyphAt(src, start); n > 0 {
			s.off = start + n
			return NAG
		}
	}
	if c == '@' && s.off+1 < len(src) && 'a' <= src[s.off] && src[s.off] <= 'h' && '1' <= src[s.off+1] && src[s.off+1] <= '8' {
		// A crazyhouse pawn drop written without its letter, "@d4".
		end := s.off + 2
		for end < len(src) && isSymbolByte(src[end]) {
			end++
		}
		s.off = end
		return Symbol
	}
	if isDigit(c) {
		return s.scanNumberOrSymbol(start)
	}
	if isLetter(c) {
		for s.off < len(src) && isSymbolByte(src[s.off]) {
			s.off++
		}
		s.off = s.symbolTail(start, s.off)
		return Symbol
	}
	if c >= utf8.RuneSelf {
		if k, ok := s.scanForm(start); ok {
			return k
		}
	}
	return s.scanIllegal(start)
}

// skipSuffix returns the offset of the first byte at or after off that is not '!' or '?'.
func skipSuffix(src string, off int) int {
	for off < len(src) && (src[off] == '!' || src[off] == '?') {
		off++
	}
	return off
}

// skipDots returns the offset of the first byte at or after off that is not a period.
func skipDots(src string, off int) int {
	for off < len(src) && src[off] == '.' {
		off++
	}
	return off
}

// lineEnd returns the offset of the line break (or end of text) at or after off.
func lineEnd(src string, off int) int {
	for i := off; i < len(src); i++ {
		if src[i] == '\n' || src[i] == '\r' {
			return i
		}
	}
	return len(src)
}

func (s *Scanner) scanString(start int) {
	src := s.src
	for i := start + 1; i < len(src); i++ {
		switch src[i] {
		case '\\':
			if i+1 < len(src) && (src[i+1] == '"' || src[i+1] == '\\') {
				i++
			}
		case '"':
			s.off = i + 1
			return
		case '\n', '\r':
			// A string never spans lines (tag pairs are one line each);
			// stopping here keeps one bad tag from eating the next ones.
			s.off = i
			s.error(start, i, "string not terminated: missing '\"' before the end of the line")
			return
		}
	}
	s.off = len(src)
	s.error(start, len(src), "string not terminated: missing '\"' before the end of the file")
}

// unterminatedComment is the one message for a brace comment without its
// '}', whether it ends at the next tag line or at the end of the text: a text
// cut before a tag line (a chunk of a document, a block of a stream) must
// parse exactly as it does within the whole.
const unterminatedComment = "comment not terminated: missing '}'"

func (s *Scanner) scanComment(start int) {
	src := s.src
	body := start + 1
	closing := s.nextClose(body)
	limit := len(src) // where the comment's text ends if it has no '}' of its own
	if closing >= 0 {
		limit = closing
	}
	// A tag pair at the start of a line inside the comment means the '}' was
	// forgotten and the comment ran into the next game: end it before that
	// line so that one missing brace spoils at most one game.
	next := nextTagLine(src, body, limit)
	if next >= 0 {
		s.looked += next - body
	} else {
		s.looked += limit - body
	}
	if next >= 0 {
		s.off = next
		s.error(start, start+1, unterminatedComment)
		return
	}
	if closing < 0 {
		s.off = len(src)
		s.error(start, start+1, unterminatedComment)
		return
	}
	s.off = limit + 1
}

// nextClose returns the offset of the first '}' at or after from, or -1.
// The answer of the last search is remembered: many unclosed comments cut
// short by tag lines would otherwise each search the rest of the text again,
// which made such input quadratic.
func (s *Scanner) nextClose(from int) int {
	if s.closeKnown && from >= s.closeFrom && (s.closeAt < 0 || from <= s.closeAt) {
		return s.closeAt
	}
	at := strings.IndexByte(s.src[from:], '}')
	if at >= 0 {
		at += from
		s.looked += at - from + 1
	} else {
		s.looked += len(s.src) - from
	}
	s.closeFrom, s.closeAt, s.closeKnown = from, at, true
	return at
}

// nextTagLine returns the offset of the first line in src[from:to] that starts
// with something shaped like a tag pair ('[' then a name then '"'), or -1.
func nextTagLine(src string, from, to int) int {
	for i := from; i < to; {
		j := strings.IndexByte(src[i:to], '[')
		if j < 0 {
			return -1
		}
		j += i
		if j > 0 && (src[j-1] == '\n' || src[j-1] == '\r') && looksLikeTagPair(src[j:]) {
			return j
		}
		i = j + 1
	}
	return -1
}

// looksLikeTagPair reports whether text starts with `[Name "`.
func looksLikeTagPair(text string) bool {
	if text == "" || text[0] != '[' {
		return false
	}
	i := 1
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	nameStart := i
	for i < len(text) && isTagNameByte(text[i]) {
		i++
	}
	if i == nameStart {
		return false
	}
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	return i < len(text) && text[i] == '"'
}

func (s *Scanner) scanNAG(start int) Kind {
	for s.off < len(s.src) && isDigit(s.src[s.off]) {
		s.off++
	}
	if s.off == start+1 {
		s.error(start, s.off, "'$' must be followed by a number (a NAG such as $1)")
		return Illegal
	}
	return NAG
}

// scanNumberOrSymbol scans a token that starts with a digit: a move number
// ("12", "12.", "12..."), a result ("1-0", "0-1", "1/2-1/2") or a symbol such
// as "0-0" castling.
func (s *Scanner) scanNumberOrSymbol(start int) Kind {
	src := s.src
	off := start + 1
	if src[start] == '1' && strings.HasPrefix(src[start:], "1/2-1/2") {
		off = start + len("1/2-1/2")
		if off >= len(src) || !isSymbolByte(src[off]) {
			s.off = off
			return Result
		}
	}
	allDigits := off == start+1 // false after a "1/2-1/2" that goes on
	for off < len(src) && isDigit(src[off]) {
		off++
	}
	for off < len(src) && isSymbolByte(src[off]) {
		allDigits = false
		off++
	}
	if allDigits {
		if off < len(src) && src[off] == '.' && src[start] != '0' {
			s.off = skipDots(src, off) // the common case, "12."
			return Number
		}
		return s.numberForm(start, off)
	}
	if off < len(src) && byteClass[src[off]]&classTail != 0 {
		off = s.symbolTail(start, off) // castling with a Unicode dash, "0–0"
	}
	s.off = off
	switch src[start:off] {
	case "1-0", "0-1":
		return Result
	}
	return Symbol
}

// scanIllegal consumes a run of bytes that start no token, up to whitespace
// or the start of a real token, and reports it once.
func (s *Scanner) scanIllegal(start int) Kind {
	src := s.src
	_, size := utf8.DecodeRuneInString(src[start:])
	s.off = start + size
	for s.off < len(src) && !startsToken(src[s.off]) {
		_, size := utf8.DecodeRuneInString(src[s.off:])
		s.off += size
	}
	text := src[start:s.off]
	switch {
	case text == "<" || text == ">":
		s.error(start, s.off, "%q is reserved by the PGN standard and may not appear in a game", text)
	case text == "}":
		s.error(start, s.off, "'}' without a matching '{'")
	case strings.IndexByte(text, 0) >= 0:
		s.error(start, s.off, "NUL byte in the text")
	default:
		s.error(start, s.off, "unexpected text %q", clip(text, 40))
	}
	return Illegal
}

// clip shortens text for a message.
func clip(text string, n int) string {
	if utf8.RuneCountInString(text) <= n {
		return text
	}
	runes := []rune(text)
	return string(runes[:n]) + "…"
}
