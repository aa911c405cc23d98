package analysis

import (
	"strings"
	"testing"

	"pgnls/pgn"
	"pgnls/pgn/pgntest"
)

// TestCorpusCommandsRaiseNoWarning checks every file of the corpus, whose
// lichess studies carry hundreds of [%cal], [%csl] and [%clk] commands:
// the full check (as pgnls check and the editor run it) must find no
// `command` diagnostic in them, and the test must have seen commands.
func TestCorpusCommandsRaiseNoWarning(t *testing.T) {
	commands := 0
	for _, name := range pgntest.CorpusFiles(t) {
		src := pgntest.ReadText(t, name)
		commands += strings.Count(src, "[%")
		file := pgn.Parse(src)
		for _, d := range CheckFile(file) {
			if d.Code == CodeCommand {
				line, col := file.Lines.CharPosition(d.Pos)
				t.Errorf("%s:%d:%d: %s (%q)", name, line+1, col+1, d.Message, src[d.Pos:d.End])
			}
		}
	}
	if commands < 100 {
		t.Errorf("only %d commands in the corpus: the test has lost its teeth", commands)
	}
	t.Logf("%d commands in the corpus, none warned of", commands)
}
