package lsp

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"pgnls/pgn"
	"pgnls/pgn/pgntest"
)

// Marker tests through the real protocol, in the spirit of gopls's: each
// testdata/lsp/*.pgn file is opened in a server started in-process (newEnv),
// and the notes in its ';' comments say what the server must answer at a
// place of the note's own line:
//
//	1. e4 e5 2. N ; @complete("2. N|", "Na3", "Nc3", "Ne2", "Nf3", "Nh3")
//
// A note is @name(ARG, ...). Each ARG is a Go string literal ("..." or
// `...`) or a bare word (letters, digits, '_', '-', '.'). The first
// argument of every note is its location: text to find on the note's line,
// before the comment, exactly once, with '|' where the cursor is; a
// location that starts with '^' is found at the start of the line ("^|":
// the line's first column).
//
// The notes, each a handler in markerKinds (add a kind there):
//
//	@hover(LOC, "substring", ...)    the hover's Markdown holds every substring,
//	                                 and its range holds the cursor
//	@nohover(LOC)                    no hover
//	@complete(LOC, "label", ...)     the completion labels are exactly these, in
//	                                 any order (none: no completion at all)
//	@completeHas(LOC, "label", ...)  the labels include these
//	@completeFirst(LOC, "label", ...) the labels, sorted as the client sorts them
//	                                 (sortText, then label), start with these
//	@detail(LOC, "label", "substring") the item's detail holds the substring
//	@accept(LOC, "label", `line`)    applying the item's edit (snippet text as
//	                                 sent) makes the note's line, up to the
//	                                 note's comment and without trailing blanks,
//	                                 read `line`
//
// The client announces snippet support, and the ECO file is
// testdata/eco/eco.pgn. Diagnostics are not claimed here: the checker's
// marker tests (analysis, testdata/check) cover them.

// markerKinds maps a note's name to its handler.
var markerKinds = map[string]func(r *markerRun, n *note){
	"hover":         hoverMarker,
	"nohover":       noHoverMarker,
	"complete":      completeMarker,
	"completeHas":   completeHasMarker,
	"completeFirst": completeFirstMarker,
	"detail":        detailMarker,
	"accept":        acceptMarker,
}

// markerDir holds the marker files; markerECO is the ECO file they use.
const (
	markerDir = "../testdata/lsp"
	markerECO = "../testdata/eco/eco.pgn"
)

// note is one @name(...) found in a comment (pgntest.Notes reads them),
// with the place its location names.
type note struct {
	*pgntest.Note
	// cursor is the location's '|' as a byte offset and as an LSP position.
	cursor   int
	position protocol.Position
}

// markerRun is the state of one marker file: its text and the server it is
// open in.
type markerRun struct {
	t     reporter
	e     *env
	uri   protocol.DocumentURI
	text  string
	lines *pgn.LineTable
}

func TestMarkers(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(markerDir, "*.pgn"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no marker files in %s: %v", markerDir, err)
	}
	eco, err := filepath.Abs(markerECO)
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range files {
		t.Run(filepath.Base(path), func(t *testing.T) {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			runMarkers(t, t, filepath.Base(path), string(data), map[string]any{"ecoFile": eco})
		})
	}
}

// runMarkers opens text in a new server and checks every note in it,
// reporting to rep (t runs the server).
func runMarkers(t *testing.T, rep reporter, name, text string, settings map[string]any) {
	notes := parseNotes(rep, text)
	if len(notes) == 0 {
		rep.Errorf("%s has no notes", name)
		return
	}
	e := newEnv(t, nil)
	snippets := protocol.ClientCapabilities{TextDocument: &protocol.TextDocumentClientCapabilities{
		Completion: &protocol.CompletionTextDocumentClientCapabilities{
			CompletionItem: &protocol.CompletionTextDocumentClientCapabilitiesItem{SnippetSupport: true},
		},
	}}
	e.initialize(snippets, settings)
	r := &markerRun{t: rep, e: e, uri: protocol.DocumentURI("file:///markers/" + name), text: text, lines: pgn.NewLineTable(text)}
	e.open(r.uri, 1, text)
	for _, n := range notes {
		handler, ok := markerKinds[n.Name]
		if !ok {
			rep.Errorf("%s: unknown note @%s", n, n.Name)
			continue
		}
		if !r.locate(n) {
			continue
		}
		handler(r, n)
	}
}

