package diagram

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"testing"

	"pgnls/analysis/board"
)

// These tests turn pictures into pixels with rsvg-convert (Debian's
// librsvg2-bin, the library that Emacs, GNOME and many others draw SVG
// with) and look at a few: the checks that a golden file cannot make, that
// what is written is what is seen. Without rsvg-convert they skip, unless
// PGNLS_REQUIRE_RSVG is set (as CI sets it), when they fail.

// rasterize returns svg drawn by rsvg-convert at the size it declares.
func rasterize(t *testing.T, svg []byte) image.Image {
	t.Helper()
	tool, err := exec.LookPath("rsvg-convert")
	if err != nil {
		if os.Getenv("PGNLS_REQUIRE_RSVG") != "" {
			t.Fatal("rsvg-convert is not installed (Debian package librsvg2-bin), and PGNLS_REQUIRE_RSVG is set")
		}
		t.Skip("rsvg-convert is not installed (Debian package librsvg2-bin): the pictures are not rendered")
	}
	cmd := exec.Command(tool, "--format=png")
	cmd.Stdin = bytes.NewReader(svg)
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("rsvg-convert: %v: %s", err, stderr.Bytes())
	}
	if stderr.Len() > 0 {
		t.Errorf("rsvg-convert warned: %s", stderr.Bytes())
	}
	img, err := png.Decode(&out)
	if err != nil {
		t.Fatalf("rsvg-convert's PNG: %v", err)
	}
	return img
}

// raster is a rendered board with the geometry to find a square's pixels.
type raster struct {
	img   image.Image
	scale float64 // pixels per unit (a square is 45 units)
	side  board.Color
}

func render(t *testing.T, pos *board.Position, opts Options) raster {
	t.Helper()
	img := rasterize(t, Render(pos, opts))
	size := opts.Size
	if size <= 0 {
		size = DefaultSize
	}
	if b := img.Bounds(); b.Dx() != size || b.Dy() != size {
		t.Fatalf("the PNG is %dx%d, want %dx%d", b.Dx(), b.Dy(), size, size)
	}
	return raster{img: img, scale: float64(size) / boardUnits, side: opts.Orientation}
}

// at returns the colour of the pixel at (x, y) units from the top-left
// corner of sq's square, as the board is oriented.
func (r raster) at(sq board.Square, x, y float64) color.NRGBA {
	col, row := sq.File(), 7-sq.Rank()
	if r.side == board.Black {
		col, row = 7-col, sq.Rank()
	}
	px := int((float64(col*squareUnits) + x) * r.scale)
	py := int((float64(row*squareUnits) + y) * r.scale)
	return color.NRGBAModel.Convert(r.img.At(px, py)).(color.NRGBA)
}

// Points inside a square, in units, chosen against the pieces' shapes.
const (
	// cornerX, cornerY is near the bottom-right corner: no piece reaches
	// it, and without coordinates nothing else is drawn there.
	cornerX, cornerY = 42, 42
	// baseX, baseY is inside the base that every piece stands on, clear
	// of its outline and detail lines.
	baseX, baseY = 22.5, 36.5
	// ringX, ringY is on a mark's ring, right of the centre.
	ringX, ringY = 43, 22.5
)

// over is what a translucent colour laid on an opaque one looks like.
func over(base, top color.NRGBA) color.NRGBA {
	a := float64(top.A) / 255
	mix := func(b, t uint8) uint8 { return uint8(float64(b)*(1-a) + float64(t)*a + 0.5) }
	return color.NRGBA{mix(base.R, top.R), mix(base.G, top.G), mix(base.B, top.B), 0xff}
}

// near reports whether two colours differ by at most 4 in each channel:
// the written opacities are rounded to hundredths, and antialiasing
// differs by a level or two between versions of librsvg.
func near(a, b color.NRGBA) bool {
	d := func(x, y uint8) bool { return int(x)-int(y) <= 4 && int(y)-int(x) <= 4 }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B) && d(a.A, b.A)
}

func hex(c color.NRGBA) string { return fmt.Sprintf("#%02x%02x%02x/%02x", c.R, c.G, c.B, c.A) }

