package analysis

import (
	"strconv"

	"pgnls/pgn"
)

// NAGInfo describes a Numeric Annotation Glyph: its number, the glyph that
// books and programs print for it, and its meaning.
type NAGInfo struct {
	Value   int
	Glyph   string // "" when no glyph is in common use
	Meaning string
	// Standard reports a NAG defined by the PGN standard (section 10,
	// $0..$139); the others are the widely used ChessBase extensions.
	Standard bool
}

// Title returns "$14 ⩲" (or "$8" when the NAG has no glyph).
func (n NAGInfo) Title() string {
	s := "$" + strconv.Itoa(n.Value)
	if n.Glyph != "" {
		s += " " + n.Glyph
	}
	return s
}

// Kind says what a NAG annotates, from the ranges of section 10.
func (n NAGInfo) Kind() string {
	switch v := n.Value; {
	case v == 0:
		return "null annotation"
	case v <= 9:
		return "move assessment"
	case v <= 135:
		return "position assessment"
	case v <= 139:
		return "time pressure"
	}
	return "ChessBase extension"
}

// nagMeanings are the meanings of $0..$139 as the standard lists them
// (section 10), indexed by value.
var nagMeanings = [...]string{
	"null annotation",
	"good move (traditional \"!\")",
	"poor move (traditional \"?\")",
	"very good move (traditional \"!!\")",
	"very poor move (traditional \"??\")",
	"speculative move (traditional \"!?\")",
	"questionable move (traditional \"?!\")",
	"forced move (all others lose quickly)",
	"singular move (no reasonable alternatives)",
	"worst move",
	"drawish position",
	"equal chances, quiet position",
	"equal chances, active position",
	"unclear position",
	"White has a slight advantage",
	"Black has a slight advantage",
	"White has a moderate advantage",
	"Black has a moderate advantage",
	"White has a decisive advantage",
	"Black has a decisive advantage",
	"White has a crushing advantage (Black should resign)",
	"Black has a crushing advantage (White should resign)",
	"White is in zugzwang",
	"Black is in zugzwang",
	"White has a slight space advantage",
	"Black has a slight space advantage",
	"White has a moderate space advantage",
	"Black has a moderate space advantage",
	"White has a decisive space advantage",
	"Black has a decisive space advantage",
	"White has a slight time (development) advantage",
	"Black has a slight time (development) advantage",
	"White has a moderate time (development) advantage",
	"Black has a moderate time (development) advantage",
	"White has a decisive time (development) advantage",
	"Black has a decisive time (development) advantage",
	"White has the initiative",
	"Black has the initiative",
	"White has a lasting initiative",
	"Black has a lasting initiative",
	"White has the attack",
	"Black has the attack",
	"White has insufficient compensation for material deficit",
	"Black has insufficient compensation for material deficit",
	"White has sufficient compensation for material deficit",
	"Black has sufficient compensation for material deficit",
	"White has more than adequate compensation for material deficit",
	"Black has more than adequate compensation for material deficit",
	"White has a slight center control advantage",
	"Black has a slight center control advantage",
	"White has a moderate center control advantage",
	"Black has a moderate center control advantage",
	"White has a decisive center control advantage",
	"Black has a decisive center control advantage",
	"White has a slight kingside control advantage",
	"Black has a slight kingside control advantage",
	"White has a moderate kingside control advantage",
	"Black has a moderate kingside control advantage",
	"White has a decisive kingside control advantage",
	"Black has a decisive kingside control advantage",
	"White has a slight queenside control advantage",
	"Black has a slight queenside control advantage",
	"White has a moderate queenside control advantage",
	"Black has a moderate queenside control advantage",
	"White has a decisive queenside control advantage",
	"Black has a decisive queenside control advantage",
	"White has a vulnerable first rank",
	"Black has a vulnerable first rank",
	"White has a well protected first rank",
	"Black has a well protected first rank",
	"White has a poorly protected king",
	"Black has a poorly protected king",
	"White has a well protected king",
	"Black has a well protected king",
	"White has a poorly placed king",
	"Black has a poorly placed king",
	"White has a well placed king",
	"Black has a well placed king",
	"White has a very weak pawn structure",
	"Black has a very weak pawn structure",
	"White has a moderately weak pawn structure",
	"Black has a moderately weak pawn structure",
	"White has a moderately strong pawn structure",
	"Black has a moderately strong pawn structure",
	"White has a very strong pawn structure",
	"Black has a very strong pawn structure",
	"White has poor knight placement",
	"Black has poor knight placement",
	"White has good knight placement",
	"Black has good knight placement",
	"White has poor bishop placement",
	"Black has poor bishop placement",
	"White has good bishop placement",
	"Black has good bishop placement",
	"White has poor rook placement",
	"Black has poor rook placement",
	"White has good rook placement",
	"Black has good rook placement",
	"White has poor queen placement",
	"Black has poor queen placement",
	"White has good queen placement",
	"Black has good queen placement",
	"White has poor piece coordination",
	"Black has poor piece coordination",
	"White has good piece coordination",
	"Black has good piece coordination",
	"White has played the opening very poorly",
	"Black has played the opening very poorly",
	"White has played the opening poorly",
	"Black has played the opening poorly",
	"White has played the opening well",
	"Black has played the opening well",
	"White has played the opening very well",
	"Black has played the opening very well",
	"White has played the middlegame very poorly",
	"Black has played the middlegame very poorly",
	"White has played the middlegame poorly",
	"Black has played the middlegame poorly",
	"White has played the middlegame well",
	"Black has played the middlegame well",
	"White has played the middlegame very well",
	"Black has played the middlegame very well",
	"White has played the ending very poorly",
	"Black has played the ending very poorly",
	"White has played the ending poorly",
	"Black has played the ending poorly",
	"White has played the ending well",
	"Black has played the ending well",
	"White has played the ending very well",
	"Black has played the ending very well",
	"White has slight counterplay",
	"Black has slight counterplay",
	"White has moderate counterplay",
	"Black has moderate counterplay",
	"White has decisive counterplay",
	"Black has decisive counterplay",
	"White has moderate time control pressure",
	"Black has moderate time control pressure",
	"White has severe time control pressure",
	"Black has severe time control pressure",
}

