package pgn

import (
	"math"
	"sort"
	"strconv"
	"strings"
)

// Parse parses a whole PGN text. It never fails: malformed text becomes Bad
// nodes and entries in the returned file's Errors, and parsing resumes at the
// next game at the latest. The parser uses an explicit stack for variations,
// so no nesting depth can overflow the goroutine stack.
func Parse(src string) *File {
	f, _ := parse(src)
	f.Lines = NewLineTable(src)
	return f
}

// parse is Parse without the line table, returning the parser too, whose
// counters the linear-time test reads. The streaming Reader parses each
// block whole but keeps only a piece of it, with a table of its own: a
// table of the block would be made for nothing (bench/NOTES.md).
func parse(src string) (*File, *parser) {
	p := new(parser)
	return p.parse(src), p
}

// parse parses src with the parser's memory: the nodes, lists and scratch
// space of the parser's last parse are reused (see slab), so the tree of
// that parse must no longer be in use.
func (p *parser) parse(src string) *File {
	p.reset() // at once if a release did not
	last := p.file
	*p = parser{src: src, nodes: p.nodes, moves: p.moves[:0], after: p.after[:0], frames: p.frames[:0]}
	f := &File{Src: src}
	if last != nil {
		f.Items, f.Games = last.Items[:0], last.Games[:0]
	}
	p.file = f
	p.used = true
	p.scanner.Init(src, p.scanError)
	p.next()
	for p.tok.Kind != EOF {
		p.parseTopLevel()
	}
	f.Errors.Sort()
	for _, g := range f.Games {
		g.Errors = f.Errors.Within(g.From, g.To)
	}
	return f
}

// Within returns the errors that start in [from, to). The list must be sorted.
func (l ErrorList) Within(from, to Pos) ErrorList {
	i := sort.Search(len(l), func(i int) bool { return l[i].Pos >= from })
	j := sort.Search(len(l), func(i int) bool { return l[i].Pos >= to })
	if i >= j {
		return nil
	}
	return l[i:j:j]
}

type parser struct {
	src     string
	scanner Scanner
	file    *File
	tok     Token // the current token
	prevEnd Pos   // the end of the token before tok
	nodes   nodes
	// Scratch space for the movetext (see movetext).
	moves  []*Move
	after  []Node
	frames []frame
	// noTagFrom and noTagTo remember the value scanned by the last
	// scanTagLine that failed: a later value that opens inside it would
	// fail the same way, and scanning it again would make a line of many
	// '[' quadratic.
	noTagFrom, noTagTo Pos

	// looked counts the bytes that searches beyond the current token
	// examined, for the test that parsing stays linear (linear_test.go).
	looked int
	// used is set by a parse and cleared by reset: the memory holds a tree.
	used bool
	// sectionNames holds the names of the first namesIn tag pairs of a
	// large tag section (startsGame).
	sectionNames map[string]struct{}
	namesIn      int
	// quiet drops the scanner's errors, inside a variation that is not
	// read (overDeepVariation).
	quiet bool
}

// reset clears the memory of the parser's last tree, if it has one, for
// the next parse: the nodes, and the pointers of the file's lists.
func (p *parser) reset() {
	if !p.used {
		return
	}
	p.nodes.reset()
	if f := p.file; f != nil {
		clear(f.Items[:cap(f.Items)])
		clear(f.Games[:cap(f.Games)])
	}
	p.used = false
}

func (p *parser) scanError(pos, end Pos, msg string) {
	if !p.quiet {
		p.file.Errors.Add(pos, end, msg)
	}
}

func (p *parser) error(pos, end Pos, msg string) { p.file.Errors.Add(pos, end, msg) }

func (p *parser) next() {
	p.prevEnd = p.tok.End
	p.tok = p.scanner.Scan()
}

func (p *parser) text(t Token) string { return p.src[t.Pos:t.End] }

