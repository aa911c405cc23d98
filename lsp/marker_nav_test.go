package lsp

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"pgnls/analysis"
	"pgnls/pgn"
)

// Marker tests of the code actions and navigation features, through the
// protocol: each testdata/lsp/nav/*.pgn file is opened in a server, and the
// notes in its ';' comments say what the server must answer about the line
// they are on. A TOKEN is a Go string literal: the first occurrence of that
// text on the marker's line (before the comment).
//
//	@action(TOKEN, TITLE[, TEXT])  a code action titled TITLE for the range of TOKEN;
//	                               applied, its edits leave TEXT on that line (or
//	                               on the lines they insert after it)
//	@noaction(TOKEN, TITLE)        no such action there
//	@symbol(NAME, DETAIL)          a game symbol with that name and detail
//	                               whose range starts on this line
//	@fold(KIND, LINES)             a folding range of that kind from this line
//	                               to LINES lines below (-LINES: from LINES
//	                               lines above to this line); every fold must
//	                               be claimed by a marker
//	@link(TOKEN[, TARGET])         a document link over TOKEN (to TARGET,
//	                               by default TOKEN)
//	@token(TOKEN, TYPE[, MODS])    a semantic token over TOKEN of that type,
//	                               with the modifiers MODS ("capture,check")
//	@inlay(TOKEN, LABEL)           an inlay hint LABEL at the end of TOKEN
//	                               (every hint must be claimed)
//	@select(TOKEN, TEXT, ...)      expand selection from the start of TOKEN
//	                               goes through the TEXTs, innermost first
//	@rename(TOKEN, NEW, N)         renaming at TOKEN to NEW changes N tags
//	                               (prepareRename answers TOKEN's range)
//	@norename(TOKEN)               prepareRename at TOKEN answers null
//
// A file whose first line holds "@settings(JSON)" is opened with those
// settings as initializationOptions.

var navMarkerDir = filepath.Join("..", "testdata", "lsp", "nav")

func TestNavMarkers(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(navMarkerDir, "*.pgn"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no marker files in %s: %v", navMarkerDir, err)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			runNavMarkers(t, filepath.Base(path), string(data))
		})
	}
}

// navMarker is one note of a marker file.
type navMarker struct {
	name string
	args []string
	line int // 0-based
	// the first occurrence of args[0] on the line, when it is a token
	pos, end int
	used     bool
}

func (m *navMarker) String() string {
	return fmt.Sprintf("%d: @%s(%q)", m.line+1, m.name, m.args)
}

// parseNavArgs reads the comma-separated arguments of a marker: Go string
// literals or bare words and numbers. It returns the text after the ')'.
func parseNavArgs(s string) (args []string, rest string, err error) {
	for {
		s = strings.TrimLeft(s, " \t")
		if strings.HasPrefix(s, ")") && len(args) == 0 {
			return nil, s[1:], nil
		}
		var arg string
		if s != "" && (s[0] == '"' || s[0] == '`') {
			lit, err := strconv.QuotedPrefix(s)
			if err != nil {
				return nil, "", err
			}
			arg, _ = strconv.Unquote(lit)
			s = s[len(lit):]
		} else {
			i := strings.IndexAny(s, ",)")
			if i < 0 {
				return nil, "", fmt.Errorf("unterminated marker")
			}
			arg, s = strings.TrimSpace(s[:i]), s[i:]
		}
		args = append(args, arg)
		s = strings.TrimLeft(s, " \t")
		switch {
		case strings.HasPrefix(s, ","):
			s = s[1:]
		case strings.HasPrefix(s, ")"):
			return args, s[1:], nil
		default:
			return nil, "", fmt.Errorf("want ',' or ')' at %q", s)
		}
	}
}

var navMarkerArgs = map[string][2]int{ // name: min, max arguments
	"action": {2, 3}, "noaction": {2, 2}, "symbol": {2, 2}, "fold": {2, 2}, "link": {1, 2},
	"token": {2, 3}, "inlay": {2, 2}, "select": {2, 20}, "rename": {3, 3}, "norename": {1, 1},
}

// navTokenMarkers are the markers whose first argument is a token on the line.
var navTokenMarkers = map[string]bool{"action": true, "noaction": true, "link": true, "token": true, "inlay": true, "select": true, "rename": true, "norename": true}

