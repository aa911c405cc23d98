package analysis

import (
	"bytes"
	"flag"
	"math/rand"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"pgnls/analysis/board"
	"pgnls/pgn"
	"pgnls/pgn/pgntest"
)

var updateFormat = flag.Bool("update", false, "rewrite the formatter's golden files (testdata/format/*.golden.pgn)")

// formatDir holds the formatter's golden tests: NAME.input.pgn formats to
// NAME.golden.pgn. A name ending in ".wN" (narrow.w30) formats at width N.
const formatDir = "../testdata/format"

func TestFormatGolden(t *testing.T) {
	inputs, err := filepath.Glob(filepath.Join(formatDir, "*.input.pgn"))
	if err != nil || len(inputs) == 0 {
		t.Fatalf("no golden inputs in %s: %v", formatDir, err)
	}
	for _, input := range inputs {
		name := strings.TrimSuffix(filepath.Base(input), ".input.pgn")
		t.Run(name, func(t *testing.T) {
			opts := FormatOptions{Width: goldenWidth(name)}
			data, err := os.ReadFile(input)
			if err != nil {
				t.Fatal(err)
			}
			src := string(data)
			got := Format(pgn.Parse(src), opts)
			golden := filepath.Join(formatDir, name+".golden.pgn")
			if *updateFormat {
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./analysis -run TestFormatGolden -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("%s formats differently from %s:\n%s", input, golden, unifiedDiffForTest(string(want), got))
			}
			checkFormatted(t, src, got, opts)
		})
	}
}

func goldenWidth(name string) int {
	if i := strings.LastIndex(name, ".w"); i >= 0 {
		if w, err := strconv.Atoi(name[i+2:]); err == nil {
			return w
		}
	}
	return 0
}

// checkFormatted asserts what must hold of every formatting: the result
// says what the input says (fileMeaning), formatting it again changes
// nothing, its layout follows export format (checkExportLayout), and the checker
// has nothing left to say about how its verified moves and tags are
// written.
func checkFormatted(t *testing.T, src, out string, opts FormatOptions) {
	t.Helper()
	in := pgn.Parse(src)
	f := pgn.Parse(out)
	if a, b := fileMeaning(in), fileMeaning(f); !sameStringSlices(a, b) {
		t.Fatalf("formatting changed the meaning:\n%s", firstDifference(a, b))
	}
	if again := Format(f, opts); again != out {
		t.Fatalf("formatting is not idempotent:\n%s", unifiedDiffForTest(out, again))
	}
	checkExportLayout(t, f, opts.Width)
	checkNoStyleLeft(t, in, f)
}

func sameStringSlices(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func firstDifference(a, b []string) string {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return "item " + strconv.Itoa(i) + ":\nbefore: " + clipForTest(a[i]) + "\nafter:  " + clipForTest(b[i])
		}
	}
	return "item counts differ: " + strconv.Itoa(len(a)) + " before, " + strconv.Itoa(len(b)) + " after"
}

func clipForTest(s string) string {
	if len(s) > 3000 {
		return s[:3000] + "…"
	}
	return s
}

// fileMeaning lists what a file says, one string per item, leaving out how
// it is laid out: a game with errors is its text; a game is its tags (as a
// sorted set), the comments of its tag section, and its movetext as a list
// of moves (replayed here, independently of the formatter, and named by
// their squares; a move that cannot be replayed by its text), NAGs (a
// suffix as its NAG), comments (their words), variations, escape lines and
// result; text between games is itself, with LF line breaks.
func fileMeaning(f *pgn.File) []string {
	var out []string
	for _, item := range f.Items {
		switch n := item.(type) {
		case *pgn.Game:
			out = append(out, gameMeaning(f, n))
		case *pgn.BOMNode:
			out = append(out, "BOM")
		default:
			out = append(out, "text: "+strings.TrimRight(string(appendLF(nil, f.Src[n.Pos():n.End()])), " \t\n\v\f"))
		}
	}
	return out
}

func gameMeaning(f *pgn.File, g *pgn.Game) string {
	if len(g.Errors) > 0 {
		return "verbatim: " + strings.TrimRight(string(appendLF(nil, f.Src[g.From:g.To])), " \t\n\v\f")
	}
	var m meaning
	m.src = f.Src
	var tags []string
	for _, item := range g.TagItems {
		if t, ok := item.(*pgn.Tag); ok {
			tags = append(tags, t.Name+"="+strconv.Quote(t.Value))
		} else {
			m.node(item)
		}
	}
	sort.Strings(tags)
	m.add("tags: " + strings.Join(tags, " "))
	pos, ok := meaningStart(g)
	m.line(&g.Moves, pos, ok)
	if g.Result != nil {
		m.add("result " + g.Result.Text)
	}
	return strings.Join(m.out, "\n")
}

type meaning struct {
	src string
	out []string
}

func (m *meaning) add(s string) { m.out = append(m.out, s) }

// meaningStart is where a game starts, as the checker reads its tags.
func meaningStart(g *pgn.Game) (board.Position, bool) {
	s := startOf(g)
	return s.pos, s.replayable()
}

func (m *meaning) line(l *pgn.Line, pos board.Position, ok bool) {
	m.nodes(l.Start, pos, false)
	for _, mv := range l.Moves {
		m.nodes(mv.Before, pos, false)
		before, okBefore := pos, ok
		var played board.Move
		if ok {
			played, ok = m.resolve(&pos, mv.Text)
		}
		if ok {
			m.add("move " + played.String())
			pos.Play(played)
		} else {
			m.add("as written " + mv.Text)
		}
		m.nodes(mv.After, before, okBefore)
	}
}

func (m *meaning) resolve(pos *board.Position, text string) (board.Move, bool) {
	san, err := board.ParseSAN(text)
	if err != nil {
		// A move in another notation (notation.go) means the move it
		// names; formatted, it is SAN, which the lines above read.
		mv, forms, err := otherNotation(pos, text)
		return mv, forms != 0 && err == nil
	}
	if san.Null {
		return board.Move{From: board.NoSquare, To: board.NoSquare, Flags: board.Null}, !pos.InCheck()
	}
	mv, err := pos.Resolve(san)
	return mv, err == nil
}

