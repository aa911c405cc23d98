package analysis

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"pgnls/analysis/board"
	"pgnls/pgn"
)

// This file computes code actions: the quick fixes of diagnostics and the
// source actions on a game. Each action is a list of edits, as small as
// they can be (a fix that adds '=' to e8Q inserts one byte), so that the
// editor's cursor and undo stay where the user expects. The language server
// converts them; nothing here knows LSP beyond the kind names.

// ActionKind is the kind of a code action, with LSP's names.
type ActionKind string

const (
	// KindQuickFix fixes one diagnostic.
	KindQuickFix ActionKind = "quickfix"
	// KindFormatGame rewrites one game in export format.
	KindFormatGame ActionKind = "source.format.game"
	// KindFixAll applies every preferred quick fix of a game.
	KindFixAll ActionKind = "source.fixAll"
	// KindTranslateGame writes the moves of a game written with the piece
	// letters of another language in SAN.
	KindTranslateGame ActionKind = "source.translate.game"
)

// Action is a code action.
type Action struct {
	Title string
	Kind  ActionKind
	// Diagnostic is the diagnostic a quick fix fixes; nil for source
	// actions.
	Diagnostic *Diagnostic
	// Preferred marks the one obvious fix of a diagnostic.
	Preferred bool
	// Edits do not overlap and come in source order.
	Edits []Edit
}

// ActionOptions control which actions are computed.
type ActionOptions struct {
	// Format is used by the "format this game" action.
	Format FormatOptions
	// Skip, when not nil, tells the codes whose diagnostics get no fix
	// (the codes the user silenced).
	Skip func(Code) bool
	// MoveLanguage, when not empty, is the one language (of
	// MoveLanguages) that "Translate this game" translates from; else the
	// action is offered when exactly one translation makes the game legal.
	MoveLanguage string
}

// Actions returns the code actions for the byte range [from, to] of f: the
// quick fixes of the diagnostics of the games the range touches whose range
// meets it, then a "fix all" and a "format this game" action for each such
// game when they would change anything.
func Actions(f *pgn.File, from, to pgn.Pos, opts ActionOptions) []Action {
	var out []Action
	slots := &fileSlotCache{f: f} // cut once for every game's "format this game"
	for _, g := range gamesIn(f, from, to) {
		out = append(out, gameActions(f, g, from, to, opts, slots)...)
	}
	return out
}

// gamesIn returns the games of f that the range [from, to] touches (both
// ends included).
func gamesIn(f *pgn.File, from, to pgn.Pos) []*pgn.Game {
	i := sort.Search(len(f.Games), func(i int) bool { return f.Games[i].To >= from })
	var out []*pgn.Game
	for ; i < len(f.Games) && f.Games[i].From <= to; i++ {
		out = append(out, f.Games[i])
	}
	return out
}

// GameActions returns the actions of one game for the range [from, to]; see
// Actions.
func GameActions(f *pgn.File, g *pgn.Game, from, to pgn.Pos, opts ActionOptions) []Action {
	return gameActions(f, g, from, to, opts, &fileSlotCache{f: f})
}

// gameActions is GameActions with the file's slots cut once for all the
// games of a request: cutting them for each game of a line of thousands
// made a code action request quadratic.
func gameActions(f *pgn.File, g *pgn.Game, from, to pgn.Pos, opts ActionOptions, slots *fileSlotCache) []Action {
	diags := CheckGame(f, g)
	fx := &fixer{f: f, g: g}
	var out, all []Action
	foreign := false
	for i := range diags {
		d := &diags[i]
		if opts.Skip != nil && opts.Skip(d.Code) {
			continue
		}
		foreign = foreign || d.Code == CodeForeignPiece
		fixes := slices.DeleteFunc(fx.fixes(d), fx.leavesGame)
		for _, a := range fixes {
			if a.Preferred {
				all = append(all, a)
			}
		}
		if d.End >= from && d.Pos <= to {
			out = append(out, fixes...)
		}
	}
	if len(all) > 1 {
		if edits := fx.fixAll(all); len(edits) > 0 {
			out = append(out, Action{Title: "Fix all problems in this game", Kind: KindFixAll, Edits: edits})
		}
	}
	if foreign {
		if a, ok := fx.translation(opts.MoveLanguage); ok && !fx.leavesGame(a) {
			out = append(out, a)
		}
	}
	if edits := slotEdits(f, slots.get(), slotsTouching(slots.get(), g.From+1, g.From+1), opts.Format); len(edits) > 0 {
		out = append(out, Action{Title: "Format this game", Kind: KindFormatGame, Edits: edits})
	}
	return append(out, StripGameActions(f, g)...)
}

