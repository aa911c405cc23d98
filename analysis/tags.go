package analysis

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"pgnls/pgn"
)

// sevenTagRoster is the Seven Tag Roster in export order (standard, 8.1.1).
var sevenTagRoster = [...]string{"Event", "Site", "Date", "Round", "White", "Black", "Result"}

// STRIndex returns a tag's place in the Seven Tag Roster, or -1.
func STRIndex(name string) int { return pgn.RosterIndex(name) }

// missingTagLists and missingTagMessages hold, for each set of missing
// roster tags (a bit per tag), their list and message: most games of some
// databases lack a roster tag, and building the message for each was a
// noticeable part of checking them.
var missingTagLists, missingTagMessages = func() (lists, messages [1 << len(sevenTagRoster)]string) {
	for set := range lists {
		var names []string
		for i, name := range sevenTagRoster {
			if set&(1<<i) != 0 {
				names = append(names, name)
			}
		}
		lists[set] = strings.Join(names, ", ")
		messages[set] = "missing Seven Tag Roster tags: " + lists[set]
	}
	return lists, messages
}()

// maxTagValue is the standard's limit on a string token (section 7).
const maxTagValue = 255

// checkTags reports tag-level problems of a game.
func (c *gameChecker) checkTags() {
	g := c.game
	repeats := newTagRepeats(g.Tags)
	c.checkSTR(repeats)
	some := repeats.any()
	for i, t := range g.Tags {
		if some && repeats.at(i) {
			c.report(t.Pos(), t.End(), CodeDuplicateTag, "duplicate tag "+t.Name+": it appears earlier in this game")
		}
		c.checkTagValue(t)
	}
}

// tagRepeats tells which tags repeat an earlier tag's name. It is worked
// out once per game: both the duplicate and the order checks ask about
// every tag.
type tagRepeats struct {
	mask    uint64 // bit i: tags[i] repeats, for the first 64 tags
	repeats []bool // for a longer tag section; nil otherwise
}

// A tag section has a dozen tags at most in practice, so a scan of the
// earlier names beats a map; past 64 tags a map keeps a file of thousands
// of tags from being quadratic. Repeats are rare, so a name is compared
// with the earlier ones only when its nameBit was set by one of them: the
// scan of every pair was a third of checkTags' instructions on the corpus
// (bench/NOTES.md).
func newTagRepeats(tags []*pgn.Tag) tagRepeats {
	var r tagRepeats
	if len(tags) > 64 {
		seen := make(map[string]bool, len(tags))
		r.repeats = make([]bool, len(tags))
		for i, t := range tags {
			r.repeats[i] = seen[t.Name]
			seen[t.Name] = true
		}
		return r
	}
	var seen uint64 // the nameBit of each tag so far
	for i, t := range tags {
		b := nameBit(t.Name)
		if seen&b == 0 {
			seen |= b
			continue
		}
		for _, earlier := range tags[:i] {
			if earlier.Name == t.Name {
				r.mask |= 1 << i
				break
			}
		}
	}
	return r
}

// nameBit is a one-bit hash of a tag name, from its length and its first
// two and last two bytes, mixed by a multiplier found by search: the
// common names of tag sections (TestNameBitCommonNames) all have different
// bits, so that a section of them is never scanned.
func nameBit(name string) uint64 {
	var x uint64
	switch n := len(name); n {
	case 0:
	case 1:
		x = uint64(name[0]) | 1<<32
	default:
		x = uint64(name[0]) | uint64(name[1])<<8 | uint64(name[n-2])<<16 | uint64(name[n-1])<<24 | uint64(n)<<32
	}
	return 1 << (x * 0xcb0f78e9fa0a21cf >> 58)
}

// any reports whether some tag repeats an earlier one.
func (r tagRepeats) any() bool { return r.mask != 0 || r.repeats != nil }

func (r tagRepeats) at(i int) bool {
	if r.repeats != nil {
		return r.repeats[i]
	}
	return r.mask&(1<<i) != 0
}