func parseNavMarkers(t *testing.T, src string) (markers []*navMarker, settings any) {
	t.Helper()
	f := pgn.Parse(src)
	f.Tokens(func(tok pgn.Token) {
		if tok.Kind != pgn.LineComment {
			return
		}
		text := src[tok.Pos:tok.End]
		line := f.Lines.Line(tok.Pos)
		lineStart := int(f.Lines.LineStart(line))
		before := src[lineStart:tok.Pos]
		for {
			i := strings.IndexByte(text, '@')
			if i < 0 {
				break
			}
			text = text[i+1:]
			j := strings.IndexByte(text, '(')
			if j < 0 {
				break
			}
			name := text[:j]
			if name == "settings" {
				if err := json.Unmarshal([]byte(strings.TrimSuffix(strings.TrimSpace(text[j+1:]), ")")), &settings); err != nil {
					t.Fatalf("line %d: @settings: %v", line+1, err)
				}
				break
			}
			limits, known := navMarkerArgs[name]
			if !known {
				t.Fatalf("line %d: unknown marker @%s", line+1, name)
			}
			args, rest, err := parseNavArgs(text[j+1:])
			if err != nil {
				t.Fatalf("line %d: @%s: %v", line+1, name, err)
			}
			if len(args) < limits[0] || len(args) > limits[1] {
				t.Fatalf("line %d: @%s takes %d to %d arguments, not %d", line+1, name, limits[0], limits[1], len(args))
			}
			m := &navMarker{name: name, args: args, line: line}
			if navTokenMarkers[name] {
				k := strings.Index(before, args[0])
				if k < 0 {
					t.Fatalf("line %d: @%s: %q is not on its line", line+1, name, args[0])
				}
				m.pos, m.end = lineStart+k, lineStart+k+len(args[0])
			}
			markers = append(markers, m)
			text = rest
		}
	})
	return markers, settings
}

// navFile is an open marker file: its text and line table for converting
// positions.
type navFile struct {
	e     *env
	uri   protocol.DocumentURI
	src   string
	lines *pgn.LineTable
}

func (nf *navFile) pos(off int) protocol.Position {
	l, c := nf.lines.UTF16Position(pgn.Pos(off))
	return protocol.Position{Line: uint32(l), Character: uint32(c)}
}

func (nf *navFile) off(p protocol.Position) int {
	o, err := nf.lines.OffsetUTF16(int(p.Line), int(p.Character))
	if err != nil {
		nf.e.t.Fatalf("position %v: %v", p, err)
	}
	return int(o)
}

func (nf *navFile) rangeOf(pos, end int) protocol.Range {
	return protocol.Range{Start: nf.pos(pos), End: nf.pos(end)}
}

func (nf *navFile) text(r protocol.Range) string {
	return nf.src[nf.off(r.Start):nf.off(r.End)]
}

// call sends a request and decodes its result into v.
func (nf *navFile) call(method string, params, v any) {
	nf.e.t.Helper()
	raw, err := nf.e.call(method, params)
	if err != nil {
		nf.e.t.Fatalf("%s: %v", method, err)
	}
	if len(raw) == 0 {
		raw = json.RawMessage("null")
	}
	if err := json.Unmarshal(raw, v); err != nil {
		nf.e.t.Fatalf("%s: decoding %s: %v", method, raw, err)
	}
}

// apply applies text edits (non-overlapping, any order) to the text.
func (nf *navFile) apply(t *testing.T, edits []protocol.TextEdit) string {
	t.Helper()
	type edit struct {
		pos, end int
		text     string
	}
	es := make([]edit, 0, len(edits))
	for _, e := range edits {
		es = append(es, edit{nf.off(e.Range.Start), nf.off(e.Range.End), e.NewText})
	}
	sort.SliceStable(es, func(i, j int) bool { return es[i].pos < es[j].pos })
	var b strings.Builder
	prev := 0
	for _, e := range es {
		if e.pos < prev || e.end < e.pos {
			t.Fatalf("overlapping edits: %+v", edits)
		}
		b.WriteString(nf.src[prev:e.pos])
		b.WriteString(e.text)
		prev = e.end
	}
	b.WriteString(nf.src[prev:])
	return b.String()
}

