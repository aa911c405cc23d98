package analysis

import (
	"pgnls/analysis/board"
	"pgnls/pgn"
)

// This file is the checker's movetext skimmer (see pgn.MovetextSkimmer):
// pgnls check gives it to its Reader, and the games whose movetext it
// vouches for are checked without the movetext's tree. It replays the
// moves as the tokens come, variations on a small stack of positions, and
// accepts only what the checker would report nothing on:
//
//   - moves written exactly in canonical SAN, legal in standard chess
//     (playCanonical), and move numbers that agree with the position,
//     "12." before White's move, "12..." before Black's, right before
//     their move;
//   - brace comments with their '}' and without commands ("[%");
//   - NAGs written $0 to $255;
//   - variations after a move, each with a move, up to maxSkimDepth deep;
//   - a result marker, which ends the movetext outside every variation
//     (checkResult then checks it as in the tree).
//
// Anything else — a suffix annotation, a glyph, a null move, a line
// comment, an escape line, periods apart, a move the checker would warn
// on, a game ended by a tag pair or the end of the text, a variant or a
// Chess960 FEN, a syntax error — gives up: the parser then builds the
// movetext's tree, and the checker reports from it, as without a skimmer.
// What the checker needs of a skimmed game's movetext besides its result
// is what replay would learn: the final position of the main line, and
// its plies (skimmedGame). The differential tests (fastcheck_test.go)
// check that the diagnostics are those of the tree, byte for byte.

// maxSkimDepth is the deepest nesting of variations the skimmer replays;
// deeper text is left to the tree (whose limit is pgn.MaxNesting).
const maxSkimDepth = 32

// skimmedGame is what the skimmer learned of a game's movetext: how many
// plies the main line has, every move of which was legal, and the
// position after it (nil when the main line has no move: the start); and
// where the game starts when it has a FEN tag, which the checker would
// otherwise read again (a FEN read twice was a tenth of the work skimming
// saved on the corpus); without one, startOf costs little.
//
// It is small, and the positions apart, because a skimmed game can be a
// few bytes of text: a line of "* * * ..." is a game every two bytes,
// and the skimmer's memory must stay within a small multiple of the
// tree's.
type skimmedGame struct {
	plies int
	final *board.Position
	start *gameStart
}

// noMoves is the skimmedGame of every game without moves nor a FEN tag.
var noMoves = &skimmedGame{}

// checkSkimmer is the skimmer of one parser: what it learned of the games
// of the parser's last parse, in arrays reused from parse to parse, and
// its stack.
type checkSkimmer struct {
	games  skimSlab[skimmedGame]
	finals skimSlab[board.Position]
	starts skimSlab[gameStart]
	stack  []skimFrame
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

// skimFrame is a line that a variation interrupts: its position and the
// one before its last move, which the variation starts from.
type skimFrame struct {
	pos, before board.Position
}

// NewCheckSkimmer returns a movetext skimmer for the parser of one
// Reader's pieces, for a batch check (see pgn.Reader.NewSkimmer): the
// diagnostics of the games it skims, checked by AppendCheckFile, are
// those of their whole tree.
func NewCheckSkimmer() pgn.MovetextSkimmer { return new(checkSkimmer) }

func (s *checkSkimmer) Reset() {
	s.games.reset()
	s.finals.reset()
	s.starts.reset()
}

// Skim replays g's movetext, the tokens from first on, and vouches for it
// or gives up (see the file's comment). A panic gives up too: it is the
// tree's check, on the checker's goroutine, that must meet it and report
// it (a panic here would end the reading goroutine, and the program).
func (s *checkSkimmer) Skim(g *pgn.Game, src string, first pgn.Token, sc *pgn.Scanner) (result pgn.Token, skimmed any, ok bool) {
	defer func() {
		if recover() != nil {
			result, skimmed, ok = pgn.Token{}, nil, false
		}
	}()
	start := startOf(g)
	if !start.replayable() || start.chess960 || start.pos.Variant() != board.Standard {
		return pgn.Token{}, nil, false
	}
	end, final, plies, ok := s.replay(&start.pos, src, first, sc)
	if !ok {
		return pgn.Token{}, nil, false
	}
	if plies == 0 && start.fen == nil {
		return end, noMoves, true
	}
	sg := s.games.next()
	sg.plies, sg.final, sg.start = plies, nil, nil
	if plies > 0 {
		sg.final = s.finals.next()
		*sg.final = final
	}
	if start.fen != nil {
		sg.start = s.starts.next()
		*sg.start = start
	}
	return end, sg, true
}

// replay is Skim's walk of the tokens from tok on, from start; it returns
// the result token, the position after the main line and its plies, when
// it vouches for the movetext.
func (s *checkSkimmer) replay(start *board.Position, src string, tok pgn.Token, sc *pgn.Scanner) (pgn.Token, board.Position, int, bool) {
	// The current line's position and the one before its last move are
	// two slots, which a move swaps: one copy a move.
	var lines [2]board.Position
	cur := 0 // lines[cur] is the current position, lines[1-cur] the one before the line's last move
	lines[cur] = *start
	hasMove := false // the current line has a move
	plies := 0       // of the main line
	stack := s.stack[:0]
	defer func() { s.stack = stack[:0] }()
	for {
		switch tok.Kind {
		case pgn.Number:
			if !numberAgrees(&lines[cur], src[tok.Pos:tok.End]) {
				return tok, board.Position{}, 0, false
			}
			if tok = sc.Scan(); tok.Kind != pgn.Symbol {
				return tok, board.Position{}, 0, false
			}
			continue // to the move
		case pgn.Symbol:
			next := &lines[1-cur]
			*next = lines[cur]
			if !playCanonical(next, src[tok.Pos:tok.End]) {
				return tok, board.Position{}, 0, false
			}
			cur, hasMove = 1-cur, true
			if len(stack) == 0 {
				plies++
			}
		case pgn.NAG:
			if !plainNAG(src[tok.Pos:tok.End]) {
				return tok, board.Position{}, 0, false
			}
		case pgn.BraceComment:
			if text := src[tok.Pos:tok.End]; len(text) < 2 || text[len(text)-1] != '}' || pgn.HasCommands(text[1:len(text)-1]) {
				return tok, board.Position{}, 0, false
			}
		case pgn.LParen:
			// A variation replaces the line's last move: it starts
			// from the position before it.
			if !hasMove || len(stack) >= maxSkimDepth {
				return tok, board.Position{}, 0, false
			}
			stack = append(stack, skimFrame{pos: lines[cur], before: lines[1-cur]})
			cur, hasMove = 1-cur, false
		case pgn.RParen:
			if len(stack) == 0 || !hasMove {
				return tok, board.Position{}, 0, false
			}
			top := &stack[len(stack)-1]
			lines[cur], lines[1-cur], hasMove = top.pos, top.before, true
			stack = stack[:len(stack)-1]
		case pgn.Result:
			if len(stack) != 0 {
				return tok, board.Position{}, 0, false
			}
			return tok, lines[cur], plies, true
		default:
			return tok, board.Position{}, 0, false
		}
		tok = sc.Scan()
	}
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
