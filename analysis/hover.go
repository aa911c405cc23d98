package analysis

import (
	"errors"
	"strconv"
	"strings"

	"pgnls/analysis/board"
	picture "pgnls/analysis/diagram" // this file has a func diagram
	"pgnls/pgn"
)

// HoverResult is what a hover shows about the bytes [Pos, End), in
// Markdown and in plain text (for clients that do not render Markdown).
type HoverResult struct {
	Pos, End  pgn.Pos
	Markdown  string
	PlainText string
}

// HoverOptions are the inputs of Hover beyond the text.
type HoverOptions struct {
	// ECO, when not nil, returns the ECO classification that names the
	// opening on hovers over moves and over the ECO tag (nil for none). It
	// is called only for those hovers.
	ECO func() *ECOBook
	// BoardImages draws the Markdown's boards as SVG pictures (package
	// diagram, as data: URI images) for clients that render images; the
	// plain text keeps the text board.
	BoardImages bool
}

// Hover describes what lies at byte offset off of file f: a NAG or suffix
// annotation (its meaning), a tag (its meaning and value format), a move
// (the position after it, or why it is illegal), a result marker. It
// returns nil where there is nothing to say (whitespace, comments).
func Hover(f *pgn.File, off pgn.Pos, opts HoverOptions) *HoverResult {
	ti := newTokenIndex(f)
	i := ti.under(off)
	if i < 0 {
		// A cursor just after a word (a hover asked from the keyboard)
		// means that word.
		if i = ti.ending(off); i < 0 {
			return nil
		}
	}
	tok := ti.toks[i]
	h := &hoverer{f: f, tok: tok, off: off, opts: opts, game: gameAt(f, tok.Pos)}
	r := richText{images: opts.BoardImages}
	h.describe(&r)
	if r.empty() {
		return nil
	}
	pos, end := tok.Pos, tok.End
	if h.end > h.pos { // a part of the token: a command in a comment
		pos, end = h.pos, h.end
	}
	return &HoverResult{Pos: pos, End: end, Markdown: r.md.String(), PlainText: r.plain.String()}
}

// richText is hover and documentation text written in both the forms the
// protocol knows: Markdown, and plain text for clients that render no
// Markdown (Emacs without markdown-mode shows every mark as typed). In
// plain text the emphasis and code marks go, and a board is its lines,
// aligned as in Markdown's code block.
type richText struct {
	md, plain strings.Builder
	images    bool // boards in the Markdown are pictures (HoverOptions.BoardImages)
}

// text writes words as they are.
func (r *richText) text(s string) { r.md.WriteString(s); r.plain.WriteString(s) }

// strong writes words in bold: the subject of a hover.
func (r *richText) strong(s string) { r.md.WriteString("**" + s + "**"); r.plain.WriteString(s) }

// code writes text as it appears in a PGN file: a NAG, a FEN.
func (r *richText) code(s string) { r.md.WriteString("`" + s + "`"); r.plain.WriteString(s) }

// value writes a tag value, which plain text quotes as PGN does: a value
// may hold commas and blanks ("New York City, NY USA").
func (r *richText) value(s string) {
	r.md.WriteString("`" + s + "`")
	r.plain.WriteString(`"` + s + `"`)
}

// block writes lines (each ending in a newline) in a fixed-width font.
func (r *richText) block(lines string) {
	r.md.WriteString("```text\n" + lines + "```\n")
	r.plain.WriteString(lines)
}

func (r *richText) empty() bool { return r.md.Len() == 0 }

type hoverer struct {
	f    *pgn.File
	tok  pgn.Token
	off  pgn.Pos // where the hover was asked
	game *pgn.Game
	opts HoverOptions
	// pos and end, when end > pos, are the range the hover is of, when
	// it is a part of tok (a command in a comment).
	pos, end pgn.Pos
	// commands caches the game's commands (commands()).
	gc *GameCommands
}

func (h *hoverer) text() string { return h.f.Src[h.tok.Pos:h.tok.End] }

// describe writes what the hover shows, or nothing.
func (h *hoverer) describe(r *richText) {
	switch h.tok.Kind {
	case pgn.NAG:
		nagHover(r, h.text())
		return
	case pgn.Suffix:
		suffixHover(r, h.text())
		return
	}
	if h.game == nil {
		return
	}
	if t := h.tagAt(); t != nil {
		h.tagHover(r, t)
		return
	}
	switch h.tok.Kind {
	case pgn.Symbol, pgn.NullMove, pgn.Number, pgn.Dots:
		h.moveHover(r)
	case pgn.Result:
		resultHover(r, h.text())
		h.summaryHover(r)
	case pgn.BraceComment, pgn.LineComment:
		h.commandHover(r)
	}
}