func runNavMarkers(t *testing.T, name, src string) {
	markers, settings := parseNavMarkers(t, src)
	e := newEnv(t, nil)
	e.initialize(protocol.ClientCapabilities{}, settings)
	uri := protocol.DocumentURI("file:///nav/" + name)
	e.open(uri, 1, src)
	nf := &navFile{e: e, uri: uri, src: src, lines: pgn.NewLineTable(src)}
	doc := protocol.TextDocumentIdentifier{URI: uri}

	byName := map[string][]*navMarker{}
	for _, m := range markers {
		byName[m.name] = append(byName[m.name], m)
	}
	for _, m := range byName["action"] {
		navCheckAction(t, nf, m, true)
	}
	for _, m := range byName["noaction"] {
		navCheckAction(t, nf, m, false)
	}
	if ms := byName["symbol"]; len(ms) > 0 {
		var syms []protocol.DocumentSymbol
		nf.call(protocol.MethodTextDocumentDocumentSymbol, &protocol.DocumentSymbolParams{TextDocument: doc}, &syms)
		for _, m := range ms {
			if !slices.ContainsFunc(syms, func(s protocol.DocumentSymbol) bool {
				return int(s.Range.Start.Line) == m.line && s.Name == m.args[0] && s.Detail == m.args[1]
			}) {
				t.Errorf("%v: no such symbol; symbols: %v", m, navSymbolNames(syms))
			}
		}
	}
	if ms := byName["fold"]; len(ms) > 0 {
		var folds []protocol.FoldingRange
		nf.call(protocol.MethodTextDocumentFoldingRange, &protocol.FoldingRangeParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: doc}}, &folds)
		for _, f := range folds {
			i := slices.IndexFunc(ms, func(m *navMarker) bool {
				n, _ := strconv.Atoi(m.args[1])
				start, end := m.line, m.line+n
				if n < 0 {
					start, end = end, start
				}
				return !m.used && start == int(f.StartLine) && end == int(f.EndLine) && m.args[0] == string(f.Kind)
			})
			if i < 0 {
				t.Errorf("unexpected fold %s lines %d-%d", f.Kind, f.StartLine+1, f.EndLine+1)
				continue
			}
			ms[i].used = true
		}
		for _, m := range ms {
			if !m.used {
				t.Errorf("%v: no such fold", m)
			}
		}
	}
	if ms := byName["link"]; len(ms) > 0 {
		var links []protocol.DocumentLink
		nf.call(protocol.MethodTextDocumentDocumentLink, &protocol.DocumentLinkParams{TextDocument: doc}, &links)
		for _, m := range ms {
			target := m.args[0]
			if len(m.args) > 1 {
				target = m.args[1]
			}
			want := protocol.DocumentLink{Range: nf.rangeOf(m.pos, m.end), Target: protocol.DocumentURI(target)}
			if !slices.ContainsFunc(links, func(l protocol.DocumentLink) bool { return l.Range == want.Range && l.Target == want.Target }) {
				t.Errorf("%v: no such link; links: %+v", m, links)
			}
		}
	}
	if ms := byName["token"]; len(ms) > 0 {
		navCheckTokens(t, nf, ms)
	}
	if ms := byName["inlay"]; len(ms) > 0 {
		var hints []inlayHint
		nf.call(methodInlayHint, &inlayHintParams{TextDocument: doc, Range: nf.rangeOf(0, len(src))}, &hints)
		for _, h := range hints {
			i := slices.IndexFunc(ms, func(m *navMarker) bool {
				return !m.used && nf.pos(m.end) == h.Position && m.args[1] == h.Label
			})
			if i < 0 {
				t.Errorf("unexpected inlay hint %q at %d:%d", h.Label, h.Position.Line+1, h.Position.Character+1)
				continue
			}
			ms[i].used = true
		}
		for _, m := range ms {
			if !m.used {
				t.Errorf("%v: no such inlay hint", m)
			}
		}
	}
	for _, m := range byName["select"] {
		var sel []protocol.SelectionRange
		nf.call(methodSelectionRange, &protocol.SelectionRangeParams{TextDocument: doc, Positions: []protocol.Position{nf.pos(m.pos)}}, &sel)
		if len(sel) != 1 {
			t.Errorf("%v: %d selection ranges for one position", m, len(sel))
			continue
		}
		var got []string
		for r := &sel[0]; r != nil; r = r.Parent {
			got = append(got, nf.text(r.Range))
		}
		if len(got) < len(m.args)-1 || !slices.Equal(got[:len(m.args)-1], m.args[1:]) {
			t.Errorf("%v: selection ranges %q", m, got)
		}
	}
	for _, m := range byName["rename"] {
		var r *protocol.Range
		nf.call(protocol.MethodTextDocumentPrepareRename, &protocol.PrepareRenameParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: doc, Position: nf.pos(m.pos + 1)}}, &r)
		if r == nil || *r != nf.rangeOf(m.pos, m.end) {
			t.Errorf("%v: prepareRename answers %v", m, r)
		}
		var we protocol.WorkspaceEdit
		nf.call(protocol.MethodTextDocumentRename, &protocol.RenameParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: doc, Position: nf.pos(m.pos)}, NewName: m.args[1]}, &we)
		n, _ := strconv.Atoi(m.args[2])
		edits := we.Changes[uri]
		if len(edits) != n {
			t.Errorf("%v: %d edits, want %d", m, len(edits), n)
		}
		for _, ed := range edits {
			if nf.text(ed.Range) != m.args[0] || ed.NewText != strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(m.args[1]) {
				t.Errorf("%v: edit of %q to %q", m, nf.text(ed.Range), ed.NewText)
			}
		}
	}
	for _, m := range byName["norename"] {
		var r *protocol.Range
		nf.call(protocol.MethodTextDocumentPrepareRename, &protocol.PrepareRenameParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: doc, Position: nf.pos(m.pos)}}, &r)
		if r != nil {
			t.Errorf("%v: prepareRename answers %v, want null", m, *r)
		}
	}
}

