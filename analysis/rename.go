package analysis

import (
	"errors"
	"sort"
	"strings"

	"pgnls/pgn"
)

// PlayerAt returns the White or Black tag pair whose value holds offset off
// (its quotes included), or nil: the place where a player can be renamed.
func PlayerAt(f *pgn.File, off pgn.Pos) *pgn.Tag {
	i := sort.Search(len(f.Games), func(i int) bool { return f.Games[i].To >= off })
	for ; i < len(f.Games) && f.Games[i].From <= off; i++ {
		for _, t := range f.Games[i].Tags {
			if isPlayerTag(t.Name) && t.ValueTok.Pos <= off && off <= t.ValueTok.End {
				return t
			}
		}
	}
	return nil
}

func isPlayerTag(name string) bool { return name == "White" || name == "Black" }

// ValueSpan returns the bytes of a tag's value between its quotes.
func ValueSpan(src string, t *pgn.Tag) (pgn.Pos, pgn.Pos) {
	pos, end := t.ValueTok.Pos+1, t.ValueTok.End
	if end > pos && src[end-1] == '"' {
		end-- // the closing quote
	}
	return pos, end
}

// CheckPlayerName returns why a name cannot be a player's new name, or nil.
func CheckPlayerName(name string) error {
	switch {
	case strings.TrimSpace(name) == "":
		return errors.New("a player's name cannot be empty")
	case strings.ContainsAny(name, "\r\n"):
		return errors.New("a player's name cannot span lines")
	}
	return nil
}

// RenamePlayer returns the edits that replace name with newName in every
// White and Black tag of f whose value is exactly name. Each edit replaces
// the text between the quotes, with '"' and '\' escaped.
func RenamePlayer(f *pgn.File, name, newName string) []Edit {
	quoted := quoteValue(newName)
	text := quoted[1 : len(quoted)-1]
	var edits []Edit
	for _, g := range f.Games {
		for _, t := range g.Tags {
			if isPlayerTag(t.Name) && t.Value == name {
				pos, end := ValueSpan(f.Src, t)
				edits = append(edits, Edit{Pos: pos, End: end, NewText: text})
			}
		}
	}
	return edits
}
