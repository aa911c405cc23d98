package analysis

import (
	"sort"
	"strings"

	"pgnls/pgn"
)

// TokenType classifies a token for semantic highlighting.
type TokenType uint8

const (
	TokenTagName     TokenType = iota // Event in [Event "..."]
	TokenTagValue                     // the quoted value of a tag pair
	TokenMoveNumber                   // 12. or 12...
	TokenPieceMove                    // a move of a piece (castling included)
	TokenPawnMove                     // a move of a pawn
	TokenSuffix                       // a suffix annotation: ! ? !! ?? !? ?!
	TokenNAG                          // $14
	TokenComment                      // a brace or rest-of-line comment, an escape line
	TokenResult                       // 1-0, 0-1, 1/2-1/2, *
	TokenCommandName                  // "[%clk" of a command in a comment, [%clk 0:03:00]
	TokenCommandArgs                  // its operands: 0:03:00
	numTokenTypes
)

// TokenMods are modifiers of a move token: what the move does, as written.
type TokenMods uint8

const (
	ModCapture   TokenMods = 1 << iota // written with x
	ModCheck                           // ends in +
	ModMate                            // ends in #
	ModPromotion                       // promotes
	ModCastling                        // O-O or O-O-O
	numTokenMods = 5
)

// SemanticToken is a classified token over the bytes [Pos, End).
type SemanticToken struct {
	Pos, End pgn.Pos
	Type     TokenType
	Mods     TokenMods
}

// SemanticTokens returns the classified tokens of f that meet the byte range
// [from, to], in source order. Tokens do not overlap. Text that is not
// well-formed PGN (what the parser put in Bad nodes) is left out.
func SemanticTokens(f *pgn.File, from, to pgn.Pos) []SemanticToken {
	var out []SemanticToken
	add := func(pos, end pgn.Pos, typ TokenType, mods TokenMods) {
		if end >= from && pos <= to && end > pos {
			out = append(out, SemanticToken{Pos: pos, End: end, Type: typ, Mods: mods})
		}
	}
	i := f.ItemsBefore(from)
	if i > 0 {
		i-- // the item before may run into the range
	}
	for _, item := range f.Items[i:] {
		if item.Pos() > to {
			break
		}
		if item.End() < from {
			continue
		}
		pgn.Inspect(item, func(n pgn.Node) bool {
			if n.End() < from || n.Pos() > to {
				return false
			}
			switch n := n.(type) {
			case *pgn.Tag:
				add(n.NameTok.Pos, n.NameTok.End, TokenTagName, 0)
				add(n.ValueTok.Pos, n.ValueTok.End, TokenTagValue, 0)
			case *pgn.Move:
				if num := n.Number; num != nil {
					add(num.Tok.Pos, num.Tok.End, TokenMoveNumber, 0)
					if num.Dots != nil {
						add(num.Dots.Pos, num.Dots.End, TokenMoveNumber, 0)
					}
				}
				if typ, mods, ok := classifyMove(n.Text); ok {
					add(n.SAN.Pos, n.SAN.End, typ, mods)
				}
			case *pgn.SuffixNode:
				add(n.Tok.Pos, n.Tok.End, TokenSuffix, 0)
			case *pgn.NAGNode:
				add(n.Tok.Pos, n.Tok.End, TokenNAG, 0)
			case *pgn.Comment:
				commentTokens(n, add)
			case *pgn.Escape:
				add(n.Tok.Pos, n.Tok.End, TokenComment, 0)
			case *pgn.ResultNode:
				add(n.Tok.Pos, n.Tok.End, TokenResult, 0)
			}
			return true
		})
	}
	// A move's number and the move are visited before the comments between
	// them; put everything in source order.
	sort.Slice(out, func(i, j int) bool { return out[i].Pos < out[j].Pos })
	return out
}

// classifyMove tells a piece move from a pawn move and reads the modifiers
// from the text as written. Null moves are not classified.
func classifyMove(text string) (TokenType, TokenMods, bool) {
	if text == "" || text == "--" || text == "Z0" || text == "0000" {
		return 0, 0, false
	}
	if plain, forms, ok := plainText(text); ok && forms != 0 {
		text = plain // ♘f3 is a piece move, O–O castling
	}
	var mods TokenMods
	switch text[len(text)-1] {
	case '+':
		mods |= ModCheck
	case '#':
		mods |= ModMate
	}
	body := strings.TrimRight(text, "+#")
	if body == "" {
		return 0, 0, false
	}
	if strings.IndexByte(body, 'x') >= 0 || strings.IndexByte(body, ':') >= 0 {
		mods |= ModCapture
	}
	if strings.HasPrefix(body, "O-O") || strings.HasPrefix(body, "0-0") || strings.HasPrefix(body, "o-o") {
		return TokenPieceMove, mods | ModCastling, true
	}
	if strings.IndexByte(body, '=') >= 0 || len(body) > 0 && strings.IndexByte("QRBN", body[len(body)-1]) >= 0 && body[0] >= 'a' && body[0] <= 'h' {
		mods |= ModPromotion
	}
	switch body[0] {
	case 'K', 'Q', 'R', 'B', 'N':
		return TokenPieceMove, mods, true
	}
	return TokenPawnMove, mods, true
}

// commentTokens classifies a comment: its text is a comment, and each
// command in it ([%clk 0:03:00]) is its name with the "[%" before it, then
// its operands; the blanks between them, and the ']', are the comment's.
func commentTokens(c *pgn.Comment, add func(pos, end pgn.Pos, typ TokenType, mods TokenMods)) {
	if !pgn.HasCommands(c.Text) {
		add(c.Tok.Pos, c.Tok.End, TokenComment, 0)
		return
	}
	at := c.Tok.Pos
	for _, cmd := range c.Commands() {
		add(at, cmd.Pos, TokenComment, 0)
		add(cmd.Pos, cmd.NameEnd(), TokenCommandName, 0)
		add(cmd.ArgsPos, cmd.ArgsEnd(), TokenCommandArgs, 0)
		at = max(cmd.NameEnd(), cmd.ArgsEnd())
	}
	add(at, c.Tok.End, TokenComment, 0)
}
