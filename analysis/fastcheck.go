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

// skimmedGame is what the skimmer learned of a game's movetext: the
// position after the main line, every move of which was legal, and how
// many plies the main line has; and where the game starts, which the
// checker would otherwise work out again (a FEN read twice was a tenth of
// the work skimming saved on the corpus).
type skimmedGame struct {
	start gameStart
	final board.Position
	plies int
}

// skimChunk is how many skimmed games one array of the skimmer holds.
const skimChunk = 256

// checkSkimmer is the skimmer of one parser: the games it skimmed in the
// parser's last parse, in arrays reused from parse to parse (the games
// hold pointers into them, so the arrays never move), and its stack.
type checkSkimmer struct {
	chunks [][]skimmedGame
	used   int // games handed out in the current parse
	stack  []skimFrame
}

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

func (s *checkSkimmer) Reset() { s.used = 0 }

// next returns room for the next game skimmed.
func (s *checkSkimmer) next() *skimmedGame {
	chunk, i := s.used/skimChunk, s.used%skimChunk
	if chunk == len(s.chunks) {
		s.chunks = append(s.chunks, make([]skimmedGame, skimChunk))
	}
	s.used++
	return &s.chunks[chunk][i]
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
	sg := s.next()
	sg.start = start
	end, ok := s.replay(sg, src, first, sc)
	if !ok {
		s.used--
		sg.start = gameStart{}
		return pgn.Token{}, nil, false
	}
	return end, sg, true
}

// replay is Skim's walk of the tokens from tok on, from sg.start.pos; it
// fills sg when it vouches for the movetext, and returns its result token.
func (s *checkSkimmer) replay(sg *skimmedGame, src string, tok pgn.Token, sc *pgn.Scanner) (pgn.Token, bool) {
	// The current line's position and the one before its last move are
	// two slots, which a move swaps: one copy a move.
	var lines [2]board.Position
	cur := 0 // lines[cur] is the current position, lines[1-cur] the one before the line's last move
	lines[cur] = sg.start.pos
	hasMove := false // the current line has a move
	plies := 0       // of the main line
	stack := s.stack[:0]
	defer func() { s.stack = stack[:0] }()
	for {
		switch tok.Kind {
		case pgn.Number:
			if !numberAgrees(&lines[cur], src[tok.Pos:tok.End]) {
				return tok, false
			}
			if tok = sc.Scan(); tok.Kind != pgn.Symbol {
				return tok, false
			}
			continue // to the move
		case pgn.Symbol:
			next := &lines[1-cur]
			*next = lines[cur]
			if !playCanonical(next, src[tok.Pos:tok.End]) {
				return tok, false
			}
			cur, hasMove = 1-cur, true
			if len(stack) == 0 {
				plies++
			}
		case pgn.NAG:
			if !plainNAG(src[tok.Pos:tok.End]) {
				return tok, false
			}
		case pgn.BraceComment:
			if text := src[tok.Pos:tok.End]; len(text) < 2 || text[len(text)-1] != '}' || pgn.HasCommands(text[1:len(text)-1]) {
				return tok, false
			}
		case pgn.LParen:
			// A variation replaces the line's last move: it starts
			// from the position before it.
			if !hasMove || len(stack) >= maxSkimDepth {
				return tok, false
			}
			stack = append(stack, skimFrame{pos: lines[cur], before: lines[1-cur]})
			cur, hasMove = 1-cur, false
		case pgn.RParen:
			if len(stack) == 0 || !hasMove {
				return tok, false
			}
			top := &stack[len(stack)-1]
			lines[cur], lines[1-cur], hasMove = top.pos, top.before, true
			stack = stack[:len(stack)-1]
		case pgn.Result:
			if len(stack) != 0 {
				return tok, false
			}
			sg.final, sg.plies = lines[cur], plies
			return tok, true
		default:
			return tok, false
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
