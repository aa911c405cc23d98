package pgn

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// This file is the layout engine of the formatter: it prints a game in PGN
// export format (standard, 8.1 and 8.2). It knows no chess: what a move is
// in canonical SAN, and which fullmove number and side it has, comes from
// the caller (package analysis replays the game to find out).
//
// Layout decisions, made exact where the standard leaves room:
//
//   - Width counts characters (runes) and is the most a line may hold;
//     DefaultWidth is 79, the standard's "less than 80 printing
//     characters". Tag pairs are never split, and a unit wider than the
//     line stands alone on its line, so such lines may be longer.
//   - A move number indication is a token like any other: a line may end
//     with "15." and the next begin with its move, as in the standard's own
//     sample game (section 2.3: "14. Bg5 b4 15." / "Nb1 h6 ..."). Lines are
//     filled greedily, so the sample is reproduced byte for byte.
//   - A variation is written "(2... d6 3. d4)": the parentheses touch what
//     they enclose (they are not symbol tokens, between which 8.2.1 asks for
//     a space) and never end or start a line apart from it.
//   - A brace comment is written "{ word word }" and wraps at its spaces;
//     "{" stays with the first word and "}" with the last. A word that begins
//     with '%' or '[' is never put at the start of a line, where a reader
//     could take it for an escape line or the next game's tag pair.
//   - A rest-of-line comment whose text holds '}' stays a ';' comment and
//     ends its line; every other one becomes a brace comment.
//   - An escape line ('%' in column 1) is copied verbatim on a line of its own.

// DefaultWidth is the longest line that export format allows: "less than 80
// printing characters" (standard, 8.2.1).
const DefaultWidth = 79

// MoveInfo is what the printer needs to know about a move from the rules of
// chess.
type MoveInfo struct {
	// SAN is the move in canonical SAN. Empty means the move was not
	// verified (it is illegal, follows an illegal move, or its game could
	// not be replayed): it is then printed as the user wrote it, with its
	// move number indication and its suffix annotation as written.
	SAN string
	// Number is the fullmove number of the move and Black tells which side
	// plays it; they give the move number indication.
	Number int
	Black  bool
}

// PrintOptions control the printer.
type PrintOptions struct {
	// Width is the most characters a line may hold; 0 or less means
	// DefaultWidth.
	Width int
	// Move tells what is known of a move. When it is nil, or returns an
	// empty SAN, the move is printed as written.
	Move func(*Move) MoveInfo
	// After holds the tags of the game before this one when that game is
	// tag pairs alone (see TagsOnly): this game began at a tag pair that
	// repeats one of them, after an empty line, and its printed tag
	// section must begin with one again, or the two would read as one.
	// When export order does not put such a tag first, the first of
	// them in that order is printed first.
	After []*Tag
}

// TagsOnly reports whether a game is tag pairs alone, but for comments and
// escape lines after them: printed, a tag pair after it joins its tag
// section unless it repeats one of its tags after an empty line.
func (g *Game) TagsOnly() bool {
	if len(g.Tags) == 0 || g.Result != nil || len(g.Moves.Moves) > 0 {
		return false
	}
	for _, n := range g.Moves.Start {
		switch n.(type) {
		case *Comment, *Escape:
		default:
			return false
		}
	}
	return true
}

// AppendGame appends game g, parsed from src, to dst in export format: the
// tag pairs, an empty line, and the movetext, ending in a newline. It does
// not check g.Errors: the caller decides whether a game with syntax errors
// is printed or left as it was.
func AppendGame(dst []byte, src string, g *Game, opts PrintOptions) []byte {
	p := printer{src: src, width: opts.Width, move: opts.Move, out: dst}
	if p.width <= 0 {
		p.width = DefaultWidth
	}
	p.tags(g, opts.After)
	// A game without tags must start with its first move number: a
	// comment printed before it would stand between games.
	p.numberFirst = len(g.TagItems) == 0 && len(g.Moves.Start) == 0
	if hasMovetext(g) {
		if len(g.TagItems) > 0 {
			p.out = append(p.out, '\n')
		}
		p.line(&g.Moves)
		if g.Result != nil {
			p.word(g.Result.Text)
		}
		p.endLine()
	}
	return p.out
}

func hasMovetext(g *Game) bool {
	return len(g.Moves.Start) > 0 || len(g.Moves.Moves) > 0 || g.Result != nil
}