func navSymbolNames(syms []protocol.DocumentSymbol) []string {
	var out []string
	for _, s := range syms {
		out = append(out, fmt.Sprintf("%d: %s (%s)", s.Range.Start.Line+1, s.Name, s.Detail))
	}
	return out
}

// navCheckAction asks for the code actions over a marker's token and looks
// for one with the marker's title.
func navCheckAction(t *testing.T, nf *navFile, m *navMarker, want bool) {
	t.Helper()
	var actions []protocol.CodeAction
	nf.call(protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: nf.uri},
		Range:        nf.rangeOf(m.pos, m.end),
	}, &actions)
	var titles []string
	for _, a := range actions {
		titles = append(titles, a.Title)
	}
	i := slices.Index(titles, m.args[1])
	if !want {
		if i >= 0 {
			t.Errorf("%v: the action is offered", m)
		}
		return
	}
	if i < 0 {
		t.Errorf("%v: no such action; got %q", m, titles)
		return
	}
	a := actions[i]
	if a.Kind == protocol.QuickFix && len(a.Diagnostics) != 1 {
		t.Errorf("%v: a quick fix with %d diagnostics", m, len(a.Diagnostics))
	}
	if a.Edit == nil || len(a.Edit.Changes[nf.uri]) == 0 {
		t.Errorf("%v: no edit", m)
		return
	}
	if len(m.args) < 3 {
		return
	}
	after := nf.apply(t, a.Edit.Changes[nf.uri])
	lines := strings.Split(strings.ReplaceAll(after, "\r\n", "\n"), "\n")
	// The marker's line moves down by the lines the edits inserted above
	// it, and the lines they inserted on it follow it.
	shift, added := 0, 0
	for _, ed := range a.Edit.Changes[nf.uri] {
		n := strings.Count(ed.NewText, "\n") - int(ed.Range.End.Line-ed.Range.Start.Line)
		switch l := int(ed.Range.Start.Line); {
		case l < m.line:
			shift += n
		case l == m.line:
			added += max(n, 0)
		}
	}
	l := min(m.line+shift, len(lines)-1)
	if got := strings.Join(lines[l:min(l+added+1, len(lines))], "\n"); !strings.Contains(got, m.args[2]) {
		t.Errorf("%v: after the action the line is %q", m, got)
	}
}

// navCheckTokens decodes the full semantic tokens and checks the markers.
func navCheckTokens(t *testing.T, nf *navFile, ms []*navMarker) {
	t.Helper()
	var st protocol.SemanticTokens
	nf.call(protocol.MethodSemanticTokensFull, &protocol.SemanticTokensParams{TextDocument: protocol.TextDocumentIdentifier{URI: nf.uri}}, &st)
	type tok struct {
		rng  protocol.Range
		typ  string
		mods []string
	}
	var toks []tok
	line, col := 0, 0
	for i := 0; i+5 <= len(st.Data); i += 5 {
		d := st.Data[i : i+5]
		if d[0] > 0 {
			line, col = line+int(d[0]), int(d[1])
		} else {
			col += int(d[1])
		}
		var mods []string
		for b, name := range tokenModifiers {
			if d[4]&(1<<b) != 0 {
				mods = append(mods, name)
			}
		}
		start := protocol.Position{Line: uint32(line), Character: uint32(col)}
		end := protocol.Position{Line: uint32(line), Character: uint32(col) + d[2]}
		toks = append(toks, tok{protocol.Range{Start: start, End: end}, tokenTypes[d[3]], mods})
	}
	for _, m := range ms {
		r := nf.rangeOf(m.pos, m.end)
		i := slices.IndexFunc(toks, func(k tok) bool { return k.rng == r })
		if i < 0 {
			t.Errorf("%v: no token over it", m)
			continue
		}
		wantMods := ""
		if len(m.args) > 2 {
			wantMods = m.args[2]
		}
		if toks[i].typ != m.args[1] || strings.Join(toks[i].mods, ",") != wantMods {
			t.Errorf("%v: token %s %q", m, toks[i].typ, toks[i].mods)
		}
	}
}

