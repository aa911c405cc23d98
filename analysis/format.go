package analysis

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"pgnls/analysis/board"
	"pgnls/pgn"
)

// The formatter writes a file in PGN export format. Package pgn lays the
// games out (pgn.AppendGame); this file supplies what only the rules of
// chess can tell — the canonical SAN, move number and side of every legal
// move, found by replaying each game like the checker does — and decides
// what is not reformatted:
//
//   - A game with a syntax error is left byte for byte as it was, with its
//     line breaks made LF, and the blanks at the end of its last line kept
//     (the line breaks at the end of an unterminated comment are left out,
//     as the separator after the game replaces them: see verbatim).
//   - In a line with an illegal move, that move and every move after it
//     (with their variations) keep the text the user wrote, move numbers
//     included; only the layout changes. So do all the moves of a game
//     that cannot be replayed: a bad FEN, or a variant other than chess.
//   - The text between games (a preface, stray comments, escape lines) is
//     kept as it is, with its line breaks made LF.
//   - What is kept as written is never cut: a game or text between games
//     that starts on the line where kept text ends is kept too, with the
//     white space between them ("<Game notes follow>" is a stray '<' and
//     a game "Game notes follow>"; both are kept, on their line).
//   - Missing tags and a missing result marker are not invented.
//
// Each game or run of kept text ends with one empty line, the last of the
// file too: export format ends the movetext with one (the standard's
// section 8.2.1; python-chess and pgn-extract write it after the last game
// as well), and formatted files concatenated are then a formatted file.
// Nothing comes before the first item.

// FormatOptions are the formatter's settings.
type FormatOptions struct {
	// Width is the most characters a movetext line may hold; 0 means
	// pgn.DefaultWidth (79, the standard's "less than 80").
	Width int
}

// Edit replaces the bytes [Pos, End) of the source with NewText.
type Edit struct {
	Pos, End pgn.Pos
	NewText  string
}

// Format returns the whole file in export format. Games are formatted in
// parallel on all cores.
func Format(f *pgn.File, opts FormatOptions) string {
	slots := fileSlots(f)
	texts := make([][]byte, len(slots))
	var rs recorders
	forEachParallel(len(slots), rs.prepare, func(worker, i int) {
		texts[i] = appendSlot(nil, f, slots, i, opts, &rs[worker])
	})
	n := 0
	for _, t := range texts {
		n += len(t)
	}
	var b strings.Builder
	b.Grow(n)
	for _, t := range texts {
		b.Write(t)
	}
	return b.String()
}

// Kept is a game that Format writes as it is, for a syntax error.
type Kept struct {
	Game   int     // its index in f.Games
	Pos    pgn.Pos // where the reason is: the first syntax error, or the game's start
	Reason string
}

// KeptGames returns the games of f that Format keeps as written, in order:
// each game with a syntax error, and a game that Format keeps with kept
// text because it starts on the line where that text ends (see the rules
// above). `pgnls fmt` tells the user of each.
func KeptGames(f *pgn.File) []Kept {
	var out []Kept
	slots := fileSlots(f)
	game := -1 // the index of the last game met
	for _, s := range slots {
		for i := s.first; i <= s.last; i++ {
			g, ok := f.Items[i].(*pgn.Game)
			if !ok {
				continue
			}
			game++
			if !s.kept {
				continue
			}
			var before pgn.Node // the kept item whose line it starts on
			if i > s.first {
				before = f.Items[i-1]
			}
			out = append(out, keptGame(g, game, before))
		}
	}
	return out
}

// keptGame says why game g (index game) is kept; before is the item of
// its run of kept text before it, nil when it starts the run.
func keptGame(g *pgn.Game, game int, before pgn.Node) Kept {
	if len(g.Errors) == 0 {
		reason := "it starts on the line where text between games ends, which is kept as written"
		if _, ok := before.(*pgn.Game); ok {
			reason = fmt.Sprintf("it starts on the line where game %d ends, which is kept as written", game)
		}
		return Kept{Game: game, Pos: g.From, Reason: reason}
	}
	first := g.Errors[0]
	for _, e := range g.Errors[1:] {
		if e.Pos < first.Pos {
			first = e
		}
	}
	reason := first.Msg
	switch n := len(g.Errors) - 1; n {
	case 0:
	case 1:
		reason += " (and 1 more syntax error)"
	default:
		reason += fmt.Sprintf(" (and %d more syntax errors)", n)
	}
	return Kept{Game: game, Pos: first.Pos, Reason: reason}
}

