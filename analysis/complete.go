package analysis

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"pgnls/analysis/board"
	"pgnls/pgn"
)

// CompletionKind says what a completion item inserts.
type CompletionKind int

const (
	CompleteMove     CompletionKind = iota + 1 // a move in SAN, perhaps with its number
	CompleteNAG                                // a NAG such as $14
	CompleteTag                                // a tag pair, or a tag name
	CompleteTagValue                           // the value of a tag
	CompleteResult                             // a game termination marker
)

// CompletionItem is one proposal.
type CompletionItem struct {
	Label string
	Kind  CompletionKind
	// Detail is a short description shown beside the label.
	Detail string
	// Documentation is shown for the selected item, in Markdown and in
	// plain text ("" for none).
	Documentation      string
	PlainDocumentation string
	// InsertText is the plain text that replaces the completion's range.
	// The range starts where an editor's word starts (after '[', at '$'),
	// and InsertText is what goes there, so that a client that ignores the
	// range and replaces the word it sees inserts it right too.
	InsertText string
	// Snippet, when not "", is InsertText in LSP snippet syntax, with the
	// cursor's places marked ($1, ${1:?}, $0); clients that take snippets
	// insert it instead.
	Snippet string
	// FilterText is what the client matches what was typed against, when it
	// is not the label ("" when it is).
	FilterText string
	// SortText orders the items.
	SortText  string
	Preselect bool
}

// Completion is the answer to a completion request: items that each
// replace the bytes [Pos, End).
type Completion struct {
	Pos, End pgn.Pos
	Items    []CompletionItem
}

// CompleteOptions are the inputs of Complete beyond the text.
type CompleteOptions struct {
	// Today is the date offered for Date tags; the zero time means now.
	Today time.Time
	// ECO, when not nil, returns the ECO classification, from which the
	// value of the ECO tag is proposed: the code of the deepest line the
	// game's moves follow. It is called only then, so that other
	// completions never wait for the file to load.
	ECO func() *ECOBook
}

// Complete returns what may be typed at byte offset off of file f:
//   - in a tag section: tag names (the Seven Tag Roster first), as whole tag
//     pairs;
//   - inside a tag value: the values of that tag;
//   - in movetext: the legal moves of the position at the cursor, in the
//     line (main line or variation) that holds it, filtered by what has been
//     typed; after '$', NAGs; at the end of the main line, result markers.
//
// It returns nil where nothing can be proposed (in a comment, say).
func Complete(f *pgn.File, off pgn.Pos, opts CompleteOptions) *Completion {
	if off < 0 || int(off) > len(f.Src) {
		return nil
	}
	c := &completer{f: f, src: f.Src, off: off, ti: newTokenIndex(f), opts: opts}
	return c.complete()
}

type completer struct {
	f    *pgn.File
	src  string
	off  pgn.Pos
	ti   *tokenIndex
	opts CompleteOptions
	game *pgn.Game
}

func (c *completer) tok(i int) pgn.Token {
	if i < 0 || i >= len(c.ti.toks) {
		return pgn.Token{Kind: pgn.EOF, Pos: pgn.NoPos, End: pgn.NoPos}
	}
	return c.ti.toks[i]
}

func (c *completer) complete() *Completion {
	c.game = gameAt(c.f, c.off)
	e := c.ti.ending(c.off)
	tok := c.tok(e)
	switch tok.Kind {
	case pgn.BraceComment:
		if c.off < tok.End || !strings.HasSuffix(c.src[tok.Pos:tok.End], "}") {
			return nil // inside the comment
		}
		e, tok = -1, c.tok(-1)
	case pgn.LineComment, pgn.EscapeLine:
		return nil
	case pgn.String:
		if c.off < tok.End || !closedString(c.src[tok.Pos:tok.End]) {
			return c.tagValue(e)
		}
		return nil
	case pgn.LBracket:
		return c.tagName(e, pgn.Token{Kind: pgn.EOF, Pos: c.off, End: c.off})
	case pgn.Symbol:
		if prev := c.tok(e - 1); prev.Kind == pgn.LBracket && c.sameLine(prev.End, tok.Pos) {
			return c.tagName(e-1, tok)
		}
	case pgn.RBracket:
		return nil
	}
	if e < 0 {
		// In whitespace: after '[' and blanks, a tag name; on a blank line
		// of a tag section or between games, a tag pair.
		b := c.ti.before(c.off)
		if prev := c.tok(b); prev.Kind == pgn.LBracket && c.sameLine(prev.End, c.off) {
			return c.tagName(b, pgn.Token{Kind: pgn.EOF, Pos: c.off, End: c.off})
		}
		if c.blankLine() && c.inTagSection(b) {
			return c.tagNames(c.off, c.off, "", wholePair)
		}
	}
	if c.game == nil || c.beforeMovetext() {
		return nil
	}
	return c.movetext(e, tok)
}

