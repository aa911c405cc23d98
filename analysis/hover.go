package analysis

import (
	"errors"
	"strconv"
	"strings"

	"pgnls/analysis/board"
	"pgnls/pgn"
)

// HoverResult is what a hover shows: Markdown about the bytes [Pos, End).
type HoverResult struct {
	Pos, End pgn.Pos
	Markdown string
}

// HoverOptions are the inputs of Hover beyond the text.
type HoverOptions struct {
	// ECO, when not nil, returns the ECO classification that names the
	// opening on hovers over moves and over the ECO tag (nil for none). It
	// is called only for those hovers.
	ECO func() *ECOBook
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
	h := &hoverer{f: f, tok: tok, opts: opts, game: gameAt(f, tok.Pos)}
	md := h.markdown()
	if md == "" {
		return nil
	}
	return &HoverResult{Pos: tok.Pos, End: tok.End, Markdown: md}
}

type hoverer struct {
	f    *pgn.File
	tok  pgn.Token
	game *pgn.Game
	opts HoverOptions
}

func (h *hoverer) text() string { return h.f.Src[h.tok.Pos:h.tok.End] }

func (h *hoverer) markdown() string {
	switch h.tok.Kind {
	case pgn.NAG:
		return nagHover(h.text())
	case pgn.Suffix:
		return suffixHover(h.text())
	}
	if h.game == nil {
		return ""
	}
	if t := h.tagAt(); t != nil {
		return h.tagHover(t)
	}
	switch h.tok.Kind {
	case pgn.Symbol, pgn.NullMove, pgn.Number, pgn.Dots:
		return h.moveHover()
	case pgn.Result:
		return resultHover(h.text())
	}
	return ""
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

func nagHover(text string) string {
	v, err := strconv.Atoi(text[1:])
	if err != nil || v > 255 {
		return "**" + text + "** — not a NAG: a Numeric Annotation Glyph is `$0` to `$255` (PGN standard, 8.2.4)."
	}
	info, ok := LookupNAG(v)
	if !ok {
		return "**" + text + "** — undefined NAG: the PGN standard defines `$0` to `$139` and reserves the others; no widely used extension defines `" + text + "` either."
	}
	var b strings.Builder
	b.WriteString("**" + info.Title() + "** — " + info.Meaning + "\n\n")
	if info.Standard {
		b.WriteString(capitalize(info.Kind()) + " (PGN standard, section 10).")
	} else {
		b.WriteString("Not in the PGN standard: a ChessBase extension that most programs read.")
	}
	return b.String()
}

func suffixHover(text string) string {
	info, ok := SuffixMeaning(text)
	if !ok {
		return "**" + text + "** — not a suffix annotation: the PGN standard has six, `!`, `?`, `!!`, `??`, `!?` and `?!` (8.2.3.8)."
	}
	return "**" + text + "** — " + info.Meaning + "\n\nA suffix annotation; export format writes it as the NAG `$" + strconv.Itoa(info.Value) + "`."
}

func resultHover(text string) string {
	for _, r := range ResultValues {
		if r.Value == text {
			return "**" + text + "** — " + r.Meaning + "\n\nThe game termination marker; the Result tag must say the same."
		}
	}
	return ""
}

// tagHover documents a tag, and the value under the cursor when the cursor
// is on the value.
func (h *hoverer) tagHover(t *pgn.Tag) string {
	var b strings.Builder
	doc := LookupTag(t.Name)
	writeTagDoc(&b, t.Name, doc)
	onValue := h.tok.Pos == t.ValueTok.Pos
	if onValue && doc != nil {
		for _, v := range doc.Values {
			if v.Value == t.Value && t.Name != "FEN" {
				b.WriteString("\n\n`" + v.Value + "`: " + v.Meaning + ".")
			}
		}
	}
	switch {
	case t.Name == "ECO":
		h.writeECOTag(&b, t)
	case t.Name == "FEN" && onValue:
		pos, _, err := readFEN(t.Value)
		if err != nil {
			reason := err.Error()
			var fe *board.FENError
			if errors.As(err, &fe) {
				reason = fe.Reason
			}
			b.WriteString("\n\nNot a valid position: " + reason + ".")
			break
		}
		b.WriteString("\n\n" + diagram(&pos, board.NoSquare, board.NoSquare))
		b.WriteString("\n" + sideLine(&pos))
	}
	return b.String()
}

// writeTagDoc writes the documentation of a tag.
func writeTagDoc(b *strings.Builder, name string, doc *TagDoc) {
	if doc == nil {
		b.WriteString("**" + name + "** — a tag the PGN standard does not define.")
		return
	}
	b.WriteString("**" + name + "** — ")
	switch {
	case doc.STR():
		b.WriteString("Seven Tag Roster (PGN standard, " + doc.Section + ")")
	case doc.Section != "":
		b.WriteString("supplemental tag (PGN standard, " + doc.Section + ")")
	default:
		b.WriteString("not in the PGN standard")
	}
	b.WriteString("\n\n" + doc.Summary + "\n\nValue: " + doc.Format)
	if len(doc.Examples) > 0 {
		b.WriteString(" Examples: ")
		for i, e := range doc.Examples {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString("`" + e + "`")
		}
		b.WriteString(".")
	}
}

// writeECOTag names the opening of the ECO tag's code and the deepest line
// of the ECO file that the game's main line follows.
func (h *hoverer) writeECOTag(b *strings.Builder, t *pgn.Tag) {
	book := h.eco()
	if book == nil {
		return
	}
	if lines := book.Code(t.Value); len(lines) > 0 {
		b.WriteString("\n\n`" + t.Value + "`: " + lines[0].Name() + ".")
	} else if t.Value != "" {
		b.WriteString("\n\n`" + t.Value + "` is not a code of the ECO file.")
	}
	g := h.game
	start := startOf(g)
	if start.fen != nil || !start.replayable() {
		return
	}
	states := replayStates(g, &start, g.Moves.Moves)
	if l, _ := book.Deepest(afterPositions(states)); l != nil {
		b.WriteString("\n\nThe moves follow " + ecoLineText(l) + ".")
		if len(t.Value) >= 3 && !strings.HasPrefix(l.Code, t.Value[:3]) {
			b.WriteString(" (The tag says " + t.Value + ".)")
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

func ecoLineText(l *ECOLine) string {
	return "**" + l.Code + "** " + l.Name() + " (" + l.Moves + ")"
}

// moveHover shows the position after the move under the cursor (its SAN or
// its move number), or why the move is not legal.
func (h *hoverer) moveHover() string {
	g := h.game
	frames := linesAt(g, h.tok.Pos)
	inner := frames[len(frames)-1]
	m, idx := moveOfToken(inner.line, h.tok.Pos)
	if m == nil {
		return ""
	}
	var b strings.Builder
	start := startOf(g)
	if !start.replayable() {
		b.WriteString("**" + m.Text + "**\n\n")
		if start.variant != nil {
			b.WriteString("Not replayed: the game is a variant (" + start.variant.Value + "), whose rules pgnls does not know.")
		} else {
			b.WriteString("Not replayed: the FEN tag is not a valid position.")
		}
		return b.String()
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
		b.WriteString("**" + m.Text + "** — " + where + "\n\nNot replayed: " + whyNotReached(states) + ".")
		return b.String()
	}
	side, n := st.Before.SideToMove(), st.Before.FullMoveNumber()
	dots := ". "
	if side == board.Black {
		dots = "... "
	}
	b.WriteString("**" + strconv.Itoa(n) + dots + m.Text + "** — " + colorTitle(side) + "'s " + ordinal(n) + " move, " + where + "\n\n")
	if !st.Legal {
		b.WriteString("**Illegal:** " + h.illegalReason(m) + "\n\nThe position before the move:\n\n")
		b.WriteString(diagram(&st.Before, board.NoSquare, board.NoSquare))
		b.WriteString("\nFEN: `" + st.Before.FEN() + "`")
		return b.String()
	}
	b.WriteString(diagram(&st.After, st.Move.From, st.Move.To))
	b.WriteString("\nFEN: `" + st.After.FEN() + "`")
	if book := h.eco(); book != nil && start.fen == nil {
		if l, _ := book.Deepest(afterPositions(states)); l != nil {
			b.WriteString("\n\nOpening: " + ecoLineText(l))
		}
	}
	return b.String()
}

// illegalReason returns the checker's message for an illegal move, so that
// the hover and the diagnostic say the same.
func (h *hoverer) illegalReason(m *pgn.Move) string {
	for _, d := range CheckGame(h.f, h.game) {
		if d.Pos == m.SAN.Pos && (d.Code == CodeIllegalMove || d.Code == CodeAmbiguousMove || d.Code == CodeMovesAfterEnd) {
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

func sideLine(pos *board.Position) string {
	return colorTitle(pos.SideToMove()) + " to move, move " + strconv.Itoa(pos.FullMoveNumber()) + ".\n\nFEN: `" + pos.FEN() + "`"
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

// diagram draws pos in a Markdown code block: rank 8 at the top, so White
// plays up the board, with Unicode pieces, '·' for an empty square, and
// the squares from and to (the last move; NoSquare for none) in brackets.
func diagram(pos *board.Position, from, to board.Square) string {
	var b strings.Builder
	b.WriteString("```text\n")
	var row strings.Builder
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
			} else {
				row.WriteString(" " + glyph + " ")
			}
		}
		b.WriteString(strings.TrimRight(row.String(), " "))
		b.WriteByte('\n')
	}
	b.WriteString("   a  b  c  d  e  f  g  h\n```\n")
	return b.String()
}