// fixAll merges the preferred fixes of a game into the edits of "Fix all
// problems in this game": the tag fixes combined into one rewrite of the
// tag section, and no edit outside the game.
func (x *fixer) fixAll(preferred []Action) []Edit {
	return mergeEdits(slices.DeleteFunc(x.combineTagFixes(preferred), x.leavesGame))
}

// leavesGame reports whether an action edits text outside the game's span
// (an insertion at its end is inside). No fix may: the text around a game
// is another game's, or the user's text between games, and a fix computed
// from a game's tree knows nothing of it. The fixes are made to stay
// inside; this is the guarantee, whatever a parse makes of the text (tag
// pairs of two games that the parser took for one, a game that ends where
// the next starts on the same line).
func (x *fixer) leavesGame(a Action) bool {
	for _, e := range a.Edits {
		if e.Pos < x.g.From || e.End > x.g.To {
			return true
		}
	}
	return false
}

// mergeEdits gathers the edits of several actions in source order, keeping
// one of identical edits and dropping an edit that overlaps one kept. An
// insertion and a removal or replacement that starts where it is do not
// overlap (LSP allows "any number of inserts followed by a single remove
// or replace edit" at one position, and either order of applying them
// gives the same text): the tags a game lacks are inserted after a tag
// whose line break the removal of a repeated last tag takes.
func mergeEdits(actions []Action) []Edit {
	var edits []Edit
	for _, a := range actions {
		edits = append(edits, a.Edits...)
	}
	sort.SliceStable(edits, func(i, j int) bool {
		if edits[i].Pos != edits[j].Pos {
			return edits[i].Pos < edits[j].Pos
		}
		return edits[i].End < edits[j].End
	})
	out := edits[:0]
	for _, e := range edits {
		if n := len(out); n > 0 {
			last := out[n-1]
			if last == e {
				continue
			}
			if e.Pos < last.End || e.Pos == last.Pos && last.End > last.Pos {
				continue // overlaps
			}
		}
		out = append(out, e)
	}
	return out
}

// fixer computes the quick fixes of the diagnostics of one game.
type fixer struct {
	f *pgn.File
	g *pgn.Game
}

func (x *fixer) src() string { return x.f.Src }

// replace returns the minimal edit that replaces [pos, end) with text.
func (x *fixer) replace(pos, end pgn.Pos, text string) []Edit {
	e, changed := trimEdit(x.src(), pos, end, text)
	if !changed {
		return nil
	}
	return []Edit{e}
}

func quickFix(d *Diagnostic, title string, preferred bool, edits []Edit) Action {
	return Action{Title: title, Kind: KindQuickFix, Diagnostic: d, Preferred: preferred, Edits: edits}
}