// SuffixNAG returns the NAG that a move suffix annotation stands for
// (standard, 8.2.3.8 and 10: ! $1, ? $2, !! $3, ?? $4, !? $5, ?! $6).
func SuffixNAG(suffix string) (int, bool) {
	switch suffix {
	case "!":
		return 1, true
	case "?":
		return 2, true
	case "!!":
		return 3, true
	case "??":
		return 4, true
	case "!?":
		return 5, true
	case "?!":
		return 6, true
	}
	return 0, false
}

// printer fills lines with units: the texts that a line break may separate.
// It holds back the last unit (pend) until it knows whether a closing
// parenthesis or a glued comment word must join it, so that a unit is
// always placed whole.
type printer struct {
	src   string
	width int
	move  func(*Move) MoveInfo
	out   []byte

	col       int  // characters on the current line of out; 0 at a line start
	breakNext bool // the next unit starts a new line (after a ';' comment)

	pend     []byte // the unit waiting to be placed
	pendLen  int    // its characters
	hasPend  bool
	pendOpen bool // pend is an opening "(" that the next unit joins without a space

	// needNumber is set when the next Black move needs its "N..."
	// indication: at the start of a line and after anything but a move
	// (standard, 8.2.2.2).
	needNumber bool
	// numberFirst keeps the comments between the game's first move number
	// and its move after the number.
	numberFirst bool
}

// word adds a unit.
func (p *printer) word(s string) {
	p.startUnit(false)
	p.add(s)
}

// startUnit begins a unit, to be filled with add. glue joins it to the unit
// before with a space that is never a line break.
func (p *printer) startUnit(glue bool) {
	switch {
	case p.hasPend && p.pendOpen:
		p.pendOpen = false
	case p.hasPend && glue:
		p.pend = append(p.pend, ' ')
		p.pendLen++
	default:
		p.flush()
		p.hasPend = true
	}
}

// add appends s to the unit begun last.
func (p *printer) add(s string) {
	p.pend = append(p.pend, s...)
	p.pendLen += runeCount(s)
}

// number adds a move number indication: n followed by dots.
func (p *printer) number(n int, dots string) {
	p.startUnit(false)
	p.pend = strconv.AppendInt(p.pend, int64(n), 10)
	p.pend = append(p.pend, dots...)
	p.pendLen += digits(n) + len(dots)
}

func digits(n int) int {
	d := 1
	if n < 0 {
		d, n = 2, -n
	}
	for ; n >= 10; n /= 10 {
		d++
	}
	return d
}

// open starts a unit with "(" that the next unit joins.
func (p *printer) open() {
	p.flush()
	p.pend = append(p.pend, '(')
	p.pendLen, p.hasPend, p.pendOpen = 1, true, true
}

// close adds ")" to the unit before it, or as a unit of its own after a
// line that had to end.
func (p *printer) close() {
	if !p.hasPend || p.pendOpen {
		p.word(")")
		return
	}
	p.pend = append(p.pend, ')')
	p.pendLen++
}

// flush places the waiting unit: after a space if it fits on the current
// line, else at the start of the next one.
func (p *printer) flush() {
	if !p.hasPend {
		return
	}
	switch {
	case p.col == 0:
	case !p.breakNext && p.col+1+p.pendLen <= p.width:
		p.out = append(p.out, ' ')
		p.col++
	default:
		p.out = append(p.out, '\n')
		p.col = 0
	}
	p.out = append(p.out, p.pend...)
	p.col += p.pendLen
	p.pend, p.pendLen, p.hasPend, p.pendOpen, p.breakNext = p.pend[:0], 0, false, false, false
}

// endLine places what waits and ends the current line, if it has anything.
func (p *printer) endLine() {
	p.flush()
	if p.col > 0 {
		p.out = append(p.out, '\n')
		p.col = 0
	}
	p.breakNext = false
}