// nodes adds annotations; a variation starts from pos, and its moves are
// replayed when ok.
func (m *meaning) nodes(nodes []pgn.Node, pos board.Position, ok bool) {
	for _, n := range nodes {
		if v, isVar := n.(*pgn.Variation); isVar {
			m.add("(")
			m.line(&v.Line, pos, ok)
			m.add(")")
			continue
		}
		m.node(n)
	}
}

func (m *meaning) node(n pgn.Node) {
	switch n := n.(type) {
	case *pgn.NAGNode:
		if n.Value < 0 {
			m.add("NAG " + n.Tok.Text(m.src))
		} else {
			m.add("NAG $" + strconv.Itoa(n.Value))
		}
	case *pgn.SuffixNode:
		if nag, ok := pgn.SuffixNAG(n.Text); ok {
			m.add("NAG $" + strconv.Itoa(nag))
		} else {
			m.add("suffix " + n.Text)
		}
	case *pgn.Comment:
		m.add("comment " + strings.Join(asciiFields(n.Text), " "))
	case *pgn.Escape:
		m.add("escape " + n.Tok.Text(m.src))
	default:
		m.add("unexpected " + m.src[n.Pos():n.End()])
	}
}

// asciiFields splits s at ASCII white space (a no-break space is part of a
// word).
func asciiFields(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool {
		return r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\v' || r == '\f'
	})
}

var tagLineRE = regexp.MustCompile(`^\[[A-Za-z0-9_]+ "(?:[^"\\]|\\["\\])*"\]$`)

// checkExportLayout checks the export-format layout of a formatted file f:
// items each followed by one empty line, the last one too, tag lines, one empty line before the
// movetext, and the movetext lines (checkMovetextLines).
func checkExportLayout(t *testing.T, f *pgn.File, width int) {
	t.Helper()
	if width <= 0 {
		width = pgn.DefaultWidth
	}
	src := f.Src
	if len(f.Items) == 0 {
		if src != "" {
			t.Fatalf("a file without items formats to %q", src)
		}
		return
	}
	if _, bom := f.Items[len(f.Items)-1].(*pgn.BOMNode); !bom && (!strings.HasSuffix(src, "\n\n") || strings.HasSuffix(src, "\n\n\n")) {
		t.Fatalf("the file does not end with one empty line: %q", clipForTest(src[max(0, len(src)-40):]))
	}
	if start := f.Items[0].Pos(); start != 0 && !(src[:start] == " " && src[start] == '%') {
		t.Fatalf("the file starts with %q", src[:start])
	}
	slots := fileSlots(f)
	slotOf := make([]int, len(f.Items))
	for k, sl := range slots {
		for i := sl.first; i <= sl.last; i++ {
			slotOf[i] = k
		}
	}
	for i, item := range f.Items {
		// An unterminated comment ends in the white space that follows it.
		end := int(item.Pos()) + len(verbatim(src, item.Pos(), item))
		next, want := len(src), "\n\n" // the last one too (8.2.1)
		if i+1 < len(f.Items) {
			next, want = int(f.Items[i+1].Pos()), "\n\n"
			if slotOf[i+1] == slotOf[i] {
				want = src[end:next] // kept text keeps its own spacing
			}
		}
		if _, bom := item.(*pgn.BOMNode); bom {
			want = ""
		}
		if i+1 < len(f.Items) && slotOf[i+1] != slotOf[i] && src[next] == '%' && isBetweenGames(f.Items[i+1]) && !isBetweenGames(item) && !startsLine(src, pgn.Pos(next)) {
			want += " " // stray text that would be an escape line at a line start
		}
		if gap := src[end:next]; gap != want {
			t.Fatalf("item %d is followed by %q, want %q", i, gap, want)
		}
		if g, ok := item.(*pgn.Game); ok && !slots[slotOf[i]].kept {
			checkGameLayout(t, f, g, tagsBefore(f, i), width)
		}
	}
}

// checkGameLayout checks the layout of a formatted game; after holds the
// tags of the game before it when that one is tags alone (the game's
// first tag pair is then one of their names).
func checkGameLayout(t *testing.T, f *pgn.File, g *pgn.Game, after []*pgn.Tag, width int) {
	t.Helper()
	src := f.Src
	mtStart := g.From
	if n := len(g.TagItems); n > 0 {
		last := g.TagItems[n-1].End()
		for _, line := range strings.Split(src[g.From:last], "\n") {
			if !tagLineRE.MatchString(line) && len(g.TagItems) == len(g.Tags) {
				t.Fatalf("bad tag line %q", line)
			}
		}
		if len(g.TagItems) == len(g.Tags) && !repeatsTag(g.Tags) {
			first := 1
			if len(after) > 0 {
				if !slices.ContainsFunc(after, func(a *pgn.Tag) bool { return a.Name == g.Tags[0].Name }) {
					t.Fatalf("after a game of tags alone, the first tag %s is not one of its tags", g.Tags[0].Name)
				}
				first = 2 // the first may have been moved to the front
			}
			for i := first; i < len(g.Tags); i++ {
				if tagRank(g.Tags[i]) < tagRank(g.Tags[i-1]) {
					t.Fatalf("tag %s after %s: not in export order", g.Tags[i].Name, g.Tags[i-1].Name)
				}
			}
		}
		mtStart = last
		if last < g.To {
			if gap := src[last:min(int(last)+2, len(src))]; gap != "\n\n" {
				t.Fatalf("the tag section is followed by %q, not one empty line", gap)
			}
			mtStart = last + 2
		}
	}
	checkMovetextLines(t, f, g, int(mtStart), width)
	checkMoveNumbers(t, f, g)
}

// repeatsTag reports whether two tags have the same name: the section is
// then kept in its order.
func repeatsTag(tags []*pgn.Tag) bool {
	seen := map[string]bool{}
	for _, t := range tags {
		if seen[t.Name] {
			return true
		}
		seen[t.Name] = true
	}
	return false
}

