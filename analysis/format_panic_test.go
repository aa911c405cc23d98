package analysis

import (
	"strings"
	"testing"

	"pgnls/analysis/internal/testhook/panictest"
	"pgnls/pgn"
)

// A panic while formatting a game (a bug) keeps that game as written: the
// other games are still formatted, on worker goroutines or not, and no
// text is lost; the edits for an editor leave that game alone.
func TestFormatPanicKeepsTheGameAsWritten(t *testing.T) {
	for _, procs := range []int{1, 4} {
		panictest.WithHook(t, procs)
		var b strings.Builder
		for i := range 60 {
			if i == 17 {
				b.WriteString("[" + panictest.Game + " \"1\"]\n\n1.e4   e5 2.Ng1f3 *\n\n")
				continue
			}
			b.WriteString("1.d4 d5 2.Ng1f3 *\n\n")
		}
		src := b.String()
		f := pgn.Parse(src)
		out := Format(f, FormatOptions{})
		kept := "[" + panictest.Game + " \"1\"]\n\n1.e4   e5 2.Ng1f3 *\n\n"
		if !strings.Contains(out, kept) || strings.Count(out, "1. d4 d5 2. Nf3 *\n") != 59 {
			t.Errorf("GOMAXPROCS %d: formatted:\n%s", procs, out)
		}
		g := f.Games[17]
		for _, e := range FormatRangeEdits(f, FormatOptions{}, 0, pgn.Pos(len(f.Src))) {
			if e.End > g.From && e.Pos < g.To {
				t.Errorf("GOMAXPROCS %d: edit %+v in the game that failed (%d-%d)", procs, e, g.From, g.To)
			}
		}
	}
}