// parseTopLevel parses what comes between games, or a game.
func (p *parser) parseTopLevel() {
	switch p.tok.Kind {
	case BOM:
		p.file.Items = append(p.file.Items, &BOMNode{Tok: p.tok})
		p.next()
	case BraceComment, LineComment, EscapeLine:
		p.file.Items = append(p.file.Items, p.comment())
		p.next()
	case RBracket, RParen, String, Illegal, Suffix:
		p.file.Items = append(p.file.Items, p.badToken("between games"))
	default:
		g := p.parseGame()
		g.Index = len(p.file.Games)
		p.file.Games = append(p.file.Games, g)
		p.file.Items = append(p.file.Items, g)
	}
}

// badToken wraps the current token in a Bad node, reports it and advances.
func (p *parser) badToken(where string) *Bad {
	t := p.tok
	switch {
	case t.Kind == Illegal, t.Kind == String && !closedString(p.text(t)):
		// The scanner has reported it already.
	case t.Kind == RParen:
		p.error(t.Pos, t.End, "')' without a matching '('")
	case t.Kind == RBracket:
		p.error(t.Pos, t.End, "']' without a matching '['")
	default:
		p.error(t.Pos, t.End, "unexpected "+t.Kind.String()+" "+strconv.Quote(clip(p.text(t), 40))+" "+where)
	}
	p.next()
	return &Bad{From: t.Pos, To: t.End, Tokens: []Token{t}}
}

// closedString reports whether a String token has its closing quote.
func closedString(tok string) bool {
	return len(tok) >= 2 && tok[len(tok)-1] == '"' && !escapedAt(tok, len(tok)-1)
}

// comment turns the current Comment, LineComment or Escape token into a node
// (without advancing).
func (p *parser) comment() Node {
	t := p.tok
	text := p.text(t)
	switch t.Kind {
	case EscapeLine:
		return &Escape{Tok: t}
	}
	c := p.nodes.comments.alloc()
	c.Tok = t
	switch {
	case t.Kind == LineComment:
		c.Text = text[1:]
	case len(text) >= 2 && text[len(text)-1] == '}':
		c.Text = text[1 : len(text)-1]
	default:
		c.Text, c.Unterminated = text[1:], true
	}
	return c
}

func isComment(k Kind) bool { return k == BraceComment || k == LineComment || k == EscapeLine }

func (p *parser) parseGame() *Game {
	g := p.nodes.games.alloc()
	g.From = p.tok.Pos
	pending := p.parseTagSection(g)
	p.parseMovetext(g, pending)
	g.To = p.prevEnd
	return g
}

// parseTagSection parses tag pairs and the comments between them. Comments
// after the last tag belong to the movetext and are returned.
func (p *parser) parseTagSection(g *Game) []Node {
	var comments []Node
	items, tags := &p.nodes.nodeLists, &p.nodes.tagLists
	items.open()
	tags.open()
	if p.namesIn > 0 {
		clear(p.sectionNames)
		p.namesIn = 0
	}
	for {
		switch {
		case p.tok.Kind == LBracket && p.startsGame(tags.list()):
			g.TagItems = items.close()
			g.Tags = tags.close()
			return comments
		case p.tok.Kind == LBracket:
			for _, c := range comments {
				items.push(c)
			}
			comments = nil
			if tag, bad := p.parseTag(); tag != nil {
				items.push(tag)
				tags.push(tag)
			} else {
				items.push(bad)
			}
		case len(items.list()) > 0 && isComment(p.tok.Kind):
			comments = append(comments, p.comment())
			p.next()
		default:
			g.TagItems = items.close()
			g.Tags = tags.close()
			return comments
		}
	}
}