func tagRank(t *pgn.Tag) string {
	if i := STRIndex(t.Name); i >= 0 {
		return string(rune('0' + i))
	}
	return "9" + t.Name
}

// An atom is a piece of movetext between which the printer may have put a
// space or a line break: a token, or a word or brace of a brace comment.
type atom struct {
	pos, end int
	kind     atomKind
}

type atomKind uint8

const (
	plainAtom       atomKind = iota
	openBraceAtom            // the "{" of a brace comment: glued to the next
	closeBraceAtom           // its "}": glued to the one before
	gluedWordAtom            // a comment word starting with '%' or '[': glued to the one before
	lineCommentAtom          // a ';' comment: a line break follows
	escapeAtom               // an escape line
	openParenAtom            // "(": glued to the next
	closeParenAtom           // ")": glued to the one before
	suffixAtom               // a suffix kept as written: glued to its move
)

// movetextAtoms splits the movetext of g into atoms.
func movetextAtoms(f *pgn.File, g *pgn.Game, from int) []atom {
	var atoms []atom
	pgn.NodeTokens(g, func(tok pgn.Token) {
		if int(tok.Pos) < from {
			return
		}
		a := atom{pos: int(tok.Pos), end: int(tok.End)}
		switch tok.Kind {
		case pgn.BraceComment:
			text := f.Src[tok.Pos:tok.End]
			for i := 0; i < len(text); {
				j := i
				for j < len(text) && text[j] != ' ' && text[j] != '\n' {
					j++
				}
				w := atom{pos: int(tok.Pos) + i, end: int(tok.Pos) + j}
				switch {
				case i == 0:
					w.kind = openBraceAtom
				case j == len(text):
					w.kind = closeBraceAtom
				case text[i] == '%' || text[i] == '[':
					w.kind = gluedWordAtom
				}
				atoms = append(atoms, w)
				i = j + 1
			}
			return
		case pgn.LineComment:
			a.kind = lineCommentAtom
		case pgn.EscapeLine:
			a.kind = escapeAtom
		case pgn.LParen:
			a.kind = openParenAtom
		case pgn.RParen:
			a.kind = closeParenAtom
		case pgn.Suffix:
			a.kind = suffixAtom
		}
		atoms = append(atoms, a)
	})
	return atoms
}

// checkMovetextLines checks the lines of a game's movetext: atoms are one
// space or one line break apart; a line break comes only where the printer
// may break (never after "{" or "(", before "}" or ")", or before a glued
// comment word) and always after a ';' comment and around an escape line;
// a line longer than width holds a single unit; and lines are filled
// greedily: the first unit of a line did not fit on the line before.
func checkMovetextLines(t *testing.T, f *pgn.File, g *pgn.Game, from, width int) {
	t.Helper()
	src := f.Src
	atoms := movetextAtoms(f, g, from)
	if len(atoms) == 0 {
		return
	}
	if atoms[0].pos != from {
		t.Fatalf("movetext starts with %q", src[from:atoms[0].pos])
	}
	lineStart := from // where the current line starts
	unitStart := from // where the last unit read starts
	firstUnitEnd := -1
	prevLineLen, prevForced := -1, false
	endLine := func(end int, forced bool) {
		line := src[lineStart:end]
		n := utf8.RuneCountInString(line)
		if n > width && unitStart != lineStart {
			t.Fatalf("line %q is %d characters long and could be broken", line, n)
		}
		if prevLineLen >= 0 && !prevForced && src[lineStart] != '%' {
			if first := utf8.RuneCountInString(src[lineStart:firstUnitEnd]); prevLineLen+1+first <= width {
				t.Fatalf("line %q starts with a unit that fits on the line before (%d characters)", line, prevLineLen)
			}
		}
		prevLineLen, prevForced = n, forced
	}
	for i, a := range atoms {
		if i == len(atoms)-1 {
			if firstUnitEnd < 0 {
				firstUnitEnd = a.end
			}
			endLine(a.end, false)
			if g.To != pgn.Pos(a.end) {
				t.Fatalf("the game does not end with its last token")
			}
			break
		}
		b := atoms[i+1]
		gap := src[a.end:b.pos]
		glued := gap == "" || b.kind == closeBraceAtom || b.kind == gluedWordAtom || a.kind == openBraceAtom
		forced := a.kind == lineCommentAtom || a.kind == escapeAtom || b.kind == escapeAtom
		switch {
		case gap == " " && forced:
			t.Fatalf("%q and %q share a line", src[a.pos:a.end], src[b.pos:b.end])
		case gap == "\n" && glued:
			t.Fatalf("line break between %q and %q", src[a.pos:a.end], src[b.pos:b.end])
		case gap != "" && gap != " " && gap != "\n":
			t.Fatalf("%q between %q and %q", gap, src[a.pos:a.end], src[b.pos:b.end])
		case gap == "" && a.kind != openParenAtom && b.kind != closeParenAtom && b.kind != suffixAtom:
			t.Fatalf("%q and %q touch", src[a.pos:a.end], src[b.pos:b.end])
		case gap != "" && !forced && (a.kind == openParenAtom || b.kind == closeParenAtom):
			t.Fatalf("a parenthesis apart from what it encloses: %q %q", src[a.pos:a.end], src[b.pos:b.end])
		}
		if firstUnitEnd < 0 && (gap == "\n" || !glued) {
			firstUnitEnd = a.end
		}
		switch {
		case gap == "\n":
			endLine(a.end, forced)
			lineStart, unitStart, firstUnitEnd = b.pos, b.pos, -1
		case !glued:
			unitStart = b.pos
		}
	}
}

