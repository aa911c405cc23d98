package board

import (
	"strconv"
	"strings"
)

// Variant is the set of rules a Position follows: standard chess, Chess960,
// or one of the variants that lichess plays.
//
// A Position carries its variant, set by ParseFENVariant or StartPositionOf,
// and every method follows its rules: Resolve, LegalMoves, Play, SAN and the
// check and end-of-game tests. Standard chess keeps its own code paths;
// each method looks at the variant once and hands any other to the
// variant's code, so that the speed of standard chess does not depend on
// the variants.
type Variant uint8

const (
	// Standard is the chess of the FIDE laws, with castling from the
	// standard squares.
	Standard Variant = iota
	// Chess960 is standard chess from any of the 960 starting positions:
	// castling moves king and rook to where O-O or O-O-O puts them in
	// standard chess, from wherever they start on the back rank.
	Chess960
	// Crazyhouse: a captured piece goes to the capturer's pocket, from
	// which it may be dropped on an empty square instead of a move (a
	// captured promoted piece goes back as a pawn).
	Crazyhouse
	// ThreeCheck: standard chess, and giving check for the third time
	// also wins.
	ThreeCheck
	// KingOfTheHill: standard chess, and a king that reaches d4, e4, d5
	// or e5 wins.
	KingOfTheHill
	// RacingKings: no pawns and no checks (a move that gives check is
	// illegal); the first king to reach the eighth rank wins, and when
	// White gets there first Black has one move to get there too, which
	// draws.
	RacingKings
	// Antichess: whoever loses all their pieces, or is stalemated, wins;
	// capturing is compulsory, the king is an ordinary piece that may be
	// captured, a pawn may promote to a king, and there is no check and
	// no castling.
	Antichess
	// Atomic: a capture explodes the capturing piece, the captured one
	// and every piece but a pawn next to the square; blowing up the
	// enemy king wins. A king cannot capture, and kings side by side
	// cannot give each other check.
	Atomic
	// Horde: White has 36 pawns and no king, and loses when all of them
	// (and what they promote to) are gone; White's pawns on the first
	// rank may advance one or two squares.
	Horde

	numVariants
)

// variantNames are the names lichess writes in a PGN's Variant tag.
var variantNames = [numVariants]string{
	Standard:      "Standard",
	Chess960:      "Chess960",
	Crazyhouse:    "Crazyhouse",
	ThreeCheck:    "Three-check",
	KingOfTheHill: "King of the Hill",
	RacingKings:   "Racing Kings",
	Antichess:     "Antichess",
	Atomic:        "Atomic",
	Horde:         "Horde",
}

// String returns the variant's name as lichess writes it in a Variant tag,
// such as "Three-check" or "King of the Hill".
func (v Variant) String() string {
	if v < numVariants {
		return variantNames[v]
	}
	return "Variant(" + strconv.Itoa(int(v)) + ")"
}

// variantAliases maps a Variant tag's value, in lower case and without
// spaces, hyphens or underscores, to its variant: lichess's names and the
// other spellings found in PGN files and engines' option values.
var variantAliases = map[string]Variant{
	"":              Standard,
	"standard":      Standard,
	"chess":         Standard,
	"normal":        Standard,
	"fromposition":  Standard,
	"chess960":      Chess960,
	"960":           Chess960,
	"fischerandom":  Chess960,
	"fischerrandom": Chess960,
	"frc":           Chess960,
	"crazyhouse":    Crazyhouse,
	"zh":            Crazyhouse,
	"threecheck":    ThreeCheck,
	"3check":        ThreeCheck,
	"kingofthehill": KingOfTheHill,
	"koth":          KingOfTheHill,
	"racingkings":   RacingKings,
	"antichess":     Antichess,
	"atomic":        Atomic,
	"horde":         Horde,
}