// eco returns the ECO classification, or nil.
func (h *hoverer) eco() *ECOBook {
	if h.opts.ECO == nil {
		return nil
	}
	return h.opts.ECO()
}

// tagAt returns the well-formed tag pair holding the token, or nil.
func (h *hoverer) tagAt() *pgn.Tag {
	for _, t := range h.game.Tags {
		if t.Pos() <= h.tok.Pos && h.tok.Pos < t.End() {
			return t
		}
	}
	return nil
}

func nagHover(r *richText, text string) {
	if v, ok := pgn.GlyphNAG(text); ok {
		info, _ := LookupNAG(v)
		r.strong(text)
		r.text(" — " + info.Meaning + "\n\nA glyph; PGN writes it as the NAG ")
		r.code("$" + strconv.Itoa(v))
		r.text(".")
		return
	}
	v, err := strconv.Atoi(text[1:])
	if err != nil || v > 255 {
		r.strong(text)
		r.text(" — not a NAG: a Numeric Annotation Glyph is ")
		r.code("$0")
		r.text(" to ")
		r.code("$255")
		r.text(" (PGN standard, 8.2.4).")
		return
	}
	info, ok := LookupNAG(v)
	if !ok {
		r.strong(text)
		r.text(" — undefined NAG: the PGN standard defines ")
		r.code("$0")
		r.text(" to ")
		r.code("$139")
		r.text(" and reserves the others; no widely used extension defines ")
		r.code(text)
		r.text(" either.")
		return
	}
	r.strong(info.Title())
	r.text(" — " + info.Meaning + "\n\n")
	if info.Standard {
		r.text(capitalize(info.Kind()) + " (PGN standard, section 10).")
	} else {
		r.text("Not in the PGN standard: a ChessBase extension that most programs read.")
	}
}

func suffixHover(r *richText, text string) {
	info, ok := SuffixMeaning(text)
	if !ok {
		r.strong(text)
		r.text(" — not a suffix annotation: the PGN standard has six, ")
		for i, s := range []string{"!", "?", "!!", "??", "!?", "?!"} {
			switch i {
			case 0:
			case 5:
				r.text(" and ")
			default:
				r.text(", ")
			}
			r.code(s)
		}
		r.text(" (8.2.3.8).")
		return
	}
	r.strong(text)
	r.text(" — " + info.Meaning + "\n\nA suffix annotation; export format writes it as the NAG ")
	r.code("$" + strconv.Itoa(info.Value))
	r.text(".")
}

func resultHover(r *richText, text string) {
	result := pgn.ResultText(text)
	for _, res := range resultValues {
		if res.Value == result {
			r.strong(text)
			r.text(" — " + res.Meaning + "\n\nThe game termination marker; the Result tag must say the same.")
			if result != text {
				r.text(" PGN writes it ")
				r.code(result)
				r.text(".")
			}
			return
		}
	}
}

// tagHover documents a tag, and the value under the cursor when the cursor
// is on the value.
func (h *hoverer) tagHover(r *richText, t *pgn.Tag) {
	doc := LookupTag(t.Name)
	writeTagDoc(r, t.Name, doc)
	onValue := h.tok.Pos == t.ValueTok.Pos
	if onValue && doc != nil {
		for _, v := range doc.Values {
			if v.Value == t.Value && t.Name != "FEN" {
				r.text("\n\n")
				r.value(v.Value)
				r.text(": " + v.Meaning + ".")
			}
		}
	}
	switch {
	case t.Name == "ECO":
		h.writeECOTag(r, t)
	case t.Name == "FEN" && onValue:
		pos, err := h.fenPosition(t)
		if err != nil {
			reason := err.Error()
			var fe *board.FENError
			if errors.As(err, &fe) {
				reason = fe.Reason
			}
			r.text("\n\nNot a valid position: " + reason + ".")
			break
		}
		r.text("\n\n")
		diagram(r, &pos, board.NoSquare, board.NoSquare)
		r.text("\n")
		sideLine(r, &pos)
	}
}

// writeTagDoc writes the documentation of a tag.
func writeTagDoc(r *richText, name string, doc *TagDoc) {
	r.strong(name)
	if doc == nil {
		r.text(" — a tag the PGN standard does not define.")
		return
	}
	switch {
	case doc.STR():
		r.text(" — Seven Tag Roster (PGN standard, " + doc.Section + ")")
	case doc.Section != "":
		r.text(" — supplemental tag (PGN standard, " + doc.Section + ")")
	default:
		r.text(" — not in the PGN standard")
	}
	r.text("\n\n" + doc.Summary + "\n\nValue: " + doc.Format)
	if len(doc.Examples) > 0 {
		r.text(" Examples: ")
		for i, e := range doc.Examples {
			if i > 0 {
				r.text(", ")
			}
			r.value(e)
		}
		r.text(".")
	}
}