// checkMoveNumbers checks the moves that replay: each is in canonical SAN
// (board's Position.SAN), and its move number indication is the standard's
// (8.2.2.2): every White move has "N.", a Black move has "N..." exactly
// when it starts its line or follows something other than a move, and the
// numbers are the position's.
func checkMoveNumbers(t *testing.T, f *pgn.File, g *pgn.Game) {
	t.Helper()
	pos, ok := meaningStart(g)
	var m meaning
	var line func(l *pgn.Line, pos board.Position, ok bool)
	line = func(l *pgn.Line, pos board.Position, ok bool) {
		for i, mv := range l.Moves {
			before, okBefore := pos, ok
			var played board.Move
			if ok {
				played, ok = m.resolve(&pos, mv.Text)
			}
			if ok {
				black := before.SideToMove() == board.Black
				want := strconv.Itoa(before.FullMoveNumber()) + "."
				if black {
					want += ".."
					if i > 0 && !annotatedMove(l.Moves[i-1]) {
						want = ""
					}
				}
				got := ""
				if mv.Number != nil {
					got = f.Src[mv.Number.Pos():mv.Number.End()]
				}
				first := len(g.TagItems) == 0 && l == &g.Moves && i == 0 // its comments stay after the number
				if got != want || len(mv.Before) > 0 && !first {
					t.Fatalf("move %q has the number %q, want %q", mv.Text, got, want)
				}
				if san := before.SAN(played); mv.Text != san {
					t.Fatalf("move %q is not in canonical SAN: %q", mv.Text, san)
				}
				pos.Play(played)
			}
			for _, v := range mv.Variations() {
				line(&v.Line, before, okBefore)
			}
		}
	}
	line(&g.Moves, pos, ok)
}

// annotatedMove reports whether something other than the move follows m: a
// suffix that is not one of the six is part of the move.
func annotatedMove(m *pgn.Move) bool {
	for _, n := range m.After {
		if s, ok := n.(*pgn.SuffixNode); ok {
			if _, known := pgn.SuffixNAG(s.Text); !known {
				continue
			}
		}
		return true
	}
	return false
}

// styleCodes are the diagnostics about how a legal move or the tags are
// written: export format leaves none of them.
var styleCodes = map[Code]bool{
	CodeCheckSuffix: true, CodeCaptureMark: true, CodeDisambiguation: true,
	CodeCastlingZero: true, CodePromotionStyle: true, CodePawnLetter: true,
	CodeSuffixAnnotation: true, CodeMoveNumber: true, CodeSTROrder: true,
	CodeFigurine: true, CodeLongAlgebraic: true, CodeCastlingStyle: true,
	CodeEnPassantMark: true, CodeResultStyle: true, CodeNAGGlyph: true,
}

// checkNoStyleLeft asserts that the checker finds nothing to say about the
// writing of the formatted games, but for games the formatter must keep as
// written in whole or in part: those with syntax errors or on a line of
// kept text, those with unplayable moves, or comments among the tags (and
// the order of a tag section that repeats a tag).
func checkNoStyleLeft(t *testing.T, in, out *pgn.File) {
	t.Helper()
	kept, led := map[int]bool{}, map[int]bool{}
	for _, sl := range fileSlots(out) {
		for i := sl.first; i <= sl.last; i++ {
			if g, ok := out.Items[i].(*pgn.Game); ok {
				kept[g.Index] = sl.kept
				led[g.Index] = tagsBefore(out, i) != nil
			}
		}
	}
	for i, g := range out.Games {
		if kept[i] || len(g.TagItems) != len(g.Tags) || i >= len(in.Games) {
			continue
		}
		diags := CheckGame(out, g)
		partial := false
		for _, d := range diags {
			switch d.Code {
			case CodeIllegalMove, CodeAmbiguousMove, CodeMovesAfterEnd, CodeVariant, CodeBadFEN, CodeIncompleteMove, CodeForeignPiece:
				partial = true
			}
		}
		for _, d := range diags {
			if d.Code == CodeSTROrder && (repeatsTag(g.Tags) || led[i]) {
				continue
			}
			if styleCodes[d.Code] && !(partial && (d.Code == CodeSuffixAnnotation || d.Code == CodeMoveNumber)) {
				t.Fatalf("game %d: %s remains after formatting: %q", i+1, d.Code, d.Message)
			}
		}
	}
}

// unifiedDiffForTest shows how two texts differ, line by line.
func unifiedDiffForTest(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := 0; i < len(w) || i < len(g); i++ {
		var a, c string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			c = g[i]
		}
		if a != c {
			b.WriteString("line " + strconv.Itoa(i+1) + ":\n-" + a + "\n+" + c + "\n")
		}
	}
	return b.String()
}

// TestFormatCorpus formats every file of the corpus: the meaning is kept,
// the layout is export format, and formatting again changes nothing.
func TestFormatCorpus(t *testing.T) {
	for _, path := range pgntest.CorpusFiles(t) {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			src := pgntest.ReadText(t, path)
			opts := FormatOptions{}
			checkFormatted(t, src, Format(pgn.Parse(src), opts), opts)
		})
	}
}

// TestFormatCorpusNarrow formats the corpus at narrow widths, where every
// unit is close to a line end.
func TestFormatCorpusNarrow(t *testing.T) {
	for _, path := range pgntest.CorpusFiles(t) {
		src := pgntest.ReadText(t, path)
		for _, w := range []int{1, 13, 40} {
			opts := FormatOptions{Width: w}
			checkFormatted(t, src, Format(pgn.Parse(src), opts), opts)
		}
	}
}

// TestFormatGenerated formats random games written as carelessly as import
// format allows: non-canonical SAN, wrong or missing move numbers,
// suffixes, comments, NAGs, variations and escape lines everywhere, white
// space of every kind, illegal moves, FEN starts with either side to move.
func TestFormatGenerated(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	n := 300
	if testing.Short() {
		n = 50
	}
	for i := 0; i < n; i++ {
		src := randomPGNFile(rng)
		f := pgn.Parse(src)
		if len(f.Errors) > 0 {
			t.Fatalf("generated text has syntax errors: %v\n%s", f.Errors, src)
		}
		opts := FormatOptions{Width: []int{0, 0, 1, 20, 50, 120}[rng.Intn(6)]}
		out := Format(f, opts)
		t.Run(strconv.Itoa(i), func(t *testing.T) {
			defer func() {
				if t.Failed() {
					t.Logf("input:\n%s\noutput:\n%s", src, out)
				}
			}()
			checkFormatted(t, src, out, opts)
		})
	}
}

