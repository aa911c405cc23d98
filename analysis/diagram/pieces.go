package diagram

import "pgnls/analysis/board"

// The pieces were drawn for pgnls (no set is copied or adapted), on a
// square of 45 units, the board's square, standing on a line at y = 39.
// Each is one <g> in the SVG's <defs> with up to three layers, painted in
// order:
//
//   - the body, closed paths that take the fill and stroke of the <use>
//     (white with a black outline, or black with a black outline);
//   - outline strokes, open paths in the outline colour (fill="none"),
//     such as the king's cross, which stays black on both kings;
//   - details, open paths in currentColor (the <use>'s color: black on a
//     white piece, white on a black one), the lines that part a base from
//     a body, which a black body would otherwise swallow.
//
// Both colours share one definition, so a board with every piece type
// carries six shapes, not twelve.
type pieceShape struct {
	id      string // the <g>'s id, one letter, as <use href="#k"> names it
	body    []string
	outline string
	details string
}

var pieceShapes = [board.King + 1]pieceShape{
	board.Pawn: {
		id: "p",
		body: []string{
			"M20 16.2A4.5 4.5 0 1 1 25 16.2V17.5H27.5a1.5 1.5 0 0 1 0 3H26C26 27 29 31 31.5 34H33V38.5H12V34H13.5C16 31 19 27 19 20.5H17.5a1.5 1.5 0 0 1 0-3H20z",
		},
		details: "M13.5 34h18",
	},
	board.Knight: {
		id: "n",
		body: []string{
			"M13 38C13 31 16 28.5 19 25.5C17 26.5 14 28 12 27.5C10 27 9 25.5 9.5 23.5C10 20 14 15 18 11.5L19.5 6.5L22.5 9.5L25 6L26 10C32 12 36 19 35.5 28C35.3 32 34 35 34 38z",
			"M11.5 35h23v3.5h-23z",
		},
		details: "M16 16.5l2-1M11.5 23.5h.5M27 11.5c5 3 7 9 6.5 16",
	},
	board.Bishop: {
		id: "b",
		body: []string{
			"M17 31C17 33 14 34.5 11 35V38.5H34V35C31 34.5 28 33 28 31z",
			"M16 27.5h13V31H16z",
			"M22.5 10C28.5 13.5 31 19.5 29 27.5H16C14 19.5 16.5 13.5 22.5 10z",
			"M25 8a2.5 2.5 0 1 1-5 0a2.5 2.5 0 1 1 5 0z",
		},
		details: "M25.5 14.5l-5.5 7M11 35h23",
	},
	board.Rook: {
		id: "r",
		body: []string{
			"M10 39V35H12.5V31.5H15.5V17H13V9H17V12H20.5V9H24.5V12H28V9H32V17H29.5V31.5H32.5V35H35V39z",
		},
		details: "M13 14h19M13 17h19M12.5 31.5h20M10 35h25",
	},
	board.Queen: {
		id: "q",
		body: []string{
			"M13 35L9 14L16 25L15.5 11L20.5 24L22.5 9.5L24.5 24L29.5 11L29 25L36 14L32 35z",
			"M11.5 35h22v3.5h-22z",
			"M11 14a2 2 0 1 1-4 0a2 2 0 1 1 4 0zM17.5 11a2 2 0 1 1-4 0a2 2 0 1 1 4 0zM24.5 9.5a2 2 0 1 1-4 0a2 2 0 1 1 4 0zM31.5 11a2 2 0 1 1-4 0a2 2 0 1 1 4 0zM38 14a2 2 0 1 1-4 0a2 2 0 1 1 4 0z",
		},
		details: "M12 30.5c6-2 15-2 21 0M11.5 35h22",
	},
	board.King: {
		id: "k",
		body: []string{
			"M13.5 35C11 31 8 27 9 23C10 18 17 16 22.5 21C28 16 35 18 36 23C37 27 34 31 31.5 35z",
			"M22.5 24C20 20 19.5 17 20 15C20.5 13 21.5 12 22.5 12C23.5 12 24.5 13 25 15C25.5 17 25 20 22.5 24z",
			"M11.5 35h22v3.5h-22z",
		},
		outline: "M22.5 4.5V12M19.5 7.5h6",
		details: "M12.5 30.5c6-2.5 14-2.5 20 0M11.5 35h22",
	},
}