// The initialize result declares every navigation feature, with the
// capabilities protocol v0.12.0 cannot express (the semantic tokens legend,
// inlay hints) filled in.
func TestNavCapabilities(t *testing.T) {
	e := newEnv(t, nil)
	raw, err := e.call(protocol.MethodInitialize, map[string]any{"capabilities": map[string]any{}})
	if err != nil {
		t.Fatal(err)
	}
	var res struct {
		Capabilities map[string]json.RawMessage `json:"capabilities"`
	}
	if err := json.Unmarshal(raw, &res); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"codeActionProvider":              `{"codeActionKinds":["quickfix","source.fixAll","source.format.game"]}`,
		"documentFormattingProvider":      `true`,
		"documentRangeFormattingProvider": `true`,
		"documentSymbolProvider":          `true`,
		"workspaceSymbolProvider":         `true`,
		"foldingRangeProvider":            `true`,
		"selectionRangeProvider":          `true`,
		"renameProvider":                  `{"prepareProvider":true}`,
		"documentLinkProvider":            `{}`,
		"inlayHintProvider":               `{"resolveProvider":false}`,
		"semanticTokensProvider": `{"legend":{"tokenTypes":["property","string","number","function","variable","operator","macro","comment","keyword"],` +
			`"tokenModifiers":["capture","check","checkmate","promotion","castling"]},"range":true,"full":true}`,
	}
	for name, w := range want {
		if got := string(res.Capabilities[name]); got != w {
			t.Errorf("%s: %s, want %s", name, got, w)
		}
	}
	if _, ok := res.Capabilities["textDocumentSync"]; !ok {
		t.Errorf("textDocumentSync is gone: %s", raw)
	}
}

// navGames is a text of n games with formatting to do (a move per line, no
// space after the move numbers), some of them with a preface comment.
func navGames(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		if i%7 == 3 {
			b.WriteString("{ between games }\n")
		}
		fmt.Fprintf(&b, "[Event \"Game %d\"]\n[White \"W%d\"]\n[Black \"Player %d\"]\n\n1.e4 e5\n2.Nf3   Nc6 *\n", i, i%5, i%3)
		if i%2 == 0 {
			b.WriteString("\n")
		}
	}
	return b.String()
}

// Formatting answers with one edit per game that changes, which together
// give what the formatter makes of the whole text, though the server
// formats each of the document's chunks apart; range formatting touches the
// games in the range.
func TestNavFormatting(t *testing.T) {
	e := newEnv(t, nil)
	e.initialize(protocol.ClientCapabilities{}, map[string]any{"lineWidth": 40})
	src := navGames(40)
	uri := protocol.DocumentURI("file:///nav/format.pgn")
	e.open(uri, 1, src)
	nf := &navFile{e: e, uri: uri, src: src, lines: pgn.NewLineTable(src)}
	doc := protocol.TextDocumentIdentifier{URI: uri}

	var edits []protocol.TextEdit
	nf.call(protocol.MethodTextDocumentFormatting, &protocol.DocumentFormattingParams{TextDocument: doc}, &edits)
	want := analysis.Format(pgn.Parse(src), analysis.FormatOptions{Width: 40})
	if got := nf.apply(t, edits); got != want {
		t.Fatalf("formatted:\n%s\nwant:\n%s", got, want)
	}
	if len(edits) == 0 || len(edits) > 40+6 {
		t.Errorf("%d edits for 40 games", len(edits))
	}
	for _, ed := range edits {
		if strings.Count(nf.text(ed.Range), "[Event") > 1 {
			t.Errorf("an edit spans several games: %q", nf.text(ed.Range))
		}
	}

	// The range covers the second move of game 10: only that game changes.
	i := strings.Index(src, "[Event \"Game 10\"]")
	j := i + strings.Index(src[i:], "2.Nf3")
	nf.call(protocol.MethodTextDocumentRangeFormatting, &protocol.DocumentRangeFormattingParams{
		TextDocument: doc, Range: nf.rangeOf(j, j+3),
	}, &edits)
	if len(edits) != 1 {
		t.Fatalf("range formatting: %d edits, want 1: %+v", len(edits), edits)
	}
	got := nf.apply(t, edits)
	if !strings.Contains(got, "[Black \"Player 1\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n[Event \"Game 11\"]") || strings.Count(got, "1. e4") != 1 {
		t.Errorf("after range formatting:\n%s", got)
	}

	// A formatted document has nothing to format.
	uri2 := protocol.DocumentURI("file:///nav/formatted.pgn")
	e.open(uri2, 1, want)
	nf.call(protocol.MethodTextDocumentFormatting, &protocol.DocumentFormattingParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri2}}, &edits)
	if len(edits) != 0 {
		t.Errorf("edits of a formatted text: %+v", edits)
	}
}