// startsGame reports whether the tag pair at the current '[' begins the
// next game rather than joining the tag section whose tag pairs so far are
// tags: it does after an empty line, when the section already holds a tag
// of its name. Files of games without movetext (crosstables, lists of
// players) are tag sections one after another, an empty line between
// them; read as one section they became one game with every tag repeated,
// which no formatting could split again. A repeated tag without the empty
// line, or the empty line without a repeated tag, stays in the section, as
// the standard reads it.
func (p *parser) startsGame(tags []*Tag) bool {
	// An empty line takes two bytes at least; the gap between two tag
	// pairs is mostly one line break, and this test runs for each tag.
	if p.tok.Pos-p.prevEnd < 2 || len(tags) == 0 || !blankLineIn(p.src[p.prevEnd:p.tok.Pos]) {
		return false
	}
	name := peekTagName(p.src, int(p.tok.Pos))
	if name == "" {
		return false
	}
	// A section rarely has more than a few dozen tags; past that, the
	// names go into a set, so that a hostile section of thousands of tags,
	// an empty line after each, stays linear.
	if len(tags) <= 32 {
		for _, t := range tags {
			if t.Name == name {
				return true
			}
		}
		return false
	}
	if p.sectionNames == nil {
		p.sectionNames = make(map[string]struct{})
	}
	for _, t := range tags[p.namesIn:] {
		p.sectionNames[t.Name] = struct{}{}
	}
	p.namesIn = len(tags)
	_, found := p.sectionNames[name]
	return found
}

// peekTagName returns the name of the tag pair whose '[' is at offset lb,
// as scanTagLine reads it, or "" when there is none.
func peekTagName(src string, lb int) string {
	i := skipBlanks(src, lb+1)
	j := i
	for j < len(src) && isTagNameByte(src[j]) {
		j++
	}
	return src[i:j]
}

// blankLineIn reports whether the white space gap holds an empty line: two
// line breaks or more ("\r\n" is one).
func blankLineIn(gap string) bool {
	return countBreaks(gap, 2) >= 2
}

// countBreaks counts the line breaks in s, up to limit.
func countBreaks(s string, limit int) int {
	n := 0
	for i := 0; i < len(s) && n < limit; i++ {
		switch s[i] {
		case '\n':
			n++
		case '\r':
			n++
			if i+1 < len(s) && s[i+1] == '\n' {
				i++
			}
		}
	}
	return n
}

// parseTag parses one tag pair starting at '['. A malformed tag pair is
// returned as a Bad node that runs to its ']' or to the end of its line.
func (p *parser) parseTag() (*Tag, *Bad) {
	if tag := p.scanTagLine(); tag != nil {
		return tag, nil
	}
	lbrack := p.tok
	tokens := []Token{lbrack}
	p.next()
	tag := p.nodes.tags.alloc()
	*tag = Tag{LBrack: lbrack.Pos, RBrack: NoPos}
	steps := []struct {
		kind Kind
		msg  string
	}{
		{Symbol, "tag name expected after '['"},
		{String, "tag value expected: a string in double quotes"},
		{RBracket, "']' expected at the end of the tag pair"},
	}
	for _, step := range steps {
		if p.tok.Kind == EOF || !p.sameLine(lbrack.Pos, p.tok.Pos) {
			// The line ends inside the tag pair: report it once, over the
			// tag's own text, not at the first token of the next line
			// (which is often the next, well-formed, tag pair).
			msg := step.msg
			if step.kind == RBracket {
				msg = "tag pair not terminated: missing ']'"
			}
			p.error(lbrack.Pos, tokens[len(tokens)-1].End, msg)
			return nil, p.skipRestOfTag(tokens)
		}
		if p.tok.Kind != step.kind {
			p.error(p.tok.Pos, p.tok.End, step.msg)
			return nil, p.skipRestOfTag(tokens)
		}
		tokens = append(tokens, p.tok)
		p.next()
	}
	tag.NameTok, tag.ValueTok, tag.RBrack = tokens[1], tokens[2], tokens[3].Pos
	tag.Name = p.text(tag.NameTok)
	if !isTagName(tag.Name) {
		p.error(tag.NameTok.Pos, tag.NameTok.End, "bad tag name "+strconv.Quote(tag.Name)+": a tag name is made of letters, digits and '_'")
	}
	tag.Value = UnquoteString(p.text(tag.ValueTok))
	return tag, nil
}

