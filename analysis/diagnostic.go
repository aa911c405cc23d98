// Package analysis turns a parsed PGN file into facts and diagnostics: it
// replays every game, main line and variations, on the project's own board
// (package analysis/board) and checks the tags against the PGN standard.
// It knows nothing of LSP; positions are byte offsets into the source.
package analysis

import (
	"fmt"
	"strings"

	"pgnls/pgn"
)

// Severity ranks a diagnostic. The values are those of LSP so that the
// server can pass them through.
type Severity int

const (
	Error       Severity = 1
	Warning     Severity = 2
	Information Severity = 3
	Hint        Severity = 4
)

func (s Severity) String() string {
	switch s {
	case Error:
		return "error"
	case Warning:
		return "warning"
	case Information:
		return "information"
	case Hint:
		return "hint"
	}
	return fmt.Sprintf("severity(%d)", int(s))
}

// ParseSeverity reads a severity name as String writes it.
func ParseSeverity(name string) (Severity, bool) {
	for s := Error; s <= Hint; s++ {
		if s.String() == name {
			return s, true
		}
	}
	return 0, false
}

// Diagnostic is one problem found in a file, over the bytes [Pos, End).
type Diagnostic struct {
	Pos, End pgn.Pos
	Severity Severity
	Code     Code
	Message  string
	// Game is the 0-based index of the game, or -1 for text between games.
	Game int
	// Replacement, when not empty, is the text that fixes the problem when
	// it replaces [Pos, End): the canonical SAN of a move, say.
	Replacement string
}

func (d Diagnostic) String() string {
	return fmt.Sprintf("%d-%d %s: %s [%s]", d.Pos, d.End, d.Severity, d.Message, d.Code)
}

// firstLineEnd returns where the first line of text ends, before its line
// break.
func firstLineEnd(text string) int {
	if i := strings.IndexAny(text, "\r\n"); i >= 0 {
		return i
	}
	return len(text)
}
