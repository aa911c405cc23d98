package uci

import "fmt"

// Judgement is what an analysis makes of a move.
type Judgement uint8

const (
	NoJudgement Judgement = iota // nothing to say
	Inaccuracy
	Mistake
	Blunder
)

var judgementNames = [...]string{"none", "inaccuracy", "mistake", "blunder"}

// String returns "inaccuracy", "mistake", "blunder" or "none".
func (j Judgement) String() string {
	if int(j) >= len(judgementNames) {
		return "invalid judgement"
	}
	return judgementNames[j]
}

// Title returns "Inaccuracy", "Mistake" or "Blunder", the word that starts
// lichess's comment, or "" for NoJudgement.
func (j Judgement) Title() string {
	switch j {
	case Inaccuracy:
		return "Inaccuracy"
	case Mistake:
		return "Mistake"
	case Blunder:
		return "Blunder"
	}
	return ""
}

// Code returns the diagnostic code: "engine-inaccuracy", "engine-mistake",
// "engine-blunder", or "" for NoJudgement.
func (j Judgement) Code() string {
	if j == NoJudgement || int(j) >= len(judgementNames) {
		return ""
	}
	return "engine-" + judgementNames[j]
}

// NAG returns the Numeric Annotation Glyph of the judgement, as lichess
// annotates: $6 (?!) for an inaccuracy, $2 (?) for a mistake, $4 (??) for a
// blunder; 0 for NoJudgement.
func (j Judgement) NAG() int {
	switch j {
	case Inaccuracy:
		return 6
	case Mistake:
		return 2
	case Blunder:
		return 4
	}
	return 0
}

// Thresholds are the drops in the mover's win percentage (WinPercent, 0 to
// 100) from which a move is an inaccuracy, a mistake or a blunder.
type Thresholds struct {
	Inaccuracy, Mistake, Blunder float64
}

// LichessThresholds returns lichess's: its advice judges a move by the drop
// in "winning chances" (from -1 to +1) of 0.1, 0.2 and 0.3, which on the
// win percentage's scale of 0 to 100 are 5, 10 and 15 points. (A function,
// not a variable: no package state a caller could change.)
func LichessThresholds() Thresholds {
	return Thresholds{Inaccuracy: 5, Mistake: 10, Blunder: 15}
}

// Validate reports thresholds that are not 0 < Inaccuracy <= Mistake <=
// Blunder <= 100.
func (t Thresholds) Validate() error {
	if !(0 < t.Inaccuracy && t.Inaccuracy <= t.Mistake && t.Mistake <= t.Blunder && t.Blunder <= 100) {
		return fmt.Errorf("the win percentage thresholds must rise from inaccuracy to mistake to blunder, between 0 and 100: %g, %g, %g",
			t.Inaccuracy, t.Mistake, t.Blunder)
	}
	return nil
}

// Judge judges a move by the scores, from the mover's point of view, of the
// positions before and after it. As lichess does, two evaluations in
// centipawns are compared by the drop in win percentage; a mate is judged by
// the evaluation on its other side: a move that lets the opponent force
// mate is a blunder, a mistake when the mover was already worse than -7
// pawns, an inaccuracy below -10; one that lets a forced mate go is a
// blunder, a mistake when the mover is still better than +7 pawns, an
// inaccuracy above +10.
func (t Thresholds) Judge(before, after Score) Judgement {
	j, _ := t.judge(before, after)
	return j
}

// The descriptions of lichess's mate advice.
const (
	mateCreated = "Checkmate is now unavoidable"
	mateLost    = "Lost forced checkmate sequence"
)

// judge is Judge, which also says why a move about a mate was judged so.
func (t Thresholds) judge(before, after Score) (j Judgement, mate string) {
	beforeMates := before.Kind == Mate && before.Value > 0
	afterMated := after.Kind == Mate && after.Value < 0
	switch {
	case before.Kind == Centipawns && after.Kind == Centipawns:
		drop := before.WinPercent() - after.WinPercent()
		switch {
		case drop >= t.Blunder:
			return Blunder, ""
		case drop >= t.Mistake:
			return Mistake, ""
		case drop >= t.Inaccuracy:
			return Inaccuracy, ""
		}
		return NoJudgement, ""
	case before.Kind == Centipawns && afterMated:
		switch {
		case before.Value < -999:
			return Inaccuracy, mateCreated
		case before.Value < -700:
			return Mistake, mateCreated
		}
		return Blunder, mateCreated
	case beforeMates && after.Kind == Centipawns:
		switch {
		case after.Value > 999:
			return Inaccuracy, mateLost
		case after.Value > 700:
			return Mistake, mateLost
		}
		return Blunder, mateLost
	case beforeMates && afterMated:
		return Blunder, mateLost
	}
	return NoJudgement, ""
}
