package diagram

import (
	"bytes"
	"encoding/base64"
	"encoding/xml"
	"flag"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"pgnls/analysis/board"
)

var update = flag.Bool("update", false, "rewrite the golden SVGs in testdata/")

func mustFEN(t testing.TB, fen string) *board.Position {
	t.Helper()
	p, err := board.ParseFEN(fen)
	if err != nil {
		t.Fatalf("ParseFEN(%q): %v", fen, err)
	}
	return &p
}

// afterScholarsMate is Black checkmated by Qxf7#, the position that the
// annotated cases draw: a king in check, a last move, room for arrows.
const afterScholarsMate = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"

// goldenCase is a picture whose bytes are kept in testdata/NAME.svg.
type goldenCase struct {
	name string
	fen  string // "" for a nil position
	opts Options
}

func goldenCases() []goldenCase {
	annotated := Options{
		Coordinates: true,
		LastMove:    board.Move{From: board.H5, To: board.F7},
		Arrows: []Arrow{
			{board.C4, board.F7, Green},
			{board.G1, board.F3, Red},
			{board.D2, board.D4, Blue},
			{board.E4, board.E4, Yellow}, // a ring, as lichess draws it
		},
		Marks: []Mark{{board.E5, Red}, {board.C6, Yellow}},
	}
	flipped := annotated
	flipped.Orientation = board.Black
	flipped.Theme = blueBoard
	return []goldenCase{
		{"start", board.StartFEN, Options{Coordinates: true}},
		{"start-black", board.StartFEN, Options{Coordinates: true, Orientation: board.Black}},
		{"annotated", afterScholarsMate, annotated},
		{"annotated-black-blue", afterScholarsMate, flipped},
		{"bare-green-200", "8/5k2/8/8/3Q4/8/2K5/8 b - - 0 60", Options{Size: 200, Theme: greenBoard}},
		{"empty", "", Options{Coordinates: true}},
	}
}

func (c goldenCase) render(t testing.TB) []byte {
	var pos *board.Position
	if c.fen != "" {
		pos = mustFEN(t, c.fen)
	}
	return Render(pos, c.opts)
}

// TestRenderMatchesGoldenSVGs keeps every byte of the pictures: a change
// shows in the diff of testdata/*.svg (go test -update rewrites them, to
// be looked at before they are committed).
func TestRenderMatchesGoldenSVGs(t *testing.T) {
	for _, c := range goldenCases() {
		t.Run(c.name, func(t *testing.T) {
			got := c.render(t)
			path := filepath.Join("testdata", c.name+".svg")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test -update writes it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("Render differs from %s (go test -update rewrites it):\n got: %s\nwant: %s", path, got, want)
			}
		})
	}
}

// element is one parsed XML element of a picture.
type element struct {
	name  string
	attrs map[string]string
	text  string
}

// parseSVG reads svg with encoding/xml, failing the test on any error, and
// returns its elements in document order.
func parseSVG(t *testing.T, svg []byte) []*element {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(svg))
	var elems, open []*element
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, svg)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			e := &element{name: tok.Name.Local, attrs: map[string]string{}}
			if tok.Name.Space != "http://www.w3.org/2000/svg" {
				t.Errorf("<%s> is in namespace %q, not SVG's", e.name, tok.Name.Space)
			}
			for _, a := range tok.Attr {
				if a.Name.Space != "" && a.Name.Space != "xmlns" {
					t.Errorf("<%s> has attribute %s:%s outside SVG's namespace", e.name, a.Name.Space, a.Name.Local)
				}
				e.attrs[a.Name.Local] = a.Value
			}
			elems = append(elems, e)
			open = append(open, e)
		case xml.EndElement:
			open = open[:len(open)-1]
		case xml.CharData:
			if len(open) > 0 {
				open[len(open)-1].text += string(tok)
			}
		case xml.ProcInst, xml.Directive:
			t.Errorf("unexpected %T in the picture", tok)
		}
	}
	if len(elems) == 0 || elems[0].name != "svg" {
		t.Fatalf("the root element is not <svg>:\n%s", svg)
	}
	return elems
}

