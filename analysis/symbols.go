package analysis

import (
	"strconv"
	"strings"

	"pgnls/pgn"
)

// GameSymbol describes a game for an outline or a symbol search.
type GameSymbol struct {
	// Name reads "White – Black, Event Date (Result)", leaving out what is
	// unknown.
	Name string
	// Detail is the length of the main line: "41 moves".
	Detail string
	// Pos and End span the game; NamePos and NameEnd its first tag pair
	// (or its first token), where an editor puts the cursor.
	Pos, End         pgn.Pos
	NamePos, NameEnd pgn.Pos
	// White, Black and Event are the tag values ("" when missing), which
	// a symbol search matches.
	White, Black, Event string
	// Moves is the number of moves (full moves) of the main line, Plies its
	// number of half-moves.
	Moves, Plies int
	Tags         []TagSymbol
}

// TagSymbol is one tag pair of a game.
type TagSymbol struct {
	Name, Value string
	Pos, End    pgn.Pos // the tag pair
	// NamePos and NameEnd span the tag's name.
	NamePos, NameEnd pgn.Pos
}

// GameSymbols returns a symbol for each game of f, in order. number is the
// 1-based number of f's first game in its document, used to name a game
// that has no player tags ("Game 12").
func GameSymbols(f *pgn.File, number int) []GameSymbol {
	out := make([]GameSymbol, 0, len(f.Games))
	for i, g := range f.Games {
		out = append(out, gameSymbol(f, g, number+i))
	}
	return out
}

func gameSymbol(f *pgn.File, g *pgn.Game, number int) GameSymbol {
	s := GameSymbol{Pos: g.From, End: g.To}
	if len(g.TagItems) > 0 {
		s.NamePos, s.NameEnd = g.TagItems[0].Pos(), g.TagItems[0].End()
	} else {
		s.NamePos, s.NameEnd = g.From, firstTokenEnd(f.Src, g.From, g.To)
	}
	s.White, _ = g.Tag("White")
	s.Black, _ = g.Tag("Black")
	s.Event, _ = g.Tag("Event")
	s.Plies = len(g.Moves.Moves)
	s.Moves = (s.Plies + 1) / 2
	if blackStarts(g) {
		s.Moves = (s.Plies + 2) / 2
	}
	unit := " moves"
	if s.Moves == 1 {
		unit = " move"
	}
	s.Detail = strconv.Itoa(s.Moves) + unit
	s.Name = gameName(g, number)
	for _, t := range g.Tags {
		s.Tags = append(s.Tags, TagSymbol{
			Name: t.Name, Value: t.Value, Pos: t.Pos(), End: t.End(),
			NamePos: t.NameTok.Pos, NameEnd: t.NameTok.End,
		})
	}
	return s
}

// blackStarts reports whether the game's FEN gives Black the first move.
func blackStarts(g *pgn.Game) bool {
	fen, ok := g.Tag("FEN")
	if !ok {
		return false
	}
	fields := strings.Fields(fen)
	return len(fields) > 1 && fields[1] == "b"
}

// known returns a tag value unless it says "unknown".
func known(v string) string {
	v = strings.TrimSpace(v)
	if v == "?" || v == "-" || strings.Trim(v, "?.") == "" {
		return ""
	}
	return v
}

// gameName names a game as "White – Black, Event Date (Result)".
func gameName(g *pgn.Game, number int) string {
	white, _ := g.Tag("White")
	black, _ := g.Tag("Black")
	event, _ := g.Tag("Event")
	date, _ := g.Tag("Date")
	white, black, event, date = known(white), known(black), known(event), known(date)
	// "1992.??.??" reads "1992".
	for strings.HasSuffix(date, ".??") {
		date = strings.TrimSuffix(date, ".??")
	}
	var b strings.Builder
	switch {
	case white == "" && black == "":
		b.WriteString("Game " + strconv.Itoa(number))
	default:
		b.WriteString(orUnknown(white) + " – " + orUnknown(black))
	}
	if place := strings.TrimSpace(event + " " + date); place != "" {
		b.WriteString(", " + place)
	}
	result := ""
	if g.Result != nil {
		result = g.Result.Text
	} else if r, ok := g.Tag("Result"); ok && IsResult(r) {
		result = r
	}
	if result != "" {
		b.WriteString(" (" + result + ")")
	}
	return b.String()
}

func orUnknown(v string) string {
	if v == "" {
		return "?"
	}
	return v
}

// MatchesQuery reports whether a game is found by a workspace symbol query:
// every word of the query is in the name of a player or of the event, case
// ignored. The empty query matches every game.
func (s *GameSymbol) MatchesQuery(query string) bool {
	hay := strings.ToLower(s.White + "\x00" + s.Black + "\x00" + s.Event)
	for _, w := range strings.Fields(strings.ToLower(query)) {
		if !strings.Contains(hay, w) {
			return false
		}
	}
	return true
}