// randomPGNFile returns a few random games.
func randomPGNFile(rng *rand.Rand) string {
	var b strings.Builder
	for i := rng.Intn(3); i >= 0; i-- {
		g := newRandomGame(rng)
		b.WriteString(g.write())
		b.WriteString([]string{"\n", "\n\n", "\r\n\r\n", " \n\n\n"}[rng.Intn(4)])
	}
	return b.String()
}

type randomGame struct {
	rng *rand.Rand
	b   strings.Builder
}

func newRandomGame(rng *rand.Rand) *randomGame { return &randomGame{rng: rng} }

func (r *randomGame) chance(n int) bool { return r.rng.Intn(n) == 0 }

func (r *randomGame) space() {
	r.b.WriteString([]string{" ", " ", " ", "  ", "\n", "\t", "\r\n"}[r.rng.Intn(7)])
}

var randomWords = []string{"good", "move", "Réti", "ÿ", "%not-an-escape", "[Event", "1.", "e4", "($1)", "a", "{", ";",
	"averyveryveryveryveryveryveryveryveryveryveryveryveryveryveryveryveryveryveryverylongword", "❤️"}

func (r *randomGame) comment() {
	n := r.rng.Intn(25)
	if r.chance(6) {
		r.b.WriteString(";")
		for i := 0; i < n; i++ {
			r.b.WriteString(randomWords[r.rng.Intn(len(randomWords))] + " ")
		}
		if r.chance(2) {
			r.b.WriteString("}")
		}
		r.b.WriteString("\n")
		return
	}
	r.b.WriteString("{")
	for i := 0; i < n; i++ {
		r.b.WriteString(randomWords[r.rng.Intn(len(randomWords))])
		r.space()
	}
	r.b.WriteString("}")
}

func (r *randomGame) write() string {
	start := board.StartPosition()
	tags := []string{"Event", "Site", "Date", "Round", "White", "Black", "Result", "ECO", "Annotator", "WhiteElo", "eco", "Zz_9", "PlyCount"}
	r.rng.Shuffle(len(tags), func(i, j int) { tags[i], tags[j] = tags[j], tags[i] })
	values := []string{"?", "x \\\"quoted\\\" \\\\ y", "Réti, Richard", strings.Repeat("long name ", 12), "", "1-0"}
	for _, name := range tags[:r.rng.Intn(len(tags))] {
		r.b.WriteString("[" + name + " \"" + values[r.rng.Intn(len(values))] + "\"]")
		r.b.WriteString([]string{"\n", " ", "\r\n"}[r.rng.Intn(3)])
	}
	if r.chance(4) {
		// Start from a position reached by random moves, either side to move.
		pos := start
		for i := r.rng.Intn(30); i > 0; i-- {
			moves := pos.LegalMoves(nil)
			if len(moves) == 0 {
				break
			}
			pos.Play(moves[r.rng.Intn(len(moves))])
		}
		start = pos
		r.b.WriteString("[FEN \"" + pos.FEN() + "\"]\n[SetUp \"1\"]\n")
	}
	r.b.WriteString("\n")
	if r.chance(3) {
		r.comment()
		r.space()
	}
	r.line(start, 0, r.rng.Intn(60))
	if !r.chance(10) {
		r.b.WriteString([]string{"*", "1-0", "0-1", "1/2-1/2"}[r.rng.Intn(4)])
	}
	r.b.WriteString("\n")
	return r.b.String()
}

// line writes n moves from pos, with annotations and variations.
func (r *randomGame) line(pos board.Position, depth, n int) {
	legal := true
	for i := 0; i < n; i++ {
		moves := pos.LegalMoves(nil)
		if len(moves) == 0 {
			return
		}
		mv := moves[r.rng.Intn(len(moves))]
		if r.chance(3) || pos.SideToMove() == board.White && !r.chance(5) {
			num := pos.FullMoveNumber()
			if r.chance(20) {
				num += 3 // a wrong number
			}
			r.b.WriteString(strconv.Itoa(num) + []string{".", "...", "", ". ..."}[r.rng.Intn(4)])
			r.space()
			if r.chance(15) {
				r.comment()
				r.space()
			}
		}
		if legal && r.chance(60) {
			r.b.WriteString([]string{"Qxh9", "Ke9", "Nf3", "O-O-O", "e5"}[r.rng.Intn(5)]) // mostly illegal
			legal = false
		} else {
			r.b.WriteString(r.sloppySAN(&pos, mv))
		}
		if r.chance(6) {
			r.b.WriteString([]string{"!", "?", "!!", "??", "!?", "?!"}[r.rng.Intn(6)])
		}
		r.space()
		before := pos
		for r.chance(3) {
			switch r.rng.Intn(4) {
			case 0:
				r.b.WriteString("$" + strconv.Itoa(r.rng.Intn(256)))
			case 1:
				r.comment()
			case 2:
				if depth < 4 {
					r.b.WriteString("(")
					if r.chance(4) {
						r.comment()
						r.space()
					}
					r.line(before, depth+1, 1+r.rng.Intn(8))
					r.b.WriteString(")")
				}
			case 3:
				r.b.WriteString("\n%escape " + strconv.Itoa(r.rng.Intn(100)) + "\n")
			}
			r.space()
		}
		pos.Play(mv)
	}
}

// sloppySAN writes mv as a person might: mostly canonical, sometimes with
// a full origin square, zeros for castling, no '=' in a promotion, a pawn
// letter, no capture mark or no check sign.
func (r *randomGame) sloppySAN(pos *board.Position, mv board.Move) string {
	san := pos.SAN(mv)
	if !r.chance(4) {
		return san
	}
	check := ""
	if strings.HasSuffix(san, "+") || strings.HasSuffix(san, "#") {
		check = san[len(san)-1:]
		if r.chance(2) {
			check = ""
		}
	}
	body := strings.TrimRight(san, "+#")
	piece, _, _ := pos.PieceAt(mv.From)
	switch {
	case body == "O-O" || body == "O-O-O":
		body = strings.ReplaceAll(body, "O", "0")
	case mv.Promotion != board.NoPieceType && r.chance(2):
		body = strings.Replace(body, "=", "", 1)
	case piece == board.Pawn && !mv.IsCapture() && mv.Promotion == board.NoPieceType:
		body = "P" + body
	case piece == board.Pawn && mv.IsCapture():
		body = strings.Replace(body, "x", "", 1)
	case piece != board.Pawn:
		x := ""
		if mv.IsCapture() {
			x = "x"
		}
		body = string(piece.Letter()) + mv.From.String() + x + mv.To.String()
	}
	return body + check
}