func squareColour(th Theme, sq board.Square) color.NRGBA {
	if (sq.File()+sq.Rank())%2 == 0 {
		return th.Dark
	}
	return th.Light
}

var (
	white = color.NRGBA{0xff, 0xff, 0xff, 0xff}
	black = color.NRGBA{0, 0, 0, 0xff}
)

// TestRenderedSquaresAndPiecesAreWhereThePositionHasThem checks all 64
// squares of an asymmetric position from both sides: the square's light
// or dark colour near its corner, and at the piece's base white for a
// white piece, black for a black one, the square's colour for none. So a
// flip of the board, a piece on the wrong square or in the wrong colour,
// or squares of the wrong colour all show.
func TestRenderedSquaresAndPiecesAreWhereThePositionHasThem(t *testing.T) {
	pos := mustFEN(t, afterScholarsMate)
	for _, side := range []board.Color{board.White, board.Black} {
		r := render(t, pos, Options{Orientation: side, Size: boardUnits})
		for sq := board.A1; sq <= board.H8; sq++ {
			square := squareColour(brownBoard, sq)
			if got := r.at(sq, cornerX, cornerY); !near(got, square) {
				t.Errorf("%v at the bottom: %v's corner is %s, want %s", side, sq, hex(got), hex(square))
			}
			want := square
			if _, c, ok := pos.PieceAt(sq); ok {
				want = map[board.Color]color.NRGBA{board.White: white, board.Black: black}[c]
			}
			if got := r.at(sq, baseX, baseY); !near(got, want) {
				t.Errorf("%v at the bottom: %v's piece base is %s, want %s", side, sq, hex(got), hex(want))
			}
		}
	}
}

// TestRenderedLastMoveIsHighlighted: the last move's two squares, and no
// other, are the theme's LastMove colour over their own.
func TestRenderedLastMoveIsHighlighted(t *testing.T) {
	pos := mustFEN(t, afterScholarsMate)
	for _, th := range []Theme{brownBoard, blueBoard} {
		r := render(t, pos, Options{Size: boardUnits, Theme: th, LastMove: board.Move{From: board.H5, To: board.F7}})
		for sq := board.A1; sq <= board.H8; sq++ {
			want := squareColour(th, sq)
			if sq == board.H5 || sq == board.F7 {
				want = over(want, th.LastMove)
			}
			if got := r.at(sq, cornerX, cornerY); !near(got, want) {
				t.Errorf("%v is %s, want %s", sq, hex(got), hex(want))
			}
		}
	}
}

// TestRenderedCheckGlowsRed: beside the checked king, inside its square,
// the square is redder than the same square without check.
func TestRenderedCheckGlowsRed(t *testing.T) {
	checked := render(t, mustFEN(t, afterScholarsMate), Options{Size: boardUnits})
	calm := render(t, mustFEN(t, board.StartFEN), Options{Size: boardUnits})
	redness := func(c color.NRGBA) int { return int(c.R) - (int(c.G)+int(c.B))/2 }
	glow, plain := checked.at(board.E8, 5, 22.5), calm.at(board.E8, 5, 22.5)
	if redness(glow) < redness(plain)+40 {
		t.Errorf("beside the king in check e8 is %s, hardly redder than %s without check", hex(glow), hex(plain))
	}
	if got := checked.at(board.E8, 1, 1); !near(got, brownBoard.Light) {
		t.Errorf("the glow reaches e8's corner: %s", hex(got))
	}
}

