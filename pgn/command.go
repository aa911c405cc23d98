package pgn

import (
	"fmt"
	"sort"
	"strings"
)

// Command is a command embedded in a comment, in the syntax of the PGN
// Specification Supplement (Cowderoy and others, 2001): "[%" and a name,
// blanks, then operands separated by commas, and "]". Exports carry clocks
// ([%clk 0:03:00]), evaluations ([%eval 0.35]), arrows and squares
// ([%cal Ge2e4], [%csl Rd4]) and others this way. Commands are read from a
// comment's text on demand; the tree keeps the comment as written.
type Command struct {
	Name string // the name as written, without "[%": "clk"
	// Args is the operand text as written, without the blanks around it
	// ("0:03:00"); it starts at ArgsPos and ends at ArgsEnd().
	Args string
	// Pos and End cover the command in the source, from its '[' to after
	// its ']' or, when it is not closed, to the end of its last operand.
	Pos, End Pos
	NamePos  Pos // where Name starts (Pos+2)
	ArgsPos  Pos // where Args starts
	// Closed reports a command ended by its ']'. One that is not runs to
	// the next "[%" or the end of the comment.
	Closed bool
}

// NameEnd is the end of the command's name.
func (c Command) NameEnd() Pos { return c.NamePos + Pos(len(c.Name)) }

// ArgsEnd is the end of the command's operand text.
func (c Command) ArgsEnd() Pos { return c.ArgsPos + Pos(len(c.Args)) }

// Operand is one operand of a command, without the blanks around it.
type Operand struct {
	Text     string
	Pos, End Pos
}

// Operands splits the command's operand text at its commas, as the
// Supplement's section 3.2.4 does: a comma inside a double-quoted operand
// separates nothing. An empty operand text has no operands.
func (c Command) Operands() []Operand {
	if c.Args == "" {
		return nil
	}
	var ops []Operand
	start, quoted := 0, false
	for i := 0; i <= len(c.Args); i++ {
		if i < len(c.Args) {
			switch c.Args[i] {
			case '"':
				quoted = !quoted
				continue
			case ',':
				if quoted {
					continue
				}
			default:
				continue
			}
		}
		from, to := trimBlanks(c.Args, start, i)
		ops = append(ops, Operand{Text: c.Args[from:to], Pos: c.ArgsPos + Pos(from), End: c.ArgsPos + Pos(to)})
		start = i + 1
	}
	return ops
}

// Commands returns the commands embedded in the comment's text, in order,
// with their positions in the source.
func (c *Comment) Commands() []Command {
	return ParseCommands(c.Text, c.textPos())
}

// textPos is where the comment's Text starts in the source: after its '{'
// or ';'.
func (c *Comment) textPos() Pos { return c.Tok.Pos + 1 }

// HasCommands reports whether text may hold a command: a cheap test before
// ParseCommands, which most comments fail.
func HasCommands(text string) bool { return strings.Contains(text, "[%") }

// ParseCommands returns the commands in text, which starts at base in the
// source. It is lenient, as real files need: any text may surround the
// commands, "[%" without a name is text, a command's name ends at the first
// character that is not a letter, a digit or '_', the blanks after it may
// be several and include line breaks, and a command without its ']' ends
// at the next "[%" or the end of the text (Closed is then false). A ']'
// inside a double-quoted operand does not end the command, unless the
// quote is never closed.
func ParseCommands(text string, base Pos) []Command {
	var cmds []Command
	for i := 0; ; {
		j := strings.Index(text[i:], "[%")
		if j < 0 {
			return cmds
		}
		start := i + j
		nameEnd := start + 2
		for nameEnd < len(text) && isCommandNameByte(text[nameEnd]) {
			nameEnd++
		}
		if nameEnd == start+2 {
			i = start + 2
			continue
		}
		argsStart := nameEnd
		for argsStart < len(text) && isCommandBlank(text[argsStart]) {
			argsStart++
		}
		argsEnd, closed := commandEnd(text, argsStart)
		end := argsEnd
		if closed {
			end = argsEnd + 1
		}
		from, to := trimBlanks(text, argsStart, argsEnd)
		cmds = append(cmds, Command{
			Name:    text[start+2 : nameEnd],
			Args:    text[from:to],
			Pos:     base + Pos(start),
			End:     base + Pos(end),
			NamePos: base + Pos(start+2),
			ArgsPos: base + Pos(from),
			Closed:  closed,
		})
		if !closed {
			// The end of an unclosed command is that of its operands, so
			// that a diagnostic does not underline the blanks after it.
			last := &cmds[len(cmds)-1]
			last.End = base + Pos(to)
			if from == to { // no operands: the command is its name
				last.End, last.ArgsPos = base+Pos(nameEnd), base+Pos(nameEnd)
			}
		}
		i = end
	}
}