// closedString reports whether a string token ends with its closing quote.
func closedString(s string) bool {
	if len(s) < 2 || s[len(s)-1] != '"' {
		return false
	}
	n := 0
	for i := len(s) - 2; i > 0 && s[i] == '\\'; i-- {
		n++
	}
	return n%2 == 0
}

func (c *completer) sameLine(a, b pgn.Pos) bool {
	return a <= b && !strings.ContainsAny(c.src[a:b], "\r\n")
}

// lineBounds returns the start and end (before the line break) of the line
// holding the cursor.
func (c *completer) lineBounds() (pgn.Pos, pgn.Pos) {
	start := strings.LastIndexAny(c.src[:c.off], "\r\n") + 1
	end := strings.IndexAny(c.src[c.off:], "\r\n")
	if end < 0 {
		end = len(c.src) - int(c.off)
	}
	return pgn.Pos(start), c.off + pgn.Pos(end)
}

// blankLine reports whether the cursor's line holds nothing but blanks
// (and perhaps, after the cursor, a rest-of-line comment).
func (c *completer) blankLine() bool {
	start, end := c.lineBounds()
	after := strings.TrimSpace(c.src[c.off:end])
	return strings.TrimSpace(c.src[start:c.off]) == "" && (after == "" || after[0] == ';')
}

// inTagSection reports whether a cursor on a blank line is where a tag pair
// goes: between games, or on the line right below a tag of the game's tag
// section (a blank line ends the tag section, and after it come moves).
// b is the index of the last token before the cursor.
func (c *completer) inTagSection(b int) bool {
	g := c.game
	if g == nil {
		return true
	}
	if len(g.TagItems) == 0 {
		return false
	}
	last := g.TagItems[len(g.TagItems)-1]
	prev := c.tok(b)
	if prev.Kind == pgn.EOF || prev.End > last.End() || prev.End < g.From {
		return false
	}
	lineStart, _ := c.lineBounds()
	gap := c.src[prev.End:lineStart]
	return strings.Count(gap, "\n")+strings.Count(gap, "\r")-strings.Count(gap, "\r\n") == 1
}

// beforeMovetext reports a cursor inside the game's tag section.
func (c *completer) beforeMovetext() bool {
	g := c.game
	return len(g.TagItems) > 0 && c.off <= g.TagItems[len(g.TagItems)-1].End()
}

// Tags.

// tagInsert says what a tag completion inserts around the tag's name.
type tagInsert int

const (
	nameOnly     tagInsert = iota // the pair has its value: the name alone
	afterBracket                  // after '[': the name, the value and ']'
	beforeClose                   // between '[' and its ']': the name and the value
	wholePair                     // on a line of its own: '[', the name, the value and ']'
)

// tagName completes the name of a tag pair whose '[' is token lb; name is
// the name typed so far (a token of Kind EOF at the cursor when none). The
// completion replaces the name, not the '[' before it nor a ']' after it:
// an editor's word never holds them, and a client that replaces the word
// it sees instead of the range would double them.
func (c *completer) tagName(lb int, name pgn.Token) *Completion {
	prefix := c.src[name.Pos:c.off]
	next := c.tok(c.ti.before(name.End) + 1)
	if name.Kind == pgn.EOF {
		next = c.tok(c.ti.before(c.off) + 1)
	}
	switch {
	case next.Kind == pgn.String && c.sameLine(name.End, next.Pos):
		return c.tagNames(name.Pos, name.End, prefix, nameOnly)
	case next.Kind == pgn.RBracket && c.sameLine(name.End, next.Pos):
		return c.tagNames(name.Pos, name.End, prefix, beforeClose)
	}
	return c.tagNames(name.Pos, name.End, prefix, afterBracket)
}