// writeECOTag names the opening of the ECO tag's code and the deepest line
// of the ECO file that the game's main line follows.
func (h *hoverer) writeECOTag(r *richText, t *pgn.Tag) {
	book := h.eco()
	if book == nil {
		return
	}
	if lines := book.Code(t.Value); len(lines) > 0 {
		r.text("\n\n")
		r.value(t.Value)
		r.text(": " + lines[0].Name() + ".")
	} else if t.Value != "" {
		r.text("\n\n")
		r.value(t.Value)
		r.text(" is not a code of the ECO file.")
	}
	g := h.game
	start := startOf(g)
	if start.fen != nil || !start.replayable() {
		return
	}
	states := replayStates(g, &start, g.Moves.Moves)
	if l, _ := book.Deepest(afterPositions(states)); l != nil {
		r.text("\n\nThe moves follow ")
		writeECOLine(r, l)
		r.text(".")
		if len(t.Value) >= 3 && !strings.HasPrefix(l.Code, t.Value[:3]) {
			r.text(" (The tag says " + t.Value + ".)")
		}
	}
}

// afterPositions returns the positions after each move of states, up to the
// first move that was not played.
func afterPositions(states []MoveState) []board.Position {
	out := make([]board.Position, 0, len(states))
	for _, st := range states {
		if !st.Reached || !st.Legal {
			break
		}
		out = append(out, st.After)
	}
	return out
}

func writeECOLine(r *richText, l *ECOLine) {
	r.strong(l.Code)
	r.text(" " + l.Name() + " (" + l.Moves + ")")
}

// moveHover shows the position after the move under the cursor (its SAN or
// its move number), or why the move is not legal.
func (h *hoverer) moveHover(r *richText) {
	g := h.game
	frames := linesAt(g, h.tok.Pos)
	inner := frames[len(frames)-1]
	m, idx := moveOfToken(inner.line, h.tok.Pos)
	if m == nil {
		return
	}
	start := startOf(g)
	if !start.replayable() {
		r.strong(m.Text)
		r.text("\n\n")
		if start.variant != nil {
			r.text("Not replayed: the game is a variant (" + start.variant.Value + "), whose rules pgnls does not know.")
		} else {
			r.text("Not replayed: the FEN tag is not a valid position.")
		}
		return
	}
	path := pathTo(frames, idx+1)
	states := replayStates(g, &start, path)
	st := states[len(states)-1]
	where := "main line"
	if len(frames) > 1 {
		where = "variation"
		if len(frames) > 2 {
			where = "variation, " + strconv.Itoa(len(frames)-1) + " levels deep"
		}
	}
	if !st.Reached {
		r.strong(m.Text)
		r.text(" — " + where + "\n\nNot replayed: " + whyNotReached(states) + ".")
		return
	}
	side, n := st.Before.SideToMove(), st.Before.FullMoveNumber()
	dots := ". "
	if side == board.Black {
		dots = "... "
	}
	r.strong(strconv.Itoa(n) + dots + m.Text)
	r.text(" — " + colorTitle(side) + "'s " + ordinal(n) + " move, " + where + "\n\n")
	if !st.Legal {
		r.strong("Illegal:")
		r.text(" " + h.illegalReason(m) + "\n\nThe position before the move:\n\n")
		diagram(r, &st.Before, board.NoSquare, board.NoSquare)
		r.text("\nFEN: ")
		r.code(st.Before.FEN())
		return
	}
	facts := h.factsOf(m)
	markedDiagram(r, &st.After, st.Move.From, st.Move.To, factShapes(facts))
	r.text("\nFEN: ")
	r.code(st.After.FEN())
	writeFacts(r, facts)
	if book := h.eco(); book != nil && start.fen == nil && start.pos.Variant() == board.Standard {
		if l, _ := book.Deepest(afterPositions(states)); l != nil {
			r.text("\n\nOpening: ")
			writeECOLine(r, l)
		}
	}
}

// fenPosition returns the position of FEN tag t: as the game reads it, in
// the variant of its Variant tag, when t is the game's FEN tag; otherwise
// (a variant pgnls does not know, a second FEN tag) as standard chess.
func (h *hoverer) fenPosition(t *pgn.Tag) (board.Position, error) {
	if h.game != nil && h.game.TagNode("FEN") == t {
		if s := startOf(h.game); s.variant == nil {
			return s.pos, s.fenErr
		}
	}
	pos, _, err := readFEN(t.Value, board.Standard)
	return pos, err
}