// commandEnd returns the index of the ']' that closes a command whose
// operands start at from, or, with closed false, where an unclosed one
// ends: at the next "[%" or the end of the text.
func commandEnd(text string, from int) (end int, closed bool) {
	limit := len(text)
	if k := strings.Index(text[from:], "[%"); k >= 0 {
		limit = from + k
	}
	quoted := false
	for k := from; k < limit; k++ {
		switch text[k] {
		case '"':
			quoted = !quoted
		case ']':
			if !quoted {
				return k, true
			}
		}
	}
	if quoted { // an unbalanced quote: the first ']' ends the command
		if k := strings.IndexByte(text[from:limit], ']'); k >= 0 {
			return from + k, true
		}
	}
	return limit, false
}

func isCommandNameByte(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_'
}

func isCommandBlank(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

// trimBlanks returns [from, to) of s without the blanks at its ends.
func trimBlanks(s string, from, to int) (int, int) {
	for from < to && isCommandBlank(s[from]) {
		from++
	}
	for to > from && isCommandBlank(s[to-1]) {
		to--
	}
	return from, to
}

// TextEdit replaces the bytes [Pos, End) of the source with NewText. It has
// the fields of analysis.Edit, so that one converts to the other.
type TextEdit struct {
	Pos, End Pos
	NewText  string
}

// StripCommands returns the edits that delete from comment c, a comment of
// src, the closed commands whose names strip accepts, in source order. The
// blanks around a deleted command go with it so that the comment still
// reads well ("{ [%clk 0:01:00] good move }" becomes "{ good move }"), a
// word is never glued to the next ("a[%clk 0:01:00]b" keeps a space), and
// a comment left with nothing but blanks is deleted whole with the blanks
// that separated it from its neighbours ("e4 { [%clk 0:01:00] } e5"
// becomes "e4 e5"; a comment alone on its line takes its line with it).
// A comment without its closing brace, and a command without its ']', are
// left as they are: where they end is a guess.
//
// To strip several comments, use StripNodeCommands or StripFileCommands:
// the edits of comments side by side, each deleted with its blanks, could
// overlap, and they join them.
func StripCommands(src string, c *Comment, strip func(name string) bool) []TextEdit {
	edits, whole := stripComment(c, strip)
	if whole {
		return []TextEdit{deleteBlankSeparated(src, int(c.Pos()), int(c.End()))}
	}
	return edits
}

// StripCommandText returns a comment's text without the closed commands
// strip accepts, their blanks deleted as StripCommands deletes them, and
// whether nothing but blanks is left (then the comment should go whole).
// It is for a printer that writes comments from their text.
func StripCommandText(text string, strip func(name string) bool) (kept string, empty bool) {
	edits, whole := textStripEdits(text, 0, strip)
	if whole {
		return "", true
	}
	kept = ApplyEdits(text, edits)
	return kept, strings.TrimSpace(kept) == ""
}

// stripComment returns the edits inside comment c that delete the commands
// strip accepts or, with whole true, that the comment would be left with
// blanks only and goes whole.
func stripComment(c *Comment, strip func(name string) bool) (edits []TextEdit, whole bool) {
	if c.Unterminated {
		return nil, false
	}
	return textStripEdits(c.Text, c.textPos(), strip)
}

// textStripEdits returns the edits that delete from text, which starts at
// base in the source, the closed commands strip accepts or, with whole
// true, that only blanks would be left.
func textStripEdits(text string, base Pos, strip func(name string) bool) (edits []TextEdit, whole bool) {
	if !HasCommands(text) {
		return nil, false
	}
	groups := stripGroups(text, ParseCommands(text, base), base, strip)
	if len(groups) == 0 {
		return nil, false
	}
	if onlyBlanksLeft(text, groups) {
		return nil, true
	}
	edits = make([]TextEdit, 0, len(groups))
	for _, g := range groups {
		edits = append(edits, deleteInText(text, base, g))
	}
	return edits, false
}

// StripNodeCommands returns the edits that delete the commands strip
// accepts from every comment in node (a *Game, a *Move, a *Variation, or a
// comment between games) of src, in source order, as StripCommands does
// for one. Comments that go whole and only blanks on one line separate
// ("{ [%clk 0:01:00] } { [%eval 0.3] }") go as one.
func StripNodeCommands(src string, node Node, strip func(name string) bool) []TextEdit {
	s := stripper{src: src, strip: strip}
	Inspect(node, s.visit)
	return s.finish()
}

// StripFileCommands returns the edits that delete the commands strip
// accepts from every comment of f (in games, in their tag sections and
// between games), in source order.
func StripFileCommands(f *File, strip func(name string) bool) []TextEdit {
	s := stripper{src: f.Src, strip: strip}
	for _, item := range f.Items {
		Inspect(item, s.visit)
	}
	return s.finish()
}

// stripper gathers the edits of the comments it visits, in source order,
// keeping the run of comments that go whole until it ends.
type stripper struct {
	src    string
	strip  func(string) bool
	edits  []TextEdit
	run    textSpan // comments that go whole, only blanks between them
	hasRun bool
}

func (s *stripper) visit(n Node) bool {
	c, ok := n.(*Comment)
	if !ok {
		return true
	}
	edits, whole := stripComment(c, s.strip)
	if !whole {
		if len(edits) > 0 {
			s.endRun()
			s.edits = append(s.edits, edits...)
		}
		return true
	}
	from, to := int(c.Pos()), int(c.End())
	if s.hasRun && strings.Trim(s.src[s.run.to:from], " \t") == "" {
		s.run.to = to
		return true
	}
	s.endRun()
	s.run, s.hasRun = textSpan{from, to}, true
	return true
}

func (s *stripper) endRun() {
	if s.hasRun {
		s.edits = append(s.edits, deleteBlankSeparated(s.src, s.run.from, s.run.to))
		s.hasRun = false
	}
}

func (s *stripper) finish() []TextEdit {
	s.endRun()
	return s.edits
}

// textSpan is a range of a comment's text, relative to its start.
type textSpan struct{ from, to int }

// stripGroups returns the runs of commands to delete, relative to text: a
// run joins commands that only blanks separate.
func stripGroups(text string, cmds []Command, base Pos, strip func(string) bool) []textSpan {
	var groups []textSpan
	for _, cmd := range cmds {
		if !cmd.Closed || !strip(cmd.Name) {
			continue
		}
		from, to := int(cmd.Pos-base), int(cmd.End-base)
		if n := len(groups); n > 0 && strings.TrimLeft(text[groups[n-1].to:from], " \t\r\n") == "" {
			groups[n-1].to = to
			continue
		}
		groups = append(groups, textSpan{from, to})
	}
	return groups
}

func onlyBlanksLeft(text string, groups []textSpan) bool {
	at := 0
	for _, g := range groups {
		if strings.TrimSpace(text[at:g.from]) != "" {
			return false
		}
		at = g.to
	}
	return strings.TrimSpace(text[at:]) == ""
}

// deleteInText returns the edit that deletes the run g from a comment's
// text that starts at base in the source, with one side's blanks.
func deleteInText(text string, base Pos, g textSpan) TextEdit {
	before, after := g.from, g.to // the blanks: [before, g.from) and [g.to, after)
	for before > 0 && isCommandBlank(text[before-1]) {
		before--
	}
	for after < len(text) && isCommandBlank(text[after]) {
		after++
	}
	atStart, atEnd := before == 0, after == len(text)
	from, to, repl := g.from, g.to, ""
	switch {
	case before < g.from && after > g.to:
		// Blanks on both sides: keep one run, the one with a line break
		// if only one has, so that the comment keeps its lines.
		if strings.ContainsAny(text[g.to:after], "\n") && !strings.ContainsAny(text[before:g.from], "\n") {
			from = before
		} else {
			to = after
		}
	case after > g.to && atStart:
		to = after // "{[%clk 1:00:00] text}": "{text}"
	case before < g.from && atEnd:
		from = before // "{text [%clk 1:00:00]}": "{text}"
	case before == g.from && after == g.to && !atStart && !atEnd:
		repl = " " // "a[%clk 1:00:00]b": "a b"
	}
	return TextEdit{Pos: base + Pos(from), End: base + Pos(to), NewText: repl}
}

// deleteBlankSeparated returns the edit that deletes [from, to) of src,
// comments, with the blanks that separate them from their neighbours, so
// that neither a blank line nor two tokens glued together are left.
func deleteBlankSeparated(src string, from, to int) TextEdit {
	before, after := from, to // horizontal blanks around the comment
	for before > 0 && (src[before-1] == ' ' || src[before-1] == '\t') {
		before--
	}
	for after < len(src) && (src[after] == ' ' || src[after] == '\t') {
		after++
	}
	lineStart := before == 0 || src[before-1] == '\n'
	lineEnd := after == len(src) || src[after] == '\n' || src[after] == '\r'
	switch {
	case lineStart && lineEnd:
		// Alone on its line: the line goes, with its line break.
		from, to = before, after
		if strings.HasPrefix(src[to:], "\r\n") {
			to += 2
		} else if to < len(src) {
			to++
		}
	case lineStart:
		to = after // the indentation before it stays
	case lineEnd:
		from = before
	case before < from:
		from = before
	case after > to:
		// Glued to the token before it: the blanks after it keep that
		// token apart from the next.
	default:
		// Glued to a token on each side: a space keeps them apart, where
		// one is needed.
		if src[from-1] != '(' && src[to] != ')' {
			return TextEdit{Pos: Pos(from), End: Pos(to), NewText: " "}
		}
	}
	return TextEdit{Pos: Pos(from), End: Pos(to)}
}

// ApplyEdits returns src with the edits made, in any order. Edits must not
// overlap: one that starts inside the one before it is not made.
func ApplyEdits(src string, edits []TextEdit) string {
	sorted := append([]TextEdit(nil), edits...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Pos < sorted[j].Pos })
	var b strings.Builder
	b.Grow(len(src))
	at := 0
	for _, e := range sorted {
		if int(e.Pos) < at || e.End < e.Pos || int(e.End) > len(src) {
			continue
		}
		b.WriteString(src[at:e.Pos])
		b.WriteString(e.NewText)
		at = int(e.End)
	}
	b.WriteString(src[at:])
	return b.String()
}