// tags prints the tag section: the Seven Tag Roster in its order, then the
// other tags in ASCII order of their names (standard, 8.1.1). A tag section
// with comments or escape lines between its tags is printed in source
// order, comments on lines of their own: a comment has no tag it clearly
// belongs to, and reordering could carry it past the last tag, into the
// movetext. So is a section that repeats a tag: it may be several games'
// sections run together (the parser splits them only at an empty line), and
// sorted it could never be split again.
func (p *printer) tags(g *Game, after []*Tag) {
	if len(g.TagItems) != len(g.Tags) {
		for _, item := range g.TagItems {
			if t, ok := item.(*Tag); ok {
				p.tag(t)
				continue
			}
			p.node(item)
			p.endLine()
		}
		return
	}
	tags := g.Tags
	if !tagsSorted(tags) {
		sorted := slices.Clone(tags)
		slices.SortStableFunc(sorted, tagCompare)
		if !repeatsName(sorted) {
			tags = sorted
		}
	}
	if len(after) > 0 && len(tags) > 0 && !hasTagNamed(after, tags[0].Name) {
		tags = leadWithOneOf(tags, after)
	}
	for _, t := range tags {
		p.tag(t)
	}
}

// tag prints a tag pair on its own line, with \" and \\ escaped.
func (p *printer) tag(t *Tag) {
	p.out = append(p.out, '[')
	p.out = append(p.out, t.Name...)
	p.out = append(p.out, ' ', '"')
	for i := 0; i < len(t.Value); i++ {
		if c := t.Value[i]; c == '"' || c == '\\' {
			p.out = append(p.out, '\\')
		}
		p.out = append(p.out, t.Value[i])
	}
	p.out = append(p.out, '"', ']', '\n')
}

// RosterIndex returns a tag name's place in the Seven Tag Roster (Event,
// Site, Date, Round, White, Black, Result), or -1. A switch, not a loop
// over the names: it runs for every tag of a database.
func RosterIndex(name string) int {
	switch name {
	case "Event":
		return 0
	case "Site":
		return 1
	case "Date":
		return 2
	case "Round":
		return 3
	case "White":
		return 4
	case "Black":
		return 5
	case "Result":
		return 6
	}
	return -1
}

// strRank gives the place of a tag name in export order: the roster tags
// first, in their order, then all others.
func strRank(name string) int {
	if i := RosterIndex(name); i >= 0 {
		return i
	}
	return 7
}

// tagCompare orders tags for export: by roster place, then by name.
func tagCompare(a, b *Tag) int {
	ra, rb := strRank(a.Name), strRank(b.Name)
	if ra != rb || ra < 7 {
		return ra - rb
	}
	return strings.Compare(a.Name, b.Name)
}

// hasTagNamed reports whether tags hold a tag named name.
func hasTagNamed(tags []*Tag, name string) bool {
	for _, t := range tags {
		if t.Name == name {
			return true
		}
	}
	return false
}

// leadWithOneOf returns tags with the first of them whose name is among
// after's moved to the front.
func leadWithOneOf(tags, after []*Tag) []*Tag {
	for i, t := range tags {
		if hasTagNamed(after, t.Name) {
			out := make([]*Tag, 0, len(tags))
			out = append(out, t)
			out = append(out, tags[:i]...)
			return append(out, tags[i+1:]...)
		}
	}
	return tags
}

// repeatsName reports whether tags, in export order, hold two tags of the
// same name (they are then next to each other).
func repeatsName(sorted []*Tag) bool {
	for i := 1; i < len(sorted); i++ {
		if sorted[i].Name == sorted[i-1].Name {
			return true
		}
	}
	return false
}

// tagsSorted reports whether tags are in export order already, as they
// mostly are: the common case then needs no copy.
func tagsSorted(tags []*Tag) bool {
	for i := 1; i < len(tags); i++ {
		if tagCompare(tags[i], tags[i-1]) < 0 {
			return false
		}
	}
	return true
}

// line prints the main line or a variation.
func (p *printer) line(l *Line) {
	p.needNumber = true
	p.nodes(l.Start)
	for _, m := range l.Moves {
		p.moveNode(m)
	}
}

func (p *printer) nodes(nodes []Node) {
	for _, n := range nodes {
		p.node(n)
	}
}

// node prints an annotation: anything in a line but a move.
func (p *printer) node(n Node) {
	switch n := n.(type) {
	case *NAGNode:
		p.nag(n)
	case *SuffixNode:
		p.word(n.Text) // only out of place, in a game with errors
	case *Comment:
		p.comment(n)
	case *Escape:
		p.escape(n.Tok.Text(p.src))
	case *Variation:
		p.variation(n)
	case *Bad:
		for _, t := range n.Tokens {
			p.word(t.Text(p.src))
		}
	case *Tag: // only in a game with errors
		p.word(p.src[n.Pos():n.End()])
	}
	p.needNumber = true
}

