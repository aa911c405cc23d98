package uci

import (
	"math"
	"strconv"
)

// ScoreKind says what a Score measures.
type ScoreKind uint8

const (
	// Centipawns is an evaluation in hundredths of a pawn.
	Centipawns ScoreKind = iota
	// Mate is a forced mate in a number of moves.
	Mate
	// Checkmate is a game already over: the position is checkmate.
	Checkmate
)

// Bound says whether an engine's score is exact or only a bound, as the
// UCI "lowerbound" and "upperbound" tokens do.
type Bound uint8

const (
	Exact Bound = iota
	LowerBound
	UpperBound
)

// Score is an evaluation of a position from one side's point of view: the
// side to move's, as engines report it, or White's, as PGN's [%eval]
// writes it. Which one is said wherever a Score is held.
type Score struct {
	Kind ScoreKind
	// Value is, for Centipawns, the evaluation in centipawns; for Mate, the
	// moves to mate, positive when the side the score is for mates and
	// negative when it is mated (never 0); for Checkmate, +1 when the side
	// the score is for has given mate and -1 when it is checkmated.
	Value int
	Bound Bound
}

// CP returns an exact evaluation of n centipawns.
func CP(n int) Score { return Score{Kind: Centipawns, Value: n} }

// MateIn returns a forced mate in n moves: n > 0 when the side the score is
// for mates, n < 0 when it is mated.
func MateIn(n int) Score { return Score{Kind: Mate, Value: n} }

// Negate returns the same score from the other side's point of view. A
// lower bound becomes an upper bound.
func (s Score) Negate() Score {
	s.Value = -s.Value
	switch s.Bound {
	case LowerBound:
		s.Bound = UpperBound
	case UpperBound:
		s.Bound = LowerBound
	}
	return s
}

// winCeiling is the largest evaluation, in centipawns, that WinPercent
// distinguishes: lichess caps evaluations at ±1000 before converting them,
// and counts any mate as that cap.
const winCeiling = 1000

// winMultiplier is lichess's fit of Stockfish centipawns to the results of
// its rated games (lichess-org/lila pull request 11148).
const winMultiplier = -0.00368208

// WinPercent returns the chance, from 0 to 100, that the side the score is
// for wins, as lichess computes it: 50 + 50 * (2 / (1 + exp(-0.00368208 *
// cp)) - 1), with the centipawns capped at ±1000 and a mate counted as the
// cap. A checkmate given is 100, a checkmate suffered 0.
func (s Score) WinPercent() float64 {
	cp := s.Value
	switch s.Kind {
	case Checkmate:
		if s.Value > 0 {
			return 100
		}
		return 0
	case Mate:
		cp = winCeiling
		if s.Value < 0 {
			cp = -winCeiling
		}
	}
	cp = max(-winCeiling, min(winCeiling, cp))
	chances := 2/(1+math.Exp(winMultiplier*float64(cp))) - 1
	return 50 + 50*chances
}

// EvalCommand returns the score, which must be from White's point of view,
// as the text of a PGN [%eval] command in lichess's convention: "[%eval
// 0.35]", pawns with two decimals, or "[%eval #-3]", a mate in moves, negative
// when Black mates. A checkmate on the board has no evaluation to write, and
// ok is false.
func EvalCommand(white Score) (command string, ok bool) {
	switch white.Kind {
	case Checkmate:
		return "", false
	case Mate:
		return "[%eval #" + strconv.Itoa(white.Value) + "]", true
	}
	return "[%eval " + pawns(white.Value, false) + "]", true
}

// HumanText returns the score, which must be from White's point of view, as
// a reader expects it in a hover or an inlay hint: "+0.35", "-1.20", "0.00",
// "#3" (White mates in 3), "#-3" (Black mates in 3), or "checkmate".
//
// A bound is written as its value: a search stopped at its node limit
// often ends in the middle of a re-search, whose last score is a bound,
// and lichess and PGN's [%eval] write such a score as a plain number too.
func HumanText(white Score) string {
	switch white.Kind {
	case Checkmate:
		return "checkmate"
	case Mate:
		return "#" + strconv.Itoa(white.Value)
	}
	return pawns(white.Value, true)
}

// pawns writes centipawns as pawns with two decimals, with integer
// arithmetic so that no value rounds differently from its centipawns (and
// -0.00 cannot appear). plus puts "+" before a positive value.
func pawns(cp int, plus bool) string {
	buf := make([]byte, 0, 12)
	switch {
	case cp < 0:
		buf = append(buf, '-')
		cp = -cp
	case cp > 0 && plus:
		buf = append(buf, '+')
	}
	buf = strconv.AppendInt(buf, int64(cp/100), 10)
	buf = append(buf, '.', byte('0'+cp%100/10), byte('0'+cp%10))
	return string(buf)
}
