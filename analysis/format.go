package analysis

import (
	"strings"
	"sync"
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
//   - A game with a syntax error is left byte for byte as it was (but for
//     the white space at the end of an unterminated comment: see verbatim).
//   - In a line with an illegal move, that move and every move after it
//     (with their variations) keep the text the user wrote, move numbers
//     included; only the layout changes. So do all the moves of a game
//     that cannot be replayed: a bad FEN, or a variant other than chess.
//   - The text between games (a preface, stray comments, escape lines) is
//     kept as it is, with its line breaks made LF.
//   - Missing tags and a missing result marker are not invented.
//
// Each game or run of text between games is followed by one empty line; the
// file ends with a single newline, with no empty line at its start.

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
	texts := make([]string, len(slots))
	forEachParallel(len(slots), func(i int) {
		texts[i] = formatSlot(f, slots, i, opts)
	})
	n := 0
	for _, t := range texts {
		n += len(t)
	}
	var b strings.Builder
	b.Grow(n)
	for _, t := range texts {
		b.WriteString(t)
	}
	return b.String()
}

// FormatEdits returns the edits that turn f's text into Format(f): at most
// one per game or run of text between games, each trimmed to the part that
// changes. Applied together (they do not overlap, and come in source
// order), they give the formatted file.
func FormatEdits(f *pgn.File, opts FormatOptions) []Edit {
	return FormatRangeEdits(f, opts, 0, pgn.Pos(len(f.Src)))
}

// FormatRangeEdits is FormatEdits limited to the games, and the text between
// games, that the byte range [from, to] touches (an empty range touches the
// game it is in). Each covers its item and the white space after it.
func FormatRangeEdits(f *pgn.File, opts FormatOptions, from, to pgn.Pos) []Edit {
	slots := fileSlots(f)
	var edits []Edit
	for i, s := range slots {
		if s.end < from || s.start > to {
			continue
		}
		text := formatSlot(f, slots, i, opts)
		if e, changed := trimEdit(f.Src, s.start, s.end, text); changed {
			edits = append(edits, e)
		}
	}
	return edits
}

// A slot is a piece of the file that formats on its own: a game, a run of
// items between games, or the byte order mark, together with the white
// space after it. The slots cover the file. items are the file's Items
// from first to last; start and end are byte offsets.
type slot struct {
	first, last int
	start, end  pgn.Pos
}

// fileSlots cuts f into slots. The first slot starts at offset 0, so that
// blank lines at the start of the file are dropped.
func fileSlots(f *pgn.File) []slot {
	var slots []slot
	for i := 0; i < len(f.Items); i++ {
		s := slot{first: i, last: i, start: f.Items[i].Pos()}
		if isBetweenGames(f.Items[i]) {
			for s.last+1 < len(f.Items) && isBetweenGames(f.Items[s.last+1]) {
				s.last++
			}
			i = s.last
		}
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

func isBetweenGames(n pgn.Node) bool {
	switch n.(type) {
	case *pgn.Game, *pgn.BOMNode:
		return false
	}
	return true
}

// formatSlot returns the new text of slot i: its items formatted, then the
// separator — an empty line before the next item, a newline at the end.
func formatSlot(f *pgn.File, slots []slot, i int, opts FormatOptions) string {
	s := slots[i]
	first := f.Items[s.first]
	var out []byte
	switch n := first.(type) {
	case *pgn.BOMNode:
		return f.Src[n.Pos():n.End()] // nothing between it and the first item
	case *pgn.Game:
		out = appendGame(make([]byte, 0, int(n.To-n.From)+int(n.To-n.From)/8+16), f, n, opts)
	default:
		out = appendLF(nil, verbatim(f.Src, first.Pos(), f.Items[s.last]))
		out = append(out, '\n')
	}
	if i+1 < len(slots) {
		out = append(out, '\n')
	}
	return string(out)
}

// FormatGame returns game g of file f in export format, ending in a
// newline; a game with syntax errors is returned as it was.
func FormatGame(f *pgn.File, g *pgn.Game, opts FormatOptions) string {
	return string(appendGame(nil, f, g, opts))
}

func appendGame(dst []byte, f *pgn.File, g *pgn.Game, opts FormatOptions) []byte {
	if len(g.Errors) > 0 {
		dst = append(dst, verbatim(f.Src, g.From, g)...)
		return append(dst, '\n')
	}
	r := replayerPool.Get().(*moveRecorder)
	defer r.release()
	if start := startOf(g); start.replayable() {
		replayLines(&g.Moves, start.pos, r)
	}
	return pgn.AppendGame(dst, f.Src, g, pgn.PrintOptions{Width: opts.Width, Move: r.info})
}

// moveRecorder replays a game and records what the printer needs to know of
// every legal move. Recorders are pooled: their map keeps its room from
// one game to the next.
type moveRecorder struct {
	moves map[*pgn.Move]pgn.MoveInfo
	san   []byte
}

var replayerPool = sync.Pool{New: func() any {
	return &moveRecorder{moves: make(map[*pgn.Move]pgn.MoveInfo, 128)}
}}

func (r *moveRecorder) release() {
	if len(r.moves) > 4096 {
		return // a huge map would slow down the clearing for every game after
	}
	clear(r.moves)
	replayerPool.Put(r)
}

func (r *moveRecorder) info(m *pgn.Move) pgn.MoveInfo { return r.moves[m] }

func (r *moveRecorder) lineStart(*pgn.Line) {}
func (r *moveRecorder) skipped(*pgn.Move)   {}

func (r *moveRecorder) move(pos *board.Position, m *pgn.Move) bool {
	mv, ok := legalMove(pos, m.Text)
	if !ok {
		return false
	}
	r.san = pos.AppendSAN(r.san[:0], mv)
	r.moves[m] = pgn.MoveInfo{
		SAN:    sanString(r.san, m.Text),
		Number: pos.FullMoveNumber(),
		Black:  pos.SideToMove() == board.Black,
	}
	pos.Play(mv)
	return true
}

// sanString returns san as a string, reusing the move's own text when the
// move was written canonically, as most are.
func sanString(san []byte, written string) string {
	if string(san) == written {
		return written
	}
	return string(san)
}

// verbatim returns the source text from offset from to the end of node
// last. A brace comment without its closing brace runs on to the next tag
// pair line and so ends in the white space before it; that white space is
// left out, as the separator after the item replaces it (else every
// formatting would add an empty line).
func verbatim(src string, from pgn.Pos, last pgn.Node) string {
	text := src[from:last.End()]
	var tok pgn.Token
	pgn.NodeTokens(last, func(t pgn.Token) { tok = t })
	if tok.Kind == pgn.BraceComment && src[tok.End-1] != '}' {
		text = strings.TrimRight(text, " \t\r\n\v\f")
	}
	return text
}

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