// fixes returns the quick fixes of diagnostic d.
func (x *fixer) fixes(d *Diagnostic) []Action {
	var out []Action
	add := func(title string, preferred bool, edits []Edit) {
		if len(edits) > 0 {
			out = append(out, quickFix(d, title, preferred, edits))
		}
	}
	switch d.Code {
	case CodeCheckSuffix, CodeCastlingZero, CodePromotionStyle, CodePawnLetter, CodeCaptureMark, CodeDisambiguation,
		CodeFigurine, CodeLongAlgebraic, CodeCastlingStyle, CodeEnPassantMark, CodeResultStyle, CodeCommand:
		if d.Replacement != "" {
			add("Replace with "+d.Replacement, true, x.replace(d.Pos, d.End, d.Replacement))
		}
	case CodeIncompleteMove:
		if d.Replacement != "" {
			add("Replace with "+d.Replacement, false, x.replace(d.Pos, d.End, d.Replacement))
		}
	case CodeNAGGlyph:
		if d.Replacement != "" {
			text := d.Replacement
			if d.Pos > 0 && !isSpaceByte(x.src()[d.Pos-1]) {
				text = " " + text // "e4±" becomes "e4 $16"
			}
			add("Replace "+x.src()[d.Pos:d.End]+" with "+d.Replacement, true, x.replace(d.Pos, d.End, text))
		}
	case CodeAmbiguousMove:
		for _, san := range x.candidates(d.Pos) {
			add("Replace with "+san, false, x.replace(d.Pos, d.End, san))
		}
	case CodeSuffixAnnotation:
		if d.Replacement != "" {
			text := d.Replacement
			if d.Pos > 0 && !isSpaceByte(x.src()[d.Pos-1]) {
				text = " " + text // "e4!?" becomes "e4 $5"
			}
			add("Replace "+x.src()[d.Pos:d.End]+" with "+d.Replacement, true, x.replace(d.Pos, d.End, text))
		}
	case CodeMoveNumber:
		if want := x.moveNumber(d.Pos); want != "" {
			add("Replace with "+want, true, x.replace(d.Pos, d.End, want))
		}
	case CodeResultMismatch:
		out = x.resultMismatch(d)
	case CodeMissingResult:
		if d.Replacement != "" {
			add("Add the result marker "+d.Replacement, true, []Edit{x.addResult(d.End, d.Replacement)})
		}
	case CodeResultVsPosition:
		if d.Replacement != "" {
			want, _ := strconv.Unquote(d.Replacement)
			if want == "" {
				want = d.Replacement
			}
			add("Set the result to "+want, true, x.setResult(want))
		}
	case CodePlyCountMismatch:
		if d.Replacement != "" {
			n, _ := strconv.Unquote(d.Replacement)
			add("Set PlyCount to "+n, true, x.replace(d.Pos, d.End, d.Replacement))
		}
	case CodeMissingTag:
		if names := x.missingSTR(); len(names) > 0 {
			add("Add the missing tags: "+strings.Join(names, ", "), true, x.insertTags(names))
		}
	case CodeSTROrder:
		add("Reorder tags to export order", true, x.reorderTags())
	case CodeChess960FEN:
		if fen := x.g.TagNode("FEN"); fen != nil && x.g.TagNode("Variant") == nil {
			nl := lineBreak(x.src(), fen.End())
			add(`Add [Variant "Chess960"]`, true, []Edit{{Pos: fen.End(), End: fen.End(), NewText: nl + `[Variant "Chess960"]`}})
		}
	case CodeSetupMissing:
		out = x.setup(d)
	case CodeDuplicateTag:
		out = x.duplicate(d)
	}
	return out
}

