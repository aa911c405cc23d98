package pgn

import (
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
// movetext there) — or whatever next starts with, while the game has no moves
// yet, since then more tag pairs would join its tag section. (A tag pair
// after an empty line that repeats one of its tags starts the next game;
// but the formatter writes that game's tags knowing the tags of the game
// before it, and so the two must stay in one piece: see
// pgn.PrintOptions.After.) It reports true too when next starts with
// U+FEFF: no cut goes there, as next alone would start with a byte order
// mark.
func DependsOnNext(f *File, next string) bool {
	return TailOf(f).DependsOnNext(next)
}

// A Tail is what DependsOnNext needs to know of a parse: how its text
// ends. A language server keeps the tail of each piece of a document, so
// that an edit asks of the piece before it without parsing it again.
type Tail uint8

const (
	tailOpenComment Tail = 1 << iota // a brace comment without its '}'
	tailNoResult                     // a game without a result marker
	tailNoMoves                      // ... and without moves
)

// TailOf returns how f's text ends.
func TailOf(f *File) Tail {
	if len(f.Items) == 0 {
		return 0
	}
	last := f.Items[len(f.Items)-1]
	var lastTok Token
	NodeTokens(last, func(t Token) { lastTok = t })
	var t Tail
	if lastTok.Kind == BraceComment && f.Src[lastTok.End-1] != '}' {
		t |= tailOpenComment
	}
	if g, ok := last.(*Game); ok && g.Result == nil {
		t |= tailNoResult
		if len(g.Moves.Moves) == 0 {
			t |= tailNoMoves
		}
	}
	return t
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
	if t&tailOpenComment != 0 && !looksLikeTagPair(next) {
		return true
	}
	if t&tailNoResult == 0 {
		return false
	}
	return t&tailNoMoves != 0 || next[0] != '['
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
