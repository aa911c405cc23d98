package analysis

import "pgnls/analysis/board"

// TagDoc documents a tag name: what it means and what its value looks like,
// after sections 8.1.1 and 9 of the PGN standard.
type TagDoc struct {
	Name    string
	Section string // the standard's section, "" for tags it does not define
	Summary string // one sentence: what the tag says
	Format  string // the expected value, in words
	// Examples are values as they appear in real files.
	Examples []string
	// Values, when not empty, are the values the tag takes (or the usual
	// ones), each with its meaning; completion offers them.
	Values []TagValue
}

// TagValue is one of the values a tag takes.
type TagValue struct {
	Value   string
	Meaning string
}

// STR reports whether the tag belongs to the Seven Tag Roster.
func (d *TagDoc) STR() bool { return STRIndex(d.Name) >= 0 }

// resultValues are the four game results (8.1.1.7, 8.2.6).
var resultValues = []TagValue{
	{"1-0", "White wins"},
	{"0-1", "Black wins"},
	{"1/2-1/2", "drawn game"},
	{"*", "game in progress, abandoned, or result unknown"},
}

// tagDocs documents the Seven Tag Roster in its order, then the
// supplemental tags of section 9 in the standard's order, then a few tags
// the standard does not define but real files use widely.
var tagDocs = []TagDoc{
	{Name: "Event", Section: "8.1.1.1", Summary: "The name of the tournament or match event.",
		Format: "Free text, descriptive, without abbreviations; \"?\" when unknown.", Examples: []string{"FIDE World Championship", "Casual Game"}},
	{Name: "Site", Section: "8.1.1.2", Summary: "The location of the event.",
		Format: "City and region, then the IOC three-letter country code; \"?\" when unknown.", Examples: []string{"New York City, NY USA", "St. Petersburg RUS"}},
	{Name: "Date", Section: "8.1.1.3", Summary: "The starting date of the game, in the local time of the site.",
		Format: "YYYY.MM.DD, with question marks for unknown digits.", Examples: []string{"1992.08.31", "1993.??.??"}},
	{Name: "Round", Section: "8.1.1.4", Summary: "The playing round of the game (in a match, the number of the game).",
		Format: "An integer, or integers separated by periods for multipart rounds; \"-\" when a round does not apply, \"?\" when unknown.", Examples: []string{"1", "3.1", "4.1.2"},
		Values: []TagValue{{"?", "unknown"}, {"-", "no round applies"}}},
	{Name: "White", Section: "8.1.1.5", Summary: "The player of the white pieces.",
		Format: "Last name, a comma and a space, then first names or initials; several players separated by ':'; \"?\" when unknown.", Examples: []string{"Tal, Mikhail N.", "van der Wiel, Johan"}},
	{Name: "Black", Section: "8.1.1.6", Summary: "The player of the black pieces.",
		Format: "As for White: \"Last, First\"; several players separated by ':'; \"?\" when unknown.", Examples: []string{"Lasker, Emmanuel", "Smyslov, Vasily V."}},
	{Name: "Result", Section: "8.1.1.7", Summary: "The result of the game; always the same as the game termination marker at the end of the movetext.",
		Format: "One of 1-0, 0-1, 1/2-1/2 or *.", Values: resultValues},

	{Name: "WhiteTitle", Section: "9.1.1", Summary: "The FIDE title of the white player.",
		Format: "A FIDE title abbreviation; \"-\" for an untitled player.", Values: titleValues},
	{Name: "BlackTitle", Section: "9.1.1", Summary: "The FIDE title of the black player.",
		Format: "A FIDE title abbreviation; \"-\" for an untitled player.", Values: titleValues},
	{Name: "WhiteElo", Section: "9.1.2", Summary: "The FIDE Elo rating of the white player.",
		Format: "An integer; \"-\" for an unrated player.", Examples: []string{"2785"}},
	{Name: "BlackElo", Section: "9.1.2", Summary: "The FIDE Elo rating of the black player.",
		Format: "An integer; \"-\" for an unrated player.", Examples: []string{"2785"}},
	{Name: "WhiteUSCF", Section: "9.1.3", Summary: "The USCF rating of the white player.", Format: "An integer."},
	{Name: "BlackUSCF", Section: "9.1.3", Summary: "The USCF rating of the black player.", Format: "An integer."},
	{Name: "WhiteNA", Section: "9.1.4", Summary: "The e-mail or network address of the white player.",
		Format: "An address; \"-\" for none."},
	{Name: "BlackNA", Section: "9.1.4", Summary: "The e-mail or network address of the black player.",
		Format: "An address; \"-\" for none."},
	{Name: "WhiteType", Section: "9.1.5", Summary: "Whether the white player is a person or a program.",
		Format: "\"human\" or \"program\".", Values: playerTypes},
	{Name: "BlackType", Section: "9.1.5", Summary: "Whether the black player is a person or a program.",
		Format: "\"human\" or \"program\".", Values: playerTypes},
	{Name: "EventDate", Section: "9.2.1", Summary: "The starting date of the event.",
		Format: "YYYY.MM.DD, as for Date.", Examples: []string{"1992.08.31"}},
	{Name: "EventSponsor", Section: "9.2.2", Summary: "The sponsor of the event.", Format: "Free text."},
	{Name: "Section", Section: "9.2.3", Summary: "The playing section of a tournament.", Format: "Free text.", Examples: []string{"Open", "Reserve"}},
	{Name: "Stage", Section: "9.2.4", Summary: "The stage of a multistage event.", Format: "Free text.", Examples: []string{"Preliminary", "Semifinal"}},
	{Name: "Board", Section: "9.2.5", Summary: "The board number in a team event or a simultaneous exhibition.", Format: "An integer."},
	{Name: "Opening", Section: "9.3.1", Summary: "The traditional name of the opening (locale specific).", Format: "Free text.", Examples: []string{"Sicilian"}},
	{Name: "Variation", Section: "9.3.2", Summary: "The variation of the opening, refining the Opening tag.", Format: "Free text.", Examples: []string{"Najdorf"}},
	{Name: "SubVariation", Section: "9.3.3", Summary: "The subvariation, refining the Variation tag.", Format: "Free text."},
	{Name: "ECO", Section: "9.4.1", Summary: "The opening's code in the Encyclopedia of Chess Openings.",
		Format: "XDD or XDD/DD: a letter A to E and two digits.", Examples: []string{"B90", "C65"}},
	{Name: "NIC", Section: "9.4.2", Summary: "The opening's designation in the New in Chess database.", Format: "Free text.", Examples: []string{"SI 12"}},
	{Name: "Time", Section: "9.5.1", Summary: "The local time at which the game started.",
		Format: "HH:MM:SS (colons, not periods).", Examples: []string{"14:30:00"}},
	{Name: "UTCTime", Section: "9.5.2", Summary: "The time at which the game started, in UTC.",
		Format: "HH:MM:SS.", Examples: []string{"13:30:00"}},
	{Name: "UTCDate", Section: "9.5.3", Summary: "The date on which the game started, in UTC.",
		Format: "YYYY.MM.DD, as for Date.", Examples: []string{"2024.03.01"}},
	{Name: "TimeControl", Section: "9.6.1", Summary: "The time control of the game.",
		Format:   "Periods separated by ':', each \"?\" (unknown), \"-\" (none), moves/seconds (\"40/9000\"), seconds for sudden death (\"300\"), seconds+increment (\"4500+60\") or a sandclock (\"*180\").",
		Examples: []string{"40/7200:3600", "300+2"}},
	{Name: "SetUp", Section: "9.7.1", Summary: "Whether the game started from a set-up position, given in the FEN tag.",
		Format: "\"0\" (the usual initial array) or \"1\" (set up: a FEN tag must appear).", Values: []TagValue{{"1", "the game starts from the FEN tag's position"}, {"0", "the game starts from the usual initial array"}}},
	{Name: "FEN", Section: "9.7.2", Summary: "The position the game started from, in Forsyth-Edwards Notation (section 16.1); needs SetUp \"1\".",
		Format: "Six fields: placement, side to move, castling, en passant square, halfmove clock, fullmove number.",
		Values: []TagValue{{board.StartFEN, "the standard start position"}}},
	{Name: "Termination", Section: "9.8.1", Summary: "Why the game ended (the Result tag says how).",
		Format: "One of the standard's reasons.", Values: []TagValue{
			{"abandoned", "abandoned game"},
			{"adjudication", "result due to third party adjudication process"},
			{"death", "losing player called to greater things, one hopes"},
			{"emergency", "game concluded due to unforeseen circumstances"},
			{"normal", "game terminated in a normal fashion"},
			{"rules infraction", "administrative forfeit: the losing player broke the Laws of Chess or the event regulations"},
			{"time forfeit", "loss due to the losing player's failure to meet the time control"},
			{"unterminated", "game not terminated"},
		}},
	{Name: "Annotator", Section: "9.9.1", Summary: "The annotator or annotators of the game.",
		Format: "Names in the format of the player tags: \"Last, First\".", Examples: []string{"Kasparov, Garry"}},
	{Name: "Mode", Section: "9.9.2", Summary: "The playing mode of the game.",
		Format: "OTB, PM, EM, ICS or TC.", Values: []TagValue{
			{"OTB", "over the board"},
			{"PM", "paper mail"},
			{"EM", "electronic mail"},
			{"ICS", "Internet Chess Server"},
			{"TC", "general telecommunication"},
		}},
	{Name: "PlyCount", Section: "9.9.3", Summary: "The number of plies (half-moves) in the game's main line.",
		Format: "An integer.", Examples: []string{"85"}},

	{Name: "Variant", Summary: "The variant of chess the game is played in (not in the standard; lichess and others write it).",
		Format: "\"Standard\" for ordinary chess; pgnls replays only standard games.", Examples: []string{"Standard", "Chess960"}},
	{Name: "WhiteFideId", Summary: "The FIDE identification number of the white player (not in the standard).", Format: "An integer."},
	{Name: "BlackFideId", Summary: "The FIDE identification number of the black player (not in the standard).", Format: "An integer."},
	{Name: "WhiteTeam", Summary: "The team of the white player in a team event (not in the standard).", Format: "Free text."},
	{Name: "BlackTeam", Summary: "The team of the black player in a team event (not in the standard).", Format: "Free text."},
}

var titleValues = []TagValue{
	{"GM", "Grandmaster"}, {"IM", "International Master"}, {"FM", "FIDE Master"}, {"CM", "Candidate Master"},
	{"WGM", "Woman Grandmaster"}, {"WIM", "Woman International Master"}, {"WFM", "Woman FIDE Master"}, {"WCM", "Woman Candidate Master"},
	{"-", "untitled"},
}

var playerTypes = []TagValue{{"human", "a person"}, {"program", "a computer program"}}

// LookupTag returns the documentation of a tag name (case-sensitive, as tag
// names are), or nil.
func LookupTag(name string) *TagDoc {
	for i := range tagDocs {
		if tagDocs[i].Name == name {
			return &tagDocs[i]
		}
	}
	return nil
}