// checkSTR reports missing Seven Tag Roster tags (once for the game) and STR
// tags out of order.
func (c *gameChecker) checkSTR(repeats tagRepeats) {
	g := c.game
	missing := 1<<len(sevenTagRoster) - 1 // a bit per roster tag
	for _, t := range g.Tags {
		if i := STRIndex(t.Name); i >= 0 {
			missing &^= 1 << i
		}
	}
	if missing != 0 {
		pos, end := c.gameHead()
		msg := missingTagMessages[missing]
		if len(g.Tags) == 0 {
			msg = "game without a tag section: missing " + missingTagLists[missing]
		}
		c.report(pos, end, CodeMissingTag, msg)
	}
	// The STR tags present must come first and in roster order.
	next := 0 // the roster index the next STR tag may have at least
	seenOther := ""
	for j, t := range g.Tags {
		if repeats.at(j) {
			continue // reported as a duplicate
		}
		i := STRIndex(t.Name)
		switch {
		case i < 0:
			if seenOther == "" {
				seenOther = t.Name
			}
		case seenOther != "":
			c.report(t.Pos(), t.End(), CodeSTROrder, "Seven Tag Roster tag "+t.Name+" must come before the other tags (here after "+seenOther+")")
			return
		case i < next:
			c.report(t.Pos(), t.End(), CodeSTROrder, "tag "+t.Name+" is out of order: the roster is Event, Site, Date, Round, White, Black, Result")
			return
		default:
			next = i + 1
		}
	}
}

// gameHead returns the range a game-wide diagnostic sits on: the first tag
// pair, or the game's first token when it has no tags.
func (c *gameChecker) gameHead() (pgn.Pos, pgn.Pos) {
	g := c.game
	if len(g.TagItems) > 0 {
		return g.TagItems[0].Pos(), g.TagItems[0].End()
	}
	return g.From, firstTokenEnd(c.file.Src, g.From, g.To)
}

// firstTokenEnd returns where the token at pos ends (up to to): the first
// whitespace after pos.
func firstTokenEnd(src string, pos, to pgn.Pos) pgn.Pos {
	for i := pos; i < to; i++ {
		switch src[i] {
		case ' ', '\t', '\n', '\r':
			if i > pos {
				return i
			}
		}
	}
	return to
}

func (c *gameChecker) checkTagValue(t *pgn.Tag) {
	pos, end := t.ValueTok.Pos, t.ValueTok.End
	if t.StrayQuote {
		c.report(pos, end, CodeTagValue, `tag value contains an unescaped '"': export format writes it as \"`)
	}
	if n := len(t.Name); n > maxTagValue {
		c.report(t.NameTok.Pos, t.NameTok.End, CodeTagValue, "tag name is "+strconv.Itoa(n)+" characters long; the standard allows at most 255")
	}
	if n := len(t.Value); n > maxTagValue && utf8.RuneCountInString(t.Value) > maxTagValue {
		n = utf8.RuneCountInString(t.Value)
		c.report(pos, end, CodeTagValue, "tag value is "+strconv.Itoa(n)+" characters long; the standard allows at most 255")
	}
	if msg := tagValueProblem(t.Name, t.Value); msg != "" {
		c.report(pos, end, CodeTagValue, msg)
	}
}

// tagValueProblem returns what is wrong with a tag's value, or "".
func tagValueProblem(name, value string) string {
	switch name {
	case "Date", "EventDate", "UTCDate":
		if !validDate(value) {
			return name + " " + strconv.Quote(value) + " is not a date of the form YYYY.MM.DD (unknown digits as '?', e.g. 1992.??.??)"
		}
	case "Round":
		if !validRound(value) {
			return "Round " + strconv.Quote(value) + " is not a round: use numbers separated by '.' (\"3\", \"1.2\"), \"?\" or \"-\""
		}
	case "WhiteElo", "BlackElo":
		if value != "-" && value != "?" && !allDigits(value) {
			return name + " " + strconv.Quote(value) + " is not a rating: use a whole number, or \"-\" when there is none"
		}
	case "Time", "UTCTime":
		if !validTime(value) {
			return name + " " + strconv.Quote(value) + " is not a time of the form HH:MM:SS"
		}
	case "Result":
		if !IsResult(value) {
			return "Result " + strconv.Quote(value) + " is not a result: use 1-0, 0-1, 1/2-1/2 or *"
		}
	case "SetUp":
		if value != "0" && value != "1" {
			return "SetUp " + strconv.Quote(value) + " must be \"0\" or \"1\""
		}
	case "PlyCount":
		if !allDigits(value) {
			return "PlyCount " + strconv.Quote(value) + " is not a number of plies"
		}
	case "ECO":
		if !validECO(value) {
			return "ECO " + strconv.Quote(value) + " is not an ECO code: a letter A-E and two digits, such as \"B33\""
		}
	case "TimeControl":
		if !validTimeControl(value) {
			return "TimeControl " + strconv.Quote(value) + " is not a time control: \"?\", \"-\", or ':'-separated fields such as \"40/7200:3600\", \"300+2\", \"*180\""
		}
	}
	return ""
}