// TestFormatEdits checks that the edits give the formatted file, touch each
// game at most once, never split a character or a CRLF, and that the range
// variant returns exactly the edits of the games the range touches.
func TestFormatEdits(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	texts := []string{
		"[Event \"E\"]\r\n\r\n1. e4 e5 *\r\n\r\n[Event \"F\"]\r\n\r\n1. d4 *\r\n",
		"\n\n{preface}\n1. e4 {é} e5 *\n\n\n1. d4 d5 *",
		"\ufeff[Event \"Ré\"]\n\n1. e4 {éè} *\n",
		"1. e4 {é} *\n\n1. e4 {è} *\n",
		"1. e4 *\n",
	}
	for i := 0; i < 40; i++ {
		texts = append(texts, randomPGNFile(rng))
	}
	for _, src := range texts {
		f := pgn.Parse(src)
		opts := FormatOptions{}
		want := Format(f, opts)
		edits := FormatRangeEdits(f, opts, 0, pgn.Pos(len(f.Src)))
		if got := applyFormatEdits(t, src, edits); got != want {
			t.Fatalf("the edits do not give the formatted text:\n%s", unifiedDiffForTest(want, got))
		}
		if len(edits) > len(f.Items) {
			t.Fatalf("%d edits for %d items", len(edits), len(f.Items))
		}
		if FormatRangeEdits(pgn.Parse(want), opts, 0, pgn.Pos(len(want))) != nil {
			t.Fatalf("edits of a formatted text: %v", FormatRangeEdits(pgn.Parse(want), opts, 0, pgn.Pos(len(want))))
		}
		for k := 0; k < 10; k++ {
			from := pgn.Pos(rng.Intn(len(src) + 1))
			to := min(from+pgn.Pos(rng.Intn(40)), pgn.Pos(len(src)))
			checkRangeEdits(t, f, edits, from, to)
		}
	}
}

func applyFormatEdits(t *testing.T, src string, edits []Edit) string {
	t.Helper()
	var b strings.Builder
	prev := pgn.Pos(0)
	for _, e := range edits {
		if e.Pos < prev || e.End < e.Pos || int(e.End) > len(src) {
			t.Fatalf("edit %+v out of order or out of the text", e)
		}
		for _, p := range []pgn.Pos{e.Pos, e.End} {
			if int(p) < len(src) && !utf8.RuneStart(src[p]) {
				t.Fatalf("edit %+v splits a character", e)
			}
			if p > 0 && int(p) < len(src) && src[p-1] == '\r' && src[p] == '\n' {
				t.Fatalf("edit %+v splits a CRLF", e)
			}
		}
		b.WriteString(src[prev:e.Pos])
		b.WriteString(e.NewText)
		prev = e.End
	}
	b.WriteString(src[prev:])
	return b.String()
}

// checkRangeEdits checks the edits for the range [from, to] against all
// the edits of the file: they are some of them, in order; they lie in the
// slots (games, text between games) that the range touches; and every edit
// that lies strictly inside those slots is among them.
func checkRangeEdits(t *testing.T, f *pgn.File, all []Edit, from, to pgn.Pos) {
	t.Helper()
	got := FormatRangeEdits(f, FormatOptions{}, from, to)
	lo, hi, touched := pgn.Pos(-1), pgn.Pos(-1), 0
	for _, s := range fileSlots(f) {
		if s.end < from || s.start > to {
			continue
		}
		if lo < 0 {
			lo = s.start
		}
		hi = s.end
		touched++
	}
	if len(got) > touched {
		t.Fatalf("range %d-%d: %d edits for %d games", from, to, len(got), touched)
	}
	k := 0
	for _, e := range got {
		for k < len(all) && all[k] != e {
			k++
		}
		if k == len(all) {
			t.Fatalf("range %d-%d: edit %+v is not one of the file's, or out of order", from, to, e)
		}
		if e.Pos < lo || e.End > hi {
			t.Fatalf("range %d-%d: edit %+v outside the games touched (%d-%d)", from, to, e, lo, hi)
		}
	}
	for _, e := range all {
		if e.Pos > lo && e.End < hi && !containsEdit(got, e) {
			t.Fatalf("range %d-%d: edit %+v missing", from, to, e)
		}
	}
}

func containsEdit(edits []Edit, e Edit) bool {
	for _, x := range edits {
		if x == e {
			return true
		}
	}
	return false
}

// BenchmarkFormatCorpus measures formatting alone (the tree is parsed
// outside the timer) on all cores, in MB/s of source and ns per ply.
func BenchmarkFormatCorpus(b *testing.B) {
	src := corpusText(b)
	file := pgn.Parse(src)
	plies := countPlies(file)
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		Format(file, FormatOptions{})
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(plies), "ns/ply")
}

// BenchmarkParseAndFormatCorpus measures what pgnls fmt does per file.
func BenchmarkParseAndFormatCorpus(b *testing.B) {
	src := corpusText(b)
	b.SetBytes(int64(len(src)))
	for i := 0; i < b.N; i++ {
		Format(pgn.Parse(src), FormatOptions{})
	}
}

// pgnExtract returns the path of pgn-extract, or skips the test. Debian
// installs it in /usr/games, which is not always on the PATH.
func pgnExtract(t *testing.T) string {
	if path, err := exec.LookPath("pgn-extract"); err == nil {
		return path
	}
	if _, err := os.Stat("/usr/games/pgn-extract"); err == nil {
		return "/usr/games/pgn-extract"
	}
	t.Skip("pgn-extract is not installed (apt-get install -y pgn-extract): the comparison with it is skipped")
	return ""
}

