package analysis

import "pgnls/analysis/board"

// playCanonical plays, in pos, the legal move whose canonical SAN (check
// sign included) is exactly text, and reports true; for any other text (a
// move written otherwise, an illegal or ambiguous one, a null move, a
// position that is not standard chess) it reports false and leaves pos
// as it was. A move so written is one the checker's play, checkMoveNumber
// aside, reports nothing on: checkStyle compares the text's parse with
// that same canonical form.
//
// It is built from the board's public moves (ParseSAN, Resolve, AppendSAN
// and Play); the skimmer calls nothing else, so a one-pass version with
// the same contract can take its place.
func playCanonical(pos *board.Position, text string) bool {
	if pos.Variant() != board.Standard {
		return false
	}
	san, err := board.ParseSAN(text)
	if err != nil || san.Null || san.IsDrop() {
		return false
	}
	mv, err := pos.Resolve(san)
	if err != nil {
		return false
	}
	var buf [16]byte
	if string(pos.AppendSAN(buf[:0], mv)) != text {
		return false
	}
	pos.Play(mv)
	return true
}