// tagNames proposes the tags the game does not have yet, whose names start
// with prefix (in any case), with what insert says goes around them.
func (c *completer) tagNames(from, to pgn.Pos, prefix string, insert tagInsert) *Completion {
	present := map[string]bool{}
	if g := c.game; g != nil {
		for _, t := range g.Tags {
			if !(t.NameTok.Pos <= c.off && c.off <= t.NameTok.End) {
				present[t.Name] = true
			}
		}
	}
	out := &Completion{Pos: from, End: to}
	for i := range tagDocs {
		doc := &tagDocs[i]
		if present[doc.Name] || !hasPrefixFold(doc.Name, prefix) {
			continue
		}
		var r richText
		writeTagDoc(&r, doc.Name, doc)
		item := CompletionItem{
			Label: doc.Name, Kind: CompleteTag, Detail: doc.Summary,
			Documentation: r.md.String(), PlainDocumentation: r.plain.String(),
			InsertText: doc.Name, SortText: fmt.Sprintf("%03d", i),
		}
		if insert != nameOnly {
			open, closing := "", "]"
			switch insert {
			case wholePair:
				open = "["
			case beforeClose:
				closing = ""
			}
			def := tagDefault(doc.Name)
			item.InsertText = open + doc.Name + " \"" + def + "\"" + closing
			placeholder := "$1"
			if def != "" {
				placeholder = "${1:" + snippetEscape(def) + "}"
			}
			item.Snippet = open + doc.Name + " \"" + placeholder + "\"" + closing + "$0"
		}
		out.Items = append(out.Items, item)
	}
	return out
}

// tagDefault is the value a new tag pair starts with: the standard's
// "unknown" for the Seven Tag Roster, nothing for the others.
func tagDefault(name string) string {
	switch name {
	case "Event", "Site", "Round", "White", "Black":
		return "?"
	case "Date":
		return "????.??.??"
	case "Result":
		return "*"
	}
	return ""
}

// snippetEscape escapes the characters that mean something in a snippet.
func snippetEscape(s string) string {
	return strings.NewReplacer(`\`, `\\`, `$`, `\$`, `}`, `\}`).Replace(s)
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// tagValue completes inside the string token i, when it is the value of a
// tag pair.
func (c *completer) tagValue(i int) *Completion {
	str, name, lb := c.tok(i), c.tok(i-1), c.tok(i-2)
	if name.Kind != pgn.Symbol || lb.Kind != pgn.LBracket || !c.sameLine(lb.Pos, str.Pos) {
		return nil
	}
	tagName := c.src[name.Pos:name.End]
	text := c.src[str.Pos:str.End]
	out := &Completion{Pos: str.Pos + 1, End: str.End}
	closing := ""
	switch {
	case closedString(text):
		out.End = str.End - 1
	case strings.Contains(c.src[c.off:str.End], "]"):
		// Not closed, but its ']' is there: the quote goes before it.
		out.End = c.off + pgn.Pos(strings.IndexByte(c.src[c.off:str.End], ']'))
		closing = `"`
	default:
		closing = `"]`
	}
	prefix := pgn.UnquoteString(`"` + c.src[str.Pos+1:c.off] + `"`)
	for k, v := range c.tagValues(tagName) {
		if !hasPrefixFold(v.Value, prefix) {
			continue
		}
		out.Items = append(out.Items, CompletionItem{
			Label: v.Value, Kind: CompleteTagValue, Detail: v.Meaning,
			InsertText: escapeTagValue(v.Value) + closing,
			SortText:   fmt.Sprintf("%03d", k), Preselect: k == 0 && v.preselect,
		})
	}
	return out
}

func escapeTagValue(v string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(v)
}

type valueChoice struct {
	TagValue
	preselect bool
}

// tagValues returns the values proposed for a tag, the likeliest first.
func (c *completer) tagValues(name string) []valueChoice {
	var out []valueChoice
	add := func(v, meaning string, pre bool) {
		for _, o := range out {
			if o.Value == v {
				return
			}
		}
		out = append(out, valueChoice{TagValue{v, meaning}, pre})
	}
	switch name {
	case "Result":
		if g := c.game; g != nil && g.Result != nil {
			add(g.Result.Text, resultMeaning(g.Result.Text)+" (the game's termination marker)", true)
		}
	case "Date", "EventDate", "UTCDate":
		today := c.opts.Today
		if today.IsZero() {
			today = time.Now()
		}
		add(today.Format("2006.01.02"), "today", false)
		add("????.??.??", "unknown date", false)
		return out
	case "ECO":
		if g := c.game; g != nil && c.opts.ECO != nil {
			start := startOf(g)
			if book := c.opts.ECO(); book != nil && start.fen == nil && start.replayable() {
				if l, _ := book.Deepest(afterPositions(replayStates(g, &start, g.Moves.Moves))); l != nil {
					add(l.Code, l.Name()+" (the deepest ECO line the moves follow)", true)
				}
			}
		}
	}
	if doc := LookupTag(name); doc != nil {
		for _, v := range doc.Values {
			add(v.Value, v.Meaning, false)
		}
	}
	return out
}