// TestSVGIsWellFormedAndSelfContained parses every golden picture with
// encoding/xml and checks what a hover's <img> needs: nothing outside the
// picture (every href and url() names an id inside it), no script, style
// sheet, embedded image, foreign object or named font, and the size the
// options asked for.
func TestSVGIsWellFormedAndSelfContained(t *testing.T) {
	allowed := map[string]bool{
		"svg": true, "defs": true, "g": true, "path": true, "rect": true, "circle": true,
		"use": true, "text": true, "radialGradient": true, "stop": true,
	}
	urlRef := regexp.MustCompile(`url\(([^)]*)\)`)
	for _, c := range goldenCases() {
		t.Run(c.name, func(t *testing.T) {
			svg := c.render(t)
			elems := parseSVG(t, svg)
			ids := map[string]bool{}
			for _, e := range elems {
				if id, ok := e.attrs["id"]; ok {
					if ids[id] {
						t.Errorf("id %q is defined twice", id)
					}
					ids[id] = true
				}
			}
			for _, e := range elems {
				if !allowed[e.name] {
					t.Errorf("element <%s> is not one the picture should need", e.name)
				}
				for name, v := range e.attrs {
					if strings.HasPrefix(name, "on") {
						t.Errorf("<%s> has an event handler %s", e.name, name)
					}
					if name == "href" && (!strings.HasPrefix(v, "#") || !ids[v[1:]]) {
						t.Errorf("<%s href=%q> names nothing in the picture", e.name, v)
					}
					for _, m := range urlRef.FindAllStringSubmatch(v, -1) {
						if !strings.HasPrefix(m[1], "#") || !ids[m[1][1:]] {
							t.Errorf("<%s %s=%q> names nothing in the picture", e.name, name, v)
						}
					}
					if name == "font-family" && v != "sans-serif" {
						t.Errorf("font-family %q: only a generic family is on every renderer", v)
					}
				}
			}
			root := elems[0]
			size := c.opts.Size
			if size == 0 {
				size = DefaultSize
			}
			for _, dim := range []string{"width", "height"} {
				if got, want := root.attrs[dim], strconv.Itoa(size); got != want {
					t.Errorf("<svg %s=%q>, want %q", dim, got, want)
				}
			}
			if root.attrs["viewBox"] != "0 0 360 360" {
				t.Errorf("viewBox = %q", root.attrs["viewBox"])
			}
		})
	}
}

// TestSVGNumbersHaveOneDecimalAtMost keeps the picture free of needless
// precision, which would only make the hover's data: URI longer.
func TestSVGNumbersHaveOneDecimalAtMost(t *testing.T) {
	precise := regexp.MustCompile(`\d*\.\d{2,}`)
	for _, c := range goldenCases() {
		svg := c.render(t)
		// Opacities have two decimals (.41): the step of one decimal is
		// too coarse for a translucent colour.
		svg = regexp.MustCompile(`(fill|stroke|stop)-opacity="[.\d]+"`).ReplaceAll(svg, nil)
		if m := precise.Find(svg); m != nil {
			t.Errorf("%s: number %s has more than one decimal", c.name, m)
		}
	}
}

func TestAppendNumber(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want string
	}{
		{0, "0"}, {45, "45"}, {22.5, "22.5"}, {0.5, ".5"}, {-0.5, "-.5"},
		{12.345, "12.3"}, {-0.04, "0"}, {359.96, "360"}, {-12.25, "-12.3"},
	} {
		if got := string(appendNumber([]byte("x"), tc.v)); got != "x"+tc.want {
			t.Errorf("appendNumber(%v) = %q, want %q", tc.v, got[1:], tc.want)
		}
	}
}

// TestSVGStaysSmall bounds what a hover carries: the starting position
// with coordinates (every piece type, 32 pieces) in a few KB, its data: URI
// too, and each arrow and mark in a hundred bytes or so.
func TestSVGStaysSmall(t *testing.T) {
	start := board.StartPosition()
	full := Render(&start, Options{Coordinates: true})
	t.Logf("starting position: %d bytes, data: URI %d bytes", len(full), len(DataURI(full)))
	if len(full) > 4200 {
		t.Errorf("the starting position with coordinates takes %d bytes, over 4200", len(full))
	}
	if n := len(DataURI(full)); n > 5700 {
		t.Errorf("its data: URI takes %d bytes, over 5700", n)
	}
	var arrows []Arrow
	var marks []Mark
	for f := 0; f < 8; f++ {
		arrows = append(arrows, Arrow{board.NewSquare(f, 1), board.NewSquare(7-f, 6), Brush(f % 4)})
		marks = append(marks, Mark{board.NewSquare(f, 3), Brush(f % 4)})
	}
	annotated := Render(&start, Options{Coordinates: true, Arrows: arrows, Marks: marks, LastMove: board.Move{From: board.E2, To: board.E4}})
	perShape := (len(annotated) - len(full)) / (len(arrows) + len(marks))
	t.Logf("8 arrows, 8 marks and a last move: %d bytes, %d per shape", len(annotated), perShape)
	if perShape > 130 {
		t.Errorf("an arrow or mark takes %d bytes on average, over 130", perShape)
	}
}

