package pgn

import (
	"math/rand"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// printAll prints every game of src, as the formatter does for games
// without errors, with move information from info (nil: as written).
func printAll(t *testing.T, src string, width int, info func(*Move) MoveInfo) string {
	t.Helper()
	f := Parse(src)
	if len(f.Errors) > 0 {
		t.Fatalf("input has syntax errors: %v\n%s", f.Errors, src)
	}
	var out []byte
	for i, g := range f.Games {
		if i > 0 {
			out = append(out, '\n')
		}
		out = AppendGame(out, src, g, PrintOptions{Width: width, Move: info})
	}
	return string(out)
}

// plyInfo numbers every move by its ply from the start of the game, as if
// every move were legal, and gives it its text as SAN: a stand-in for the
// chess-aware caller. A variation starts at the ply of the move it replaces.
func plyInfo(g *Game, firstPly int) func(*Move) MoveInfo {
	plies := map[*Move]int{}
	var walk func(l *Line, ply int)
	walk = func(l *Line, ply int) {
		for _, m := range l.Moves {
			plies[m] = ply
			for _, v := range m.Variations() {
				walk(&v.Line, ply)
			}
			ply++
		}
	}
	walk(&g.Moves, firstPly)
	return func(m *Move) MoveInfo {
		ply := plies[m]
		return MoveInfo{SAN: m.Text, Number: ply/2 + 1, Black: ply%2 == 1}
	}
}

func printWithPlies(t *testing.T, src string, width, firstPly int) string {
	t.Helper()
	f := Parse(src)
	if len(f.Errors) > 0 || len(f.Games) != 1 {
		t.Fatalf("want one game without errors: %v", f.Errors)
	}
	g := f.Games[0]
	return printGame(src, g, PrintOptions{Width: width, Move: plyInfo(g, firstPly)})
}

func TestPrintMoveNumbers(t *testing.T) {
	tests := []struct {
		name, in, want string
		firstPly       int
	}{
		{"white numbers only", "e4 e5 Nf3 Nc6 *", "1. e4 e5 2. Nf3 Nc6 *\n", 0},
		{"wrong numbers replaced", "7. e4 7. e5 9... Nf3 *", "1. e4 e5 2. Nf3 *\n", 0},
		{"black first", "e5 Nf3 *", "1... e5 2. Nf3 *\n", 1},
		{"black first after a comment", "[Event \"E\"] {c} e5 *", "[Event \"E\"]\n\n{ c } 1... e5 *\n", 1},
		{"after a comment", "e4 {c} e5 *", "1. e4 { c } 1... e5 *\n", 0},
		{"after a NAG", "e4 $1 e5 *", "1. e4 $1 1... e5 *\n", 0},
		{"after a suffix", "e4! e5 *", "1. e4 $1 1... e5 *\n", 0},
		{"suffix as NAG, each kind", "e4!! e5?? Nf3!? Nc6?! Bb5? a6! *", "1. e4 $3 1... e5 $4 2. Nf3 $5 2... Nc6 $6 3. Bb5 $2 3... a6 $1 *\n", 0},
		{"unknown suffix stays", "e4!!! e5 *", "1. e4!!! e5 *\n", 0},
		{"after a variation", "e4 (d4 d5) e5 *", "1. e4 (1. d4 d5) 1... e5 *\n", 0},
		{"variation on a black move", "e4 e5 (c5 Nf3) Nf3 *", "1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *\n", 0},
		{"comment before the number goes first", "e4 e5 2. {c} Nf3 *", "1. e4 e5 { c } 2. Nf3 *\n", 0},
		{"comment between number and black move", "e4 1... {c} e5 *", "1. e4 { c } 1... e5 *\n", 0},
		{"escape line", "e4\n%esc\ne5 *", "1. e4\n%esc\n1... e5 *\n", 0},
		{"NAG run", "e4 $1 $14 $36 e5 *", "1. e4 $1 $14 $36 1... e5 *\n", 0},
		{"leading zeros of a NAG", "e4 $001 e5 *", "1. e4 $1 1... e5 *\n", 0},
		{"nested variations", "e4 (d4 (c4 c5) d5 (Nf6)) e5 *", "1. e4 (1. d4 (1. c4 c5) 1... d5 (1... Nf6)) 1... e5 *\n", 0},
		{"variation starting with a comment", "e4 ({c} d4) e5 *", "1. e4 ({ c } 1. d4) 1... e5 *\n", 0},
		{"variation ending with a comment", "e4 (d4 {c}) e5 *", "1. e4 (1. d4 { c }) 1... e5 *\n", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := printWithPlies(t, tt.in, 0, tt.firstPly); got != tt.want {
				t.Errorf("print(%q)\n got %q\nwant %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestPrintAsWritten(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"numbers and suffixes as written", "12 ... e4 ! 13.Nf3?? *", "12 ... e4! 13. Nf3?? *\n"},
		{"number with its comment", "3. {c} e4 *", "3. { c } e4 *\n"},
		{"no number invented", "e4 e5 *", "e4 e5 *\n"},
		{"NAGs still", "e4 $01 *", "e4 $1 *\n"},
		{"huge NAG kept", "e4 $99999999999999999999 *", "e4 $99999999999999999999 *\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := printAll(t, tt.in, 0, nil); got != tt.want {
				t.Errorf("print(%q)\n got %q\nwant %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestPrintTags(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{
			"roster first, others in ASCII order, nothing invented",
			"[ECO \"C20\"][White \"W\"] [Event \"E\"]\n[eco \"x\"][Annotator \"A\"] [Black_2 \"b\"]\n*",
			"[Event \"E\"]\n[White \"W\"]\n[Annotator \"A\"]\n[Black_2 \"b\"]\n[ECO \"C20\"]\n[eco \"x\"]\n\n*\n",
		},
		{
			"escapes",
			`[Event "a \"quoted\" back\\slash"]` + "\n*",
			`[Event "a \"quoted\" back\\slash"]` + "\n\n*\n",
		},
		{
			"a stray quote is escaped",
			`[White ""Mirage""]` + "\n*",
			`[White "\"Mirage\""]` + "\n\n*\n",
		},
		{
			"white space inside a tag pair",
			"[  Event    \"E\"  ]\n*",
			"[Event \"E\"]\n\n*\n",
		},
		{
			// It may be several sections run together: sorted, it could
			// never be split again.
			"a section that repeats a tag keeps the order as written",
			"[Site \"2\"]\n[Event \"E\"]\n[Site \"1\"]\n*",
			"[Site \"2\"]\n[Event \"E\"]\n[Site \"1\"]\n\n*\n",
		},
		{
			"a section without repeats is sorted",
			"[Site \"2\"]\n[Event \"E\"]\n[Zed \"1\"]\n[Annotator \"A\"]\n*",
			"[Event \"E\"]\n[Site \"2\"]\n[Annotator \"A\"]\n[Zed \"1\"]\n\n*\n",
		},
		{
			"a comment between tags keeps the source order",
			"[White \"W\"]\n{about\n Event} [Event \"E\"]\n%esc\n[Site \"S\"]\n*",
			"[White \"W\"]\n{ about Event }\n[Event \"E\"]\n%esc\n[Site \"S\"]\n\n*\n",
		},
		{
			"a long tag stays on its line",
			"[Event \"" + strings.Repeat("x", 100) + "\"]\n*",
			"[Event \"" + strings.Repeat("x", 100) + "\"]\n\n*\n",
		},
		{"tags and no movetext", "[Event \"E\"]", "[Event \"E\"]\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := printAll(t, tt.in, 0, nil); got != tt.want {
				t.Errorf("print(%q)\n got %q\nwant %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestPrintComments(t *testing.T) {
	tests := []struct {
		name, in, want string
		width          int
	}{
		{"spaces made single", "e4 {  two\n\twords } *", "e4 { two words } *\n", 0},
		{"empty", "e4 {} { \n } *", "e4 { } { } *\n", 0},
		{"line comment becomes a brace comment", "e4 ; rest of line\ne5 *", "e4 { rest of line } e5 *\n", 0},
		{"line comment with a brace stays", "e4 ;a } b  \ne5 *", "e4 ;a } b\ne5 *\n", 0},
		{"line comment with a brace ends a variation's line", "e4 (d4 ;x}\n) *", "e4 (d4 ;x}\n) *\n", 0},
		{"no-break space is part of a word", "e4 {a\u00a0b c} *", "e4 { a\u00a0b c } *\n", 0},
		{"wrapped at spaces", "e4 {aaa bbb ccc ddd} *", "e4 { aaa\nbbb ccc\nddd } *\n", 9},
		{"a word longer than the line stands alone", "e4 {a " + strings.Repeat("w", 12) + " b} *", "e4 { a\n" + strings.Repeat("w", 12) + "\nb } *\n", 8},
		{"'%' and '[' never start a line", "e4 {aaaa %x [y bbbb} *", "e4\n{ aaaa %x [y\nbbbb } *\n", 10},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := printAll(t, tt.in, tt.width, nil); got != tt.want {
				t.Errorf("print(%q)\n got %q\nwant %q", tt.in, got, tt.want)
			}
		})
	}
}

func TestPrintWidth(t *testing.T) {
	in := "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 *"
	tests := []struct {
		width int
		want  string
	}{
		{0, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *\n"},
		{15, "1. e4 e5 2. Nf3\nNc6 3. Bb5 a6\n4. Ba4 Nf6 5.\nO-O Be7 *\n"},
		{1, "1.\ne4\ne5\n2.\nNf3\nNc6\n3.\nBb5\na6\n4.\nBa4\nNf6\n5.\nO-O\nBe7\n*\n"},
	}
	for _, tt := range tests {
		if got := printWithPlies(t, in, tt.width, 0); got != tt.want {
			t.Errorf("width %d:\n got %q\nwant %q", tt.width, got, tt.want)
		}
	}
	// Parentheses stay with what they enclose.
	if got, want := printWithPlies(t, "e4 (d4 d5) e5 *", 10, 0), "1. e4 (1.\nd4 d5)\n1... e5 *\n"; got != want {
		t.Errorf("variation at width 10:\n got %q\nwant %q", got, want)
	}
	// Width counts characters, not bytes: "e4 { ééé ééé }" is 14 of them.
	if got, want := printAll(t, "e4 {ééé ééé} *", 14, nil), "e4 { ééé ééé }\n*\n"; got != want {
		t.Errorf("width 14:\n got %q\nwant %q", got, want)
	}
}

// TestPrintRandom prints random movetext at random widths and checks the
// layout rules and that printing the output again changes nothing.
func TestPrintRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 2000; i++ {
		src := randomMovetext(rng)
		width := []int{1, 5, 12, 30, 79, 200}[rng.Intn(6)]
		f := Parse(src)
		if len(f.Errors) > 0 {
			t.Fatalf("generated text has errors: %v\n%s", f.Errors, src)
		}
		g := f.Games[0]
		out := printGame(src, g, PrintOptions{Width: width, Move: plyInfo(g, 0)})
		checkLines(t, out, width)
		f2 := Parse(out)
		if len(f2.Errors) > 0 || len(f2.Games) != 1 {
			t.Fatalf("output does not parse as one game: %v\n%s", f2.Errors, out)
		}
		again := printGame(out, f2.Games[0], PrintOptions{Width: width, Move: plyInfo(f2.Games[0], 0)})
		if again != out {
			t.Fatalf("not idempotent at width %d:\nfirst  %q\nsecond %q\ninput %q", width, out, again, src)
		}
		if a, b := movetextWords(f, g), movetextWords(f2, f2.Games[0]); a != b {
			t.Fatalf("content changed at width %d:\nbefore %s\nafter  %s\ninput %q\noutput %q", width, a, b, src, out)
		}
	}
}

// checkLines checks the line rules of export format: no line starts or
// ends with a space, and a line is longer than width only when it holds a
// single unit that no line break could split.
func checkLines(t *testing.T, out string, width int) {
	t.Helper()
	if !strings.HasSuffix(out, "\n") || strings.Contains(out, "\n\n\n") {
		t.Fatalf("bad line ends: %q", out)
	}
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if strings.HasPrefix(line, " ") || strings.HasSuffix(line, " ") {
			t.Fatalf("line %q starts or ends with a space", line)
		}
		if utf8.RuneCountInString(line) > width && !strings.HasPrefix(line, "[") && !strings.HasPrefix(line, "%") && len(breakable(line)) > 1 {
			t.Fatalf("line %q is longer than %d and could be broken", line, width)
		}
	}
}

// breakable splits a line at the spaces where the printer may break it: not
// after "{" or before "}", nor before a word starting with '%' or '['; a ';'
// comment runs to the end.
func breakable(line string) []string {
	var units []string
	words := strings.Split(line, " ")
	for i := 0; i < len(words); i++ {
		w := words[i]
		n := len(units)
		switch {
		case n > 0 && (w == "}" || w == "})" || strings.HasPrefix(w, "%") || strings.HasPrefix(w, "[") || strings.HasPrefix(w, "}")):
			units[n-1] += " " + w
		case n > 0 && strings.HasSuffix(units[n-1], "{"):
			units[n-1] += " " + w
		default:
			units = append(units, w)
		}
		if strings.HasPrefix(w, ";") || strings.HasPrefix(w, "(;") {
			units[len(units)-1] += " " + strings.Join(words[i+1:], " ")
			break
		}
	}
	return units
}

// movetextWords returns the game's movetext as a string of its tokens, with
// comments as their words and suffixes as their NAGs: what printing must
// keep.
func movetextWords(f *File, g *Game) string {
	var b strings.Builder
	NodeTokens(g, func(t Token) {
		text := t.Text(f.Src)
		switch t.Kind {
		case Number, Dots:
			return
		case BraceComment, LineComment:
			text = text[1:] // the ';' or '{'
			if t.Kind == BraceComment {
				text = text[:len(text)-1]
			}
			text = "{" + strings.Join(strings.Fields(text), " ") + "}"
		case Suffix:
			if nag, ok := SuffixNAG(text); ok {
				text = "$" + strconv.Itoa(nag)
			}
		case NAG:
			n, _ := strconv.Atoi(text[1:])
			text = "$" + strconv.Itoa(n)
		}
		b.WriteString(text)
		b.WriteByte(' ')
	})
	return b.String()
}

// randomMovetext returns a game of made-up moves (the printer knows no
// chess) with comments, NAGs, suffixes, variations and escape lines, laid
// out at random.
func randomMovetext(rng *rand.Rand) string {
	var b strings.Builder
	sep := func() {
		b.WriteString([]string{" ", " ", "  ", "\n", "\t", "\r\n"}[rng.Intn(6)])
	}
	words := []string{"a", "good", "move", "é", "ÿ", "%pct", "[Event", "x}", "{", "1.", "longwordlongwordlongword", "(", ")", ";", "$1"}
	comment := func() {
		n := rng.Intn(8)
		if rng.Intn(5) == 0 {
			b.WriteString(";")
			for i := 0; i < n; i++ {
				b.WriteString(words[rng.Intn(len(words))] + " ")
			}
			b.WriteString("\n")
			return
		}
		b.WriteString("{")
		for i := 0; i < n; i++ {
			w := words[rng.Intn(len(words))]
			if w == "x}" {
				w = "x"
			}
			b.WriteString(w)
			sep()
		}
		b.WriteString("}")
	}
	moves := []string{"e4", "Nf3", "O-O-O", "exd8=Q+", "Qh4xe1#", "a1"}
	var line func(depth, n int)
	line = func(depth, n int) {
		if rng.Intn(4) == 0 {
			comment()
			sep()
		}
		for i := 0; i < n; i++ {
			if rng.Intn(3) == 0 {
				b.WriteString(strconv.Itoa(rng.Intn(200)+1) + []string{".", "...", ""}[rng.Intn(3)])
				sep()
			}
			b.WriteString(moves[rng.Intn(len(moves))])
			if rng.Intn(5) == 0 {
				b.WriteString([]string{"!", "?", "!!", "??", "!?", "?!"}[rng.Intn(6)])
			}
			sep()
			for rng.Intn(3) == 0 {
				switch rng.Intn(4) {
				case 0:
					b.WriteString("$" + strconv.Itoa(rng.Intn(256)))
				case 1:
					comment()
				case 2:
					if depth < 4 {
						b.WriteString("(")
						line(depth+1, 1+rng.Intn(5))
						b.WriteString(")")
					}
				case 3:
					b.WriteString("\n%escape " + strconv.Itoa(rng.Intn(9)) + "\n")
				}
				sep()
			}
		}
	}
	line(0, rng.Intn(40))
	b.WriteString([]string{"*", "1-0", "0-1", "1/2-1/2"}[rng.Intn(4)])
	return b.String()
}

// TestPrintTagsAfterATagOnlyGame: after a game of tags alone, a game's
// tag section begins with one of that game's tag names (the first of
// them in export order), so that the two do not read as one; export order
// otherwise.
func TestPrintTagsAfterATagOnlyGame(t *testing.T) {
	src := "[White \"a\"]\n[Site \"s\"]\n\n[White \"b\"]\n[Round \"1\"]\n[Annotator \"x\"]\n\n[Round \"2\"]\n[Event \"c\"]\n"
	f := Parse(src)
	if len(f.Games) != 3 || !f.Games[0].TagsOnly() || !f.Games[1].TagsOnly() {
		t.Fatalf("%d games; want 3 of tags alone", len(f.Games))
	}
	for _, tt := range []struct {
		game  int
		after []*Tag
		want  string
	}{
		{1, f.Games[0].Tags, "[White \"b\"]\n[Round \"1\"]\n[Annotator \"x\"]\n"},
		{1, nil, "[Round \"1\"]\n[White \"b\"]\n[Annotator \"x\"]\n"},
		{2, f.Games[1].Tags, "[Round \"2\"]\n[Event \"c\"]\n"},
		{2, f.Games[0].Tags, "[Event \"c\"]\n[Round \"2\"]\n"}, // no tag in common: export order
	} {
		if got := printGame(src, f.Games[tt.game], PrintOptions{After: tt.after}); got != tt.want {
			t.Errorf("game %d after %d tags: %q, want %q", tt.game, len(tt.after), got, tt.want)
		}
	}
	if g := Parse("[Event \"a\"]\n$1\n").Games[0]; g.TagsOnly() {
		t.Error("a game with a NAG after its tags is not tags alone")
	}
}

// printGame returns game g in export format.
func printGame(src string, g *Game, opts PrintOptions) string {
	return string(AppendGame(nil, src, g, opts))
}