// nagGlyph returns the glyph commonly printed for a standard NAG.
func nagGlyph(v int) string {
	switch {
	case v >= 1 && v <= 6:
		return suffixOfNAG[v]
	case v == 7 || v == 8:
		return "□"
	case v == 10 || v == 11 || v == 12:
		return "="
	case v == 13:
		return "∞"
	case v == 14:
		return "⩲"
	case v == 15:
		return "⩱"
	case v == 16:
		return "±"
	case v == 17:
		return "∓"
	case v == 18 || v == 20:
		return "+−"
	case v == 19 || v == 21:
		return "−+"
	case v == 22 || v == 23:
		return "⨀"
	case v >= 24 && v <= 29:
		return "○"
	case v >= 30 && v <= 35:
		return "⟳"
	case v >= 36 && v <= 39:
		return "↑"
	case v == 40 || v == 41:
		return "→"
	case v >= 44 && v <= 47:
		return "=/∞"
	case v >= 130 && v <= 135:
		return "⇆"
	case v >= 136 && v <= 139:
		return "⊕"
	}
	return ""
}

var suffixOfNAG = [...]string{1: "!", 2: "?", 3: "!!", 4: "??", 5: "!?", 6: "?!"}

// extendedNAGs are the NAGs beyond the standard's that ChessBase defined
// and Scid, lichess and most editors read.
var extendedNAGs = []NAGInfo{
	{140, "∆", "with the idea", false},
	{141, "∇", "aimed against", false},
	{142, "⌓", "better is", false},
	{143, "≤", "worse is", false},
	{144, "=", "equivalent is", false},
	{145, "RR", "editorial comment", false},
	{146, "N", "novelty", false},
	{238, "○", "space advantage", false},
	{239, "⇔", "file", false},
	{240, "⇗", "diagonal", false},
	{241, "⊞", "centre", false},
	{242, "⟫", "kingside", false},
	{243, "⟪", "queenside", false},
	{244, "✕", "weak point", false},
	{245, "⊥", "ending", false},
}

// nags lists every NAG with a known meaning, in numeric order: the
// standard's $0..$139, then the ChessBase extensions.
var nags = func() []NAGInfo {
	out := make([]NAGInfo, 0, len(nagMeanings)+len(extendedNAGs))
	for v, m := range nagMeanings {
		out = append(out, NAGInfo{Value: v, Glyph: nagGlyph(v), Meaning: m, Standard: true})
	}
	return append(out, extendedNAGs...)
}()

// LookupNAG returns what NAG $v means, and false when it has no known
// meaning.
func LookupNAG(v int) (NAGInfo, bool) {
	if v >= 0 && v < len(nagMeanings) {
		return nags[v], true
	}
	for _, n := range extendedNAGs {
		if n.Value == v {
			return n, true
		}
	}
	return NAGInfo{Value: v}, false
}

// SuffixMeaning returns the NAG that a suffix annotation (!, ?, !!, ??, !?,
// ?!) stands for, and false for any other text.
func SuffixMeaning(suffix string) (NAGInfo, bool) {
	v, ok := pgn.SuffixNAG(suffix)
	if !ok {
		return NAGInfo{}, false
	}
	return nags[v], true
}