// illegalReason returns the checker's message for an illegal move, so that
// the hover and the diagnostic say the same.
func (h *hoverer) illegalReason(m *pgn.Move) string {
	for _, d := range CheckGame(h.f, h.game) {
		if d.Pos == m.SAN.Pos && (d.Code == CodeIllegalMove || d.Code == CodeAmbiguousMove || d.Code == CodeMovesAfterEnd || d.Code == CodeIncompleteMove || d.Code == CodeForeignPiece) {
			return d.Message
		}
	}
	return "the move is not legal in this position"
}

func colorTitle(c board.Color) string {
	if c == board.White {
		return "White"
	}
	return "Black"
}

func sideLine(r *richText, pos *board.Position) {
	r.text(colorTitle(pos.SideToMove()) + " to move, move " + strconv.Itoa(pos.FullMoveNumber()) + ".\n\nFEN: ")
	r.code(pos.FEN())
}

// ordinal returns "1st", "2nd", "3rd", "4th", "11th", "21st"...
func ordinal(n int) string {
	s := strconv.Itoa(n)
	if n%100 >= 11 && n%100 <= 13 {
		return s + "th"
	}
	switch n % 10 {
	case 1:
		return s + "st"
	case 2:
		return s + "nd"
	case 3:
		return s + "rd"
	}
	return s + "th"
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// pieceGlyphs are the Unicode chess symbols, by colour and piece type.
var pieceGlyphs = [2][board.King + 1]string{
	board.White: {"", "♙", "♘", "♗", "♖", "♕", "♔"},
	board.Black: {"", "♟", "♞", "♝", "♜", "♛", "♚"},
}

// diagram draws pos in a fixed-width block: rank 8 at the top, so White
// plays up the board, with Unicode pieces, '·' for an empty square, and
// the squares from and to (the last move; NoSquare for none) in brackets.
// writePockets writes under a crazyhouse board the pieces each side holds
// in its pocket, which it may drop: "White's pocket: ♘♘♙".
func writePockets(b *strings.Builder, pos *board.Position) {
	if pos.Variant() != board.Crazyhouse {
		return
	}
	for c := board.White; c <= board.Black; c++ {
		b.WriteString(colorTitle(c) + "'s pocket: ")
		empty := true
		for pt := board.Queen; pt >= board.Pawn; pt-- {
			for n := pos.Pocket(c, pt); n > 0; n-- {
				b.WriteString(pieceGlyphs[c][pt])
				empty = false
			}
		}
		if empty {
			b.WriteString("empty")
		}
		b.WriteByte('\n')
	}
}

func diagram(r *richText, pos *board.Position, from, to board.Square) {
	markedDiagram(r, pos, from, to, nil)
}

// hoverBoardSize is the side of a hover's picture of the board, in pixels:
// VS Code's hovers are 250 pixels high at most (taller content scrolls), so
// the board and the line above it fit whole.
const hoverBoardSize = 200

// markedDiagram is diagram with the arrows and squares of [%cal] and [%csl]
// commands marked (see shapeMarks), and a line under the board that lists
// them.
func markedDiagram(r *richText, pos *board.Position, from, to board.Square, shapes []Shape) {
	text := boardText(pos, from, to, shapes)
	if !r.images {
		r.block(text)
		return
	}
	opts := picture.Options{Size: hoverBoardSize, Coordinates: true, LastMove: board.Move{From: from, To: to}}
	opts.Arrows, opts.Marks = diagramShapes(shapes)
	r.md.WriteString("![board](" + picture.DataURI(picture.Render(pos, opts)) + ")\n")
	if legend := shapeLegend(shapes); legend != "" {
		r.md.WriteString("\n" + legend + "\n")
	}
	r.plain.WriteString(text)
}

// boardText is the text of markedDiagram's board, its lines each ending
// in a newline.
func boardText(pos *board.Position, from, to board.Square, shapes []Shape) string {
	marks := shapeMarks(shapes)
	var b, row strings.Builder
	for rank := 7; rank >= 0; rank-- {
		row.Reset()
		row.WriteByte(byte('1' + rank))
		row.WriteByte(' ')
		for file := 0; file < 8; file++ {
			sq := board.NewSquare(file, rank)
			glyph := "·"
			if pt, c, ok := pos.PieceAt(sq); ok {
				glyph = pieceGlyphs[c][pt]
			}
			if sq == from || sq == to {
				row.WriteString("[" + glyph + "]")
			} else if m, ok := marks[sq]; ok {
				row.WriteString(m[:1] + glyph + m[1:])
			} else {
				row.WriteString(" " + glyph + " ")
			}
		}
		b.WriteString(strings.TrimRight(row.String(), " "))
		b.WriteByte('\n')
	}
	b.WriteString("   a  b  c  d  e  f  g  h\n")
	writePockets(&b, pos)
	if legend := shapeLegend(shapes); legend != "" {
		b.WriteString(legend + "\n")
	}
	return b.String()
}