// TestRenderedArrowsAndRingsHaveTheirBrushes: an arrow along the empty
// third rank is its brush's colour over each square it crosses, and stops
// at h3's centre; a ring is its brush's colour on its edge and leaves the
// square's centre as it was.
func TestRenderedArrowsAndRingsHaveTheirBrushes(t *testing.T) {
	start := board.StartPosition()
	th := brownBoard
	r := render(t, &start, Options{
		Size:   boardUnits,
		Arrows: []Arrow{{board.A3, board.H3, Green}, {board.C6, board.C6, Yellow}},
		Marks:  []Mark{{board.E5, Red}, {board.D4, Blue}},
	})
	for _, sq := range []board.Square{board.B3, board.C3, board.D3, board.E3, board.F3, board.G3} {
		want := over(squareColour(th, sq), th.Brushes[Green])
		if got := r.at(sq, 22.5, 22.5); !near(got, want) {
			t.Errorf("the green arrow at %v is %s, want %s", sq, hex(got), hex(want))
		}
	}
	if got, want := r.at(board.H3, 40, 22.5), squareColour(th, board.H3); !near(got, want) {
		t.Errorf("the arrow goes past h3's centre: %s, want %s", hex(got), hex(want))
	}
	for sq, brush := range map[board.Square]Brush{board.E5: Red, board.D4: Blue, board.C6: Yellow} {
		square := squareColour(th, sq)
		if got, want := r.at(sq, ringX, ringY), over(square, th.Brushes[brush]); !near(got, want) {
			t.Errorf("the %v ring on %v is %s, want %s", brush, sq, hex(got), hex(want))
		}
		if got := r.at(sq, 22.5, 22.5); !near(got, square) {
			t.Errorf("the ring on %v fills its centre: %s, want %s", sq, hex(got), hex(square))
		}
	}
}

// TestRenderedCoordinatesAreInTheCorners: with coordinates, the corner of
// a1 where its "a" is has the light colour (the label) and the same place
// on b1 the dark one; without, the squares are plain there.
func TestRenderedCoordinatesAreInTheCorners(t *testing.T) {
	start := board.StartPosition()
	plain := render(t, &start, Options{Size: boardUnits * 2})
	labelled := render(t, &start, Options{Size: boardUnits * 2, Coordinates: true})
	// Count the pixels of a label's colour in the label's box.
	count := func(r raster, sq board.Square, x0, y0 float64, c color.NRGBA) int {
		n := 0
		for y := y0; y < y0+9; y += .5 {
			for x := x0; x < x0+7; x += .5 {
				if near(r.at(sq, x, y), c) {
					n++
				}
			}
		}
		return n
	}
	for _, tc := range []struct {
		sq     board.Square
		x, y   float64 // the label box's top-left corner, in units
		colour color.NRGBA
	}{
		{board.A1, 36, 34, brownBoard.Light}, // "a"
		{board.B1, 36, 34, brownBoard.Dark},  // "b"
		{board.A1, 1, 1, brownBoard.Light},   // "1"
		{board.A2, 1, 1, brownBoard.Dark},    // "2"
	} {
		if n := count(plain, tc.sq, tc.x, tc.y, tc.colour); n != 0 {
			t.Errorf("without coordinates %v has %d pixels of %s where its label would be", tc.sq, n, hex(tc.colour))
		}
		if n := count(labelled, tc.sq, tc.x, tc.y, tc.colour); n < 10 {
			t.Errorf("with coordinates %v has only %d pixels of %s where its label is", tc.sq, n, hex(tc.colour))
		}
	}
}

// TestRenderedAtEverySize: the PNG has the requested size, from a small
// hover board to a large panel, and the pieces are still where they were.
func TestRenderedAtEverySize(t *testing.T) {
	start := board.StartPosition()
	for _, size := range []int{120, 240, DefaultSize, 720} {
		r := render(t, &start, Options{Size: size, Coordinates: true})
		// Inside the left half of the king's crown.
		if got := r.at(board.E1, 16.5, 25.5); !near(got, white) {
			t.Errorf("size %d: the white king's crown is %s", size, hex(got))
		}
		if got := r.at(board.E8, 16.5, 25.5); !near(got, black) {
			t.Errorf("size %d: the black king's crown is %s", size, hex(got))
		}
		if got := r.at(board.E4, 22.5, 22.5); !near(got, brownBoard.Light) {
			t.Errorf("size %d: e4 is %s", size, hex(got))
		}
		if got := r.at(board.D4, 22.5, 22.5); !near(got, brownBoard.Dark) {
			t.Errorf("size %d: d4 is %s", size, hex(got))
		}
	}
}
