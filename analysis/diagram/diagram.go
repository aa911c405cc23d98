// Package diagram draws a chess position as an SVG picture: the board in a
// theme's colours, the pieces (vector shapes of its own, see pieces.go),
// the coordinates, the last move's squares, a glow under a king in check,
// and the arrows and marked squares of lichess's [%cal] and [%csl] comment
// commands.
//
// The picture is meant to travel inside a hover, as a data: URI in
// Markdown (DataURI), so it is small and stands alone: each piece type is
// defined once and placed with <use>, numbers carry at most one decimal,
// there is no script, style sheet, external reference or embedded font
// (the coordinates ask for the generic family sans-serif), and only
// presentation attributes, which every SVG renderer reads, colour it. A
// full board with coordinates is about 4 KB.
package diagram

import (
	"bytes"
	"encoding/base64"
	"image/color"
	"math"
	"strconv"

	"pgnls/analysis/board"
)

// DefaultSize is the width and height, in pixels, of a picture whose
// Options ask for none.
const DefaultSize = 320

// squareUnits is the side of a square in the picture's own units (its
// viewBox): the pieces are drawn on a grid of 45, so they are placed
// without scaling, at whole-unit offsets.
const squareUnits = 45

// boardUnits is the side of the board in the same units.
const boardUnits = 8 * squareUnits

// Options say what Render draws besides the pieces. The zero value is a
// board of DefaultSize, White at the bottom, in the brown theme's colours,
// with no coordinates, highlight, arrow or mark.
type Options struct {
	// Size is the width and height of the picture in pixels; 0 or less
	// means DefaultSize. The picture scales without loss to any size.
	Size int
	// Orientation is the side at the bottom of the board.
	Orientation board.Color
	// Coordinates draws the file letters in the bottom row of squares and
	// the rank digits in the left column, as lichess does, so the board
	// keeps its size.
	Coordinates bool
	// LastMove's From and To squares are highlighted in the theme's
	// LastMove colour (a castling as the king's move, as board.Move
	// writes it). A move with From equal to To, such as the zero Move or
	// a null move, highlights nothing.
	LastMove board.Move
	// Arrows are drawn over the pieces, in order. An arrow from a square
	// to itself is drawn as a marked square, as lichess does.
	Arrows []Arrow
	// Marks are rings drawn over the squares' pieces.
	Marks []Mark
	// Theme holds the colours; its zero value means the brown theme.
	Theme Theme
}

// Arrow is an arrow from the centre of one square to the centre of
// another: a [%cal] entry such as Ge2e4.
type Arrow struct {
	From, To board.Square
	Brush    Brush
}

// Mark is a ring around a square: a [%csl] entry such as Rd5.
type Mark struct {
	Square board.Square
	Brush  Brush
}

// Render returns the SVG picture of pos drawn as opts say. It draws what
// can be drawn: an arrow or mark with a square off the board (NoSquare) or
// an unknown brush is left out, and a nil pos is an empty board. The glow
// under the king of the side to move is drawn when that side is in check.
// The same inputs always give the same bytes.
func Render(pos *board.Position, opts Options) []byte {
	if opts.Size <= 0 {
		opts.Size = DefaultSize
	}
	if opts.Theme == (Theme{}) {
		opts.Theme = brownBoard
	}
	r := renderer{opts: &opts, theme: &opts.Theme}
	r.picture(pos)
	return r.buf.Bytes()
}

// DataURI returns svg as a data: URI, for the src of an image: in
// Markdown, ![board](DataURI(svg)). It is base64: a Markdown image's URI
// may hold no space, and base64 holds no space, parenthesis or quote that
// could end it early. (VS Code's hovers show data: images; they cut a
// Markdown text after 100,000 characters, some 18 boards at DefaultSize.)
func DataURI(svg []byte) string {
	const prefix = "data:image/svg+xml;base64,"
	out := make([]byte, len(prefix)+base64.StdEncoding.EncodedLen(len(svg)))
	copy(out, prefix)
	base64.StdEncoding.Encode(out[len(prefix):], svg)
	return string(out)
}

// renderer writes one picture.
type renderer struct {
	buf   bytes.Buffer
	opts  *Options
	theme *Theme
}

