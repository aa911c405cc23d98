// Package pgn scans and parses Portable Game Notation into a lossless syntax
// tree. It knows the grammar of PGN, not the rules of chess: whether a move is
// legal is the business of package analysis.
//
// Positions are byte offsets into the source text (type Pos). Line and column
// numbers are computed only at the edges, by a LineTable.
package pgn

import "strconv"

// Pos is a byte offset into the source text. NoPos marks a position that does
// not exist, such as the closing parenthesis of an unterminated variation.
type Pos int32

// NoPos is the zero-information position.
const NoPos Pos = -1

// IsValid reports whether p is a real position.
func (p Pos) IsValid() bool { return p >= 0 }

// Kind is the kind of a token.
type Kind uint8

// The token kinds of PGN (standard, section 7), plus the trivia that the
// standard lets a file contain and the errors a real file does contain.
const (
	EOF          Kind = iota
	Illegal           // bytes that start no token
	BOM               // a UTF-8 byte order mark at the start of the text
	LBracket          // [
	RBracket          // ]
	LParen            // (
	RParen            // )
	String            // "..." with \" and \\ escapes
	Symbol            // a tag name or a move in SAN: letters, digits and _+#=:- (and the forms of notation.go: ♘f3, O–O, N@f3, exf6 e.p.)
	Number            // a move number indication: digits and the periods right after them ("12.", "12...", "12")
	Dots              // periods standing alone, as in "12. ..."
	Suffix            // a move suffix annotation made of ! and ?
	NAG               // a numeric annotation glyph: $ and digits, or a glyph such as ± (see GlyphNAG)
	BraceComment      // a brace comment {...}
	LineComment       // a rest-of-line comment ;...
	EscapeLine        // a line starting with % in column 1
	Result            // 1-0, 0-1, 1/2-1/2 or *, or one written ½-½, 0.5-0.5 or 1–0 (see ResultText)
	NullMove          // -- (Z0 is scanned as a Symbol and recognised by analysis)
	// Nested is never scanned: the parser makes one of a variation opened
	// deeper than MaxNesting, to cover its whole text (see Bad).
	Nested
)

var kindNames = [...]string{
	EOF:          "end of file",
	Illegal:      "illegal text",
	BOM:          "byte order mark",
	LBracket:     "'['",
	RBracket:     "']'",
	LParen:       "'('",
	RParen:       "')'",
	String:       "string",
	Symbol:       "symbol",
	Number:       "move number",
	Dots:         "'...'",
	Suffix:       "suffix annotation",
	NAG:          "NAG",
	BraceComment: "comment",
	LineComment:  "comment",
	EscapeLine:   "escape line",
	Result:       "result",
	NullMove:     "null move",
	Nested:       "variation nested too deep",
}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(" + strconv.Itoa(int(k)) + ")"
}

// Token is one token of the source: its kind and the bytes [Pos, End).
type Token struct {
	Kind Kind
	Pos  Pos
	End  Pos
}

// Text returns the token's bytes in src.
func (t Token) Text(src string) string { return src[t.Pos:t.End] }

// IsValid reports whether the token exists in the source.
func (t Token) IsValid() bool { return t.Pos.IsValid() }
