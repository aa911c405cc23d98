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
// It is built from the board's public moves (ParseSAN, Resolve, Play and
// CheckSign); the skimmer calls nothing else, so a one-pass version with
// the same contract can take its place. ParseSAN reads only upper-case
// piece letters and Resolve needs no disambiguation for a move it finds
// alone, so a move that is not written in one of the forms checkStyle
// warns on is its canonical SAN, but for a piece's disambiguation, which
// may be written more fully than needed: that is compared with the
// canonical text in full.
func playCanonical(pos *board.Position, text string) bool {
	if pos.Variant() != board.Standard {
		return false
	}
	san, err := board.ParseSAN(text)
	if err != nil || san.Null || san.IsDrop() || san.ZeroCastling || san.BarePromotion || san.ExplicitPawn {
		return false
	}
	mv, err := pos.Resolve(san)
	if err != nil || san.Capture != mv.IsCapture() || san.Castle != mv.Castle() {
		return false
	}
	if san.Piece != board.Pawn && (san.FromFile >= 0 || san.FromRank >= 0) {
		var buf [16]byte
		if string(pos.AppendSAN(buf[:0], mv)) != text {
			return false
		}
		pos.Play(mv)
		return true
	}
	after := *pos
	after.Play(mv)
	if after.CheckSign() != san.Suffix {
		return false
	}
	*pos = after
	return true
}