// TestPieceTypesAreDefinedOnceAndOnlyWhenOnTheBoard checks that the
// pieces are defined once per type and used per square: an endgame does
// not carry the shapes of pieces it lacks.
func TestPieceTypesAreDefinedOnceAndOnlyWhenOnTheBoard(t *testing.T) {
	for _, tc := range []struct {
		fen     string
		defined string // the ids of the <g>s in <defs>
		uses    int
	}{
		{board.StartFEN, "pnbrqk", 32},
		{"8/5k2/8/8/3Q4/8/2K5/8 b - - 0 60", "qk", 3},
		{"8/8/4k3/8/2N5/8/4K3/8 w - - 0 1", "nk", 3},
	} {
		elems := parseSVG(t, Render(mustFEN(t, tc.fen), Options{}))
		defined, uses := "", 0
		for _, e := range elems {
			if e.name == "g" && len(e.attrs["id"]) == 1 {
				defined += e.attrs["id"]
			}
			if e.name == "use" && e.attrs["href"] != "#d" {
				uses++
			}
		}
		if defined != tc.defined || uses != tc.uses {
			t.Errorf("%s: defines %q and places %d pieces, want %q and %d", tc.fen, defined, uses, tc.defined, tc.uses)
		}
	}
}

// placement returns, for each <use> of a piece, "id@x,y".
func placement(t *testing.T, svg []byte) map[string]bool {
	out := map[string]bool{}
	for _, e := range parseSVG(t, svg) {
		if e.name == "use" && e.attrs["href"] != "#d" {
			out[e.attrs["href"][1:]+"@"+e.attrs["x"]+","+e.attrs["y"]] = true
		}
	}
	return out
}

// TestOrientationPutsTheChosenSideAtTheBottom checks where the kings and
// the coordinates go: with White at the bottom the white king (e1) is in
// the bottom row, fifth from the left, and a1's "a" and "1" label the
// bottom-left square; with Black at the bottom e1 is in the top row,
// fourth from the left, and the bottom-left square is h8.
func TestOrientationPutsTheChosenSideAtTheBottom(t *testing.T) {
	start := board.StartPosition()
	for _, tc := range []struct {
		side                 board.Color
		whiteKing, blackKing string
		bottomLeft           string // the rank digit and file letter there
	}{
		{board.White, "k@180,315", "k@180,0", "1a"},
		{board.Black, "k@135,0", "k@135,315", "8h"},
	} {
		svg := Render(&start, Options{Orientation: tc.side, Coordinates: true})
		got := placement(t, svg)
		if !got[tc.whiteKing] || !got[tc.blackKing] {
			t.Errorf("%v at the bottom: the kings are not at %s and %s: %v", tc.side, tc.whiteKing, tc.blackKing, got)
		}
		label := ""
		for _, e := range parseSVG(t, svg) {
			if e.name == "text" && (e.attrs["y"] == "325" && e.attrs["x"] == "2" || e.attrs["x"] == "43" && e.attrs["y"] == "357") {
				label += e.text
			}
		}
		if label != tc.bottomLeft {
			t.Errorf("%v at the bottom: the bottom-left square is labelled %q, want %q", tc.side, label, tc.bottomLeft)
		}
	}
}

// TestCheckIsDerivedFromThePosition: the glow is under the king of the
// side to move when it is in check, and nowhere otherwise.
func TestCheckIsDerivedFromThePosition(t *testing.T) {
	for _, tc := range []struct {
		fen  string
		want string // the glow's rect as x,y, or "" for none
	}{
		{afterScholarsMate, "180,0"}, // e8
		{"rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", "180,315"}, // e1, fool's mate
		{board.StartFEN, ""},
		{"8/8/8/8/8/5k2/8/5K1q w - - 0 1", "225,315"}, // f1, a king in check that can move
	} {
		got := ""
		for _, e := range parseSVG(t, Render(mustFEN(t, tc.fen), Options{})) {
			if e.name == "rect" && e.attrs["fill"] == "url(#c)" {
				got += e.attrs["x"] + "," + e.attrs["y"]
			}
		}
		if got != tc.want {
			t.Errorf("%s: check glow at %q, want %q", tc.fen, got, tc.want)
		}
	}
}

// TestShapesOffTheBoardAreLeftOut: what cannot be drawn is not drawn, and
// nothing panics: squares off the board, unknown brushes, a last move to
// its own square, a negative size.
func TestShapesOffTheBoardAreLeftOut(t *testing.T) {
	start := board.StartPosition()
	plain := Render(&start, Options{})
	odd := Render(&start, Options{
		Size:     -5,
		LastMove: board.Move{From: board.E2, To: board.E2},
		Arrows: []Arrow{
			{board.NoSquare, board.E4, Green}, {board.E2, board.NoSquare, Red},
			{board.E2, board.Square(64), Blue}, {board.E2, board.E4, Brush(4)},
			{board.NoSquare, board.NoSquare, Green},
		},
		Marks: []Mark{{board.NoSquare, Red}, {board.Square(100), Green}, {board.E4, Brush(200)}},
	})
	if !bytes.Equal(plain, odd) {
		t.Errorf("shapes that cannot be drawn changed the picture:\n%s\nwant:\n%s", odd, plain)
	}
	nullMove := board.Move{From: board.NoSquare, To: board.NoSquare, Flags: board.Null}
	if got := Render(&start, Options{LastMove: nullMove}); !bytes.Equal(got, plain) {
		t.Errorf("a null move highlighted something:\n%s", got)
	}
	if got := Render(&start, Options{LastMove: board.Move{From: board.NoSquare, To: board.E4}}); !bytes.Equal(got, plain) {
		t.Errorf("a last move from off the board highlighted something:\n%s", got)
	}
}