func isSpaceByte(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// resultMismatch offers both ways to agree: the marker as the tag says, or
// the tag as the marker says.
func (x *fixer) resultMismatch(d *Diagnostic) []Action {
	g := x.g
	tag := g.TagNode("Result")
	if tag == nil || g.Result == nil {
		return nil
	}
	var out []Action
	if edits := x.replace(g.Result.Tok.Pos, g.Result.Tok.End, tag.Value); len(edits) > 0 {
		out = append(out, quickFix(d, "Change the result marker to "+tag.Value, false, edits))
	}
	if edits := x.replace(tag.ValueTok.Pos, tag.ValueTok.End, strconv.Quote(g.Result.Text)); len(edits) > 0 {
		out = append(out, quickFix(d, "Change the Result tag to "+g.Result.Text, false, edits))
	}
	return out
}

// addResult returns the edit that ends the game with a result marker: after
// its last comment, unless that is a rest-of-line comment or a brace
// comment without its '}' (then after the last token before it, at
// lastEnd); on a new line after the last token when the game has syntax
// errors; and after an empty line when it has no movetext.
func (x *fixer) addResult(lastEnd pgn.Pos, result string) Edit {
	g := x.g
	if len(g.Moves.Start) == 0 && len(g.Moves.Moves) == 0 {
		nl := lineBreak(x.src(), lastEnd)
		return Edit{Pos: lastEnd, End: lastEnd, NewText: nl + nl + result}
	}
	src := x.src()
	var last pgn.Token
	pgn.NodeTokens(g, func(t pgn.Token) { last = t })
	if last.Kind == pgn.BraceComment && src[last.End-1] != '}' {
		return Edit{Pos: lastEnd, End: lastEnd, NewText: " " + result}
	}
	if len(g.Errors) > 0 {
		// The last token may be malformed and run on (a string without
		// its closing quote ends with its line): start a new line, right
		// after it (not at the end of its line, where the next game may
		// have started).
		return Edit{Pos: last.End, End: last.End, NewText: lineBreak(src, last.End) + result}
	}
	if last.Kind != pgn.LineComment && last.Kind != pgn.EscapeLine {
		lastEnd = last.End
	}
	return Edit{Pos: lastEnd, End: lastEnd, NewText: " " + result}
}

// setResult makes both the marker and the Result tag say want.
func (x *fixer) setResult(want string) []Edit {
	var edits []Edit
	if tag := x.g.TagNode("Result"); tag != nil && tag.Value != want {
		edits = append(edits, x.replace(tag.ValueTok.Pos, tag.ValueTok.End, strconv.Quote(want))...)
	}
	if m := x.g.Result; m != nil && m.Text != want {
		edits = append(edits, x.replace(m.Tok.Pos, m.Tok.End, want)...)
	}
	return edits
}

// missingSTR returns the roster tags the game lacks, in roster order.
func (x *fixer) missingSTR() []string {
	var out []string
	for _, name := range sevenTagRoster {
		if x.g.TagNode(name) == nil {
			out = append(out, name)
		}
	}
	return out
}

// strPlaceholder is the value a new roster tag gets: the standard's
// "unknown" ("?", "????.??.??" for dates), and for Result the game's marker.
func (x *fixer) strPlaceholder(name string) string {
	switch name {
	case "Date":
		return "????.??.??"
	case "Result":
		if x.g.Result != nil {
			return x.g.Result.Text
		}
		return "*"
	}
	return "?"
}

// lineBreak returns the line break the text uses around pos: "\r\n" when
// the first one after pos (or before it) is, "\n" otherwise.
func lineBreak(src string, pos pgn.Pos) string {
	i := strings.IndexAny(src[pos:], "\r\n")
	if i < 0 {
		i = strings.LastIndexAny(src[:pos], "\r\n")
		if i < 0 {
			return "\n"
		}
		if src[i] == '\n' && i > 0 && src[i-1] == '\r' {
			return "\r\n"
		}
		return "\n"
	}
	i += int(pos)
	if src[i] == '\r' && i+1 < len(src) && src[i+1] == '\n' {
		return "\r\n"
	}
	if src[i] == '\r' {
		return "\r"
	}
	return "\n"
}

// quoteValue writes a tag value as a PGN string: only '"' and '\' are
// escaped.
func quoteValue(v string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(v); i++ {
		if v[i] == '"' || v[i] == '\\' {
			b.WriteByte('\\')
		}
		b.WriteByte(v[i])
	}
	b.WriteByte('"')
	return b.String()
}

// insertTags inserts the named roster tags, each on a line of its own,
// after the roster tag that precedes it in roster order (or before the first
// tag when none does); a game without tags gets a whole tag section.
func (x *fixer) insertTags(names []string) []Edit {
	g, src := x.g, x.src()
	nl := lineBreak(src, g.From)
	if len(g.TagItems) == 0 {
		var b strings.Builder
		for _, name := range names {
			b.WriteString("[" + name + " " + quoteValue(x.strPlaceholder(name)) + "]" + nl)
		}
		b.WriteString(nl)
		return []Edit{{Pos: g.From, End: g.From, NewText: b.String()}}
	}
	// Group the new tags by the point they are inserted at.
	type insertion struct {
		at    pgn.Pos
		after bool // after a tag: each new tag is preceded by a line break
		names []string
	}
	var ins []insertion
	for _, name := range names {
		var anchor *pgn.Tag
		for i := STRIndex(name) - 1; i >= 0 && anchor == nil; i-- {
			anchor = g.TagNode(sevenTagRoster[i])
		}
		at, after := g.TagItems[0].Pos(), false
		if anchor != nil {
			at, after = anchor.End(), true
		}
		if n := len(ins); n > 0 && ins[n-1].at == at {
			ins[n-1].names = append(ins[n-1].names, name)
			continue
		}
		ins = append(ins, insertion{at: at, after: after, names: []string{name}})
	}
	edits := make([]Edit, 0, len(ins))
	for _, in := range ins {
		var b strings.Builder
		for _, name := range in.names {
			t := "[" + name + " " + quoteValue(x.strPlaceholder(name)) + "]"
			if in.after {
				b.WriteString(nl + t)
			} else {
				b.WriteString(t + nl)
			}
		}
		edits = append(edits, Edit{Pos: in.at, End: in.at, NewText: b.String()})
	}
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].Pos < edits[j].Pos })
	return mergeSamePos(edits)
}