func (p *printer) moveNode(m *Move) {
	var info MoveInfo
	if p.move != nil {
		info = p.move(m)
	}
	if info.SAN == "" {
		p.moveAsWritten(m)
		return
	}
	// A comment between a move number and its move is printed before the
	// number: export format puts the number right before the move (8.2.2.2).
	// Only at the very start of a game without tags does it stay after the
	// number, inside the game.
	keep := p.numberFirst && len(m.Before) > 0
	p.numberFirst = false
	if !keep {
		p.nodes(m.Before)
	}
	switch {
	case !info.Black:
		p.number(info.Number, ".")
	case p.needNumber:
		p.number(info.Number, "...")
	}
	if keep {
		p.nodes(m.Before)
	}
	p.word(info.SAN)
	p.needNumber = false
	after := m.After
	if s, ok := firstSuffix(after); ok {
		after = after[1:]
		if nag, ok := SuffixNAG(s.Text); ok {
			p.nagValue(nag)
			p.needNumber = true
		} else {
			p.add(s.Text) // not one of the six: no NAG, and the text stays
		}
	}
	p.nodes(after)
}

// moveAsWritten prints a move that was not verified with the text the user
// gave it: its number indication, the comments after the number, and the
// move with its suffix annotation.
func (p *printer) moveAsWritten(m *Move) {
	p.numberFirst = false
	if n := m.Number; n != nil {
		p.word(n.Tok.Text(p.src))
		if n.Dots != nil {
			p.word(n.Dots.Text(p.src))
		}
	}
	p.nodes(m.Before)
	p.word(m.Text)
	p.needNumber = false
	after := m.After
	if s, ok := firstSuffix(after); ok {
		after = after[1:]
		p.add(s.Text)
	}
	p.nodes(after)
}

func firstSuffix(after []Node) (*SuffixNode, bool) {
	if len(after) == 0 {
		return nil, false
	}
	s, ok := after[0].(*SuffixNode)
	return s, ok
}

func (p *printer) nag(n *NAGNode) {
	if n.Value < 0 {
		p.word(n.Tok.Text(p.src)) // too many digits to mean a number: keep them
		return
	}
	p.nagValue(n.Value)
}

func (p *printer) nagValue(v int) {
	p.startUnit(false)
	p.pend = append(p.pend, '$')
	p.pend = strconv.AppendInt(p.pend, int64(v), 10)
	p.pendLen += 1 + digits(v)
}

func (p *printer) variation(v *Variation) {
	p.open()
	p.line(&v.Line)
	p.close()
}

// comment prints a comment. Its words are kept exactly; the spaces and line
// breaks between them are layout.
func (p *printer) comment(c *Comment) {
	if c.Tok.Kind == LineComment && containsByte(c.Text, '}') {
		// It cannot become a brace comment: keep it, and end the line.
		text := c.Text
		for len(text) > 0 && isSpace(text[len(text)-1]) {
			text = text[:len(text)-1]
		}
		p.word(";")
		p.add(text)
		p.flush()
		p.breakNext = true
		return
	}
	w, i := nextWord(c.Text, 0)
	if w == "" {
		p.word("{ }")
		return
	}
	for first := true; w != ""; first = false {
		next, j := nextWord(c.Text, i)
		// A word that begins with '%' or '[' is kept off the start of a
		// line: glued to the word before it.
		p.startUnit(!first && (w[0] == '%' || w[0] == '['))
		if first {
			p.add("{ ")
		}
		p.add(w)
		if next == "" {
			p.add(" }")
		}
		w, i = next, j
	}
}

// nextWord returns the word of text that starts at or after i, and the
// offset after it; the word is "" at the end. Words are separated by ASCII
// white space only: a no-break space (U+00A0) belongs to its word.
func nextWord(text string, i int) (string, int) {
	for i < len(text) && isSpace(text[i]) {
		i++
	}
	j := i
	for j < len(text) && !isSpace(text[j]) {
		j++
	}
	return text[i:j], j
}

func containsByte(s string, c byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return true
		}
	}
	return false
}

// escape copies an escape line verbatim on a line of its own.
func (p *printer) escape(text string) {
	p.endLine()
	p.out = append(p.out, text...)
	p.out = append(p.out, '\n')
}

// runeCount counts the characters of s, quickly for ASCII.
func runeCount(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return utf8.RuneCountInString(s)
		}
	}
	return len(s)
}