// IsResult reports whether s is one of the four game results.
func IsResult(s string) bool {
	return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*"
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// digitsOrUnknown reports whether s has n characters, all digits or all '?'.
func digitsOrUnknown(s string, n int) bool {
	return len(s) == n && (allDigits(s) || strings.Count(s, "?") == n)
}

// The validators below run on every tag of every game of a database, so
// they walk the value with strings.Cut instead of splitting it into a new
// slice, and read numbers by hand: Atoi's error for "??" allocated.

func validDate(s string) bool {
	year, rest, ok1 := strings.Cut(s, ".")
	month, day, ok2 := strings.Cut(rest, ".")
	if !ok1 || !ok2 || !digitsOrUnknown(year, 4) || !digitsOrUnknown(month, 2) || !digitsOrUnknown(day, 2) {
		return false
	}
	if m, ok := twoDigits(month); ok && (m < 1 || m > 12) {
		return false
	}
	if d, ok := twoDigits(day); ok && (d < 1 || d > 31) {
		return false
	}
	return true
}

// twoDigits returns the number written by s, two decimal digits.
func twoDigits(s string) (int, bool) {
	if len(s) != 2 || !allDigits(s) {
		return 0, false
	}
	return int(s[0]-'0')*10 + int(s[1]-'0'), true
}

func validRound(s string) bool {
	if s == "?" || s == "-" {
		return true
	}
	for {
		part, rest, more := strings.Cut(s, ".")
		if !allDigits(part) {
			return false
		}
		if !more {
			return true
		}
		s = rest
	}
}

func validTime(s string) bool {
	limits := [3]int{23, 59, 60} // 60: a leap second
	for i, limit := range limits {
		part, rest, more := strings.Cut(s, ":")
		if n, ok := twoDigits(part); !ok || n > limit || more != (i < 2) {
			return false
		}
		s = rest
	}
	return true
}

func validECO(s string) bool {
	if s == "?" {
		return true
	}
	return len(s) == 3 && s[0] >= 'A' && s[0] <= 'E' && allDigits(s[1:])
}

// validTimeControl follows section 9.6.1: fields separated by ':', each
// "?", "-", "moves/seconds", "seconds", "seconds+increment" or "*seconds".
// It also takes "moves/seconds+increment" ("40/5400+30:1800+30", FIDE's
// classical control), which the standard predates but chess.com, lichess
// and FIDE tournament exports write, and which ParseTimeControl reads.
func validTimeControl(s string) bool {
	if s == "?" || s == "-" {
		return true
	}
	for {
		f, rest, more := strings.Cut(s, ":")
		if !validTimeControlField(f) {
			return false
		}
		if !more {
			return true
		}
		s = rest
	}
}

func validTimeControlField(f string) bool {
	if moves, period, ok := strings.Cut(f, "/"); ok {
		secs, inc, hasInc := strings.Cut(period, "+")
		return allDigits(moves) && allDigits(secs) && (!hasInc || allDigits(inc))
	}
	if rest, ok := strings.CutPrefix(f, "*"); ok {
		return allDigits(rest)
	}
	base, inc, hasInc := strings.Cut(f, "+")
	return allDigits(base) && (!hasInc || allDigits(inc))
}