func resultMeaning(r string) string {
	for _, v := range resultValues {
		if v.Value == r {
			return v.Meaning
		}
	}
	return ""
}

// Movetext.

// movetext completes in the movetext: e is the index of the token the
// cursor is typing (tok), or -1 in whitespace.
func (c *completer) movetext(e int, tok pgn.Token) *Completion {
	if r := c.resultWord(); r != nil {
		return r
	}
	g := c.game
	frames := linesAt(g, c.off)
	inner := frames[len(frames)-1]
	mainLine := len(frames) == 1
	from, to := c.off, c.off
	var prefix string
	editing := -1 // the index in its line of the move being typed
	switch tok.Kind {
	case pgn.NAG, pgn.Illegal:
		if c.src[tok.Pos] == '$' {
			return c.nags(tok)
		}
		if c.src[tok.Pos] != '@' {
			return nil
		}
		// "N@": a crazyhouse drop being typed.
		from, to = tok.Pos, tok.End
		if prev := c.tok(c.ti.before(tok.Pos)); prev.Kind == pgn.Symbol && prev.End == tok.Pos {
			m, i := moveOfToken(inner.line, prev.Pos)
			if m == nil {
				return nil
			}
			editing, from = i, prev.Pos
		}
		prefix = c.src[from:c.off]
	case pgn.Symbol, pgn.NullMove:
		m, i := moveOfToken(inner.line, tok.Pos)
		if m == nil {
			return nil
		}
		editing, from, to = i, tok.Pos, tok.End
		// "N@f" scans as the move "N", the unknown text "@" and the move
		// "f" until the drop's square is whole: the drop is typed from N.
		if at := c.tok(c.ti.before(tok.Pos)); at.Kind == pgn.Illegal && at.End == tok.Pos && c.src[at.Pos:at.End] == "@" {
			from = at.Pos
			if piece := c.tok(c.ti.before(at.Pos)); piece.Kind == pgn.Symbol && piece.End == at.Pos {
				if m, j := moveOfToken(inner.line, piece.Pos); m != nil {
					editing, from = j, piece.Pos
				}
			}
		}
		prefix = c.src[from:c.off]
	case pgn.Result:
		if !mainLine {
			return nil
		}
		return c.results(tok.Pos, tok.End, c.src[tok.Pos:c.off], nil, true)
	case pgn.Number:
		if !strings.HasSuffix(c.src[tok.Pos:tok.End], ".") {
			// Digits alone: a move number being typed, or "1" of "1-0".
			n := sort.Search(len(inner.line.Moves), func(i int) bool { return inner.line.Moves[i].SAN.End > tok.Pos })
			if mainLine && n == len(g.Moves.Moves) && g.Result == nil {
				return c.results(tok.Pos, tok.End, c.src[tok.Pos:c.off], nil, true)
			}
			return nil
		}
	}
	n := editing
	if n < 0 {
		n = sort.Search(len(inner.line.Moves), func(i int) bool { return inner.line.Moves[i].SAN.End > from })
	}
	start := startOf(g)
	pos, ok := positionAt(g, &start, frames, n)
	ok = ok && !unknownTextBefore(inner.line, n, from)
	out := &Completion{Pos: from, End: to}
	if ok {
		out.Items = c.moves(&pos, prefix, c.separator(from, to)+c.moveNumber(&pos, from))
	}
	last := len(g.Moves.Moves)
	if editing >= 0 {
		last-- // the move being typed may be the last one
	}
	if prev := c.tok(c.ti.before(from)); mainLine && n == last && g.Result == nil && prev.Kind != pgn.Number && prev.Kind != pgn.Dots {
		// The end of the main line: the game may end here.
		var final *board.Position
		if ok {
			final = &pos
		}
		res := c.results(from, to, prefix, final, len(out.Items) == 0)
		out.Items = append(out.Items, res.Items...)
	}
	if len(out.Items) == 0 && !ok {
		return nil
	}
	return out
}

