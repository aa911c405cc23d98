package main

import (
	"pgnls/pgn"
)

// parseStrip reads the --strip flag of fmt: command names and groups, as
// pgn.ParseCommandSet reads them ("clk,eval,arrows").
func (o *fmtOptions) parseStrip(list string) error {
	set, err := pgn.ParseCommandSet(list)
	if err != nil {
		return err
	}
	if o.strip == nil {
		o.strip = set
		return nil
	}
	for name := range set { // --strip given twice: both lists
		o.strip[name] = true
	}
	return nil
}

// stripCommands returns piece f with the commands of set stripped from its
// comments (as the editor's strip actions strip them: the blanks that go
// with a command, and a comment left empty, go too), parsed again; f
// itself when set is nil or f has nothing to strip. The text between
// games is stripped as the games are.
func stripCommands(f *pgn.File, set pgn.CommandSet) *pgn.File {
	if set == nil {
		return f
	}
	edits := pgn.StripFileCommands(f, set.Has)
	if len(edits) == 0 {
		return f
	}
	return pgn.Parse(pgn.ApplyEdits(f.Src, edits))
}