// scanTagLine reads a tag pair straight from the text of its line, the way
// most PGN readers do: the value runs from the first '"' to the first
// unescaped '"' that is followed by ']'. This accepts values with stray
// quotes that real files contain ([White ""Mirage""]), which a token-by-token
// reading would reject; the tag is then marked StrayQuote. It returns nil when
// the line does not hold a tag pair of that shape, and then the token-based
// parse reports what is wrong.
func (p *parser) scanTagLine() *Tag {
	src := p.src
	lb := int(p.tok.Pos)
	i := skipBlanks(src, lb+1)
	nameStart := i
	i = tagNameEnd(src, i)
	nameEnd := i
	if nameEnd == nameStart {
		p.looked += i - lb
		return nil
	}
	i = skipBlanks(src, i)
	if i >= len(src) || src[i] != '"' || i == nameEnd {
		p.looked += i - lb
		return nil
	}
	valueStart := i
	if Pos(valueStart) >= p.noTagFrom && Pos(valueStart) < p.noTagTo {
		p.looked += i - lb
		return nil
	}
	stray, escapes := false, false
	for i++; ; i++ {
		if i = tagValueStop(src, i); i >= len(src) {
			break
		}
		switch src[i] {
		case '\\':
			if i+1 < len(src) && (src[i+1] == '"' || src[i+1] == '\\') {
				i++
				escapes = true
			}
			continue
		case '\n', '\r':
			p.noTagFrom, p.noTagTo = Pos(valueStart), Pos(i)
			p.looked += i - lb
			return nil
		case '"':
			j := skipBlanks(src, i+1)
			if j < len(src) && src[j] == ']' {
				value := src[valueStart+1 : i]
				if escapes {
					value = UnquoteString(src[valueStart : i+1])
				}
				// The fields are set one by one: a composite literal
				// is copied with a bulk write barrier that walks the
				// type's pointer map, costly while the collector
				// marks (bench/NOTES.md).
				tag := p.nodes.tags.alloc()
				tag.LBrack = Pos(lb)
				tag.NameTok = Token{Kind: Symbol, Pos: Pos(nameStart), End: Pos(nameEnd)}
				tag.ValueTok = Token{Kind: String, Pos: Pos(valueStart), End: Pos(i + 1)}
				tag.RBrack = Pos(j)
				tag.Name = src[nameStart:nameEnd]
				tag.Value = value
				tag.StrayQuote = stray
				p.looked += j - lb
				p.nextAfterTag(j + 1)
				return tag
			}
			stray = true
		}
	}
	p.noTagFrom, p.noTagTo = Pos(valueStart), Pos(len(src))
	p.looked += len(src) - lb
	return nil
}

// nextAfterTag moves to the token after a tag pair read by scanTagLine, whose
// ']' ends at end. That token is most often the '[' of the next tag pair,
// which is taken here without a call of the scanner (bench/NOTES.md).
func (p *parser) nextAfterTag(end int) {
	src := p.src
	p.prevEnd = Pos(end)
	i := end
	for i < len(src) && isSpace(src[i]) {
		i++
	}
	if i < len(src) && src[i] == '[' {
		p.tok = Token{Kind: LBracket, Pos: Pos(i), End: Pos(i + 1)}
		p.scanner.Seek(i + 1)
		return
	}
	p.scanner.Seek(i)
	p.tok = p.scanner.Scan()
}

func skipBlanks(src string, i int) int {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	return i
}

// skipRestOfTag consumes the rest of a malformed tag pair: tokens up to and
// including ']' on the same line, stopping before a '[' or a new line.
func (p *parser) skipRestOfTag(tokens []Token) *Bad {
	start := tokens[0].Pos
	// Checking from the last token taken rather than from start keeps a
	// long line linear.
	for p.tok.Kind != EOF && p.tok.Kind != LBracket && p.sameLine(tokens[len(tokens)-1].Pos, p.tok.Pos) {
		tokens = append(tokens, p.tok)
		done := p.tok.Kind == RBracket
		p.next()
		if done {
			break
		}
	}
	return &Bad{From: start, To: tokens[len(tokens)-1].End, Tokens: tokens}
}