// separator returns " " when text inserted at from (with nothing replaced)
// would stick to the token before it ("e4!" then "e5"), and "".
func (c *completer) separator(from, to pgn.Pos) string {
	if from != to || from == 0 {
		return ""
	}
	switch c.src[from-1] {
	case ' ', '\t', '\n', '\r', '(':
		return ""
	}
	return " "
}

// moveNumber returns the move number indication that goes before a move
// inserted at from in pos: "12. " when White is to move and no number is
// written yet; "12... " when Black is to move after something other than
// White's move (a comment, a NAG, a variation, the start of a line), as
// export format writes it (8.2.2.2).
func (c *completer) moveNumber(pos *board.Position, from pgn.Pos) string {
	prev := c.tok(c.ti.before(from))
	if prev.Kind == pgn.Number || prev.Kind == pgn.Dots {
		return ""
	}
	n := strconv.Itoa(pos.FullMoveNumber())
	if pos.SideToMove() == board.White {
		return n + ". "
	}
	if prev.Kind == pgn.Symbol || prev.Kind == pgn.NullMove {
		return ""
	}
	return n + "... "
}

// pieceOrder sorts the proposed moves: pawns, then knights, bishops, rooks,
// queens and king, castling last.
var pieceOrder = [board.King + 1]int{board.Pawn: 0, board.Knight: 1, board.Bishop: 2, board.Rook: 3, board.Queen: 4, board.King: 5}

// moves proposes the legal moves of pos whose canonical SAN matches prefix,
// each inserted after number (a separating blank and the move number
// indication, or "").
func (c *completer) moves(pos *board.Position, prefix, number string) []CompletionItem {
	var buf [256]board.Move
	legal := pos.LegalMoves(buf[:0])
	type cand struct {
		san   string
		mv    board.Move
		piece board.PieceType
	}
	cands := make([]cand, 0, len(legal))
	for _, mv := range legal {
		san := pos.SAN(mv)
		if !sanMatches(san, prefix) {
			continue
		}
		pt, _, _ := pos.PieceAt(mv.From)
		if mv.IsDrop() {
			pt = mv.Dropped()
		}
		cands = append(cands, cand{san, mv, pt})
	}
	filter := func(san string) string {
		switch {
		case strings.HasPrefix(san, prefix):
			return ""
		case strings.HasPrefix(prefix, "0"):
			return strings.ReplaceAll(san, "O", "0")
		}
		return strings.Replace(san, "x", "", 1)
	}
	sort.Slice(cands, func(i, j int) bool {
		a, b := cands[i], cands[j]
		ca, cb := a.mv.Castle() != board.NoCastle, b.mv.Castle() != board.NoCastle
		if ca != cb {
			return cb
		}
		if a.piece != b.piece {
			return pieceOrder[a.piece] < pieceOrder[b.piece]
		}
		return a.san < b.san
	})
	items := make([]CompletionItem, len(cands))
	for i, cd := range cands {
		items[i] = CompletionItem{
			Label: cd.san, Kind: CompleteMove, Detail: moveDetail(pos, cd.mv, cd.san),
			InsertText: number + cd.san, SortText: fmt.Sprintf("1%03d", i),
		}
		if f := filter(cd.san); f != "" {
			items[i].FilterText = f
		} else if number != "" {
			items[i].FilterText = cd.san
		}
	}
	return items
}

// sanMatches reports whether what was typed (prefix) may be the start of
// the move san: a plain prefix; or one without the 'x' of a capture ("Ne"
// for "Nxe5", "ed" for "exd5"); or castling written with zeros.
func sanMatches(san, prefix string) bool {
	if strings.HasPrefix(san, prefix) {
		return true
	}
	if strings.HasPrefix(prefix, "0") {
		prefix = strings.ReplaceAll(prefix, "0", "O")
		if strings.HasPrefix(san, prefix) {
			return true
		}
	}
	if strings.IndexByte(san, 'x') < 0 {
		return false
	}
	return strings.HasPrefix(strings.Replace(san, "x", "", 1), strings.Replace(prefix, "x", "", 1))
}