// TestFormatAgainstPgnExtract compares our export format with that of
// pgn-extract (pgn-extract -s -w80), the reference implementation of PGN
// tools, on every game of the corpus. Both must give the same tags and the
// same moves, in the same SAN, in every line; and every other byte of
// difference must be one of these deliberate ones:
//
//   - pgn-extract invents the Seven Tag Roster tags a game lacks ("?",
//     "????.??.??", the Result from the marker); we add no tag.
//   - pgn-extract writes the other tags in an order of its own (SetUp
//     before FEN, then source order); we write them in ASCII order, as the
//     standard asks (8.1.1).
//   - pgn-extract -w80 fills lines up to 80 characters; the standard asks
//     for fewer than 80, which is our default width of 79.
//   - pgn-extract writes no "N..." before a Black move that follows a NAG;
//     8.2.2.2 asks for one after any "intervening annotation", which a NAG
//     is.
//   - pgn-extract puts a comment that comes before a game's first move in a
//     paragraph of its own; we lay it out like any other comment.
//   - pgn-extract drops the games it cannot replay (an illegal move, say)
//     and reports them on its standard error; we keep them, formatting
//     them as far as they replay.
//   - pgn-extract misreads a tag value with quotes that are not escaped, as
//     real files have them ([White ""Mirage""]), and splits the game in
//     two; we read the quotes as quotes and write them escaped.
//   - pgn-extract drops escape lines and empty comments; the corpus has
//     none, and we keep them.
//
// The check of the last point: pgn-extract's output, with its invented tags
// removed, formats to exactly our output.
func TestFormatAgainstPgnExtract(t *testing.T) {
	exe := pgnExtract(t)
	var stats struct{ games, dropped, misread, invented, reordered, wide, blackAfterNAG, same int }
	for _, path := range pgntest.CorpusFiles(t) {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			cmd := exec.Command(exe, "-s", "-w80", path)
			raw, err := cmd.Output()
			if err != nil {
				t.Fatalf("%s: %v", exe, err)
			}
			if len(raw) > 0 && !bytes.HasSuffix(raw, []byte("\n\n")) {
				t.Errorf("pgn-extract's last game ends with %q: the README says it ends with an empty line, as ours does", raw[max(0, len(raw)-10):])
			}
			theirs := pgn.Parse(decodeForTest(raw))
			src := pgntest.ReadText(t, path)
			ours := pgn.Parse(Format(pgn.Parse(src), FormatOptions{}))
			j := 0
			for _, g := range ours.Games {
				stats.games++
				if quotedTag(g) {
					// pgn-extract splits it in two: a game of tags,
					// then the moves under tags of its own.
					stats.misread++
					for j < len(theirs.Games) && movesByLine(theirs.Games[j]) != movesByLine(g) {
						j++
					}
					j = min(j+1, len(theirs.Games))
					continue
				}
				if !replaysFully(ours, g) {
					// pgn-extract drops it, unless it could replay it after all.
					if j < len(theirs.Games) && tagsWithin(g, theirs.Games[j]) {
						j++
					}
					stats.dropped++
					continue
				}
				if j >= len(theirs.Games) {
					t.Fatalf("game %q is missing from pgn-extract's output", formatGameName(g))
				}
				h := theirs.Games[j]
				j++
				compareWithPgnExtract(t, ours, g, theirs, h)
				ourText := ours.Src[g.From:g.To]
				theirText := theirs.Src[h.From:h.To]
				switch {
				case ourText == theirText:
					stats.same++
				default:
					if len(h.Tags) > len(g.Tags) {
						stats.invented++
					}
					if !sameTagOrder(g, h) {
						stats.reordered++
					}
					if maxLineLength(theirText) > pgn.DefaultWidth {
						stats.wide++
					}
					if strings.Contains(ourText, "...") && !sameMoveNumbers(ours, g, theirs, h) {
						stats.blackAfterNAG++
					}
				}
			}
			if j != len(theirs.Games) {
				t.Fatalf("pgn-extract wrote %d games, we matched %d", len(theirs.Games), j)
			}
		})
	}
	t.Logf("%d games: %d byte for byte the same, %d dropped and %d misread by pgn-extract; of the others, %d with invented tags, %d with tags in another order, %d with lines of 80 characters, %d with other Black move numbers",
		stats.games, stats.same, stats.dropped, stats.misread, stats.invented, stats.reordered, stats.wide, stats.blackAfterNAG)
}

// decodeForTest decodes pgn-extract's output as the command line decodes
// a file.
func decodeForTest(data []byte) string {
	text, _ := pgn.DecodeText(data)
	return text
}

// replaysFully reports whether every move of the game, in every line, is
// legal: the games that pgn-extract keeps.
func replaysFully(f *pgn.File, g *pgn.Game) bool {
	if len(g.Errors) > 0 {
		return false
	}
	for _, d := range CheckGame(f, g) {
		switch d.Code {
		case CodeIllegalMove, CodeAmbiguousMove, CodeMovesAfterEnd, CodeBadFEN, CodeVariant:
			return false
		}
	}
	return true
}

func formatGameName(g *pgn.Game) string {
	e, _ := g.Tag("Event")
	w, _ := g.Tag("White")
	b, _ := g.Tag("Black")
	return e + ": " + w + " - " + b
}

// tagsWithin reports whether every tag of g is in h with the same value.
func tagsWithin(g, h *pgn.Game) bool {
	for _, t := range g.Tags {
		if v, ok := h.Tag(t.Name); !ok || v != t.Value {
			return false
		}
	}
	return true
}