func isTagName(name string) bool {
	for i := 0; i < len(name); i++ {
		if c := name[i]; !isTagNameByte(c) {
			return false
		}
	}
	return name != ""
}

// sameLine reports whether no line break lies between offsets a and b.
func (p *parser) sameLine(a, b Pos) bool {
	p.looked += int(b - a)
	return strings.IndexAny(p.src[a:b], "\n\r") < 0
}

// UnquoteString returns the value of a PGN string token: the text between the
// quotes with the escapes \" and \\ resolved. A missing closing quote is
// tolerated.
func UnquoteString(tok string) string {
	body := tok[1:]
	if n := len(body); n > 0 && body[n-1] == '"' && !escapedAt(body, n-1) {
		body = body[:n-1]
	}
	if strings.IndexByte(body, '\\') < 0 {
		return body
	}
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		if body[i] == '\\' && i+1 < len(body) && (body[i+1] == '"' || body[i+1] == '\\') {
			i++
		}
		b.WriteByte(body[i])
	}
	return b.String()
}

// escapedAt reports whether the byte at i is preceded by an odd number of
// backslashes.
func escapedAt(s string, i int) bool {
	n := 0
	for j := i - 1; j >= 0 && s[j] == '\\'; j-- {
		n++
	}
	return n%2 == 1
}

// movetext is the state of the movetext parser: the line being filled, the
// open variations, and a move number waiting for its move.
//
// Each list of the tree is stored once, at its final length: the main line
// is built in place in its slab; the moves of the open variations, and the
// annotations of the last move of each open line, are kept on two stacks in
// the parser (p.moves and p.after), the innermost line on top, and copied
// into the tree when their move or their line is done. Growing every list
// in the tree by append made half of the parse's allocations and, while the
// collector was marking, a write barrier on every element copied at each
// doubling.
type movetext struct {
	p      *parser
	line   *Line
	moves  int // where the current variation's moves start in p.moves
	after  int // where the annotations of the current line's last move start in p.after
	stack  []frame
	number *MoveNumber
	before []Node // comments between the waiting move number and its move
}

// frame is an open variation and what to go back to when it closes.
type frame struct {
	variation    *Variation
	outer        *Line
	moves, after int
}

func (p *parser) parseMovetext(g *Game, leading []Node) {
	m := movetext{p: p, line: &g.Moves, moves: len(p.moves), after: len(p.after), stack: p.frames[:0]}
	p.nodes.mainLines.open()
	if len(leading) > 0 {
		m.line.Start = append(m.line.Start, leading...)
	}
	for {
		switch t := p.tok; t.Kind {
		case EOF, LBracket:
			m.finish()
			return
		case Result:
			m.finish()
			r := p.nodes.results.alloc()
			r.Tok, r.Text = t, ResultText(p.text(t))
			g.Result = r
			p.next()
			return
		case Number:
			m.flushNumber()
			m.number = p.moveNumber(t)
			p.next()
		case Dots:
			switch {
			case m.number != nil && len(m.before) > 0:
				// "12. {c} ... e5": the periods cannot join the number
				// without coming before the comment in the tree, which
				// must keep the text's order.
				p.error(t.Pos, t.End, "periods apart from their move number: write them together before the comment, as in \"12...\"")
				m.before = append(m.before, &Bad{From: t.Pos, To: t.End, Tokens: []Token{t}})
			case m.number != nil && m.number.Dots == nil && !m.number.Black:
				m.addDots(t)
			default:
				m.flushNumber()
				p.error(t.Pos, t.End, "periods without a move number")
				m.attach(&Bad{From: t.Pos, To: t.End, Tokens: []Token{t}})
			}
			p.next()
		case Symbol, NullMove:
			m.addMove(t)
			p.next()
		case Suffix:
			m.flushNumber()
			m.addSuffix(t)
			p.next()
		case NAG:
			m.flushNumber()
			m.attach(p.nag(t))
			p.next()
		case BraceComment, LineComment, EscapeLine:
			if m.number != nil {
				m.before = append(m.before, p.comment())
			} else {
				m.attach(p.comment())
			}
			p.next()
		case LParen:
			m.flushNumber()
			if len(m.stack) >= MaxNesting {
				m.attach(p.overDeepVariation())
				continue
			}
			m.openVariation(t)
			p.next()
		case RParen:
			m.flushNumber()
			if len(m.stack) == 0 {
				m.attach(p.badToken("in the movetext"))
			} else {
				m.closeVariation(t)
				p.next()
			}
		default: // String, RBracket, Illegal, Suffix out of place, BOM
			m.flushNumber()
			m.attach(p.badToken("in the movetext"))
		}
	}
}

