package analysis

import (
	"path/filepath"
	"strings"
	"testing"

	"pgnls/pgn"
	"pgnls/pgn/pgntest"
)

// stripSamples are texts where stripping must take care: comments alone on
// their lines, side by side, glued to moves and to words, in variations,
// in the tag section, with line breaks inside, CRLF, unclosed commands
// and comments.
var stripSamples = []string{
	"[Event \"x\"]\n[TimeControl \"60+1\"]\n\n1. e4 {[%clk 0:01:00]} e5 {[%clk 0:01:00] [%eval 0.2]} 2. Nf3 {good [%cal Ge2e4] move} *\n",
	"1. e4\n{ [%clk 0:01:00] }\ne5 {[%clk 0:00:59]}{[%eval 0.1]} {[%csl Rd4]} (1... c5 {[%clk 0:00:58] line [%eval -0.3]}) 2. Nf3{[%clk 0:00:50]}Nc6 *\n",
	"[Event \"crlf\"]\r\n\r\n1. e4 {a[%clk 0:01:00]b}\r\n{[%eval 0.1]}\r\ne5 {[%clk 0:01:00\r\n} 2. d4 ; [%clk 0:00:40] rest\r\n*\r\n",
	"{[%clk 0:01:00]} 1. e4 {[%evp 1,2,3] [%emt 0:00:02] [%timestamp 20] [%unknown x]} *\n\n{between [%clk 0:00:01]}\n\n1. d4 {[%cal Ge2e4]} d5 {unclosed [%eval 0.3",
	"[Event \"a\"]\n{ [%clk 0:01:00] }\n[Site \"b\"]\n\n1. e4 ( {[%csl Ga1]} 1. d4 {[%cal Ra1a8,Gh1h8]} ) 1... e5 {[%clk 0:01:00]}\n1-0 {[%eval 1.0]}\n",
}

// TestStripActionsKeepEveryOtherByte applies every strip action of every
// game (and of the file) of the samples, the marker files and the corpus,
// and compares the text after with the text before: the same games, with
// the same tokens outside comments, and each comment with the text it had
// less the stripped commands (a comment left empty gone); the edits of a
// game's action stay inside the game.
func TestStripActionsKeepEveryOtherByte(t *testing.T) {
	texts := map[string]string{}
	for i, s := range stripSamples {
		texts["sample "+string(rune('a'+i))] = s
	}
	files, _ := filepath.Glob("../testdata/commands/*.pgn")
	more, _ := filepath.Glob("../testdata/check/*.pgn")
	for _, path := range append(append(files, more...), pgntest.OptionalCorpusFiles(t)...) {
		texts[path] = pgntest.ReadText(t, path)
	}
	actions := 0
	for name, src := range texts {
		f := pgn.Parse(src)
		for _, g := range f.Games {
			for _, a := range StripGameActions(f, g) {
				actions++
				for _, e := range a.Edits {
					if e.Pos < g.From || e.End > g.To {
						t.Errorf("%s: game %d: %q edits [%d, %d) outside the game [%d, %d)", name, g.Index, a.Title, e.Pos, e.End, g.From, g.To)
					}
				}
				checkStripped(t, name+": "+a.Title, src, applyActionEdits(t, src, a.Edits), stripSetOf(t, a.Title), g.From, g.To)
			}
		}
		for _, a := range StripFileActions(f) {
			actions++
			checkStripped(t, name+": "+a.Title, src, applyActionEdits(t, src, a.Edits), stripSetOf(t, a.Title), 0, pgn.Pos(len(src)))
		}
	}
	if actions < 20 {
		t.Errorf("only %d strip actions: the test has lost its teeth", actions)
	}
}

// stripSetOf returns the commands an action's title says it strips.
func stripSetOf(t *testing.T, title string) pgn.CommandSet {
	for _, c := range stripChoices() {
		if strings.HasPrefix(title, "Strip "+c.name+" ") {
			return c.set
		}
	}
	t.Fatalf("action %q strips nothing known", title)
	return nil
}

// checkStripped compares before and after as TestStripActionsKeepEveryOtherByte
// says, the commands of set stripped from the comments in [from, to) of before.
func checkStripped(t *testing.T, name, before, after string, set pgn.CommandSet, from, to pgn.Pos) {
	t.Helper()
	fb, fa := pgn.Parse(before), pgn.Parse(after)
	want, got := strippedOutline(fb, set, from, to), strippedOutline(fa, nil, 0, 0)
	for i := range min(len(want), len(got)) {
		if want[i] != got[i] {
			t.Errorf("%s: item %d reads %q, want %q", name, i, got[i], want[i])
			return
		}
	}
	if len(want) != len(got) {
		t.Errorf("%s: %d items before, %d after", name, len(want), len(got))
	}
	if strings.Count(after, "[%") > strings.Count(before, "[%") {
		t.Errorf("%s: the text has more commands after", name)
	}
}

// strippedOutline lists a file's comments' texts, with the commands of set
// stripped from those in [from, to) (as the actions strip them; a comment
// left empty is not listed), in source order, then its other tokens.
func strippedOutline(f *pgn.File, set pgn.CommandSet, from, to pgn.Pos) []string {
	var out []string
	for _, item := range f.Items {
		pgn.Inspect(item, func(n pgn.Node) bool {
			if c, ok := n.(*pgn.Comment); ok {
				text := c.Text
				if set != nil && !c.Unterminated && c.Pos() >= from && c.Pos() < to {
					if kept, empty := pgn.StripCommandText(c.Text, set.Has); kept != c.Text {
						if empty {
							return true
						}
						text = kept
					}
				}
				out = append(out, "comment "+text)
			}
			return true
		})
	}
	var tokens []string
	f.Tokens(func(tok pgn.Token) {
		if tok.Kind != pgn.BraceComment && tok.Kind != pgn.LineComment {
			tokens = append(tokens, f.Src[tok.Pos:tok.End])
		}
	})
	return append(out, tokens...)
}
