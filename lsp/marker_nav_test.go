package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"pgnls/analysis"
	"pgnls/pgn"
)

// Marker notes of the code actions and navigation features, for the
// harness of marker_test.go (same syntax: the first argument is the
// location, with '|' at the cursor). TestNavMarkers runs the files of
// testdata/lsp/nav; the notes:
//
//	@action(LOC, TITLE[, TEXT])   a code action titled TITLE at the cursor; applied,
//	                              its edits make the note's line (with the lines
//	                              they insert on it), up to the note's comment and
//	                              without trailing blanks, read TEXT
//	@noaction(LOC, TITLE)         no such action at the cursor
//	@symbol(LOC, NAME, DETAIL)    a game symbol with that name and detail whose range
//	                              starts at the cursor
//	@fold(LOC, KIND, LINES)       a folding range of that kind from the cursor's line
//	                              to LINES lines below (-LINES: from LINES above to it)
//	@link(LOC, TARGET)            a document link to TARGET over the location's text
//	                              after the cursor
//	@token(LOC, TYPE[, MODS])     a semantic token of that type (and modifiers,
//	                              "capture,check") over the location's text after
//	                              the cursor
//	@inlay(LOC, LABEL)            an inlay hint LABEL at the cursor
//	@select(LOC, TEXT, ...)       expand selection from the cursor goes through the
//	                              TEXTs, innermost first
//	@rename(LOC, NEW, N)          prepareRename at the cursor answers a player's name,
//	                              and renaming it to NEW changes N tags
//	@norename(LOC)                prepareRename at the cursor answers null
//
// In a nav file with @fold notes, every fold must be claimed by one, and
// in one with @inlay notes every inlay hint (navMarkersStrict).

func init() {
	for name, h := range map[string]func(*markerRun, *note){
		"action": actionMarker, "noaction": noActionMarker, "symbol": symbolMarker,
		"fold": foldMarker, "link": linkMarker, "token": tokenMarker, "inlay": inlayMarker,
		"select": selectMarker, "rename": renameMarker, "norename": noRenameMarker,
	} {
		markerKinds[name] = h
	}
}

// navMarkerDir holds the nav marker files; navMarkerSettings gives some of
// them settings.
var (
	navMarkerDir      = filepath.Join("..", "testdata", "lsp", "nav")
	navMarkerSettings = map[string]map[string]any{
		"inlay.pgn":    {"inlayHints": map[string]any{"nagGlyphs": true, "plyNumbers": true}},
		"commands.pgn": {"inlayHints": map[string]any{"nagGlyphs": false, "clocks": true, "evals": true}},
	}
)

func TestNavMarkers(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(navMarkerDir, "*.pgn"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no marker files in %s: %v", navMarkerDir, err)
	}
	for _, path := range files {
		name := filepath.Base(path)
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			runMarkers(t, t, name, string(data), navMarkerSettings[name])
			navMarkersStrict(t, t, name, string(data), navMarkerSettings[name])
		})
	}
}