// MaxNesting is the deepest nesting of variations that the parser builds
// into the tree. A variation opened deeper is not read: its whole text, to
// its matching ')' or to where an unclosed variation ends (the end of the
// game), becomes one Bad node with a single syntax error at its '('.
//
// Why a limit rather than walking any depth: every pass that follows the
// nesting — the replay of the lines, the printer, Inspect and NodeTokens,
// hover, selection ranges, folding, semantic tokens — lives in several
// packages, and some of what they make is nested by its format (an LSP
// selection range is a chain of parents, which clients decode recursively,
// some with a depth limit). Bounding the tree bounds all of them at once,
// and a stack overflow is fatal to a Go program (no recover catches it),
// so one forgotten recursion would end the language server. Real games
// rarely nest variations 30 deep; 256 levels of a recursive walk take a
// few tens of kilobytes of stack. And nothing is lost: the text of the
// over-deep variation stays in the tree (the tree is still lossless), and
// the formatter keeps the game, which has a syntax error, as written.
const MaxNesting = 256

// overDeepVariation consumes a variation that opens at the current '('
// deeper than MaxNesting, and returns it as one Bad node. Its tokens are
// only counted, not kept, so that a text of millions of '(' costs no
// memory: the node holds one token of kind Nested over the text — and, when
// the text ends in a brace comment without its '}', that comment apart
// (TailOf must see it: the text after a cut could end the comment). It
// stops where the variation closes, or where an open variation ends when
// not closed (before a tag pair's '[', a result marker or the end of the
// text, which end the game); errors of the scanner inside are not
// reported, as the text is not read: the one error says why.
func (p *parser) overDeepVariation() *Bad {
	open := p.tok
	p.error(open.Pos, open.End, "variations nested more than "+strconv.Itoa(MaxNesting)+" deep: this one is not read (its text is kept as it is)")
	p.quiet = true
	depth := 0
	var last Token // the last token of the variation
	var before Pos // the end of the token before last
scan:
	for {
		switch p.tok.Kind {
		case EOF, LBracket, Result:
			break scan
		case LParen:
			depth++
		case RParen:
			depth--
		}
		before, last = last.End, p.tok
		p.next()
		if depth == 0 {
			break
		}
	}
	p.quiet = false
	tokens := []Token{{Kind: Nested, Pos: open.Pos, End: last.End}}
	if last.Kind == BraceComment && last.End > open.End && p.src[last.End-1] != '}' {
		tokens = []Token{{Kind: Nested, Pos: open.Pos, End: before}, last}
	}
	return &Bad{From: open.Pos, To: last.End, Tokens: tokens}
}

func (p *parser) moveNumber(t Token) *MoveNumber {
	// The token is digits, then periods.
	text := p.text(t)
	digits := 0
	for digits < len(text) && text[digits] != '.' {
		digits++
	}
	n := atoi(text[:digits])
	if n < 0 {
		n = 0
	}
	periods := len(text) - digits
	if periods != 0 && periods != 1 && periods != 3 {
		p.error(t.Pos, t.End, "a move number is followed by one period (White to move) or three (Black to move), not "+strconv.Itoa(periods))
	}
	num := p.nodes.numbers.alloc()
	num.Tok, num.Number, num.Black = t, n, periods == 3
	return num
}

