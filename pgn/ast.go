package pgn

// A Node is a piece of the syntax tree. Every node covers the bytes
// [Pos(), End()) of the source; the text between the tokens of a node and
// between nodes is whitespace only, so the tree keeps every byte.
type Node interface {
	Pos() Pos
	End() Pos
}

// File is a parsed PGN text: its games in order and, between them, the
// text that belongs to no game (a preface comment, stray comments, junk).
type File struct {
	Src   string
	Lines *LineTable
	// Items holds, in source order, every *Game and every node found
	// between games (*Comment, *Escape, *Bad, *BOMNode).
	Items  []Node
	Games  []*Game
	Errors ErrorList
}

// Game is one game: an optional tag section, movetext and a result marker.
type Game struct {
	Index int // 0-based position among the file's games
	// TagItems holds the tag section in source order: *Tag, and the
	// *Bad, *Comment and *Escape nodes found between tags.
	TagItems []Node
	Tags     []*Tag      // the well-formed tag pairs of TagItems
	Moves    Line        // the main line
	Result   *ResultNode // nil when the game has no termination marker
	From, To Pos         // the span of the game, from its first token to the end of its last
	// Errors lists the syntax errors found inside the game.
	Errors ErrorList
	// Skimmed is set on a game whose movetext a MovetextSkimmer read
	// instead of the parser (only a Reader given one skims): it is what
	// the skimmer made of the movetext, and Moves then holds no moves,
	// only the comments before the first one; Result is set.
	Skimmed any
}

func (g *Game) Pos() Pos { return g.From }
func (g *Game) End() Pos { return g.To }

// Tag returns the value of the first tag named name and whether there is one.
func (g *Game) Tag(name string) (string, bool) {
	for _, t := range g.Tags {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

// TagNode returns the first tag named name, or nil.
func (g *Game) TagNode(name string) *Tag {
	for _, t := range g.Tags {
		if t.Name == name {
			return t
		}
	}
	return nil
}

// Tag is a tag pair: [Name "Value"].
type Tag struct {
	LBrack   Pos
	NameTok  Token
	ValueTok Token // a String token (with its quotes)
	RBrack   Pos
	Name     string
	Value    string // unescaped
	// StrayQuote reports a value with an unescaped '"' inside, which
	// export format writes as \".
	StrayQuote bool
}

func (t *Tag) Pos() Pos { return t.LBrack }
func (t *Tag) End() Pos { return t.RBrack + 1 }

// Line is a sequence of moves: the main line of a game or a variation.
type Line struct {
	// Start holds what comes before the first move: comments, NAGs,
	// escapes and malformed text (and a variation, which is an error there).
	Start []Node
	Moves []*Move
}

// Move is one move in SAN with its move number indication and everything
// that annotates it.
type Move struct {
	Number *MoveNumber // nil when the move has no number indication
	// Before holds comments written between the move number and the move.
	Before []Node
	SAN    Token // a Symbol (or a NullMove token)
	Text   string
	// After holds, in source order, what follows the move up to the next
	// move: *SuffixNode, *NAGNode, *Comment, *Variation (alternatives to
	// this move), *Escape and *Bad.
	After []Node
}

func (m *Move) Pos() Pos {
	if m.Number != nil {
		return m.Number.Pos()
	}
	return m.SAN.Pos
}

func (m *Move) End() Pos {
	if n := len(m.After); n > 0 {
		return m.After[n-1].End()
	}
	return m.SAN.End
}

// Suffix returns the move's suffix annotation (!, ?, !? ...) or nil.
func (m *Move) Suffix() *SuffixNode {
	for _, n := range m.After {
		if s, ok := n.(*SuffixNode); ok {
			return s
		}
	}
	return nil
}

// Variations returns the variations that replace this move.
func (m *Move) Variations() []*Variation {
	var vs []*Variation
	for _, n := range m.After {
		if v, ok := n.(*Variation); ok {
			vs = append(vs, v)
		}
	}
	return vs
}

// MoveNumber is a move number indication: "12.", "12...", "12" or "12. ...".
type MoveNumber struct {
	Tok    Token  // the Number token ("12." or "12...")
	Dots   *Token // a separate Dots token, as in "12. ...", or nil
	Number int    // the integer value (0 if it does not fit)
	// Black reports a black-move indication: three periods.
	Black bool
}

func (n *MoveNumber) Pos() Pos { return n.Tok.Pos }
func (n *MoveNumber) End() Pos {
	if n.Dots != nil {
		return n.Dots.End
	}
	return n.Tok.End
}

// SuffixNode is a suffix annotation such as "!?".
type SuffixNode struct {
	Tok  Token
	Text string
}

func (n *SuffixNode) Pos() Pos { return n.Tok.Pos }
func (n *SuffixNode) End() Pos { return n.Tok.End }

// NAGNode is a numeric annotation glyph such as "$14", or a glyph that
// books print for one, such as "±" (see GlyphNAG).
type NAGNode struct {
	Tok Token
	// Value is the number (the glyph's NAG for a glyph), or -1 when it has
	// too many digits to mean anything.
	Value int
}

// IsGlyph reports whether the NAG is written as a glyph ("±") rather than
// as '$' and its number.
func (n *NAGNode) IsGlyph(src string) bool { return src[n.Tok.Pos] != '$' }

func (n *NAGNode) Pos() Pos { return n.Tok.Pos }
func (n *NAGNode) End() Pos { return n.Tok.End }

// Comment is a brace comment or a rest-of-line comment.
type Comment struct {
	Tok Token // a Comment or LineComment token
	// Text is the comment without its delimiters ({ } or ;).
	Text string
	// Unterminated reports a brace comment with no closing brace.
	Unterminated bool
}

func (c *Comment) Pos() Pos { return c.Tok.Pos }
func (c *Comment) End() Pos { return c.Tok.End }

// Escape is a line that starts with % and is ignored by PGN readers.
type Escape struct {
	Tok Token
}

func (e *Escape) Pos() Pos { return e.Tok.Pos }
func (e *Escape) End() Pos { return e.Tok.End }

// Variation is an alternative line in parentheses.
type Variation struct {
	LParen Pos
	Line   Line
	RParen Pos // NoPos when the variation is not closed
	// Closing is where the variation's text ends (RParen+1 when closed).
	Closing Pos
}

func (v *Variation) Pos() Pos { return v.LParen }
func (v *Variation) End() Pos { return v.Closing }

// ResultNode is a game termination marker.
type ResultNode struct {
	Tok Token
	// Text is the result in the standard's form, "1-0", "0-1", "1/2-1/2"
	// or "*", whatever the form of the token ("½-½", "1–0": see
	// ResultText).
	Text string
}

func (r *ResultNode) Pos() Pos { return r.Tok.Pos }
func (r *ResultNode) End() Pos { return r.Tok.End }

// Bad covers tokens the parser could not place; the error is in the errors list.
type Bad struct {
	From, To Pos
	// Tokens are the tokens covered, in source order, each on one line;
	// but a variation nested deeper than MaxNesting, which is not read, is
	// one token of kind Nested over its whole text (lines included), and
	// its last token apart when that is a brace comment without its '}'.
	Tokens []Token
}

func (b *Bad) Pos() Pos { return b.From }
func (b *Bad) End() Pos { return b.To }

// BOMNode is the byte order mark at the start of a file.
type BOMNode struct{ Tok Token }

func (b *BOMNode) Pos() Pos { return b.Tok.Pos }
func (b *BOMNode) End() Pos { return b.Tok.End }