// ParseVariant returns the variant a PGN Variant tag names: lichess's names
// ("Chess960", "Three-check", "King of the Hill", ...) in any case, with or
// without spaces and hyphens, and common other spellings ("3check",
// "Fischerandom", "koth"). "Standard", "From Position" and the empty
// value are standard chess. ok is false for a name it does not know,
// such as "Giveaway" or "Suicide", whose rules differ from Antichess.
func ParseVariant(tag string) (v Variant, ok bool) {
	key := strings.Map(func(r rune) rune {
		switch r {
		case ' ', '-', '_', '\t':
			return -1
		}
		return r
	}, strings.ToLower(tag))
	v, ok = variantAliases[key]
	return v, ok
}

// has960Castling reports whether castling in v is written and played the
// Chess960 way: from any rook, encoded as the king taking its own rook.
func (v Variant) has960Castling() bool { return v == Chess960 }

// hasCastling reports whether v allows castling at all.
func (v Variant) hasCastling() bool { return v != Antichess && v != RacingKings }

// standardPieceRules reports whether the pieces of v move, capture and give
// check as in standard chess, each side with one king: then Resolve can
// take standard chess's fast path for every move but castling and drops.
func (v Variant) standardPieceRules() bool {
	switch v {
	case Chess960, Crazyhouse, ThreeCheck, KingOfTheHill:
		return true
	}
	return false
}

// Variant returns the rules the position follows.
func (p *Position) Variant() Variant { return p.variant }

// StartPositionOf returns the starting position of v: the standard one for
// standard chess, Chess960 (whose 960 starting positions include the
// standard one, number 518; a game from another comes with a FEN tag),
// Crazyhouse (with empty pockets), Three-check, King of the Hill, Antichess
// (with no castling rights) and Atomic, and the variant's own for Racing
// Kings and Horde.
func StartPositionOf(v Variant) Position {
	switch v {
	case RacingKings:
		return mustParseFENVariant("8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1", v)
	case Horde:
		return mustParseFENVariant("rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1", v)
	case Antichess:
		return mustParseFENVariant("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", v)
	case Standard:
		return startPosition
	}
	if v >= numVariants {
		return startPosition
	}
	return mustParseFENVariant(StartFEN, v)
}

func mustParseFENVariant(fen string, v Variant) Position {
	p, err := ParseFENVariant(fen, v)
	if err != nil {
		panic(err)
	}
	return p
}

// Pocket returns how many pieces of type pt colour c holds in its
// crazyhouse pocket, ready to drop; 0 in other variants.
func (p *Position) Pocket(c Color, pt PieceType) int {
	if pt < Pawn || pt > Queen {
		return 0
	}
	return int(p.pockets >> pocketShift(c, pt) & pocketMask)
}

// IsPromoted reports whether the piece on sq, in crazyhouse, came from a
// promotion, so that capturing it puts a pawn in the capturer's pocket
// (FEN marks it with '~').
func (p *Position) IsPromoted(sq Square) bool {
	return p.variant == Crazyhouse && sq.valid() && p.promoted()&bit(sq) != 0
}

// ChecksGiven returns how many times, in three-check, colour c has given
// check; three wins. It is 0 in other variants.
func (p *Position) ChecksGiven(c Color) int {
	return int(p.checks >> (4 * c) & 15)
}

// CastlingRook returns the square of the rook that colour c castles with on
// side cs, while c has that right, or NoSquare. In standard chess it is a
// corner; in Chess960 wherever the rook started.
func (p *Position) CastlingRook(c Color, cs CastleSide) Square {
	if !p.CanCastle(c, cs) {
		return NoSquare
	}
	if p.variant == Standard {
		return castlings[c][cs].rookFrom
	}
	return p.rookFrom(castlingRight(c, cs))
}

// Pocket counts are 6 bits each in Position.pockets, White's five piece
// types (pawn to queen) first.
const pocketMask = 63

func pocketShift(c Color, pt PieceType) uint { return 6 * (5*uint(c) + uint(pt-Pawn)) }

func (p *Position) addPocket(c Color, pt PieceType, n int) {
	p.pockets += uint64(int64(n)) << pocketShift(c, pt)
}

// hasPocket reports whether colour c has anything to drop.
func (p *Position) hasPocket(c Color) bool {
	return p.pockets>>(30*uint(c))&(1<<30-1) != 0
}