// compareWithPgnExtract checks our game g against pgn-extract's h: the same
// tags but for the roster tags it invents, the same moves in every line,
// and, once h is formatted by us without the invented tags, the same text.
func compareWithPgnExtract(t *testing.T, ours *pgn.File, g *pgn.Game, theirs *pgn.File, h *pgn.Game) {
	t.Helper()
	if !tagsWithin(g, h) {
		t.Fatalf("game %q: pgn-extract's tags differ:\nours:   %s\ntheirs: %s", formatGameName(g), formatTagList(g), formatTagList(h))
	}
	var kept strings.Builder
	for _, tag := range h.Tags {
		if _, ok := g.Tag(tag.Name); ok {
			kept.WriteString(theirs.Src[tag.Pos():tag.End()] + "\n")
			continue
		}
		if !inventedByPgnExtract(tag, g) {
			t.Fatalf("game %q: pgn-extract adds the tag %s %q", formatGameName(g), tag.Name, tag.Value)
		}
	}
	if a, b := movesByLine(g), movesByLine(h); a != b {
		t.Fatalf("game %q: the moves differ:\nours:   %s\ntheirs: %s", formatGameName(g), a, b)
	}
	movetext := theirs.Src[h.From:h.To]
	if n := len(h.TagItems); n > 0 {
		movetext = theirs.Src[h.TagItems[n-1].End():h.To]
	}
	text := kept.String() + movetext + "\n"
	formatted := Format(pgn.Parse(text), FormatOptions{})
	if want := ours.Src[g.From:g.To] + "\n\n"; formatted != want { // a game ends with an empty line
		t.Fatalf("game %q: pgn-extract's output differs from ours in more than the documented ways:\n%s", formatGameName(g), unifiedDiffForTest(want, formatted))
	}
}

// inventedByPgnExtract reports whether tag is one that pgn-extract makes up for a game
// that lacks it.
func inventedByPgnExtract(tag *pgn.Tag, g *pgn.Game) bool {
	switch tag.Name {
	case "Event", "Site", "Round", "White", "Black":
		return tag.Value == "?"
	case "Date":
		return tag.Value == "????.??.??"
	case "Result":
		return g.Result != nil && tag.Value == g.Result.Text || tag.Value == "*" || tag.Value == "?"
	}
	return false
}

func formatTagList(g *pgn.Game) string {
	var b strings.Builder
	for _, t := range g.Tags {
		b.WriteString(t.Name + "=" + strconv.Quote(t.Value) + " ")
	}
	return b.String()
}

// movesByLine lists the moves of every line as written, variations in
// parentheses.
func movesByLine(g *pgn.Game) string {
	var b strings.Builder
	var line func(l *pgn.Line)
	line = func(l *pgn.Line) {
		for _, m := range l.Moves {
			b.WriteString(m.Text + " ")
			for _, v := range m.Variations() {
				b.WriteString("( ")
				line(&v.Line)
				b.WriteString(") ")
			}
		}
	}
	line(&g.Moves)
	return b.String()
}

// quotedTag reports whether a tag value holds a quote, which pgn-extract
// misreads when it is not escaped in the source (as in real files:
// [White ""Mirage""]).
func quotedTag(g *pgn.Game) bool {
	for _, t := range g.Tags {
		if strings.Contains(t.Value, "\"") {
			return true
		}
	}
	return false
}

func sameTagOrder(g, h *pgn.Game) bool {
	var a, b []string
	for _, t := range g.Tags {
		a = append(a, t.Name)
	}
	for _, t := range h.Tags {
		if _, ok := g.Tag(t.Name); ok {
			b = append(b, t.Name)
		}
	}
	return sameStringSlices(a, b)
}

func maxLineLength(text string) int {
	n := 0
	for _, line := range strings.Split(text, "\n") {
		if !strings.HasPrefix(line, "[") {
			n = max(n, utf8.RuneCountInString(line))
		}
	}
	return n
}

// sameMoveNumbers reports whether both games write the same move number
// indications.
func sameMoveNumbers(ours *pgn.File, g *pgn.Game, theirs *pgn.File, h *pgn.Game) bool {
	numbers := func(f *pgn.File, g *pgn.Game) string {
		var b strings.Builder
		pgn.NodeTokens(g, func(t pgn.Token) {
			if t.Kind == pgn.Number {
				b.WriteString(t.Text(f.Src) + " ")
			}
		})
		return b.String()
	}
	return numbers(ours, g) == numbers(theirs, h)
}

// FuzzFormat checks every property of checkFormatted on arbitrary text, at
// a random width: the meaning is kept, the layout is export format,
// formatting again changes nothing.
func FuzzFormat(f *testing.F) {
	inputs, _ := filepath.Glob(filepath.Join(formatDir, "*.input.pgn"))
	for _, input := range inputs {
		if data, err := os.ReadFile(input); err == nil {
			f.Add(string(data), uint8(0))
		}
	}
	f.Add("1. e4 {c} e5 (1... c5 $1) 2. Nf3! *", uint8(20))
	f.Fuzz(func(t *testing.T, src string, width uint8) {
		opts := FormatOptions{Width: int(width)}
		checkFormatted(t, src, Format(pgn.Parse(src), opts), opts)
	})
}

// A U+FEFF that only blank text precedes starts the formatted text, where
// it is the byte order mark: it is written as one, so that formatting the
// result again changes nothing (found by FuzzCheckAndFormat).
func TestFormatStrayByteOrderMarkFirst(t *testing.T) {
	tests := []struct{ in, want string }{
		{" \ufeff", "\ufeff"},
		{"\n\ufeff[Event \"x\"] *", "\ufeff[Event \"x\"]\n\n*\n\n"},
		{" \ufeffabc", "\ufeffabc\n\n"},
		{" \ufeff\ufeff", "\ufeff\ufeff\n\n"},
		{" \ufeff {c}", "\ufeff{c}\n\n"},
		{"{c}\n\ufeff", "{c}\n\ufeff\n\n"}, // not first: kept as it is
	}
	for _, tt := range tests {
		once := Format(pgn.Parse(tt.in), FormatOptions{})
		if once != tt.want {
			t.Errorf("Format(%q) = %q, want %q", tt.in, once, tt.want)
		}
		if twice := Format(pgn.Parse(once), FormatOptions{}); twice != once {
			t.Errorf("Format(%q) = %q, then %q", tt.in, once, twice)
		}
	}
}