// Workspace symbols find the games of every open document by player or
// event.
func TestNavWorkspaceSymbols(t *testing.T) {
	e := newEnv(t, nil)
	e.initialize(protocol.ClientCapabilities{}, nil)
	e.open("file:///nav/a.pgn", 1, navGames(10))
	e.open("file:///nav/b.pgn", 1, navGames(3))
	var syms []protocol.SymbolInformation
	raw, err := e.call(protocol.MethodWorkspaceSymbol, &protocol.WorkspaceSymbolParams{Query: "player 2"})
	if err != nil || json.Unmarshal(raw, &syms) != nil {
		t.Fatalf("workspace/symbol: %v %s", err, raw)
	}
	var got []string
	for _, s := range syms {
		got = append(got, fmt.Sprintf("%s %s %d", s.Location.URI, s.Name, s.Location.Range.Start.Line))
	}
	want := []string{
		"file:///nav/a.pgn W2 – Player 2, Game 2 (*) 13",
		"file:///nav/a.pgn W0 – Player 2, Game 5 (*) 34",
		"file:///nav/a.pgn W2 – Player 1, Game 7 (*) 47", // "2" is in W2
		"file:///nav/a.pgn W3 – Player 2, Game 8 (*) 53",
		"file:///nav/b.pgn W2 – Player 2, Game 2 (*) 13",
	}
	if !slices.Equal(got, want) {
		t.Errorf("symbols:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// The "only" filter of a code action request, and the diagnostics a quick
// fix carries: the client's own when it sends them.
func TestNavCodeActionFilter(t *testing.T) {
	e := newEnv(t, nil)
	e.initialize(protocol.ClientCapabilities{}, nil)
	src := "[Event \"E\"]\n[Site \"S\"]\n[Date \"2024.01.02\"]\n[Round \"1\"]\n[White \"W\"]\n[Black \"B\"]\n[Result \"*\"]\n\n1.e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 *\n"
	uri := protocol.DocumentURI("file:///nav/only.pgn")
	e.open(uri, 1, src)
	p := e.waitVersion(uri, 1)
	nf := &navFile{e: e, uri: uri, src: src, lines: pgn.NewLineTable(src)}
	at := strings.Index(src, "0-0")
	params := &protocol.CodeActionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: uri},
		Range:        nf.rangeOf(at, at),
		Context:      protocol.CodeActionContext{Diagnostics: *p.Diagnostics},
	}
	var actions []protocol.CodeAction
	nf.call(protocol.MethodTextDocumentCodeAction, params, &actions)
	var kinds []string
	for _, a := range actions {
		kinds = append(kinds, string(a.Kind))
		if a.Kind == protocol.QuickFix && (len(a.Diagnostics) != 1 || a.Diagnostics[0].Message != (*p.Diagnostics)[0].Message || !a.IsPreferred) {
			t.Errorf("quick fix %+v", a)
		}
	}
	if !slices.Equal(kinds, []string{"quickfix", "source.format.game"}) {
		t.Errorf("kinds %v", kinds)
	}
	params.Context.Only = []protocol.CodeActionKind{protocol.Source}
	nf.call(protocol.MethodTextDocumentCodeAction, params, &actions)
	if len(actions) != 1 || actions[0].Title != "Format this game" {
		t.Errorf("source actions: %+v", actions)
	}
}