// mergeSamePos joins insertions at the same offset, in order.
func mergeSamePos(edits []Edit) []Edit {
	out := edits[:0]
	for _, e := range edits {
		if n := len(out); n > 0 && out[n-1].Pos == e.Pos && out[n-1].End == e.Pos && e.End == e.Pos {
			out[n-1].NewText += e.NewText
			continue
		}
		out = append(out, e)
	}
	return out
}

// ExportTagLess orders tag names as export format does: the roster first,
// in roster order, then the others in ASCII order.
func ExportTagLess(a, b string) bool {
	ra, rb := STRIndex(a), STRIndex(b)
	if ra < 0 {
		ra = len(sevenTagRoster)
	}
	if rb < 0 {
		rb = len(sevenTagRoster)
	}
	if ra != rb || ra < len(sevenTagRoster) {
		return ra < rb
	}
	return a < b
}

// combineTagFixes replaces, among the fixes gathered for "fix all", the
// insertion of missing tags and the reordering of the tags (whose edits
// would overlap) by one edit that writes the whole tag section in export
// order, the missing tags included, one tag pair a line.
func (x *fixer) combineTagFixes(fixes []Action) []Action {
	isTagFix := func(a Action) bool {
		return a.Diagnostic != nil && (a.Diagnostic.Code == CodeMissingTag || a.Diagnostic.Code == CodeSTROrder)
	}
	n := 0
	for _, a := range fixes {
		if isTagFix(a) {
			n++
		}
	}
	g := x.g
	if n < 2 || len(g.Tags) == 0 || len(g.TagItems) != len(g.Tags) {
		return fixes
	}
	src := x.src()
	type pair struct{ name, text string }
	pairs := make([]pair, 0, len(g.Tags)+len(sevenTagRoster))
	for _, t := range g.Tags {
		pairs = append(pairs, pair{t.Name, src[t.Pos():t.End()]})
	}
	for _, name := range x.missingSTR() {
		pairs = append(pairs, pair{name, "[" + name + " " + quoteValue(x.strPlaceholder(name)) + "]"})
	}
	sort.SliceStable(pairs, func(i, j int) bool { return ExportTagLess(pairs[i].name, pairs[j].name) })
	texts := make([]string, len(pairs))
	for i, p := range pairs {
		texts[i] = p.text
	}
	first, last := g.Tags[0], g.Tags[len(g.Tags)-1]
	edits := x.replace(first.Pos(), last.End(), strings.Join(texts, lineBreak(src, g.From)))
	out := slices.DeleteFunc(slices.Clone(fixes), isTagFix)
	return append(out, Action{Title: "Write the tag section in export order", Kind: KindQuickFix, Edits: edits})
}

// reorderTags puts the tag pairs in export order. Each tag's text moves to
// the place of the tag that was there; comments and the white space between
// tags stay where they are. The edit is trimmed to the tags that move.
func (x *fixer) reorderTags() []Edit {
	g, src := x.g, x.src()
	sorted := slices.Clone(g.Tags)
	sort.SliceStable(sorted, func(i, j int) bool { return ExportTagLess(sorted[i].Name, sorted[j].Name) })
	if slices.Equal(sorted, g.Tags) {
		return nil
	}
	first, last := g.Tags[0], g.Tags[len(g.Tags)-1]
	var b strings.Builder
	prev := first.Pos()
	for i, t := range g.Tags {
		b.WriteString(src[prev:t.Pos()])
		b.WriteString(src[sorted[i].Pos():sorted[i].End()])
		prev = t.End()
	}
	return x.replace(first.Pos(), last.End(), b.String())
}

// setup fixes a FEN tag without SetUp "1" (by adding or correcting the
// SetUp tag) and a SetUp "1" without FEN (by removing it).
func (x *fixer) setup(d *Diagnostic) []Action {
	g := x.g
	setup, fen := g.TagNode("SetUp"), g.TagNode("FEN")
	switch {
	case fen != nil && setup != nil:
		return []Action{quickFix(d, `Set SetUp to "1"`, true, x.replace(setup.ValueTok.Pos, setup.ValueTok.End, `"1"`))}
	case fen != nil:
		nl := lineBreak(x.src(), fen.End())
		return []Action{quickFix(d, `Add [SetUp "1"]`, true, []Edit{{Pos: fen.End(), End: fen.End(), NewText: nl + `[SetUp "1"]`}})}
	case setup != nil:
		return []Action{quickFix(d, "Remove the SetUp tag", false, []Edit{x.deleteTag(setup)})}
	}
	return nil
}

