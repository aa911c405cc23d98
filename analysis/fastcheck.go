package analysis

import (
	"pgnls/analysis/board"
	"pgnls/pgn"
)

// This file is the checker's movetext skimmer (see pgn.MovetextSkimmer):
// pgnls check gives it to its Reader, and the games whose movetext it
// lets through are checked without the movetext's tree. It works in two
// halves, so that the reader's stage, the one that does not run in
// parallel, does the least:
//
//   - Skim, on the reader's goroutine, reads the tokens and lets through
//     only movetext made of move numbers "N." or "N..." each right before
//     its move, moves, brace comments with their '}' and without commands
//     ("[%"), NAGs written $0 to $255, variations after a move with a move
//     each, up to maxSkimDepth deep, and a result marker outside every
//     variation. It keeps the numbers, moves and parentheses, as tokens.
//   - replaySkimmed, on the checking goroutine, replays those tokens, the
//     variations on a small stack of positions, and vouches for the game
//     only when every move is written exactly in canonical SAN and legal
//     in standard chess (playCanonical) and every move number agrees with
//     the position. It learns what replay would, for checkResult: the
//     final position of the main line and its plies.
//
// Anything else — a suffix annotation, a glyph, a null move, a line
// comment, an escape line, periods apart, a missing result, a syntax error
// in Skim; a move the checker would warn on, a wrong number, a variant or
// a Chess960 FEN in replaySkimmed — gives up: Skim's game is parsed into
// the tree from its movetext's start by the parser, replaySkimmed's again
// whole by pgn.ParseGameAt, and the checker reports from the tree, as
// without a skimmer. The differential tests (fastcheck_test.go) check that
// the diagnostics are those of the tree, byte for byte.

// maxSkimDepth is the deepest nesting of variations the skimmer takes;
// deeper text is left to the tree (whose limit is pgn.MaxNesting).
const maxSkimDepth = 32

// maxSkimTokens bounds the tokens Skim keeps of one game: a longer game
// (no real one comes near) goes to the tree at once, so that a game of a
// million moves is not kept as tokens, then parsed again whole when its
// replay finds something to report, the memory of both live at once.
const maxSkimTokens = 1 << 15

// skimmedGame is what Skim kept of a game's movetext: its numbers, moves
// and parentheses, tokens[from:to] of the skimmer that skimmed it.
//
// It is small, and the tokens in one list, because a skimmed game can be
// a few bytes of text: a line of "* * * ..." is a game every two bytes,
// and the skimmer's memory must stay within a small multiple of the
// tree's.
type skimmedGame struct {
	skimmer  *checkSkimmer
	from, to int
}

// noMoves is the skimmedGame of every game without moves.
var noMoves = &skimmedGame{}

// checkSkimmer is the skimmer of one parser: what it kept of the games of
// the parser's last parse, reused from parse to parse. The checker reads
// it once the parse is done (the piece is handed over), until the piece is
// released.
type checkSkimmer struct {
	games  skimSlab[skimmedGame]
	tokens []pgn.Token
}

// skimSlab hands out values from arrays of skimChunk, which never move
// (the games hold pointers into them) and are reused after reset.
type skimSlab[T any] struct {
	chunks [][]T
	used   int
}

// skimChunk is how many values one array of a skimSlab holds.
const skimChunk = 256

func (s *skimSlab[T]) next() *T {
	chunk, i := s.used/skimChunk, s.used%skimChunk
	if chunk == len(s.chunks) {
		s.chunks = append(s.chunks, make([]T, skimChunk))
	}
	s.used++
	return &s.chunks[chunk][i]
}

func (s *skimSlab[T]) reset() { s.used = 0 }

// NewCheckSkimmer returns a movetext skimmer for the parser of one
// Reader's pieces, for a batch check (see pgn.Reader.NewSkimmer): the
// diagnostics of the games it skims, checked by AppendCheckFile, are
// those of their whole tree.
func NewCheckSkimmer() pgn.MovetextSkimmer { return new(checkSkimmer) }

func (s *checkSkimmer) Reset() {
	s.games.reset()
	if cap(s.tokens) > 1<<20 {
		s.tokens = nil // a huge piece's list is not kept
	}
	s.tokens = s.tokens[:0]
}

// Skim reads g's movetext, the tokens from first on, and lets it through
// or gives up (see the file's comment).
func (s *checkSkimmer) Skim(g *pgn.Game, src string, tok pgn.Token, sc *pgn.Scanner) (pgn.Token, any, bool) {
	from := len(s.tokens)
	depth := 0
	moved := false // the current line has a move
	for {
		switch tok.Kind {
		case pgn.Number:
			if !numberShape(src[tok.Pos:tok.End]) {
				return s.giveUp(from)
			}
			s.tokens = append(s.tokens, tok)
			if tok = sc.Scan(); tok.Kind != pgn.Symbol {
				return s.giveUp(from)
			}
			continue // to the move
		case pgn.Symbol:
			if len(s.tokens)-from >= maxSkimTokens {
				return s.giveUp(from)
			}
			s.tokens = append(s.tokens, tok)
			moved = true
		case pgn.NAG:
			if !plainNAG(src[tok.Pos:tok.End]) {
				return s.giveUp(from)
			}
		case pgn.BraceComment:
			if text := src[tok.Pos:tok.End]; len(text) < 2 || text[len(text)-1] != '}' || pgn.HasCommands(text[1:len(text)-1]) {
				return s.giveUp(from)
			}
		case pgn.LParen:
			// A variation replaces the line's last move.
			if !moved || depth >= maxSkimDepth {
				return s.giveUp(from)
			}
			s.tokens = append(s.tokens, tok)
			depth, moved = depth+1, false
		case pgn.RParen:
			if depth == 0 || !moved {
				return s.giveUp(from)
			}
			s.tokens = append(s.tokens, tok)
			depth, moved = depth-1, true // the line the variation left has its move
		case pgn.Result:
			if depth != 0 {
				return s.giveUp(from)
			}
			if len(s.tokens) == from {
				return tok, noMoves, true
			}
			sg := s.games.next()
			sg.skimmer, sg.from, sg.to = s, from, len(s.tokens)
			return tok, sg, true
		default:
			return s.giveUp(from)
		}
		tok = sc.Scan()
	}
}