// TestArrowToItsOwnSquareIsARing: lichess draws %cal Ge4e4 as a circle,
// the same as %csl Ge4.
func TestArrowToItsOwnSquareIsARing(t *testing.T) {
	start := board.StartPosition()
	asArrow := Render(&start, Options{Arrows: []Arrow{{board.E4, board.E4, Blue}}})
	asMark := Render(&start, Options{Marks: []Mark{{board.E4, Blue}}})
	if !bytes.Equal(asArrow, asMark) {
		t.Errorf("an arrow from e4 to e4 is not drawn as a mark on e4:\n%s\nwant:\n%s", asArrow, asMark)
	}
}

// TestThemeColoursAreUsed: the zero theme is brownBoard, and a theme's
// colours are the ones written.
func TestThemeColoursAreUsed(t *testing.T) {
	start := board.StartPosition()
	if a, b := Render(&start, Options{}), Render(&start, Options{Theme: brownBoard}); !bytes.Equal(a, b) {
		t.Error("the zero Theme does not draw brownBoard")
	}
	svg := string(Render(&start, Options{Theme: greenBoard, Coordinates: true}))
	for _, want := range []string{`fill="#ffd"`, `fill="#86a666"`} {
		if !strings.Contains(svg, want) {
			t.Errorf("greenBoard's picture lacks %s", want)
		}
	}
	if strings.Contains(svg, "#f0d9b5") {
		t.Error("greenBoard's picture has brownBoard's light squares")
	}
}

func TestThemeNamed(t *testing.T) {
	for _, name := range ThemeNames() {
		if _, ok := ThemeNamed(name); !ok {
			t.Errorf("ThemeNamed(%q) is unknown, though ThemeNames lists it", name)
		}
	}
	if th, _ := ThemeNamed(ThemeNames()[0]); th != brownBoard {
		t.Error("the first of ThemeNames is not the default, brownBoard")
	}
	if _, ok := ThemeNamed("Brown "); ok {
		t.Error(`ThemeNamed("Brown ") is known`)
	}
}

func TestBrushOfLetters(t *testing.T) {
	for letter, want := range map[byte]Brush{'G': Green, 'R': Red, 'Y': Yellow, 'B': Blue, 'g': Green, 'b': Blue} {
		if got, ok := BrushOf(letter); !ok || got != want {
			t.Errorf("BrushOf(%q) = %v, %v; want %v", letter, got, ok, want)
		}
		if got := want.String(); got != strings.ToUpper(string(letter)) {
			t.Errorf("%d.String() = %q", want, got)
		}
	}
	for _, letter := range []byte{'O', 'W', 0, ' ', 'G' + 0x80} {
		if _, ok := BrushOf(letter); ok {
			t.Errorf("BrushOf(%q) is a brush", letter)
		}
	}
	if Brush(9).String() != "?" {
		t.Errorf("Brush(9).String() = %q", Brush(9).String())
	}
}

// TestDataURIIsBase64OfTheSVG: the URI decodes back to the picture and
// holds nothing that ends a Markdown image's URI early.
func TestDataURIIsBase64OfTheSVG(t *testing.T) {
	start := board.StartPosition()
	svg := Render(&start, Options{Coordinates: true})
	uri := DataURI(svg)
	const prefix = "data:image/svg+xml;base64,"
	if !strings.HasPrefix(uri, prefix) {
		t.Fatalf("DataURI = %.40q…", uri)
	}
	back, err := base64.StdEncoding.DecodeString(uri[len(prefix):])
	if err != nil || !bytes.Equal(back, svg) {
		t.Errorf("the data: URI does not decode to the SVG (%v)", err)
	}
	if i := strings.IndexAny(uri, " ()<>\"'\n|"); i >= 0 {
		t.Errorf("the data: URI holds %q at %d", uri[i], i)
	}
}

// BenchmarkRender is the work a hover's picture adds: the annotated
// position after Qxf7#, with coordinates, arrows and rings.
func BenchmarkRender(b *testing.B) {
	pos := mustFEN(b, afterScholarsMate)
	var opts Options
	for _, c := range goldenCases() {
		if c.name == "annotated" {
			opts = c.opts
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		DataURI(Render(pos, opts))
	}
}