// promoted returns the crazyhouse pieces that came from a promotion. The
// mask lives in byType[NoPieceType], which no piece uses.
func (p *Position) promoted() uint64 { return p.byType[NoPieceType] }

// rookFrom returns the square of the rook that the single right r castles
// with, in a variant other than standard chess.
func (p *Position) rookFrom(r castlingRights) Square {
	i := rightIndex(r)
	file := int(p.rookFiles >> (4 * i) & 7)
	return NewSquare(file, 7*int(i>>1))
}

func (p *Position) setRookFrom(r castlingRights, sq Square) {
	i := rightIndex(r)
	p.rookFiles = p.rookFiles&^(15<<(4*i)) | uint16(sq.File())<<(4*i)
}

// rightIndex returns 0 to 3 for the single right r: whiteShort, whiteLong,
// blackShort, blackLong.
func rightIndex(r castlingRights) uint {
	switch r {
	case whiteShort:
		return 0
	case whiteLong:
		return 1
	case blackShort:
		return 2
	}
	return 3
}

// FEN styles a position remembers from the FEN it was read from, so that
// FEN writes it back the same way.
const (
	// styleShredder: castling rights as the rooks' files ("HAha").
	styleShredder uint8 = 1 << iota
	// styleRemainingChecks: three-check counters as the checks each side
	// still needs, in their own field before the move counters ("3+3"),
	// instead of lichess's checks given after them ("+0+0").
	styleRemainingChecks
	// stylePocketRank: crazyhouse pockets as a ninth rank ("RNBQKBNR/Pp")
	// instead of in brackets ("RNBQKBNR[Pp]").
	stylePocketRank
)

// EndReason says why a game is over.
type EndReason uint8

const (
	// NotOver: the side to move may move.
	NotOver EndReason = iota
	// Checkmate: the side to move is in check and has no legal move.
	Checkmate
	// Stalemate: the side to move is not in check and has no legal move:
	// a draw, but in Antichess a win for the stalemated side.
	Stalemate
	// KingOnTheHill: a king has reached d4, e4, d5 or e5 (King of the Hill).
	KingOnTheHill
	// ThirdCheck: a side has given its third check (Three-check).
	ThirdCheck
	// KingReachedGoal: a king has reached the eighth rank and the other
	// cannot follow (Racing Kings).
	KingReachedGoal
	// BothKingsReachedGoal: Black's king followed White's to the eighth
	// rank at once: a draw (Racing Kings).
	BothKingsReachedGoal
	// KingExploded: a king was blown up (Atomic).
	KingExploded
	// AllPiecesLost: the side to move has no pieces left, and wins
	// (Antichess).
	AllPiecesLost
	// HordeDestroyed: White's horde has no pieces left (Horde).
	HordeDestroyed
	// BlackDestroyed: Black has no pieces left (Horde, from a FEN).
	BlackDestroyed
)

var endReasonNames = [...]string{
	NotOver:              "not over",
	Checkmate:            "checkmate",
	Stalemate:            "stalemate",
	KingOnTheHill:        "king on the hill",
	ThirdCheck:           "third check",
	KingReachedGoal:      "king reached the eighth rank",
	BothKingsReachedGoal: "both kings reached the eighth rank",
	KingExploded:         "king exploded",
	AllPiecesLost:        "all pieces lost",
	HordeDestroyed:       "the horde is destroyed",
	BlackDestroyed:       "all Black's pieces are gone",
}

// String describes the reason in a few words, such as "third check".
func (r EndReason) String() string {
	if int(r) < len(endReasonNames) {
		return endReasonNames[r]
	}
	return "unknown end"
}

// Outcome is how a game stands by the rules of its variant.
type Outcome struct {
	Reason EndReason // NotOver while the game goes on
	// Decisive is true when one side has won, Winner; false for a draw or
	// a game that goes on.
	Decisive bool
	Winner   Color
}

// Over reports whether the game has ended.
func (o Outcome) Over() bool { return o.Reason != NotOver }