// giveUp drops what Skim kept of the game whose tokens start at from.
func (s *checkSkimmer) giveUp(from int) (pgn.Token, any, bool) {
	s.tokens = s.tokens[:from]
	return pgn.Token{}, nil, false
}

// skimReplay is what replaySkimmed learned of a skimmed game: where it
// starts, the position after its main line, every move of which was
// legal, and how many plies the main line has.
type skimReplay struct {
	start gameStart
	final board.Position
	plies int
}

// replaySkimmed replays the movetext Skim kept of g, and reports whether
// the checker would report nothing on it (see the file's comment); src is
// the text of g's file. stack is the caller's, reused from game to game.
func replaySkimmed(src string, g *pgn.Game, sg *skimmedGame, r *skimReplay, stack *[]skimFrame) bool {
	r.start = startOf(g)
	if !r.start.replayable() || r.start.chess960 || r.start.pos.Variant() != board.Standard {
		return false
	}
	if sg.skimmer == nil { // no moves
		r.final, r.plies = r.start.pos, 0
		return true
	}
	tokens := sg.skimmer.tokens[sg.from:sg.to]
	// The current line's position and the one before its last move are
	// two slots, which a move swaps: one copy a move.
	var lines [2]board.Position
	cur := 0 // lines[cur] is the current position, lines[1-cur] the one before the line's last move
	lines[cur] = r.start.pos
	plies := 0 // of the main line
	st := (*stack)[:0]
	defer func() { *stack = st[:0] }()
	for _, tok := range tokens {
		switch tok.Kind {
		case pgn.Number:
			if !numberAgrees(&lines[cur], src[tok.Pos:tok.End]) {
				return false
			}
		case pgn.Symbol:
			next := &lines[1-cur]
			*next = lines[cur]
			if !playCanonical(next, src[tok.Pos:tok.End]) {
				return false
			}
			cur = 1 - cur
			if len(st) == 0 {
				plies++
			}
		case pgn.LParen:
			// The variation starts from the position before the move
			// it replaces (Skim let through only variations after a
			// move).
			st = append(st, skimFrame{pos: lines[cur], before: lines[1-cur]})
			cur = 1 - cur
		case pgn.RParen:
			top := &st[len(st)-1]
			lines[cur], lines[1-cur] = top.pos, top.before
			st = st[:len(st)-1]
		}
	}
	r.final, r.plies = lines[cur], plies
	return true
}

// skimFrame is a line that a variation interrupts: its position and the
// one before its last move, which the variation starts from.
type skimFrame struct {
	pos, before board.Position
}

// numberShape reports whether text, a move number token, is digits then
// one period or three, the numbers numberAgrees may accept.
func numberShape(text string) bool {
	i := 0
	for i < len(text) && i < 9 && '0' <= text[i] && text[i] <= '9' {
		i++
	}
	return i > 0 && (text[i:] == "." || text[i:] == "...")
}

// numberAgrees reports whether text, a move number token, is "N." with
// White to move or "N..." with Black to move, N the position's move
// number: a number checkMoveNumber has nothing to say on (numbers
// written otherwise are left to the tree).
func numberAgrees(pos *board.Position, text string) bool {
	n, i := 0, 0
	for ; i < len(text) && i < 9; i++ {
		d := text[i] - '0'
		if d > 9 {
			break
		}
		n = n*10 + int(d)
	}
	if i == 0 || n != pos.FullMoveNumber() {
		return false
	}
	switch len(text) - i {
	case 1:
		return text[i] == '.' && pos.SideToMove() == board.White
	case 3:
		return text[i:] == "..." && pos.SideToMove() == board.Black
	}
	return false
}

// plainNAG reports whether text, a NAG token, is '$' and a number from 0
// to 255, which the checker reports nothing on.
func plainNAG(text string) bool {
	if len(text) < 2 || len(text) > 10 || text[0] != '$' {
		return false
	}
	v := 0
	for i := 1; i < len(text); i++ {
		c := text[i]
		if c < '0' || c > '9' {
			return false
		}
		v = v*10 + int(c-'0')
	}
	return v <= 255
}

// skimmedOf returns what the skimmer learned of g's movetext, or nil when
// g has its tree.
func skimmedOf(g *pgn.Game) *skimmedGame {
	sg, _ := g.Skimmed.(*skimmedGame)
	return sg
}
