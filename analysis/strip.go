package analysis

import (
	"strings"

	"pgnls/pgn"
)

// The source actions that strip commands from comments: clocks, evals or
// arrows, from a game or from the file, as `pgnls fmt --strip` does in
// bulk. pgn.StripNodeCommands and pgn.StripFileCommands make the edits:
// they delete the commands and the blanks that go with them, a comment
// left empty whole, and keep every other byte.

// KindStripCommands is the kind of the strip actions.
const KindStripCommands ActionKind = "source.stripCommands"

// stripChoice is one kind of command the strip actions offer to strip,
// named as `pgnls fmt --strip` names its group.
type stripChoice struct {
	name string // "clocks"
	set  pgn.CommandSet
}

// stripChoices returns the groups the actions strip: the time commands
// (clk, emt, egt, mct, timestamp), the evaluations (eval, evp), and the
// arrows and squares (cal, csl).
func stripChoices() []stripChoice {
	names := []string{"clocks", "evals", "arrows"}
	out := make([]stripChoice, len(names))
	for i, name := range names {
		set, err := pgn.ParseCommandSet(name)
		if err != nil {
			panic(err) // the names are pgn's own groups
		}
		out[i] = stripChoice{name: name, set: set}
	}
	return out
}

// StripGameActions returns the actions that strip each kind of command
// from game g of f, for the kinds it has.
func StripGameActions(f *pgn.File, g *pgn.Game) []Action {
	if !strings.Contains(f.Src[g.From:g.To], "[%") {
		return nil
	}
	var out []Action
	for _, c := range stripChoices() {
		edits := gameEdits(g, pgn.StripNodeCommands(f.Src, g, c.set.Has))
		if len(edits) > 0 {
			out = append(out, Action{Title: "Strip " + c.name + " from this game", Kind: KindStripCommands, Edits: edits})
		}
	}
	return out
}

// gameEdits converts strip edits of a game, kept inside its span: a
// comment that ends the game goes with the line break after it, which is
// the text's after the game, and stays.
func gameEdits(g *pgn.Game, edits []pgn.TextEdit) []Edit {
	out := make([]Edit, 0, len(edits))
	for _, e := range edits {
		e.Pos, e.End = max(e.Pos, g.From), min(e.End, g.To)
		if e.End > e.Pos || e.NewText != "" {
			out = append(out, Edit(e))
		}
	}
	return out
}

// StripFileActions returns, for a piece of the file, the actions that
// strip each kind of command from the whole of it, titled "Strip clocks
// from the file" and so on, for the kinds it has. The language server
// joins the actions of the same title of every piece.
func StripFileActions(f *pgn.File) []Action {
	if !strings.Contains(f.Src, "[%") {
		return nil
	}
	var out []Action
	for _, c := range stripChoices() {
		edits := pgn.StripFileCommands(f, c.set.Has)
		if len(edits) == 0 {
			continue
		}
		a := Action{Title: "Strip " + c.name + " from the file", Kind: KindStripCommands, Edits: make([]Edit, len(edits))}
		for i, e := range edits {
			a.Edits[i] = Edit(e)
		}
		out = append(out, a)
	}
	return out
}
