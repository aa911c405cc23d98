package pgn

import (
	"fmt"
	"sort"
	"strings"
)

// A text can be cut into pieces that each parse alone exactly as they parse
// within the whole text: the language server keeps a document as such pieces
// so that an edit re-parses one of them, and the streaming Reader reads a
// file in such pieces so that memory stays bounded. This file says where the
// cuts may go.

// DependsOnNext reports whether the parse of f would change if next followed
// its text, next being text that starts at a line start. It does when f ends
// in a brace comment without its '}' and next does not start with a tag pair
// line (which would end the comment there); and when f ends in a game without
// a result marker and next does not start with '[' (which would end the
// movetext there) — or, while the game has no moves yet, whatever next
// starts with (more tag pairs would join its tag section), but for a tag
// pair after an empty line that repeats one of the game's tags, which
// starts the next game. It reports true too when next starts with U+FEFF:
// no cut goes there, as next alone would start with a byte order mark.
func DependsOnNext(f *File, next string) bool {
	return TailOf(f).DependsOnNext(next)
}

// A Tail is what DependsOnNext needs to know of a parse: how its text
// ends. A language server keeps the tail of each piece of a document, so
// that an edit asks of the piece before it without parsing it again. Tails
// are comparable: two parses that end alike have equal tails.
type Tail struct {
	flags uint8
	// breaks counts the line breaks after the last token, up to 2, and
	// endsCR tells whether that white space ends in "\r" (a "\n" after
	// it is the same line break).
	breaks uint8
	endsCR bool
	// names holds, for a game without moves or result marker, the names
	// of its tag pairs, each followed by a space: a tag pair after an
	// empty line that repeats one of them starts the next game.
	names string
}

const (
	tailOpenComment uint8 = 1 << iota // a brace comment without its '}'
	tailNoResult                      // a game without a result marker
	tailNoMoves                       // ... and without moves
)

// TailOf returns how f's text ends.
func TailOf(f *File) Tail {
	if len(f.Items) == 0 {
		return Tail{}
	}
	last := f.Items[len(f.Items)-1]
	var lastTok Token
	NodeTokens(last, func(t Token) { lastTok = t })
	var t Tail
	if lastTok.Kind == BraceComment && f.Src[lastTok.End-1] != '}' {
		t.flags |= tailOpenComment
	}
	if g, ok := last.(*Game); ok && g.Result == nil {
		t.flags |= tailNoResult
		if len(g.Moves.Moves) == 0 {
			t.flags |= tailNoMoves
			t.names = tagNames(g.Tags)
		}
	}
	// The white space after the last token: up to the next token, when f
	// is part of a larger parse (SplitPoints), else to the end.
	gap := f.Src[lastTok.End:]
	n := 0
	for n < len(gap) && isSpace(gap[n]) {
		n++
	}
	gap = gap[:n]
	t.breaks = uint8(countBreaks(gap, 2))
	t.endsCR = strings.HasSuffix(gap, "\r")
	return t
}

// Format writes the tail for a test's message, whatever the verb: the
// flags, the line breaks after the last token and the tag names.
func (t Tail) Format(s fmt.State, _ rune) {
	fmt.Fprintf(s, "{flags %03b, %d line breaks after", t.flags, t.breaks)
	if t.endsCR {
		fmt.Fprint(s, " (the last a CR)")
	}
	if t.names != "" {
		fmt.Fprintf(s, ", tags %q", t.names)
	}
	fmt.Fprint(s, "}")
}

// tagNames returns the names of tags, each followed by a space.
func tagNames(tags []*Tag) string {
	if len(tags) == 0 {
		return ""
	}
	var b strings.Builder
	for _, t := range tags {
		b.WriteString(t.Name)
		b.WriteByte(' ')
	}
	return b.String()
}

// DependsOnNext reports whether the parse of a text that ends so would
// change if next followed it (see the function DependsOnNext).
func (t Tail) DependsOnNext(next string) bool {
	if next == "" {
		return false
	}
	if strings.HasPrefix(next, bom) {
		// Not a dependence of the text before, but no cut either: alone,
		// the text after the cut would start with a byte order mark,
		// which within the whole is illegal text (an edit can put one
		// at the start of a document's chunk).
		return true
	}
	if t.flags&tailOpenComment != 0 && !looksLikeTagPair(next) {
		return true
	}
	if t.flags&tailNoResult == 0 {
		return false
	}
	if t.flags&tailNoMoves != 0 {
		return !t.nextGameStarts(next)
	}
	return next[0] != '['
}

// nextGameStarts reports whether next, after a game that has tag pairs and
// nothing else, starts the next game: with a tag pair after an empty line
// that repeats a tag of the game (the parser's startsGame).
func (t Tail) nextGameStarts(next string) bool {
	if t.names == "" || t.flags&tailOpenComment != 0 {
		return false
	}
	i := 0
	for i < len(next) && isSpace(next[i]) {
		i++
	}
	if i == len(next) || next[i] != '[' {
		return false
	}
	breaks := int(t.breaks) + countBreaks(next[:i], 2)
	if t.endsCR && next[0] == '\n' {
		breaks-- // one "\r\n"
	}
	name := peekTagName(next, i)
	return breaks >= 2 && name != "" && strings.Contains(" "+t.names, " "+name+" ")
}

// SplitPoints returns the offsets at which f's text can be cut into pieces
// that each parse alone as they do within the whole: the starts of games
// that begin a line and do not continue what comes before them.
func SplitPoints(f *File) []Pos {
	var points []Pos
	start := 0 // index of the first item of the current piece
	for i, item := range f.Items {
		g, ok := item.(*Game)
		if !ok || i == start || !AtLineStart(f.Src, g.From) {
			continue
		}
		before := &File{Src: f.Src, Items: f.Items[start:i]}
		if !DependsOnNext(before, f.Src[g.From:]) {
			points = append(points, g.From)
			start = i
		}
	}
	return points
}

// LastSplitPoint returns the last of SplitPoints(f), found from the end:
// the streaming Reader needs only the last cut of each block, and finding
// every cut looked at every game's tokens (DependsOnNext reads the last
// token of the text before a cut).
func LastSplitPoint(f *File) (Pos, bool) {
	// A cut at item i depends only on the item before it (DependsOnNext
	// looks at the last item), so the last i that qualifies is the last
	// of SplitPoints.
	for i := len(f.Items) - 1; i >= 1; i-- {
		g, ok := f.Items[i].(*Game)
		if !ok || !AtLineStart(f.Src, g.From) {
			continue
		}
		if !DependsOnNext(&File{Src: f.Src, Items: f.Items[:i]}, f.Src[g.From:]) {
			return g.From, true
		}
	}
	return 0, false
}

// AtLineStart reports whether offset off begins a line of text.
func AtLineStart(text string, off Pos) bool {
	return off == 0 || text[off-1] == '\n' || text[off-1] == '\r'
}

// ItemsBefore returns how many of f's items start before offset off.
func (f *File) ItemsBefore(off Pos) int {
	return sort.Search(len(f.Items), func(i int) bool { return f.Items[i].Pos() >= off })
}
