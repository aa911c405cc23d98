package pgntest

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Marker tests carry what they expect in notes, in the ';' comments of
// their .pgn files: testdata/check's diagnostics
//
//	1. e4 e5 2. Ke3 ; @diag("Ke3", illegal-move, "king")
//
// and testdata/lsp's answers of the language server
//
//	1. e4 e5 2. N ; @complete("2. N|", "Na3", "Nc3", "Ne2", "Nf3", "Nh3")
//
// A note is @name(ARG, ...). Each ARG is a Go string literal ("..." or
// `...`) or a bare word (letters, digits, '_', '-', '.'). What the
// arguments mean is up to the test that reads the notes.

// Comment is a ';' comment of a marker file: its bytes [Pos, End), and the
// 0-based line it is on, which starts at LineStart. The caller finds them
// with the parser, which pgntest does not import.
type Comment struct {
	Pos, End  int
	Line      int
	LineStart int
}

// Note is one @name(...) found in a comment.
type Note struct {
	Name string
	Args []string
	Line int // 0-based line of the note
	// LineStart and CommentPos bound the text of the note's line before
	// its comment, where its location is to be found.
	LineStart, CommentPos int
}

func (n *Note) String() string {
	quoted := make([]string, len(n.Args))
	for i, a := range n.Args {
		quoted[i] = strconv.Quote(a)
	}
	return fmt.Sprintf("line %d: @%s(%s)", n.Line+1, n.Name, strings.Join(quoted, ", "))
}

var noteStart = regexp.MustCompile(`@([A-Za-z]\w*)\(`)

// Notes finds the notes in the comments of text. A note that does not
// parse is an error that names its line; the notes that do are returned
// all the same.
func Notes(text string, comments []Comment) ([]*Note, []error) {
	var notes []*Note
	var errs []error
	for _, c := range comments {
		comment := text[c.Pos:c.End]
		for _, m := range noteStart.FindAllStringSubmatchIndex(comment, -1) {
			name := comment[m[2]:m[3]]
			args, err := parseArgs(comment[m[1]:])
			if err != nil {
				errs = append(errs, fmt.Errorf("line %d: note @%s: %v", c.Line+1, name, err))
				continue
			}
			notes = append(notes, &Note{Name: name, Args: args, Line: c.Line, LineStart: c.LineStart, CommentPos: c.Pos})
		}
	}
	return notes, errs
}

// parseArgs reads the arguments of a note up to its ')'.
func parseArgs(s string) ([]string, error) {
	var args []string
	i := 0
	skip := func() {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
			i++
		}
	}
	for {
		skip()
		if i < len(s) && s[i] == ')' && len(args) == 0 {
			return args, nil
		}
		if i >= len(s) {
			return nil, fmt.Errorf("missing ')'")
		}
		var arg string
		switch c := s[i]; {
		case c == '"' || c == '`':
			lit, err := strconv.QuotedPrefix(s[i:])
			if err != nil {
				return nil, fmt.Errorf("bad string at %q: %v", s[i:], err)
			}
			arg, _ = strconv.Unquote(lit)
			i += len(lit)
		default:
			j := i
			for j < len(s) && isWordByte(s[j]) {
				j++
			}
			if j == i {
				return nil, fmt.Errorf("unexpected %q", s[i:])
			}
			arg, i = s[i:j], j
		}
		args = append(args, arg)
		skip()
		if i < len(s) && s[i] == ')' {
			return args, nil
		}
		if i >= len(s) || s[i] != ',' {
			return nil, fmt.Errorf("want ',' or ')' at %q", s[i:])
		}
		i++
	}
}

func isWordByte(c byte) bool {
	return c == '_' || c == '-' || c == '.' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}