// Result returns the PGN result the outcome calls for: "1-0", "0-1",
// "1/2-1/2", or "*" for a game that is not over.
func (o Outcome) Result() string {
	switch {
	case o.Reason == NotOver:
		return "*"
	case !o.Decisive:
		return "1/2-1/2"
	case o.Winner == White:
		return "1-0"
	}
	return "0-1"
}

func win(r EndReason, c Color) Outcome { return Outcome{Reason: r, Decisive: true, Winner: c} }

// Outcome returns whether the game is over in p by the rules of its
// variant, why, and who won: checkmate and stalemate, and the variants' own
// ends (a king on the hill, a third check, a king on the eighth rank, an
// exploded king, Antichess's lost pieces and stalemate, a destroyed horde).
// A checker compares it with the game's Result tag.
//
// Draws by agreement, repetition, the fifty-move rule or insufficient
// material are not judged: they need the game's history or are not forced
// by the position.
func (p *Position) Outcome() Outcome {
	if p.variant == Standard {
		checkers := p.checkers()
		switch {
		case p.hasLegalMove(checkers):
			return Outcome{}
		case checkers != 0:
			return win(Checkmate, p.side.Other())
		}
		return Outcome{Reason: Stalemate}
	}
	if o := p.variantEnd(); o.Over() {
		return o
	}
	if p.variantHasLegalMove() {
		return Outcome{}
	}
	switch {
	case p.variant == Antichess:
		return win(Stalemate, p.side)
	case p.variantInCheck():
		return win(Checkmate, p.side.Other())
	}
	return Outcome{Reason: Stalemate}
}

// center holds d4, e4, d5 and e5, King of the Hill's goal.
const center = 1<<D4 | 1<<E4 | 1<<D5 | 1<<E5

// variantEnd returns the outcome when the variant's own rule has ended the
// game in p, whatever the moves: then no move may follow.
func (p *Position) variantEnd() Outcome {
	switch p.variant {
	case KingOfTheHill:
		for c := White; c <= Black; c++ {
			if p.pieces(King, c)&center != 0 {
				return win(KingOnTheHill, c)
			}
		}
	case ThreeCheck:
		for c := White; c <= Black; c++ {
			if p.ChecksGiven(c) >= 3 {
				return win(ThirdCheck, c)
			}
		}
	case Atomic:
		for c := White; c <= Black; c++ {
			if p.pieces(King, c) == 0 {
				return win(KingExploded, c.Other())
			}
		}
	case Antichess:
		if p.byColor[p.side] == 0 {
			return win(AllPiecesLost, p.side)
		}
	case Horde:
		switch {
		case p.byColor[White] == 0:
			return win(HordeDestroyed, Black)
		case p.byColor[Black] == 0:
			return win(BlackDestroyed, White)
		}
	case RacingKings:
		return p.racingKingsEnd()
	}
	return Outcome{}
}

// racingKingsEnd applies Racing Kings' goal: a king on the eighth rank wins,
// except that after White gets there Black has one move to follow, which
// draws.
func (p *Position) racingKingsEnd() Outcome {
	goal := rankMask(7)
	white := p.pieces(King, White)&goal != 0
	black := p.pieces(King, Black)&goal != 0
	switch {
	case white && black:
		return Outcome{Reason: BothKingsReachedGoal}
	case black:
		return win(KingReachedGoal, Black)
	case !white:
		return Outcome{}
	case p.side == Black && p.blackCanReachGoal():
		return Outcome{}
	}
	return win(KingReachedGoal, White)
}

// blackCanReachGoal reports whether Black's king, to move, has a safe step
// onto the eighth rank.
func (p *Position) blackCanReachGoal() bool {
	kings := p.pieces(King, Black)
	if kings == 0 {
		return false
	}
	king := firstSquare(kings)
	occ := p.occupied() &^ bit(king)
	for tos := kingAttacks[king] & rankMask(7) &^ p.byColor[Black]; tos != 0; tos &= tos - 1 {
		if p.attackers(firstSquare(tos), occ, p.byColor[White]) == 0 {
			return true
		}
	}
	return false
}