// FormatRangeEdits returns the edits that turn the games, and the text
// between games, that the byte range [from, to] touches (an empty range
// touches the game it is in) into their Format: at most one per item, each
// covering its item and the white space after it, trimmed to the part that
// changes. Applied together (they do not overlap, and come in source
// order), the edits of the whole text give the formatted file.
func FormatRangeEdits(f *pgn.File, opts FormatOptions, from, to pgn.Pos) []Edit {
	slots := fileSlots(f)
	if len(slots) == 0 && len(f.Src) > 0 {
		// Only white space, which Format drops.
		return []Edit{{Pos: 0, End: pgn.Pos(len(f.Src))}}
	}
	return slotEdits(f, slots, slotsTouching(slots, from, to), opts)
}

// slotsTouching returns the indexes of the slots that the byte range
// [from, to] touches (both ends included).
func slotsTouching(slots []slot, from, to pgn.Pos) []int {
	i := sort.Search(len(slots), func(i int) bool { return slots[i].end >= from })
	var touched []int
	for ; i < len(slots) && slots[i].start <= to; i++ {
		touched = append(touched, i)
	}
	return touched
}

// fileSlotCache cuts a file into slots the first time they are asked for.
type fileSlotCache struct {
	f     *pgn.File
	slots []slot
	done  bool
}

func (c *fileSlotCache) get() []slot {
	if !c.done {
		c.slots, c.done = fileSlots(c.f), true
	}
	return c.slots
}

// slotEdits returns the edits that format the slots touched (indexes into
// slots, in order), each trimmed to the part that changes.
func slotEdits(f *pgn.File, slots []slot, touched []int, opts FormatOptions) []Edit {
	edits := make([]Edit, len(touched))
	changed := make([]bool, len(touched))
	var rs recorders
	forEachParallel(len(touched), rs.prepare, func(worker, k int) {
		s := slots[touched[k]]
		text := string(appendSlot(nil, f, slots, touched[k], opts, &rs[worker]))
		edits[k], changed[k] = trimEdit(f.Src, s.start, s.end, text)
	})
	n := 0
	for k := range edits {
		if changed[k] {
			edits[n] = edits[k]
			n++
		}
	}
	if n == 0 {
		return nil
	}
	return edits[:n]
}

// A slot is a piece of the file that formats on its own: a game, a run of
// items kept as written (text between games, games with syntax errors, and
// what shares a line with them), or the byte order mark, together with the
// white space after it. The slots cover the file. first and last index the
// file's Items; start and end are byte offsets.
type slot struct {
	first, last int
	start, end  pgn.Pos
	kept        bool // its items are written as they are
}

// fileSlots cuts f into slots. The first slot starts at offset 0, so that
// blank lines at the start of the file are dropped.
func fileSlots(f *pgn.File) []slot {
	var slots []slot
	for i := 0; i < len(f.Items); i++ {
		item := f.Items[i]
		s := slot{first: i, last: i, start: item.Pos(), kept: isKept(item)}
		for s.kept && s.last+1 < len(f.Items) && joinsKept(f, s.last) {
			s.last++
		}
		i = s.last
		if len(slots) == 0 {
			s.start = 0
		} else {
			slots[len(slots)-1].end = s.start
		}
		slots = append(slots, s)
	}
	if len(slots) > 0 {
		slots[len(slots)-1].end = pgn.Pos(len(f.Src))
	}
	return slots
}

// isKept reports whether an item is written as it is: text between games,
// and a game with a syntax error.
func isKept(n pgn.Node) bool {
	if g, ok := n.(*pgn.Game); ok {
		return len(g.Errors) > 0
	}
	return isBetweenGames(n)
}