func (r *renderer) picture(pos *board.Position) {
	r.s(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 `)
	r.n(boardUnits)
	r.s(" ")
	r.n(boardUnits)
	r.s(`" width="`)
	r.n(float64(r.opts.Size))
	r.s(`" height="`)
	r.n(float64(r.opts.Size))
	r.s(`">`)
	check := checkedKing(pos)
	r.defs(pos, check != board.NoSquare)
	r.squares()
	r.lastMove()
	if check != board.NoSquare {
		r.s(`<rect x="`)
		r.n(r.left(check))
		r.s(`" y="`)
		r.n(r.top(check))
		r.s(`" width="45" height="45" fill="url(#c)"/>`)
	}
	if r.opts.Coordinates {
		r.coordinates()
	}
	r.pieces(pos)
	r.marks()
	r.arrows()
	r.s("</svg>\n")
}

// defs defines the piece types on the board, and the check glow's
// gradient when a king is in check.
func (r *renderer) defs(pos *board.Position, check bool) {
	var present [board.King + 1]bool
	some := false
	for sq := board.A1; sq <= board.H8; sq++ {
		if pt, _, ok := pieceAt(pos, sq); ok {
			present[pt], some = true, true
		}
	}
	if !some && !check {
		return
	}
	r.s("<defs>")
	for pt := board.Pawn; pt <= board.King; pt++ {
		if present[pt] {
			r.pieceDef(&pieceShapes[pt])
		}
	}
	if check {
		// Lichess's glow: full at the centre, gone before the corners.
		glow := r.theme.Check
		r.s(`<radialGradient id="c">`)
		for _, stop := range []struct {
			offset string
			alpha  uint8
		}{{"0", glow.A}, {".3", glow.A}, {".9", 0}} {
			r.s(`<stop offset="`)
			r.s(stop.offset)
			r.s(`" stop-color="`)
			r.color(glow)
			r.s(`"`)
			if stop.alpha != 0xff {
				r.s(` stop-opacity="`)
				r.opacity(stop.alpha)
				r.s(`"`)
			}
			r.s("/>")
		}
		r.s("</radialGradient>")
	}
	r.s("</defs>")
}

func (r *renderer) pieceDef(p *pieceShape) {
	r.s(`<g id="`)
	r.s(p.id)
	r.s(`">`)
	for _, d := range p.body {
		r.s(`<path d="`)
		r.s(d)
		r.s(`"/>`)
	}
	if p.outline != "" {
		r.s(`<path fill="none" d="`)
		r.s(p.outline)
		r.s(`"/>`)
	}
	if p.details != "" {
		r.s(`<path fill="none" stroke="currentColor" d="`)
		r.s(p.details)
		r.s(`"/>`)
	}
	r.s("</g>")
}

// squares paints the board light, then the dark squares of the top two
// rows as one path, used again for the other three pairs of rows. The
// dark squares are at the same places whichever side is at the bottom (a1
// and h8 are both dark), so they do not depend on Orientation.
func (r *renderer) squares() {
	r.s(`<rect width="360" height="360"`)
	r.fill(r.theme.Light)
	r.s(`/><path id="d"`)
	r.fill(r.theme.Dark)
	r.s(` d="`)
	for row := 0; row < 2; row++ {
		for col := 1 - row; col < 8; col += 2 {
			r.squarePath(float64(col*squareUnits), float64(row*squareUnits))
		}
	}
	r.s(`"/>`)
	for pair := 1; pair < 4; pair++ {
		r.s(`<use href="#d" y="`)
		r.n(float64(2 * pair * squareUnits))
		r.s(`"/>`)
	}
}

func (r *renderer) squarePath(x, y float64) {
	r.s("M")
	r.n(x)
	r.s(" ")
	r.n(y)
	r.s("h45v45h-45z")
}

func (r *renderer) lastMove() {
	m := r.opts.LastMove
	if m.From == m.To || !onBoard(m.From) || !onBoard(m.To) {
		return
	}
	r.s(`<path`)
	r.fill(r.theme.LastMove)
	r.s(` d="`)
	r.squarePath(r.left(m.From), r.top(m.From))
	r.squarePath(r.left(m.To), r.top(m.To))
	r.s(`"/>`)
}

// coordinates writes the rank digits at the top left of the left column's
// squares and the file letters at the bottom right of the bottom row's,
// each in the colour of the squares it is not on.
func (r *renderer) coordinates() {
	r.s(`<g font-family="sans-serif" font-size="10" font-weight="bold">`)
	// The bottom-left square is always dark (a1, or h8 from Black's side),
	// and so is every other square from it along the left column and the
	// bottom row: the labels on those are light.
	for _, onDark := range []bool{true, false} {
		r.s("<g")
		if onDark {
			r.fill(r.theme.Light)
		} else {
			r.fill(r.theme.Dark)
		}
		r.s(">")
		for i := 0; i < 8; i++ { // the i-th square up the left column
			if (i%2 == 0) == onDark {
				r.s(`<text x="2" y="`)
				r.n(float64((7-i)*squareUnits + 10))
				r.s(`">`)
				r.buf.WriteByte(byte('1' + r.fromBottomLeft(i)))
				r.s("</text>")
			}
		}
		r.s(`<g text-anchor="end">`)
		for i := 0; i < 8; i++ { // the i-th square along the bottom row
			if (i%2 == 0) == onDark {
				r.s(`<text x="`)
				r.n(float64((i+1)*squareUnits - 2))
				r.s(`" y="357">`)
				r.buf.WriteByte(byte('a' + r.fromBottomLeft(i)))
				r.s("</text>")
			}
		}
		r.s("</g></g>")
	}
	r.s("</g>")
}

// fromBottomLeft returns the rank (or file) of the i-th square from the
// bottom-left corner up the left column (or along the bottom row).
func (r *renderer) fromBottomLeft(i int) int {
	if r.opts.Orientation == board.Black {
		return 7 - i
	}
	return i
}

// pieces places the pieces, the white ones, then the black ones, each
// group giving its pieces their colours.
func (r *renderer) pieces(pos *board.Position) {
	var placed [2]bytes.Buffer
	for sq := board.A1; sq <= board.H8; sq++ {
		pt, c, ok := pieceAt(pos, sq)
		if !ok {
			continue
		}
		b := &placed[c]
		b.WriteString(`<use href="#`)
		b.WriteString(pieceShapes[pt].id)
		b.WriteString(`" x="`)
		b.Write(appendNumber(b.AvailableBuffer(), r.left(sq)))
		b.WriteString(`" y="`)
		b.Write(appendNumber(b.AvailableBuffer(), r.top(sq)))
		b.WriteString(`"/>`)
	}
	if placed[board.White].Len() == 0 && placed[board.Black].Len() == 0 {
		return
	}
	r.s(`<g stroke-width="1.5" stroke-linejoin="round" stroke-linecap="round">`)
	colours := [2]string{
		board.White: `<g fill="#fff" stroke="#000" color="#000">`,
		board.Black: `<g fill="#000" stroke="#000" color="#fff">`,
	}
	for c := board.White; c <= board.Black; c++ {
		if placed[c].Len() > 0 {
			r.s(colours[c])
			r.buf.Write(placed[c].Bytes())
			r.s("</g>")
		}
	}
	r.s("</g>")
}

// marks draws a ring for each mark and for each arrow that starts and
// ends on the same square.
func (r *renderer) marks() {
	rings := append([]Mark(nil), r.opts.Marks...)
	for _, a := range r.opts.Arrows {
		if a.From == a.To {
			rings = append(rings, Mark{a.From, a.Brush})
		}
	}
	for _, m := range rings {
		if !onBoard(m.Square) || m.Brush >= brushCount {
			continue
		}
		r.s(`<circle cx="`)
		r.n(r.left(m.Square) + squareUnits/2)
		r.s(`" cy="`)
		r.n(r.top(m.Square) + squareUnits/2)
		r.s(`" r="20.5" fill="none" stroke-width="3.5"`)
		r.stroke(r.theme.Brushes[m.Brush])
		r.s("/>")
	}
}

// The arrows' proportions, in units (a square is 45): the shaft's width,
// and the head's width and length.
const (
	arrowShaft      = 8
	arrowHeadWidth  = 22
	arrowHeadLength = 17
)

// arrows draws each arrow as one polygon, shaft and head together, so that
// a translucent arrow does not show a darker seam where they would meet.
// It starts at the centre of its first square and points at the centre of
// its last.
func (r *renderer) arrows() {
	for _, a := range r.opts.Arrows {
		if a.From == a.To || !onBoard(a.From) || !onBoard(a.To) || a.Brush >= brushCount {
			continue
		}
		x0, y0 := r.left(a.From)+squareUnits/2, r.top(a.From)+squareUnits/2
		x1, y1 := r.left(a.To)+squareUnits/2, r.top(a.To)+squareUnits/2
		length := math.Hypot(x1-x0, y1-y0)
		ux, uy := (x1-x0)/length, (y1-y0)/length // along the arrow
		nx, ny := -uy, ux                        // across it
		bx, by := x1-ux*arrowHeadLength, y1-uy*arrowHeadLength
		points := [7][2]float64{
			{x0 + nx*arrowShaft/2, y0 + ny*arrowShaft/2},
			{bx + nx*arrowShaft/2, by + ny*arrowShaft/2},
			{bx + nx*arrowHeadWidth/2, by + ny*arrowHeadWidth/2},
			{x1, y1},
			{bx - nx*arrowHeadWidth/2, by - ny*arrowHeadWidth/2},
			{bx - nx*arrowShaft/2, by - ny*arrowShaft/2},
			{x0 - nx*arrowShaft/2, y0 - ny*arrowShaft/2},
		}
		r.s(`<path`)
		r.fill(r.theme.Brushes[a.Brush])
		r.s(` d="M`)
		for i, p := range points {
			if i > 0 {
				r.s(" ")
			}
			r.n(p[0])
			r.s(" ")
			r.n(p[1])
		}
		r.s(`z"/>`)
	}
}

// left and top return the picture coordinates of the top-left corner of
// sq's square, as the board is oriented.
func (r *renderer) left(sq board.Square) float64 {
	col := sq.File()
	if r.opts.Orientation == board.Black {
		col = 7 - col
	}
	return float64(col * squareUnits)
}

func (r *renderer) top(sq board.Square) float64 {
	row := 7 - sq.Rank()
	if r.opts.Orientation == board.Black {
		row = sq.Rank()
	}
	return float64(row * squareUnits)
}

func (r *renderer) s(text string) { r.buf.WriteString(text) }

func (r *renderer) n(v float64) { r.buf.Write(appendNumber(r.buf.AvailableBuffer(), v)) }

// fill and stroke write a colour attribute, with its opacity when the
// colour is translucent.
func (r *renderer) fill(c color.NRGBA) {
	r.s(` fill="`)
	r.color(c)
	r.s(`"`)
	if c.A != 0xff {
		r.s(` fill-opacity="`)
		r.opacity(c.A)
		r.s(`"`)
	}
}

func (r *renderer) stroke(c color.NRGBA) {
	r.s(` stroke="`)
	r.color(c)
	r.s(`"`)
	if c.A != 0xff {
		r.s(` stroke-opacity="`)
		r.opacity(c.A)
		r.s(`"`)
	}
}

// color writes #rrggbb, or #rgb when that says the same.
func (r *renderer) color(c color.NRGBA) {
	const hex = "0123456789abcdef"
	r.buf.WriteByte('#')
	if c.R%17 == 0 && c.G%17 == 0 && c.B%17 == 0 {
		r.buf.Write([]byte{hex[c.R/17], hex[c.G/17], hex[c.B/17]})
		return
	}
	r.buf.Write([]byte{hex[c.R>>4], hex[c.R&15], hex[c.G>>4], hex[c.G&15], hex[c.B>>4], hex[c.B&15]})
}

// opacity writes an alpha as a fraction of 1 with two decimals: finer
// steps than 1/100 do not show.
func (r *renderer) opacity(a uint8) {
	v := math.Round(float64(a)/255*100) / 100
	b := strconv.AppendFloat(nil, v, 'f', -1, 64)
	if len(b) > 1 && b[0] == '0' {
		b = b[1:] // ".41": SVG numbers need no leading zero
	}
	r.buf.Write(b)
}

// appendNumber appends v rounded to one decimal, the finest step that
// shows on a square of 45 units, without a trailing ".0" or a leading
// zero.
func appendNumber(dst []byte, v float64) []byte {
	v = math.Round(v*10) / 10
	if v == 0 {
		v = 0 // no "-0"
	}
	b := strconv.AppendFloat(dst, v, 'f', -1, 64)
	switch {
	case len(b) > len(dst)+1 && b[len(dst)] == '0':
		b = append(b[:len(dst)], b[len(dst)+1:]...)
	case len(b) > len(dst)+2 && b[len(dst)] == '-' && b[len(dst)+1] == '0':
		b = append(b[:len(dst)+1], b[len(dst)+2:]...)
	}
	return b
}

// checkedKing returns the square of the king of the side to move when it
// is in check, and NoSquare otherwise.
func checkedKing(pos *board.Position) board.Square {
	if pos == nil || !pos.InCheck() {
		return board.NoSquare
	}
	side := pos.SideToMove()
	for sq := board.A1; sq <= board.H8; sq++ {
		if pt, c, ok := pos.PieceAt(sq); ok && pt == board.King && c == side {
			return sq
		}
	}
	return board.NoSquare
}

func pieceAt(pos *board.Position, sq board.Square) (board.PieceType, board.Color, bool) {
	if pos == nil {
		return board.NoPieceType, board.White, false
	}
	return pos.PieceAt(sq)
}

func onBoard(sq board.Square) bool { return sq >= board.A1 && sq <= board.H8 }