// parseNotes finds the notes in the ';' comments of text.
func parseNotes(t reporter, text string) []*note {
	t.Helper()
	f := pgn.Parse(text)
	var comments []pgntest.Comment
	f.Tokens(func(tok pgn.Token) {
		if tok.Kind == pgn.LineComment {
			line := f.Lines.Line(tok.Pos)
			comments = append(comments, pgntest.Comment{Pos: int(tok.Pos), End: int(tok.End), Line: line, LineStart: int(f.Lines.LineStart(line))})
		}
	})
	found, errs := pgntest.Notes(text, comments)
	for _, err := range errs {
		t.Errorf("%v", err)
	}
	notes := make([]*note, len(found))
	for i, n := range found {
		notes[i] = &note{Note: n}
	}
	return notes
}

// locate finds a note's location on its line and sets its cursor.
func (r *markerRun) locate(n *note) bool {
	if len(n.Args) == 0 {
		r.t.Errorf("%s: no location", n)
		return false
	}
	loc := n.Args[0]
	bar := strings.IndexByte(loc, '|')
	if bar < 0 || strings.Count(loc, "|") != 1 {
		r.t.Errorf("%s: the location %q must hold one '|', the cursor", n, loc)
		return false
	}
	find := loc[:bar] + loc[bar+1:]
	lineText := r.text[n.LineStart:n.CommentPos]
	i := strings.Index(lineText, find)
	if strings.HasPrefix(find, "^") {
		// Anchored at the start of the line.
		find, bar = find[1:], bar-1
		i = 0
		if !strings.HasPrefix(lineText, find) {
			i = -1
		}
	} else if strings.Count(lineText, find) != 1 {
		i = -1
	}
	if i < 0 || find == "" && !strings.HasPrefix(loc, "^") {
		r.t.Errorf("%s: %q must occur once on the line %q", n, find, lineText)
		return false
	}
	n.cursor = n.LineStart + i + bar
	line, col := r.lines.UTF16Position(pgn.Pos(n.cursor))
	n.position = protocol.Position{Line: uint32(line), Character: uint32(col)}
	return true
}

func (r *markerRun) docPos(n *note) protocol.TextDocumentPositionParams {
	return protocol.TextDocumentPositionParams{TextDocument: protocol.TextDocumentIdentifier{URI: r.uri}, Position: n.position}
}

func (r *markerRun) hover(n *note) *protocol.Hover {
	h, err := r.e.server.Hover(r.e.ctx, &protocol.HoverParams{TextDocumentPositionParams: r.docPos(n)})
	if err != nil {
		r.t.Errorf("%s: hover: %v", n, err)
		return nil
	}
	return h
}

func hoverMarker(r *markerRun, n *note) {
	h := r.hover(n)
	if h == nil {
		r.t.Errorf("%s: no hover", n)
		return
	}
	for _, want := range n.Args[1:] {
		if !strings.Contains(h.Contents.Value, want) {
			r.t.Errorf("%s: the hover lacks %q:\n%s", n, want, h.Contents.Value)
		}
	}
	if h.Range == nil || !rangeHolds(*h.Range, n.position) {
		r.t.Errorf("%s: the hover's range %v does not hold the cursor %v", n, h.Range, n.position)
	}
}

func noHoverMarker(r *markerRun, n *note) {
	if h := r.hover(n); h != nil {
		r.t.Errorf("%s: want no hover, got:\n%s", n, h.Contents.Value)
	}
}

func rangeHolds(rg protocol.Range, p protocol.Position) bool {
	before := func(a, b protocol.Position) bool {
		return a.Line < b.Line || a.Line == b.Line && a.Character <= b.Character
	}
	return before(rg.Start, p) && before(p, rg.End)
}

// complete asks for completions at the note's cursor; nil for none.
func (r *markerRun) complete(n *note) []protocol.CompletionItem {
	list, err := r.e.server.Completion(r.e.ctx, &protocol.CompletionParams{TextDocumentPositionParams: r.docPos(n)})
	if err != nil {
		r.t.Errorf("%s: completion: %v", n, err)
		return nil
	}
	if list == nil {
		return nil
	}
	for _, it := range list.Items {
		if it.TextEdit == nil || !rangeHolds(it.TextEdit.Range, n.position) {
			r.t.Errorf("%s: item %q: its edit %v does not hold the cursor", n, it.Label, it.TextEdit)
		}
	}
	return list.Items
}

func labels(items []protocol.CompletionItem) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.Label
	}
	return out
}

func completeMarker(r *markerRun, n *note) {
	got := labels(r.complete(n))
	want := append([]string(nil), n.Args[1:]...)
	sort.Strings(got)
	sort.Strings(want)
	if strings.Join(got, "\x00") != strings.Join(want, "\x00") {
		r.t.Errorf("%s:\n got  %q\n want %q", n, got, want)
	}
}