// joinsKept reports whether the item after item i joins the kept text that
// item i ends: text between games joins text between games; and anything
// but the byte order mark joins what ends on the line where it starts, as
// a line break there would cut the line the user wrote. A U+FEFF that only
// blank text precedes is written as the byte order mark (see appendSlot):
// it shares no line with what follows it.
func joinsKept(f *pgn.File, i int) bool {
	a, b := f.Items[i], f.Items[i+1]
	if isBetweenGames(a) && isBetweenGames(b) {
		return true
	}
	if _, bom := b.(*pgn.BOMNode); bom {
		return false
	}
	if i == 0 && f.Src[a.Pos():a.End()] == byteOrderMark {
		return false
	}
	end := int(a.Pos()) + len(verbatim(f.Src, a.Pos(), a))
	return strings.IndexAny(f.Src[end:b.Pos()], "\r\n") < 0
}

func isBetweenGames(n pgn.Node) bool {
	switch n.(type) {
	case *pgn.Game, *pgn.BOMNode:
		return false
	}
	return true
}

// appendSlot appends the new text of slot i: its items formatted, each
// line ended by a newline, then the empty line that ends every game and
// run of kept text, the last of the file's too. So a slot formats alone as
// within any text, and so does a file: formatted files put one after the
// other are a formatted file, as the pieces of `pgnls fmt` and the chunks
// of Snapshot.FormatEdits are.
func appendSlot(out []byte, f *pgn.File, slots []slot, i int, opts FormatOptions, r *sanRecorder) []byte {
	s := slots[i]
	first := f.Items[s.first]
	switch n := first.(type) {
	case *pgn.BOMNode:
		return append(out, f.Src[n.Pos():n.End()]...) // nothing between it and the first item
	case *pgn.Game:
		if out == nil {
			size := int(n.To - n.From)
			out = make([]byte, 0, size+size/8+16)
		}
		if s.kept {
			out = appendKept(out, f, n, f.Items[s.last])
		} else {
			out = appendGame(out, f, n, f.Items[s.last], tagsBefore(f, s.first), opts, r)
		}
	default:
		if i == 0 && strings.HasPrefix(f.Src[first.Pos():], byteOrderMark) {
			// A U+FEFF after blank lines: the output starts with it, where
			// it is the byte order mark, so it is written as one (else a
			// second formatting would differ from the first).
			rest := strings.TrimLeft(verbatim(f.Src, first.Pos(), f.Items[s.last])[len(byteOrderMark):], " \t\r\n\v\f")
			out = append(out, byteOrderMark...)
			if rest == "" {
				return out
			}
			out = appendLF(out, rest)
			return append(out, '\n', '\n')
		}
		if f.Src[first.Pos()] == '%' && !startsLine(f.Src, first.Pos()) {
			// Stray text, not an escape line: at the start of a line
			// it would become one.
			out = append(out, ' ')
		}
		out = appendLF(out, verbatim(f.Src, first.Pos(), f.Items[s.last]))
		out = append(out, '\n')
	}
	return append(out, '\n')
}

// appendGame appends game g, which has no syntax error, in export format,
// ending in a newline. after holds the tags of the game before it when
// that one is tags alone (pgn.PrintOptions.After).
//
// A panic while formatting it (a bug) keeps the game as written, through
// last, the slot's last item, as a game with a syntax error is kept: the
// other games are still formatted, on whichever goroutine, and no text is
// lost. r is the recorder of the goroutine formatting it, emptied again
// for the next game.
func appendGame(dst []byte, f *pgn.File, g *pgn.Game, last pgn.Node, after []*pgn.Tag, opts FormatOptions, r *sanRecorder) (out []byte) {
	start := len(dst)
	defer func() {
		if recover() != nil {
			out = appendKept(dst[:start], f, g, last)
		}
	}()
	defer r.reset()
	if start := startOf(g); start.replayable() {
		replayLines(&g.Moves, start.pos, r, &r.stack)
	}
	return pgn.AppendGame(dst, f.Src, g, pgn.PrintOptions{Width: opts.Width, Move: r.info, After: after})
}