// atoi returns the value of a non-empty run of decimal digits, or -1 when it
// does not fit in an int (where strconv.Atoi fails). It is strconv.Atoi
// without the sign, the underscores and the error value, which cost time
// in every number and NAG token of a parse (bench/NOTES.md).
func atoi(digits string) int {
	n := 0
	if len(digits) <= 18 { // below 10^18: no overflow, so no test of it
		for i := 0; i < len(digits); i++ {
			n = n*10 + int(digits[i]-'0')
		}
		return n
	}
	for i := 0; i < len(digits); i++ {
		d := int(digits[i] - '0')
		if n > (math.MaxInt-d)/10 {
			return -1
		}
		n = n*10 + d
	}
	return n
}

func (m *movetext) addDots(t Token) {
	m.number.Dots = &Token{Kind: t.Kind, Pos: t.Pos, End: t.End}
	if t.End-t.Pos != 3 {
		m.p.error(t.Pos, t.End, "a black move is marked by three periods, as in \"12. ...\" or \"12...\"")
	}
	m.number.Black = true
}

func (m *movetext) addMove(t Token) {
	p := m.p
	text := p.text(t)
	// An en passant mark standing alone, "ep" or "e.p.": no move starts so.
	if len(text) >= 2 && text[0] == 'e' && (text[1] == 'p' || text[1] == '.') && m.joinMark(t) {
		return
	}
	m.endMove()
	// The fields are set one by one, and the pointers only when they are
	// not nil: the collector is marking during most of a large parse, and
	// then every pointer stored costs a write barrier (a composite literal
	// costs a bulk barrier that walks the type's pointer map).
	move := p.nodes.moves.alloc()
	if m.number != nil {
		move.Number = m.number
		m.number = nil
	}
	if m.before != nil {
		move.Before = m.before
		m.before = nil
	}
	move.SAN = t
	move.Text = text
	if len(m.stack) == 0 {
		p.nodes.mainLines.push(move)
	} else {
		p.moves = append(p.moves, move)
	}
}

// joinMark joins t, when it is an en passant mark standing alone, to the
// move right before it, with only blanks between them ("exf6 e.p."): the
// move's token then covers both, and the move is one token, as "exf6e.p."
// is. It reports whether it did; a mark after anything else (a move
// number, an annotation, a line break) is a symbol of its own.
func (m *movetext) joinMark(t Token) bool {
	p := m.p
	last := m.lastMove()
	if last == nil || m.number != nil || len(m.before) > 0 || len(p.after) > m.after || last.SAN.Kind != Symbol ||
		!EnPassantMark(p.text(t)) {
		return false
	}
	if c := p.src[last.SAN.End-1]; !isDigit(c) && c != '+' && c != '#' {
		return false
	}
	for _, c := range []byte(p.src[last.SAN.End:t.Pos]) {
		if c != ' ' && c != '\t' {
			return false
		}
	}
	last.SAN.End = t.End
	last.Text = p.text(last.SAN)
	return true
}

// endMove stores the annotations of the current line's last move, which
// are complete, in the tree.
func (m *movetext) endMove() {
	p := m.p
	if len(p.after) > m.after { // then the line has a last move
		m.lastMove().After = p.nodes.nodeLists.clone(p.after[m.after:])
		p.after = p.after[:m.after]
	}
}

// endLine stores the current line's moves, which are complete, in the tree.
func (m *movetext) endLine() {
	p := m.p
	m.endMove()
	if len(m.stack) == 0 {
		m.line.Moves = p.nodes.mainLines.close()
		return
	}
	m.line.Moves = p.nodes.moveLists.clone(p.moves[m.moves:])
	p.moves = p.moves[:m.moves]
}

// lineMoves returns the moves of the current line so far.
func (m *movetext) lineMoves() []*Move {
	if len(m.stack) == 0 {
		return m.p.nodes.mainLines.list()
	}
	return m.p.moves[m.moves:]
}

func (m *movetext) lastMove() *Move {
	if moves := m.lineMoves(); len(moves) > 0 {
		return moves[len(moves)-1]
	}
	return nil
}

