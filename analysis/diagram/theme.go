package diagram

import "image/color"

// Brush is the colour of an arrow or a marked square, as lichess's comment
// commands name them: [%cal Ge2e4] draws a green arrow, [%csl Rd5] a red
// ring. The zero Brush is Green, lichess's colour for a shape drawn with
// no key held.
type Brush uint8

const (
	Green Brush = iota
	Red
	Yellow
	Blue
	brushCount
)

// BrushOf returns the brush of a %cal or %csl colour letter (G, R, Y or B;
// lower case too), and false for any other byte.
func BrushOf(letter byte) (Brush, bool) {
	switch letter | 0x20 {
	case 'g':
		return Green, true
	case 'r':
		return Red, true
	case 'y':
		return Yellow, true
	case 'b':
		return Blue, true
	}
	return Green, false
}

// String returns the brush's colour letter: "G", "R", "Y" or "B".
func (b Brush) String() string {
	if b >= brushCount {
		return "?"
	}
	return "GRYB"[b : b+1]
}

// Theme holds the colours of a board. A colour with an alpha under 255 is
// laid over what is below it, so a highlighted square keeps a hint of its
// own colour.
type Theme struct {
	Light, Dark color.NRGBA // the squares
	LastMove    color.NRGBA // over the last move's two squares
	Check       color.NRGBA // the glow under a king in check, at its centre
	// Brushes are the colours of the arrows and marked squares, by Brush
	// (Green, Red, Yellow, Blue).
	Brushes [brushCount]color.NRGBA
}

// The colours that every theme shares: lichess's, which the players who
// draw %cal arrows there already know.
var (
	lastMoveOverlay = color.NRGBA{155, 199, 0, 105}
	checkGlow       = color.NRGBA{255, 0, 0, 255}
	lichessBrushes  = [brushCount]color.NRGBA{
		Green:  {0x15, 0x78, 0x1b, 0xcc},
		Red:    {0x88, 0x20, 0x20, 0xcc},
		Yellow: {0xe6, 0x8f, 0x00, 0xcc},
		Blue:   {0x00, 0x30, 0x88, 0xcc},
	}
)

// The themes, after lichess's boards of the same names (ThemeNamed gives
// a copy: no package variable a caller could change). brownBoard is the
// default.
var (
	brownBoard = Theme{
		Light: color.NRGBA{0xf0, 0xd9, 0xb5, 0xff}, Dark: color.NRGBA{0xb5, 0x88, 0x63, 0xff},
		LastMove: lastMoveOverlay, Check: checkGlow, Brushes: lichessBrushes,
	}
	blueBoard = Theme{
		Light: color.NRGBA{0xde, 0xe3, 0xe6, 0xff}, Dark: color.NRGBA{0x8c, 0xa2, 0xad, 0xff},
		LastMove: lastMoveOverlay, Check: checkGlow, Brushes: lichessBrushes,
	}
	greenBoard = Theme{
		Light: color.NRGBA{0xff, 0xff, 0xdd, 0xff}, Dark: color.NRGBA{0x86, 0xa6, 0x66, 0xff},
		LastMove: lastMoveOverlay, Check: checkGlow, Brushes: lichessBrushes,
	}
)

// ThemeNames returns the names that ThemeNamed knows, the default
// ("brown") first.
func ThemeNames() []string { return []string{"brown", "blue", "green"} }

// ThemeNamed returns the theme of a name in ThemeNames (as a setting would
// spell it), and false for any other name.
func ThemeNamed(name string) (Theme, bool) {
	switch name {
	case "brown":
		return brownBoard, true
	case "blue":
		return blueBoard, true
	case "green":
		return greenBoard, true
	}
	return Theme{}, false
}