// appendKept appends the text of game g through last as written, with its
// line breaks made LF, ending in a newline.
func appendKept(dst []byte, f *pgn.File, g *pgn.Game, last pgn.Node) []byte {
	dst = appendLF(dst, verbatim(f.Src, g.From, last))
	return append(dst, '\n')
}

// tagsBefore returns the tags of the item before item i when it is a game
// of tags alone, whose tag section the game at i must stay apart from. A
// text is never cut after such a game (pgn.DependsOnNext), so that it is
// in the same parse as the game after it.
func tagsBefore(f *pgn.File, i int) []*pgn.Tag {
	if i == 0 {
		return nil
	}
	if g, ok := f.Items[i-1].(*pgn.Game); ok && g.TagsOnly() {
		return g.Tags
	}
	return nil
}

// sanRecorder replays a game and records, in source order, what the
// printer needs to know of every move: the printer asks in the same order.
// Each goroutine formatting games has one (recorders), which keeps its room
// from one game to the next.
type sanRecorder struct {
	moves []recordedMove
	next  int // the next move the printer asks about
	san   []byte
	stack []replayFrame // replayLines's
}

type recordedMove struct {
	m    *pgn.Move
	info pgn.MoveInfo // empty for a move that did not replay
}

// recorders are the recorders of one call's workers, one each, indexed by
// forEachParallel's worker: a call's own, where a package-wide pool was
// state shared by every caller (issue 16).
type recorders []sanRecorder

// prepare makes a recorder for each of n workers (forEachParallel).
func (rs *recorders) prepare(n int) { *rs = make([]sanRecorder, n) }

// reset empties r for the next game, keeping its room unless a huge game
// made its list large.
func (r *sanRecorder) reset() {
	if cap(r.moves) > 1<<16 {
		r.moves = nil
	}
	clear(r.moves) // drop the pointers into the tree
	r.moves, r.next = r.moves[:0], 0
}

// info answers the printer. Should the two walks ever get out of step, the
// rest of the moves are printed as written rather than wrongly.
func (r *sanRecorder) info(m *pgn.Move) pgn.MoveInfo {
	if r.next < len(r.moves) && r.moves[r.next].m == m {
		r.next++
		return r.moves[r.next-1].info
	}
	r.next = len(r.moves)
	return pgn.MoveInfo{}
}

func (r *sanRecorder) lineStart(*pgn.Line) {}

// skipped records a move that did not replay, and the moves of its
// variations.
func (r *sanRecorder) skipped(m *pgn.Move) {
	r.moves = append(r.moves, recordedMove{m: m})
	for _, n := range m.After {
		if v, ok := n.(*pgn.Variation); ok {
			for _, vm := range v.Line.Moves {
				r.skipped(vm)
			}
		}
	}
}

func (r *sanRecorder) move(pos *board.Position, m *pgn.Move) bool {
	san, mv, other, ok := readMove(pos, m.Text)
	if !ok {
		r.moves = append(r.moves, recordedMove{m: m})
		return false
	}
	info := pgn.MoveInfo{Number: pos.FullMoveNumber(), Black: pos.SideToMove() == board.Black}
	// A pawn drop written without its letter ("@d4") is not canonical:
	// SAN writes P@d4, as lichess does.
	if other == 0 && canonicalBody(san, mv) && m.Text[0] != '@' {
		// The common case: only the check sign can be wrong, and it is
		// read off the position after the move rather than by playing
		// the move twice, as Position.SAN must.
		pos.Play(mv)
		info.SAN = withCheckSign(m.Text, san.Suffix, pos.CheckSign())
	} else {
		r.san = pos.AppendSAN(r.san[:0], mv)
		info.SAN = string(r.san)
		pos.Play(mv)
	}
	r.moves = append(r.moves, recordedMove{m: m, info: info})
	return true
}