// navMarkersStrict checks that every fold and every inlay hint of a file is
// claimed by a note: a feature that answers too much fails too.
func navMarkersStrict(t *testing.T, rep reporter, name, text string, settings map[string]any) {
	e := newEnv(t, nil)
	e.initialize(protocol.ClientCapabilities{}, settings)
	r := &markerRun{t: rep, e: e, uri: protocol.DocumentURI("file:///nav/" + name), text: text, lines: pgn.NewLineTable(text)}
	e.open(r.uri, 1, text)
	claimed := map[string]bool{}
	kinds := map[string]bool{}
	for _, n := range parseNotes(rep, text) {
		if (n.Name == "fold" || n.Name == "inlay") && len(n.Args) == 3-boolInt(n.Name == "inlay") && r.locate(n) {
			claimed[navClaim(r, n)] = true
			kinds[n.Name] = true
		}
	}
	doc := protocol.TextDocumentIdentifier{URI: r.uri}
	var folds []protocol.FoldingRange
	if kinds["fold"] && navCall(r, "folds", protocol.MethodTextDocumentFoldingRange, &protocol.FoldingRangeParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: doc}}, &folds) {
		for _, f := range folds {
			if k := fmt.Sprintf("fold %s %d-%d", f.Kind, f.StartLine, f.EndLine); !claimed[k] {
				rep.Errorf("%s: unclaimed fold %s of lines %d-%d", name, f.Kind, f.StartLine+1, f.EndLine+1)
			}
		}
	}
	var hints []inlayHint
	if kinds["inlay"] && navCall(r, "inlay hints", methodInlayHint, &inlayHintParams{TextDocument: doc, Range: protocol.Range{End: navPos(r, len(text))}}, &hints) {
		for _, h := range hints {
			if k := fmt.Sprintf("inlay %q %d:%d", h.Label, h.Position.Line, h.Position.Character); !claimed[k] {
				rep.Errorf("%s: unclaimed inlay hint %q at %d:%d", name, h.Label, h.Position.Line+1, h.Position.Character+1)
			}
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// navClaim names the fold or hint a note stands for.
func navClaim(r *markerRun, n *note) string {
	if n.Name == "inlay" {
		return fmt.Sprintf("inlay %q %d:%d", n.Args[1], n.position.Line, n.position.Character)
	}
	lines, _ := strconv.Atoi(n.Args[2])
	start, end := int(n.position.Line), int(n.position.Line)+lines
	if lines < 0 {
		start, end = end, start
	}
	return fmt.Sprintf("fold %s %d-%d", n.Args[1], start, end)
}

// navCall sends a request and decodes its result into v; it reports and
// returns false when that fails.
func navCall(r *markerRun, what, method string, params, v any) bool {
	raw, err := r.e.call(method, params)
	if err != nil {
		r.t.Errorf("%s: %s: %v", what, method, err)
		return false
	}
	if len(raw) == 0 {
		raw = json.RawMessage("null")
	}
	if err := json.Unmarshal(raw, v); err != nil {
		r.t.Errorf("%s: %s: decoding %s: %v", what, method, raw, err)
		return false
	}
	return true
}

func navPos(r *markerRun, off int) protocol.Position {
	l, c := r.lines.UTF16Position(pgn.Pos(off))
	return protocol.Position{Line: uint32(l), Character: uint32(c)}
}

func navOff(r *markerRun, p protocol.Position) int {
	o, err := r.lines.OffsetUTF16(int(p.Line), int(p.Character))
	if err != nil {
		r.t.Errorf("position %v: %v", p, err)
	}
	return int(o)
}

func navText(r *markerRun, rg protocol.Range) string {
	from, to := navOff(r, rg.Start), navOff(r, rg.End)
	if from > to {
		return ""
	}
	return r.text[from:to]
}

// navSpan returns the range of the location's text after the cursor.
func navSpan(r *markerRun, n *note) protocol.Range {
	loc := n.Args[0]
	rest := loc[strings.IndexByte(loc, '|')+1:]
	return protocol.Range{Start: n.position, End: navPos(r, n.cursor+len(rest))}
}

func (r *markerRun) doc() protocol.TextDocumentIdentifier {
	return protocol.TextDocumentIdentifier{URI: r.uri}
}

func wantArgs(r *markerRun, n *note, min, max int) bool {
	if len(n.Args) < min || len(n.Args) > max {
		r.t.Errorf("%s: takes %d to %d arguments", n, min, max)
		return false
	}
	return true
}

// navApply applies text edits (non-overlapping, in any order) to the text.
func navApply(r *markerRun, edits []protocol.TextEdit) (string, bool) {
	type edit struct {
		pos, end int
		text     string
	}
	es := make([]edit, 0, len(edits))
	for _, e := range edits {
		es = append(es, edit{navOff(r, e.Range.Start), navOff(r, e.Range.End), e.NewText})
	}
	sort.SliceStable(es, func(i, j int) bool { return es[i].pos < es[j].pos })
	var b strings.Builder
	prev := 0
	for _, e := range es {
		if e.pos < prev || e.end < e.pos {
			r.t.Errorf("overlapping edits: %+v", edits)
			return "", false
		}
		b.WriteString(r.text[prev:e.pos])
		b.WriteString(e.text)
		prev = e.end
	}
	b.WriteString(r.text[prev:])
	return b.String(), true
}

func (r *markerRun) codeActions(n *note) []protocol.CodeAction {
	var actions []protocol.CodeAction
	navCall(r, n.String(), protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{
		TextDocument: r.doc(),
		Range:        protocol.Range{Start: n.position, End: n.position},
	}, &actions)
	return actions
}

func actionTitles(actions []protocol.CodeAction) []string {
	var titles []string
	for _, a := range actions {
		titles = append(titles, a.Title)
	}
	return titles
}

func actionMarker(r *markerRun, n *note) {
	if !wantArgs(r, n, 2, 3) {
		return
	}
	actions := r.codeActions(n)
	i := slices.Index(actionTitles(actions), n.Args[1])
	if i < 0 {
		r.t.Errorf("%s: no such action; got %q", n, actionTitles(actions))
		return
	}
	a := actions[i]
	if a.Kind == protocol.QuickFix && len(a.Diagnostics) != 1 {
		r.t.Errorf("%s: a quick fix with %d diagnostics", n, len(a.Diagnostics))
	}
	if a.Edit == nil || len(a.Edit.Changes[r.uri]) == 0 {
		r.t.Errorf("%s: no edit", n)
		return
	}
	if len(n.Args) < 3 {
		return
	}
	edits := a.Edit.Changes[r.uri]
	after, ok := navApply(r, edits)
	if !ok {
		return
	}
	lines := strings.Split(strings.ReplaceAll(after, "\r\n", "\n"), "\n")
	// The note's line moves down by the lines the edits inserted above
	// it, and the lines they inserted on it follow it.
	shift, added := 0, 0
	for _, ed := range edits {
		d := strings.Count(ed.NewText, "\n") - int(ed.Range.End.Line-ed.Range.Start.Line)
		switch l := int(ed.Range.Start.Line); {
		case l < n.Line:
			shift += d
		case l == n.Line:
			added += max(d, 0)
		}
	}
	l := min(n.Line+shift, len(lines)-1)
	got := strings.Join(lines[l:min(l+added+1, len(lines))], "\n")
	// Leave the note's own comment out.
	comment := r.text[n.CommentPos:]
	if i := strings.IndexAny(comment, "\r\n"); i >= 0 {
		comment = comment[:i]
	}
	if i := strings.LastIndex(got, comment); i >= 0 {
		got = got[:i]
	}
	if got = strings.TrimRight(got, " \t"); got != n.Args[2] {
		r.t.Errorf("%s: after the action the line reads\n %q\nwant\n %q", n, got, n.Args[2])
	}
}

func noActionMarker(r *markerRun, n *note) {
	if wantArgs(r, n, 2, 2) && slices.Contains(actionTitles(r.codeActions(n)), n.Args[1]) {
		r.t.Errorf("%s: the action is offered", n)
	}
}

func symbolMarker(r *markerRun, n *note) {
	if !wantArgs(r, n, 3, 3) {
		return
	}
	var syms []protocol.DocumentSymbol
	if !navCall(r, n.String(), protocol.MethodTextDocumentDocumentSymbol, &protocol.DocumentSymbolParams{TextDocument: r.doc()}, &syms) {
		return
	}
	var got []string
	for _, s := range syms {
		if s.Range.Start == n.position {
			if s.Name == n.Args[1] && s.Detail == n.Args[2] {
				return
			}
			got = append(got, s.Name+" ("+s.Detail+")")
		}
	}
	r.t.Errorf("%s: the symbols there are %q", n, got)
}

func foldMarker(r *markerRun, n *note) {
	if !wantArgs(r, n, 3, 3) {
		return
	}
	var folds []protocol.FoldingRange
	if !navCall(r, n.String(), protocol.MethodTextDocumentFoldingRange, &protocol.FoldingRangeParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{TextDocument: r.doc()}}, &folds) {
		return
	}
	want := navClaim(r, n)
	var got []string
	for _, f := range folds {
		k := fmt.Sprintf("fold %s %d-%d", f.Kind, f.StartLine, f.EndLine)
		if k == want {
			return
		}
		if f.StartLine == n.position.Line || f.EndLine == n.position.Line {
			got = append(got, fmt.Sprintf("%s %d-%d", f.Kind, f.StartLine+1, f.EndLine+1))
		}
	}
	r.t.Errorf("%s: no such fold; the folds from or to this line: %q", n, got)
}

func linkMarker(r *markerRun, n *note) {
	if !wantArgs(r, n, 2, 2) {
		return
	}
	var links []protocol.DocumentLink
	if !navCall(r, n.String(), protocol.MethodTextDocumentDocumentLink, &protocol.DocumentLinkParams{TextDocument: r.doc()}, &links) {
		return
	}
	want := navSpan(r, n)
	for _, l := range links {
		if l.Range == want && string(l.Target) == n.Args[1] {
			return
		}
	}
	r.t.Errorf("%s: no such link; links: %+v", n, links)
}

func tokenMarker(r *markerRun, n *note) {
	if !wantArgs(r, n, 2, 3) {
		return
	}
	var st protocol.SemanticTokens
	if !navCall(r, n.String(), protocol.MethodSemanticTokensFull, &protocol.SemanticTokensParams{TextDocument: r.doc()}, &st) {
		return
	}
	want := navSpan(r, n)
	line, col := 0, 0
	for i := 0; i+5 <= len(st.Data); i += 5 {
		d := st.Data[i : i+5]
		if d[0] > 0 {
			line, col = line+int(d[0]), int(d[1])
		} else {
			col += int(d[1])
		}
		start := protocol.Position{Line: uint32(line), Character: uint32(col)}
		end := protocol.Position{Line: uint32(line), Character: uint32(col) + d[2]}
		if (protocol.Range{Start: start, End: end}) != want {
			continue
		}
		var mods []string
		for b, name := range tokenModifiers {
			if d[4]&(1<<b) != 0 {
				mods = append(mods, name)
			}
		}
		wantMods := ""
		if len(n.Args) > 2 {
			wantMods = n.Args[2]
		}
		if int(d[3]) >= len(tokenTypes) || tokenTypes[d[3]] != n.Args[1] || strings.Join(mods, ",") != wantMods {
			r.t.Errorf("%s: token of type %d with modifiers %q", n, d[3], mods)
		}
		return
	}
	r.t.Errorf("%s: no token over %q", n, navText(r, want))
}

func inlayMarker(r *markerRun, n *note) {
	if !wantArgs(r, n, 2, 2) {
		return
	}
	var hints []inlayHint
	if !navCall(r, n.String(), methodInlayHint, &inlayHintParams{TextDocument: r.doc(), Range: protocol.Range{End: navPos(r, len(r.text))}}, &hints) {
		return
	}
	var got []string
	for _, h := range hints {
		if h.Position == n.position {
			if h.Label == n.Args[1] {
				return
			}
			got = append(got, h.Label)
		}
	}
	r.t.Errorf("%s: the hints there are %q", n, got)
}

func selectMarker(r *markerRun, n *note) {
	if !wantArgs(r, n, 2, 30) {
		return
	}
	var sel []protocol.SelectionRange
	if !navCall(r, n.String(), methodSelectionRange, &protocol.SelectionRangeParams{TextDocument: r.doc(), Positions: []protocol.Position{n.position}}, &sel) {
		return
	}
	if len(sel) != 1 {
		r.t.Errorf("%s: %d selection ranges for one position", n, len(sel))
		return
	}
	var got []string
	for s := &sel[0]; s != nil; s = s.Parent {
		got = append(got, navText(r, s.Range))
	}
	if want := n.Args[1:]; len(got) < len(want) || !slices.Equal(got[:len(want)], want) {
		r.t.Errorf("%s: the selection ranges are %q", n, got)
	}
}

func (r *markerRun) prepareRename(n *note) *protocol.Range {
	var rg *protocol.Range
	navCall(r, n.String(), protocol.MethodTextDocumentPrepareRename, &protocol.PrepareRenameParams{TextDocumentPositionParams: r.docPos(n)}, &rg)
	return rg
}

func renameMarker(r *markerRun, n *note) {
	if !wantArgs(r, n, 3, 3) {
		return
	}
	rg := r.prepareRename(n)
	if rg == nil {
		r.t.Errorf("%s: prepareRename answers null", n)
		return
	}
	old := navText(r, *rg)
	if !rangeHolds(*rg, n.position) || old == "" {
		r.t.Errorf("%s: prepareRename answers %v (%q)", n, *rg, old)
	}
	var we protocol.WorkspaceEdit
	if !navCall(r, n.String(), protocol.MethodTextDocumentRename, &protocol.RenameParams{TextDocumentPositionParams: r.docPos(n), NewName: n.Args[1]}, &we) {
		return
	}
	edits := we.Changes[r.uri]
	if count, _ := strconv.Atoi(n.Args[2]); len(edits) != count {
		r.t.Errorf("%s: %d edits, want %d", n, len(edits), count)
	}
	escaped := strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(n.Args[1])
	for _, ed := range edits {
		if navText(r, ed.Range) != old || ed.NewText != escaped {
			r.t.Errorf("%s: an edit of %q to %q", n, navText(r, ed.Range), ed.NewText)
		}
	}
}

func noRenameMarker(r *markerRun, n *note) {
	if rg := r.prepareRename(n); rg != nil {
		r.t.Errorf("%s: prepareRename answers %v, want null", n, *rg)
	}
}

// TestNavMarkerHarnessCatchesMistakes proves that each nav note fails when
// its expectation does not hold.
func TestNavMarkerHarnessCatchesMistakes(t *testing.T) {
	const game = "[Event \"E\"]\n[White \"W\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 Nf6 $14 *\n"
	cases := map[string]string{
		"wrong action":    game + "; x\n4. 0-0 * ; @action(\"|0-0\", \"Replace with 0-0\")\n",
		"wrong edit":      strings.Replace(game, "0-0 Nf6 $14 *", "0-0 Nf6 $14 * ; @action(\"|0-0\", \"Replace with O-O\", \"4. O-O\")", 1),
		"action offered":  strings.Replace(game, "0-0 Nf6 $14 *", "0-0 Nf6 $14 * ; @noaction(\"|0-0\", \"Replace with O-O\")", 1),
		"wrong symbol":    strings.Replace(game, "[Event \"E\"]", "[Event \"E\"] ; @symbol(\"^|\", \"W – ?\", \"4 moves\")", 1),
		"wrong fold":      strings.Replace(game, "[Event \"E\"]", "[Event \"E\"] ; @fold(\"^|\", region, 2)", 1),
		"wrong token":     strings.Replace(game, "0-0 Nf6 $14 *", "0-0 Nf6 $14 * ; @token(\"|Nf6\", function, capture)", 1),
		"wrong inlay":     strings.Replace(game, "0-0 Nf6 $14 *", "0-0 Nf6 $14 * ; @inlay(\"$14|\", \"±\")", 1),
		"wrong selection": strings.Replace(game, "0-0 Nf6 $14 *", "0-0 Nf6 $14 * ; @select(\"|Nf6\", \"Nf6\", \"Nf6 $14 *\")", 1),
		"wrong rename":    strings.Replace(game, "[White \"W\"]", "[White \"W\"] ; @rename(\"|W\", \"X\", 2)", 1),
		"rename wanted":   strings.Replace(game, "[Event \"E\"]", "[Event \"E\"] ; @rename(\"|E\", \"X\", 1)", 1),
		"no rename":       strings.Replace(game, "[White \"W\"]", "[White \"W\"] ; @norename(\"|W\")", 1),
		"missing link":    strings.Replace(game, "[Event \"E\"]", "[Event \"E\"] ; @link(\"|E\", \"https://e\")", 1),
	}
	for name, text := range cases {
		t.Run(name, func(t *testing.T) {
			fake := &fakeReporter{}
			runMarkers(t, fake, "mistake.pgn", text, nil)
			if !fake.failed {
				t.Errorf("the harness passed %q", text)
			}
		})
	}
	// An unclaimed fold or hint fails the strict pass.
	fake := &fakeReporter{}
	navMarkersStrict(t, fake, "strict.pgn", "[Event \"E\"]\n[Site \"S\"] ; @fold(\"^|\", region, 3)\n\n1. e4 $14 * ; @inlay(\"e4|\", \"ply 1\")\n", nil)
	if !fake.failed {
		t.Errorf("the strict pass passed unclaimed folds and hints")
	}
}

// navFile is an open document for the tests below, which are not marker
// tests: a markerRun that fails the test at the first error.
type navFile struct {
	e   *env
	uri protocol.DocumentURI
	src string
	r   *markerRun
}

func newNavFile(t *testing.T, e *env, uri protocol.DocumentURI, src string) *navFile {
	return &navFile{e: e, uri: uri, src: src, r: &markerRun{t: t, e: e, uri: uri, text: src, lines: pgn.NewLineTable(src)}}
}

func (nf *navFile) rangeOf(pos, end int) protocol.Range {
	return protocol.Range{Start: navPos(nf.r, pos), End: navPos(nf.r, end)}
}

func (nf *navFile) text(rg protocol.Range) string { return navText(nf.r, rg) }

func (nf *navFile) call(method string, params, v any) {
	nf.e.t.Helper()
	if !navCall(nf.r, "", method, params, v) {
		nf.e.t.FailNow()
	}
}

func (nf *navFile) apply(t *testing.T, edits []protocol.TextEdit) string {
	t.Helper()
	out, ok := navApply(nf.r, edits)
	if !ok {
		t.FailNow()
	}
	return out
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
		"codeActionProvider":              `{"codeActionKinds":["quickfix","source.fixAll","source.format.game","source.stripCommands","source.translate.game","source.analyse.game","source.annotate.game"]}`,
		"codeLensProvider":                `{}`,
		"executeCommandProvider":          `{"commands":["pgnls.analyseGame"]}`,
		"documentFormattingProvider":      `true`,
		"documentRangeFormattingProvider": `true`,
		"documentSymbolProvider":          `true`,
		"workspaceSymbolProvider":         `true`,
		"foldingRangeProvider":            `true`,
		"selectionRangeProvider":          `true`,
		"renameProvider":                  `{"prepareProvider":true}`,
		"documentLinkProvider":            `{}`,
		"inlayHintProvider":               `{"resolveProvider":false}`,
		"semanticTokensProvider": `{"legend":{"tokenTypes":["property","string","number","function","variable","operator","macro","comment","keyword","decorator","parameter"],` +
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
	nf := newNavFile(t, e, uri, src)
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
	nf := newNavFile(t, e, uri, src)
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
	if !slices.Equal(kinds, []string{"quickfix", "source.format.game", "source.analyse.game"}) {
		t.Errorf("kinds %v", kinds)
	}
	params.Context.Only = []protocol.CodeActionKind{protocol.Source}
	nf.call(protocol.MethodTextDocumentCodeAction, params, &actions)
	if len(actions) != 2 || actions[0].Title != "Format this game" || actions[1].Command == nil || actions[1].Command.Command != commandAnalyseGame {
		t.Errorf("source actions: %+v", actions)
	}
}

// A change of the inlayHints setting asks a client that takes it to
// refresh its inlay hints; other changes do not.
func TestNavInlayHintRefresh(t *testing.T) {
	serverEnd, clientEnd := net.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := newServer(zap.NewNop())
	done := make(chan int, 1)
	go func() { done <- s.serve(ctx, serverEnd) }()
	conn := jsonrpc2.NewConn(jsonrpc2.NewStream(clientEnd))
	requests := make(chan string, 16)
	conn.Go(ctx, func(ctx context.Context, reply jsonrpc2.Replier, req jsonrpc2.Request) error {
		if _, ok := req.(*jsonrpc2.Call); ok {
			requests <- req.Method()
		}
		return reply(ctx, nil, nil)
	})
	defer func() { conn.Close(); <-done }()
	if _, err := conn.Call(ctx, protocol.MethodInitialize, map[string]any{
		"capabilities": map[string]any{"workspace": map[string]any{"inlayHint": map[string]any{"refreshSupport": true}}},
	}, nil); err != nil {
		t.Fatal(err)
	}
	if err := conn.Notify(ctx, protocol.MethodInitialized, map[string]any{}); err != nil {
		t.Fatal(err)
	}
	configure := func(settings any) {
		if err := conn.Notify(ctx, protocol.MethodWorkspaceDidChangeConfiguration, map[string]any{"settings": settings}); err != nil {
			t.Fatal(err)
		}
	}
	configure(map[string]any{"pgnls": map[string]any{"lineWidth": 60}})
	configure(map[string]any{"pgnls": map[string]any{"inlayHints": map[string]any{"plyNumbers": true}}})
	select {
	case m := <-requests:
		if m != methodInlayHintRefresh {
			t.Fatalf("request %s, want %s", m, methodInlayHintRefresh)
		}
	case <-time.After(waitLimit):
		t.Fatal("no refresh")
	}
	select {
	case m := <-requests:
		t.Errorf("a second request: %s", m)
	case <-time.After(50 * time.Millisecond):
	}
}

// A comment over several lines is cut into one token per line, lengths in
// UTF-16 units; a range request answers the tokens that meet the range,
// encoded from the start of the document.
func TestNavSemanticTokensLines(t *testing.T) {
	e := newEnv(t, nil)
	e.initialize(protocol.ClientCapabilities{}, nil)
	src := "[Event \"E\"]\n\n1. e4 {𝄞 one\r\ntwo\n\nthree} e5 *\n\n[Event \"F\"]\n\n1. d4 *\n"
	uri := protocol.DocumentURI("file:///nav/lines.pgn")
	e.open(uri, 1, src)
	nf := newNavFile(t, e, uri, src)
	decode := func(data []uint32) []string {
		var out []string
		line, col := 0, 0
		for i := 0; i+5 <= len(data); i += 5 {
			if data[i] > 0 {
				line, col = line+int(data[i]), int(data[i+1])
			} else {
				col += int(data[i+1])
			}
			rg := protocol.Range{Start: protocol.Position{Line: uint32(line), Character: uint32(col)}, End: protocol.Position{Line: uint32(line), Character: uint32(col) + data[i+2]}}
			out = append(out, nf.text(rg)+":"+tokenTypes[data[i+3]])
		}
		return out
	}
	var st protocol.SemanticTokens
	nf.call(protocol.MethodSemanticTokensFull, &protocol.SemanticTokensParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}}, &st)
	want := []string{"Event:property", `"E":string`, "1.:number", "e4:variable", "{𝄞 one:comment", "two:comment", "three}:comment",
		"e5:variable", "*:keyword", "Event:property", `"F":string`, "1.:number", "d4:variable", "*:keyword"}
	if got := decode(st.Data); !slices.Equal(got, want) {
		t.Errorf("full:\n%q\nwant\n%q", got, want)
	}
	i := strings.Index(src, "e5")
	nf.call(protocol.MethodSemanticTokensRange, &protocol.SemanticTokensRangeParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Range: nf.rangeOf(i, strings.Index(src, "[Event \"F\"]")+3),
	}, &st)
	if got, want := decode(st.Data), []string{"e5:variable", "*:keyword", "Event:property"}; !slices.Equal(got, want) {
		t.Errorf("range:\n%q\nwant\n%q", got, want)
	}
}