// CommandSet is a set of command names, as `pgnls fmt --strip` lists them.
type CommandSet map[string]bool

// commandGroups are the names ParseCommandSet takes for several commands.
var commandGroups = map[string][]string{
	"arrows": {"cal", "csl"},                            // arrows and coloured squares
	"clocks": {"clk", "emt", "egt", "mct", "timestamp"}, // every time command
	"evals":  {"eval", "evp"},                           // evaluations and ChessBase's evaluation profile
}

// ParseCommandSet reads a comma-separated list of command names ("clk",
// "eval", any other name: a command pgnls does not know can be stripped
// too) and groups ("arrows": cal and csl; "clocks": clk, emt, egt, mct and
// timestamp; "evals": eval and evp; "all": every command).
func ParseCommandSet(list string) (CommandSet, error) {
	set := CommandSet{}
	for _, name := range strings.Split(list, ",") {
		name = strings.TrimSpace(name)
		switch {
		case name == "":
			return nil, fmt.Errorf("%q: an empty command name (want names such as clk,eval,arrows)", list)
		case name == "all":
			set["*"] = true
		case commandGroups[name] != nil:
			for _, n := range commandGroups[name] {
				set[n] = true
			}
		default:
			for i := 0; i < len(name); i++ {
				if !isCommandNameByte(name[i]) {
					return nil, fmt.Errorf("%q is not a command name: a name has letters, digits and '_' only, as in [%%clk 0:03:00]", name)
				}
			}
			set[name] = true
		}
	}
	return set, nil
}

// Has reports whether the set holds the command named name.
func (s CommandSet) Has(name string) bool { return s["*"] || s[name] }