// canonicalBody reports whether a legal move was written in canonical SAN
// but for its check sign: the shapes that ParseSAN accepts and export
// format does not are all flagged, and a piece move that names no origin
// square resolved to a single move, so it needs none.
func canonicalBody(san board.SAN, mv board.Move) bool {
	return !san.Null && !san.ZeroCastling && !san.BarePromotion && !san.ExplicitPawn &&
		san.Capture == mv.IsCapture() &&
		(san.Piece == board.Pawn || san.FromFile < 0 && san.FromRank < 0)
}

// withCheckSign returns text, which ends in the check sign written, with
// the sign it should have.
func withCheckSign(text string, written, want board.CheckSuffix) string {
	if written == want {
		return text
	}
	if written != board.NoCheckSuffix {
		text = text[:len(text)-1]
	}
	if want == board.NoCheckSuffix {
		return text
	}
	return text + string(rune(want))
}

// startsLine reports whether offset off begins a line of src, as the
// scanner sees it: the text after a byte order mark starts the first line.
func startsLine(src string, off pgn.Pos) bool {
	return off == 0 || src[off-1] == '\n' || src[off-1] == '\r' || int(off) == len(byteOrderMark) && strings.HasPrefix(src, byteOrderMark)
}

const byteOrderMark = "\uFEFF"

// verbatim returns the source text from offset from to the end of node
// last and of its line: the blanks after its last token on that line are
// the user's too (and a kept game's last line keeps them). A brace comment
// without its closing brace runs on to the next tag pair line or the end of
// the text, and so ends in the line breaks before it: those are left out,
// as the separator after the item replaces them (else every formatting
// would add an empty line), but not the blanks of the comment's last line
// with text, which are the comment's text.
func verbatim(src string, from pgn.Pos, last pgn.Node) string {
	end := int(last.End())
	var tok pgn.Token
	pgn.NodeTokens(last, func(t pgn.Token) { tok = t })
	if tok.Kind == pgn.BraceComment && src[tok.End-1] != '}' {
		text := src[from:end]
		body := strings.TrimRight(text, " \t\r\n\v\f")
		if eol := strings.IndexAny(text[len(body):], "\r\n"); eol >= 0 {
			return text[:len(body)+eol]
		}
		return text
	}
	for end < len(src) && isBlank(src[end]) {
		end++
	}
	return src[from:end]
}

// isBlank reports whether c is white space that does not break a line.
func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\v' || c == '\f' }

// appendLF appends text with every line break made LF.
func appendLF(dst []byte, text string) []byte {
	for {
		i := strings.IndexByte(text, '\r')
		if i < 0 {
			return append(dst, text...)
		}
		dst = append(dst, text[:i]...)
		dst = append(dst, '\n')
		text = text[i+1:]
		if len(text) > 0 && text[0] == '\n' {
			text = text[1:]
		}
	}
}

// trimEdit returns the edit that replaces src[start:end] with text, trimmed
// of the bytes both share at their start and end, and whether there is a
// change at all. The edit's ends never fall inside a UTF-8 character or
// between the CR and LF of a line break, so that they map to editor
// positions.
func trimEdit(src string, start, end pgn.Pos, text string) (Edit, bool) {
	old := src[start:end]
	if old == text {
		return Edit{}, false
	}
	p := 0
	for p < len(old) && p < len(text) && old[p] == text[p] {
		p++
	}
	for p > 0 && (p < len(old) && !utf8.RuneStart(old[p]) || p < len(text) && !utf8.RuneStart(text[p]) || splitsCRLF(src, int(start)+p)) {
		p--
	}
	s := 0
	for s < len(old)-p && s < len(text)-p && old[len(old)-1-s] == text[len(text)-1-s] {
		s++
	}
	for s > 0 && (!utf8.RuneStart(old[len(old)-s]) || splitsCRLF(src, int(end)-s)) {
		s--
	}
	return Edit{Pos: start + pgn.Pos(p), End: end - pgn.Pos(s), NewText: text[p : len(text)-s]}, true
}

// splitsCRLF reports whether offset i lies between a CR and its LF.
func splitsCRLF(src string, i int) bool {
	return i > 0 && i < len(src) && src[i-1] == '\r' && src[i] == '\n'
}