// moveDetail describes a move in words: "knight g1–f3, check".
func moveDetail(pos *board.Position, mv board.Move, san string) string {
	pt, _, _ := pos.PieceAt(mv.From)
	var b strings.Builder
	switch mv.Castle() {
	case board.CastleShort:
		b.WriteString("castles kingside")
	case board.CastleLong:
		b.WriteString("castles queenside")
	case board.NoCastle:
		if mv.IsDrop() {
			b.WriteString("drops a " + mv.Dropped().String() + " on " + mv.To.String())
			break
		}
		fallthrough
	default:
		b.WriteString(pt.String() + " " + mv.From.String() + "–" + mv.To.String())
		if mv.IsCapture() {
			victim, _, ok := pos.PieceAt(mv.To)
			if !ok {
				victim = board.Pawn // en passant
			}
			b.WriteString(" takes " + victim.String())
		}
		if mv.Promotion != board.NoPieceType {
			b.WriteString(", promotes to " + mv.Promotion.String())
		}
	}
	switch {
	case strings.HasSuffix(san, "#") && pos.Variant() != board.Standard:
		b.WriteString(", wins the game") // a variant's "#" marks any win
	case strings.HasSuffix(san, "#"):
		b.WriteString(", checkmate")
	case strings.HasSuffix(san, "+"):
		b.WriteString(", check")
	}
	return b.String()
}

// nags proposes NAGs for the token tok ("$" or "$1...").
func (c *completer) nags(tok pgn.Token) *Completion {
	prefix := c.src[tok.Pos:c.off]
	out := &Completion{Pos: tok.Pos, End: tok.End}
	for _, n := range nags {
		label := "$" + strconv.Itoa(n.Value)
		if !strings.HasPrefix(label, prefix) {
			continue
		}
		detail := n.Meaning
		if n.Glyph != "" {
			detail = n.Glyph + " " + detail
		}
		out.Items = append(out.Items, CompletionItem{
			Label: label, Kind: CompleteNAG, Detail: detail, InsertText: label,
			SortText: fmt.Sprintf("%03d", n.Value),
		})
	}
	return out
}

// resultWord completes a result marker being typed that the scanner does
// not read as one token yet ("1/", "1/2-"), at the end of the main line.
func (c *completer) resultWord() *Completion {
	isResultByte := func(b byte) bool { return b == '/' || b == '-' || b == '*' || ('0' <= b && b <= '9') }
	from := c.off
	for from > 0 && isResultByte(c.src[from-1]) {
		from--
	}
	word := c.src[from:c.off]
	if !strings.ContainsAny(word, "/") || (from > 0 && !isDelimiter(c.src[from-1])) {
		return nil
	}
	to := c.off
	for int(to) < len(c.src) && isResultByte(c.src[to]) {
		to++
	}
	g := c.game
	frames := linesAt(g, c.off)
	if len(frames) > 1 {
		return nil
	}
	return c.results(from, to, word, nil, true)
}

func isDelimiter(b byte) bool {
	return b == ' ' || b == '\t' || b == '\n' || b == '\r' || b == ')' || b == '}'
}

// results proposes the four result markers that start with prefix: first
// the result that the final position imposes (final, when not nil, is the
// position at the end of the main line: after a checkmate or a stalemate
// there is one result), then the Result tag's value, then the others.
func (c *completer) results(from, to pgn.Pos, prefix string, final *board.Position, alone bool) *Completion {
	order := make([]string, 0, 4)
	why := map[string]string{}
	add := func(r, reason string) {
		if _, seen := why[r]; !seen {
			order = append(order, r)
			why[r] = reason
		}
	}
	if final != nil {
		// By the rules of the game's variant: a king on the hill, a third
		// check... end it as checkmate and stalemate do.
		if o := final.Outcome(); o.Over() {
			add(o.Result(), o.Reason.String())
		}
	}
	if g := c.game; g != nil {
		if v, ok := g.Tag("Result"); ok && IsResult(v) {
			add(v, "the Result tag")
		}
	}
	for _, r := range resultValues {
		add(r.Value, "")
	}
	out := &Completion{Pos: from, End: to}
	for i, r := range order {
		if !strings.HasPrefix(r, prefix) {
			continue
		}
		detail := resultMeaning(r)
		if why[r] != "" {
			detail += " (" + why[r] + ")"
		}
		out.Items = append(out.Items, CompletionItem{
			Label: r, Kind: CompleteResult, Detail: detail, InsertText: c.separator(from, to) + r,
			SortText: fmt.Sprintf("2%03d", i), Preselect: alone && i == 0 && why[r] != "",
		})
	}
	return out
}