func completeHasMarker(r *markerRun, n *note) {
	got := labels(r.complete(n))
	have := map[string]bool{}
	for _, l := range got {
		have[l] = true
	}
	for _, want := range n.Args[1:] {
		if !have[want] {
			r.t.Errorf("%s: no item %q in %q", n, want, got)
		}
	}
}

func completeFirstMarker(r *markerRun, n *note) {
	items := r.complete(n)
	sort.SliceStable(items, func(i, j int) bool {
		a, b := items[i], items[j]
		ka, kb := a.SortText, b.SortText
		if ka == "" {
			ka = a.Label
		}
		if kb == "" {
			kb = b.Label
		}
		if ka != kb {
			return ka < kb
		}
		return a.Label < b.Label
	})
	got := labels(items)
	want := n.Args[1:]
	if len(got) < len(want) || strings.Join(got[:len(want)], "\x00") != strings.Join(want, "\x00") {
		r.t.Errorf("%s: the items, in order, are %q", n, got)
	}
}

// item returns the completion item labelled label (args[1]).
func (r *markerRun) item(n *note) *protocol.CompletionItem {
	if len(n.Args) < 3 {
		r.t.Errorf("%s: want a location, a label and a value", n)
		return nil
	}
	items := r.complete(n)
	for i := range items {
		if items[i].Label == n.Args[1] {
			return &items[i]
		}
	}
	r.t.Errorf("%s: no item %q in %q", n, n.Args[1], labels(items))
	return nil
}

func detailMarker(r *markerRun, n *note) {
	if it := r.item(n); it != nil && !strings.Contains(it.Detail, n.Args[2]) {
		r.t.Errorf("%s: the detail of %q is %q", n, it.Label, it.Detail)
	}
}

func acceptMarker(r *markerRun, n *note) {
	it := r.item(n)
	if it == nil || it.TextEdit == nil {
		return
	}
	from, err1 := r.lines.OffsetUTF16(int(it.TextEdit.Range.Start.Line), int(it.TextEdit.Range.Start.Character))
	to, err2 := r.lines.OffsetUTF16(int(it.TextEdit.Range.End.Line), int(it.TextEdit.Range.End.Character))
	if err1 != nil || err2 != nil || int(to) > n.CommentPos || int(from) < n.LineStart {
		r.t.Errorf("%s: the edit %v is not within the note's line", n, it.TextEdit.Range)
		return
	}
	edited := r.text[n.LineStart:from] + it.TextEdit.NewText + r.text[to:n.CommentPos]
	if got := strings.TrimRight(edited, " \t"); got != n.Args[2] {
		r.t.Errorf("%s: accepting %q gives\n %q\nwant\n %q", n, it.Label, got, n.Args[2])
	}
}

// reporter is the part of *testing.T the notes report to, so that the
// harness itself can be tested against a fake.
type reporter interface {
	Helper()
	Errorf(format string, args ...any)
}

// TestMarkerHarnessCatchesMistakes proves that the harness fails when an
// expectation does not hold, when a note cannot be located or parsed, and
// when a note is unknown.
func TestMarkerHarnessCatchesMistakes(t *testing.T) {
	cases := map[string]string{
		"missing item":     "1. e4 e5 2. N ; @complete(\"2. N|\", \"Nf3\")\n",
		"extra item":       "1. e4 e5 2. N ; @complete(\"2. N|\", \"Na3\", \"Nc3\", \"Ne2\", \"Nf3\", \"Nh3\", \"Nb5\")\n",
		"wrong hover":      "1. e4 $14 ; @hover(\"$1|4\", \"Black\")\n",
		"not on its line":  "1. e4 e5 ; @hover(\"Nf|3\")\n",
		"two cursors":      "1. e4 e5 ; @hover(\"e|4 e|5\")\n",
		"unknown note":     "1. e4 e5 ; @frobnicate(\"e|4\")\n",
		"unclosed note":    "1. e4 e5 ; @hover(\"e|4\"\n",
		"hover wanted":     "1. e4 e5 {a comment} ; @hover(\"a com|ment\")\n",
		"no hover wanted":  "1. e4 e5 ; @nohover(\"e|4\")\n",
		"wrong acceptance": "1. e4 e5 2. N ; @accept(\"2. N|\", \"Nf3\", \"1. e4 e5 2. Nc3\")\n",
		"wrong first":      "1. e4 e5 2. N ; @completeFirst(\"2. N|\", \"Nf3\")\n",
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
}

// fakeReporter records failures in place of a *testing.T.
type fakeReporter struct{ failed bool }

func (f *fakeReporter) Helper()               {}
func (f *fakeReporter) Errorf(string, ...any) { f.failed = true }