// deleteTag returns the edit that removes a tag pair, with its line when the
// tag is alone on it. The edit stays within the game: the line of the
// game's last tag (in a game of tags alone) is removed with the line break
// before it, since the one after it is not the game's.
func (x *fixer) deleteTag(t *pgn.Tag) Edit {
	src := x.src()
	start, end := t.Pos(), t.End()
	ls := start
	for ls > 0 && (src[ls-1] == ' ' || src[ls-1] == '\t') {
		ls--
	}
	le := end
	for int(le) < len(src) && (src[le] == ' ' || src[le] == '\t') {
		le++
	}
	atLineStart := ls == 0 || src[ls-1] == '\n' || src[ls-1] == '\r'
	atLineEnd := int(le) < len(src) && (src[le] == '\n' || src[le] == '\r')
	switch {
	case atLineStart && atLineEnd && le < x.g.To:
		if src[le] == '\r' && int(le)+1 < len(src) && src[le+1] == '\n' {
			le++
		}
		return Edit{Pos: ls, End: le + 1}
	case atLineStart && end == x.g.To && ls > x.g.From:
		lb := ls - 1 // the line break before the tag's line
		if src[lb] == '\n' && lb > x.g.From && src[lb-1] == '\r' {
			lb--
		}
		return Edit{Pos: lb, End: end}
	}
	// Not alone on its line: remove it and the blanks after it, within
	// the game.
	return Edit{Pos: start, End: min(le, x.g.To)}
}

// duplicate removes a repeated tag pair; the removal is preferred when the
// value is the same as the first one's.
func (x *fixer) duplicate(d *Diagnostic) []Action {
	repeats := newTagRepeats(x.g.Tags)
	for i, t := range x.g.Tags {
		if t.Pos() != d.Pos || !repeats.at(i) {
			continue
		}
		first := x.g.TagNode(t.Name)
		return []Action{quickFix(d, "Remove the duplicate "+t.Name+" tag", first.Value == t.Value, []Edit{x.deleteTag(t)})}
	}
	return nil
}

// positionBefore replays the game up to the move that satisfies is and
// returns the position before it.
func (x *fixer) positionBefore(is func(*pgn.Move) bool) (*pgn.Move, board.Position, bool) {
	start := startOf(x.g)
	if !start.replayable() {
		return nil, board.Position{}, false
	}
	v := &finder{is: is}
	replayLines(&x.g.Moves, start.pos, v, nil)
	return v.found, v.pos, v.found != nil
}

// finder is a lineVisitor that stops at a move.
type finder struct {
	is    func(*pgn.Move) bool
	found *pgn.Move
	pos   board.Position
}

func (v *finder) lineStart(*pgn.Line) {}
func (v *finder) skipped(*pgn.Move)   {}

func (v *finder) move(pos *board.Position, m *pgn.Move) bool {
	if v.found != nil {
		return false
	}
	if v.is(m) {
		v.found, v.pos = m, *pos
		return false
	}
	mv, ok := legalMove(pos, m.Text)
	if ok {
		pos.Play(mv)
	}
	return ok
}

// candidates returns the canonical SAN of each legal move that the
// ambiguous move at pos could mean.
func (x *fixer) candidates(pos pgn.Pos) []string {
	m, before, ok := x.positionBefore(func(m *pgn.Move) bool { return m.SAN.Pos == pos })
	if !ok {
		return nil
	}
	san, err := board.ParseSAN(m.Text)
	if err != nil {
		return nil
	}
	_, err = before.Resolve(san)
	if me, ok := err.(*board.MoveError); ok && me.Kind == board.Ambiguous {
		return me.CandidateSANs
	}
	return nil
}

// moveNumber returns the move number indication the move whose number is at
// pos should have, as it is written ("12." or "12...").
func (x *fixer) moveNumber(pos pgn.Pos) string {
	_, before, ok := x.positionBefore(func(m *pgn.Move) bool { return m.Number != nil && m.Number.Pos() == pos })
	if !ok {
		return ""
	}
	n := strconv.Itoa(before.FullMoveNumber())
	if before.SideToMove() == board.Black {
		return n + "..."
	}
	return n + "."
}