// attach adds an annotation after the last move of the current line, or to
// the line's start when it has no move yet.
func (m *movetext) attach(n Node) {
	if len(m.lineMoves()) > 0 {
		m.p.after = append(m.p.after, n)
	} else {
		m.line.Start = append(m.line.Start, n)
	}
}

func (m *movetext) addSuffix(t Token) {
	last := m.lastMove()
	// A suffix belongs right after its move ("e4!", "e4 !"), before any
	// other annotation.
	if last == nil || len(m.p.after) > m.after {
		msg := "suffix annotation without a move before it"
		if last != nil {
			msg = "suffix annotation must follow its move directly: " + strconv.Quote(m.p.text(t)) + " after other annotations"
		}
		m.p.error(t.Pos, t.End, msg)
		m.attach(&Bad{From: t.Pos, To: t.End, Tokens: []Token{t}})
		return
	}
	suffix := m.p.nodes.suffixes.alloc()
	suffix.Tok, suffix.Text = t, m.p.text(t)
	m.p.after = append(m.p.after, suffix)
}

func (p *parser) nag(t Token) *NAGNode {
	text := p.text(t)
	var v int
	if text[0] == '$' {
		v = atoi(text[1:])
		if v > 1<<20 {
			v = -1
		}
	} else {
		v, _ = GlyphNAG(text) // a glyph, "±": the scanner read only known ones
	}
	nag := p.nodes.nags.alloc()
	*nag = NAGNode{Tok: t, Value: v}
	return nag
}

// flushNumber turns a move number that no move followed into a Bad node.
func (m *movetext) flushNumber() {
	n := m.number
	if n == nil {
		return
	}
	m.number = nil
	bad := &Bad{From: n.Pos(), To: n.End(), Tokens: []Token{n.Tok}}
	if n.Dots != nil {
		bad.Tokens = append(bad.Tokens, *n.Dots)
	}
	m.p.error(n.Pos(), n.End(), "move number without a move")
	m.attach(bad)
	for _, c := range m.before {
		m.attach(c)
	}
	m.before = nil
}

func (m *movetext) openVariation(t Token) {
	p := m.p
	v := p.nodes.variations.alloc()
	v.LParen, v.RParen = t.Pos, NoPos
	if m.lastMove() != nil {
		p.after = append(p.after, v)
	} else {
		p.error(t.Pos, t.End, "variation before the first move: a variation follows the move it replaces")
		m.line.Start = append(m.line.Start, v)
	}
	m.stack = append(m.stack, frame{variation: v, outer: m.line, moves: m.moves, after: m.after})
	m.line, m.moves, m.after = &v.Line, len(p.moves), len(p.after)
}

func (m *movetext) closeVariation(t Token) {
	v := m.closeLine()
	v.RParen = t.Pos
	v.Closing = t.End
}

// closeLine ends the innermost variation's line and returns the variation.
func (m *movetext) closeLine() *Variation {
	m.endLine()
	top := m.stack[len(m.stack)-1]
	m.stack = m.stack[:len(m.stack)-1]
	m.line, m.moves, m.after = top.outer, top.moves, top.after
	return top.variation
}

// finish ends the movetext: a waiting move number becomes Bad and every
// variation still open is reported and closed where its text ends.
func (m *movetext) finish() {
	m.flushNumber()
	for len(m.stack) > 0 {
		v := m.closeLine()
		v.Closing = endOfLine(&v.Line, v.LParen+1)
		m.p.error(v.LParen, v.LParen+1, "variation not closed: missing ')'")
	}
	m.endLine()
	m.p.frames = m.stack[:0] // kept for the next game
	m.stack = nil
}

// endOfLine returns the end of the last node of a line, or def when it is empty.
func endOfLine(l *Line, def Pos) Pos {
	if n := len(l.Moves); n > 0 {
		return l.Moves[n-1].End()
	}
	if n := len(l.Start); n > 0 {
		return l.Start[n-1].End()
	}
	return def
}
