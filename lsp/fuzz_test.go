package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
	"go.uber.org/zap/zaptest/observer"

	"pgnls/analysis"
	"pgnls/pgn"
)

// FuzzServerSession drives an in-process server with a session decoded
// from the fuzz input: documents opened, changed (incremental changes at
// arbitrary UTF-16 ranges, past the end included, and full replacements,
// in batches), closed; requests of every kind at arbitrary positions;
// settings changed (the cap, severities, the width, the size limit). A model
// of the client's text, kept with the line table's rules, checks that:
//
//   - nothing panics: no request is answered InternalError, and the server
//     logs no panic and no missing or second reply;
//   - every request is answered;
//   - after every change, the server's text is the model's; a batch with a
//     change that cannot be applied (out of range, inside a surrogate pair)
//     makes the server lose track of the document, which then has no text
//     and the one out-of-sync diagnostic until its whole text comes;
//   - the diagnostics published for a version are analysis.CheckFile of the
//     model's text, with the severity settings applied and within the cap
//     (or the one diagnostic of a document over the size limit);
//   - formatting edits, applied to the text, give analysis.Format of it.
//
// The seeds are the project's small test files, each with a session that
// uses every operation; `go test` runs them as a test.
func FuzzServerSession(f *testing.F) {
	for _, text := range seedTexts() {
		for _, program := range seedPrograms {
			f.Add(text, program)
		}
	}
	f.Fuzz(func(t *testing.T, text string, program []byte) {
		runSession(t, text, program)
	})
}

// seedTexts returns the small PGN files of testdata (the larger ones slow
// every session down without exercising more).
func seedTexts() []string {
	files, _ := filepath.Glob("../testdata/*/*.pgn")
	var out []string
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err == nil && len(data) <= 3000 {
			text, _ := pgn.DecodeText(data)
			out = append(out, text)
		}
	}
	return out
}

// Operations of a session program: each is one byte (modulo opCount)
// followed by the bytes of its arguments; a program that runs out reads
// zeros.
const (
	opOpen = iota
	opChange
	opReplace
	opRequest
	opClose
	opSettings
	opSync
	opUnopened
	opCount
)

// seedPrograms use every operation: open, change, request each method,
// settings with a small size limit, sync (check the diagnostics), close.
var seedPrograms = [][]byte{
	{
		opOpen, 0, 0,
		opSync, 0,
		opChange, 0, 2, 3, 5, 1, 7, 4, 3, 8, 2, 0, 10,
		opRequest, 0, 0, 8, 5, opRequest, 0, 1, 8, 9, opRequest, 0, 2, 0, 0, opRequest, 0, 3, 1, 1,
		opRequest, 0, 4, 2, 3, opRequest, 0, 5, 0, 0, opRequest, 0, 6, 0, 0, opRequest, 0, 7, 0, 0,
		opRequest, 0, 8, 3, 3, opRequest, 0, 9, 1, 2, opRequest, 0, 10, 4, 4, opRequest, 0, 11, 0, 0,
		opRequest, 0, 12, 4, 9, opRequest, 0, 13, 4, 9, opRequest, 0, 14, 0, 0,
		opSync, 0,
		opSettings, 2, 1, 1, 2,
		opSync, 0,
		opReplace, 0, 1, 12,
		opSync, 0,
		opSettings, 1, 3, 3, 3,
		opChange, 0, 1, 250, 0, 255, 255, 6,
		opSync, 0,
		opClose, 0,
		opUnopened, 0, opUnopened, 1, opUnopened, 2,
	},
	{
		opOpen, 1, 1, 7, 'x', '\r', '\n', 0xe9, '{', '\r', 'y',
		opSettings, 0, 0, 2, 1,
		opChange, 1, 3, 0, 1, 0, 2, 2, 9, 1, 0, 1, 0, 200, 3, 0, 0, 9, 9, 4,
		opSync, 1,
		opOpen, 1, 0,
		opChange, 1, 1, 2, 0, 3, 0, 11,
		opRequest, 1, 2, 0, 0,
		opSync, 1,
	},
}

// snippets are the texts that changes insert: line breaks of every kind,
// the delimiters, characters of one and two UTF-16 units, tag pairs,
// moves, results.
var snippets = []string{
	"", "\n", "\r\n", "\r", " ", "{", "}", "(", ")", "[", "]", "\"", ";", "%", "$1", "!?",
	"1.", "1...", " e4 ", "Nf3", "O-O", "Ke3", "*", "1-0", "1/2-1/2", "é", "𝄞", "\x00",
	"[Event \"x\"]\n", "[Result \"1-0\"]\n", "[FEN \"8/8/8/8/8/8/8/K6k w - - 0 1\"]\n[SetUp \"1\"]\n",
	"\n\n1. e4 e5 2. Nf3 (2. f4 exf4) Nc6 {a comment} 3. Bb5 $1 a6 *\n",
}

var sessionURIs = []protocol.DocumentURI{"file:///a.pgn", "file:///b.pgn"}

// program reads a session's bytes.
type program struct{ b []byte }

func (p *program) more() bool { return len(p.b) > 0 }

func (p *program) byte() int {
	if len(p.b) == 0 {
		return 0
	}
	c := p.b[0]
	p.b = p.b[1:]
	return int(c)
}

// bytes reads a length byte (modulo max) and that many bytes.
func (p *program) bytes(max int) string {
	n := min(p.byte()%max, len(p.b))
	s := string(p.b[:n])
	p.b = p.b[n:]
	return s
}

// text reads an inserted text: a snippet or raw bytes.
func (p *program) text() string {
	if c := p.byte(); c < 200 {
		return snippets[c%len(snippets)]
	}
	return p.bytes(16)
}

// position reads a position near or past the text of model: mostly within
// its lines, sometimes far past them.
func (p *program) position(text string) protocol.Position {
	lines := strings.Count(text, "\n") + strings.Count(text, "\r") + 1
	l, c := p.byte(), p.byte()
	pos := protocol.Position{Line: uint32(l % (lines + 2)), Character: uint32(c % 40)}
	if l >= 250 {
		pos.Line = 1 << 31
	}
	if c >= 250 {
		pos.Character = 1<<32 - 1
	}
	return pos
}

func (p *program) rangeIn(text string) protocol.Range {
	a, b := p.position(text), p.position(text)
	if p.byte()%4 != 0 && (b.Line < a.Line || b.Line == a.Line && b.Character < a.Character) {
		a, b = b, a // mostly well-ordered; sometimes reversed
	}
	return protocol.Range{Start: a, End: b}
}

// sessionSettings is the model of the settings the session pushed.
type sessionSettings struct {
	lineWidth, maxDiagnostics, maxDocumentSize int
	severity                                   map[string]string
}

func (s sessionSettings) json() map[string]any {
	sev := map[string]any{}
	for code, v := range s.severity {
		sev[code] = v
	}
	return map[string]any{"pgnls": map[string]any{
		"lineWidth": s.lineWidth, "maxDiagnostics": s.maxDiagnostics,
		"maxDocumentSize": s.maxDocumentSize, "severity": sev,
	}}
}

var severityChoices = []map[string]string{
	nil,
	{"missing-tag": "off", "str-order": "off"},
	{"illegal-move": "hint", "syntax": "warning", "missing-tag": "error", "result-mismatch": "off"},
	{"check-suffix": "information", "move-number": "error"},
}

// session is the client's side: the server and the model.
type session struct {
	t        *testing.T
	e        *env
	logs     *observer.ObservedLogs
	texts    map[protocol.DocumentURI]string // the open documents' texts
	lost     map[protocol.DocumentURI]bool   // those the server lost track of
	versions map[protocol.DocumentURI]int32
	version  int32 // the last version sent, for every document
	set      sessionSettings
}

func runSession(t *testing.T, text string, prog []byte) {
	core, logs := observer.New(zapcore.WarnLevel)
	e := newEnv(t, func(s *server) { s.log = zap.New(core) })
	ss := &session{
		t: t, e: e, logs: logs,
		texts:    map[protocol.DocumentURI]string{},
		lost:     map[protocol.DocumentURI]bool{},
		versions: map[protocol.DocumentURI]int32{},
		set:      sessionSettings{lineWidth: 79, maxDiagnostics: 100, maxDocumentSize: defaultMaxDocumentSize},
	}
	e.initialize(protocol.ClientCapabilities{}, nil)
	text = clientString(text)
	p := &program{b: prog}
	for ops := 0; p.more() && ops < 64; ops++ {
		ss.step(p, text)
		ss.checkLogs()
	}
	for _, uri := range sessionURIs {
		if _, open := ss.texts[uri]; open {
			ss.sync(uri)
		}
	}
	ss.checkLogs()
}

// clientString is s as the server receives it: JSON replaces each byte
// that is not UTF-8 with U+FFFD.
func clientString(s string) string {
	b, _ := json.Marshal(s)
	var out string
	if err := json.Unmarshal(b, &out); err != nil {
		panic(err)
	}
	return out
}

func (ss *session) step(p *program, text string) {
	op := p.byte() % opCount
	uri := sessionURIs[p.byte()%len(sessionURIs)]
	model, open := ss.texts[uri]
	switch op {
	case opOpen:
		if p.byte()%2 == 1 {
			text = clientString(p.bytes(64))
		}
		ss.version++
		ss.e.open(uri, ss.version, text)
		ss.texts[uri], ss.versions[uri], ss.lost[uri] = text, ss.version, false
		ss.checkText(uri)
	case opChange, opReplace:
		var changes []contentChange
		n := 1
		if op == opChange {
			n = 1 + p.byte()%3
		}
		for range n {
			c := contentChange{Text: clientString(p.text())}
			if op == opChange && p.byte()%8 != 0 {
				r := p.rangeIn(model)
				c.Range = &r
			}
			changes = append(changes, c)
		}
		ss.version++
		ss.e.change(uri, ss.version, changes...)
		if !open {
			break
		}
		switch next, ok := applyModel(model, changes); {
		case ss.lost[uri] && !slices.ContainsFunc(changes, func(c contentChange) bool { return c.Range == nil }):
			// Out of step: ranged changes are ignored.
		case ok:
			ss.texts[uri], ss.versions[uri], ss.lost[uri] = next, ss.version, false
		default:
			ss.texts[uri], ss.versions[uri], ss.lost[uri] = "", ss.version, true
		}
		ss.checkText(uri)
	case opRequest:
		ss.request(p, uri, model)
	case opClose:
		ss.e.notify(protocol.MethodTextDocumentDidClose, protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}})
		delete(ss.texts, uri)
		delete(ss.versions, uri)
		delete(ss.lost, uri)
		ss.e.roundTrip()
	case opSettings:
		ss.set.lineWidth = 20 + p.byte()%100
		ss.set.maxDiagnostics = []int{0, 1, 3, 1000}[p.byte()%4]
		ss.set.maxDocumentSize = []int{0, 64, 400, defaultMaxDocumentSize}[p.byte()%4]
		ss.set.severity = severityChoices[p.byte()%len(severityChoices)]
		ss.e.notify(protocol.MethodWorkspaceDidChangeConfiguration, protocol.DidChangeConfigurationParams{Settings: ss.set.json()})
		ss.e.roundTrip()
	case opSync:
		if open {
			ss.sync(uri)
		}
	case opUnopened:
		// Messages on a document that is not open: ignored, or answered
		// with an error, never a panic.
		other := protocol.DocumentURI("file:///closed.pgn")
		ss.version++
		switch p.byte() % 3 {
		case 0:
			ss.e.change(other, ss.version, contentChange{Text: "x"})
		case 1:
			ss.e.notify(protocol.MethodTextDocumentDidClose, protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: other}})
		case 2:
			ss.request(p, other, "")
		}
		ss.e.roundTrip()
	}
}

// applyModel applies a batch of changes to the model's text with the line
// table's rules, from its last change of the whole text; a change out of
// range, or with a position inside a surrogate pair, refuses the batch.
func applyModel(text string, changes []contentChange) (string, bool) {
	for i := max(0, lastWholeText(changes)); i < len(changes); i++ {
		c := changes[i]
		if c.Range == nil {
			text = c.Text
			continue
		}
		lines := pgn.NewLineTable(text)
		offset := func(p protocol.Position) (int, bool) {
			off, err := lines.OffsetUTF16(int(p.Line), int(p.Character))
			line, col := lines.UTF16Position(off)
			return int(off), err == nil && line == int(p.Line) && col == int(p.Character)
		}
		start, ok1 := offset(c.Range.Start)
		end, ok2 := offset(c.Range.End)
		if !ok1 || !ok2 || end < start {
			return "", false
		}
		text = text[:start] + c.Text + text[end:]
	}
	return text, true
}

// checkText compares the server's text of uri with the model's.
func (ss *session) checkText(uri protocol.DocumentURI) {
	ss.t.Helper()
	ss.e.roundTrip()
	got, open := docText(ss.e, uri)
	want, wantOpen := ss.texts[uri]
	if got != want || open != wantOpen {
		ss.t.Fatalf("server text of %s (open %v):\n%q\nwant (open %v):\n%q", uri, open, got, wantOpen, want)
	}
}

// checkLogs fails on a panic, a missing reply or a second one.
func (ss *session) checkLogs() {
	ss.t.Helper()
	for _, entry := range ss.logs.All() {
		if strings.Contains(entry.Message, "panic") || strings.Contains(entry.Message, "reply") {
			ss.t.Fatalf("server log: %s %v", entry.Message, entry.ContextMap())
		}
	}
}

// requestMethods are the requests a session sends, by number.
var requestMethods = []string{
	protocol.MethodTextDocumentHover,
	protocol.MethodTextDocumentCompletion,
	protocol.MethodTextDocumentFormatting,
	protocol.MethodTextDocumentRangeFormatting,
	protocol.MethodTextDocumentCodeAction,
	protocol.MethodTextDocumentDocumentSymbol,
	protocol.MethodTextDocumentFoldingRange,
	protocol.MethodSemanticTokensFull,
	protocol.MethodSemanticTokensRange,
	methodInlayHint,
	methodSelectionRange,
	protocol.MethodTextDocumentDocumentLink,
	protocol.MethodTextDocumentPrepareRename,
	protocol.MethodTextDocumentRename,
	protocol.MethodWorkspaceSymbol,
}

// request sends one request at positions read from p and checks that it is
// answered, without an internal error.
func (ss *session) request(p *program, uri protocol.DocumentURI, model string) {
	ss.t.Helper()
	method := requestMethods[p.byte()%len(requestMethods)]
	td := map[string]any{"uri": uri}
	pos := p.position(model)
	r := p.rangeIn(model)
	params := map[string]any{"textDocument": td}
	switch method {
	case protocol.MethodTextDocumentHover, protocol.MethodTextDocumentCompletion, protocol.MethodTextDocumentPrepareRename:
		params["position"] = pos
	case protocol.MethodTextDocumentRename:
		params["position"] = pos
		params["newName"] = []string{"Carlsen, Magnus", "", "a\"b", "x]"}[r.Start.Line%4]
	case protocol.MethodTextDocumentRangeFormatting, protocol.MethodSemanticTokensRange, methodInlayHint:
		params["range"] = r
	case protocol.MethodTextDocumentCodeAction:
		params["range"] = r
		params["context"] = map[string]any{"diagnostics": []any{}}
	case methodSelectionRange:
		params["positions"] = []protocol.Position{pos, r.Start, r.End}
	case protocol.MethodWorkspaceSymbol:
		params = map[string]any{"query": []string{"", "a", "W B", "é"}[pos.Line%4]}
	}
	ctx, cancel := context.WithTimeout(ss.e.ctx, waitLimit)
	defer cancel()
	var res json.RawMessage
	_, err := ss.e.conn.Call(ctx, method, params, &res)
	switch {
	case ctx.Err() != nil:
		ss.t.Fatalf("%s %v: not answered", method, params)
	case isCode(err, jsonrpc2.InternalError):
		ss.t.Fatalf("%s %v: %v", method, params, err)
	}
	if err != nil || method != protocol.MethodTextDocumentFormatting || model == "" || isNull(res) {
		return
	}
	// Formatting: the edits make the text what the formatter makes of it.
	var edits []protocol.TextEdit
	if err := json.Unmarshal(res, &edits); err != nil {
		ss.t.Fatalf("formatting: %v", err)
	}
	got, ok := applyEdits(model, edits)
	want := analysis.Format(pgn.Parse(model), analysis.FormatOptions{Width: ss.set.lineWidth})
	if !ok || got != want {
		ss.t.Fatalf("formatting edits %v of\n%q\ngive (ok %v)\n%q\nwant\n%q", edits, model, ok, got, want)
	}
}

// applyEdits applies non-overlapping text edits, as a client does.
func applyEdits(text string, edits []protocol.TextEdit) (string, bool) {
	lines := pgn.NewLineTable(text)
	type span struct {
		start, end int
		text       string
	}
	var spans []span
	for _, e := range edits {
		start, err1 := lines.OffsetUTF16(int(e.Range.Start.Line), int(e.Range.Start.Character))
		end, err2 := lines.OffsetUTF16(int(e.Range.End.Line), int(e.Range.End.Character))
		if err1 != nil || err2 != nil || end < start {
			return "", false
		}
		spans = append(spans, span{int(start), int(end), e.NewText})
	}
	sort.SliceStable(spans, func(i, j int) bool { return spans[i].start < spans[j].start })
	var b strings.Builder
	at := 0
	for _, s := range spans {
		if s.start < at {
			return "", false // overlapping
		}
		b.WriteString(text[at:s.start])
		b.WriteString(s.text)
		at = s.end
	}
	b.WriteString(text[at:])
	return b.String(), true
}

// sync sends an empty change with a new version, so that the diagnostics
// published for it follow every settings change sent before, waits for
// them and compares them with the model's.
func (ss *session) sync(uri protocol.DocumentURI) {
	ss.t.Helper()
	ss.version++
	ss.e.change(uri, ss.version)
	ss.versions[uri] = ss.version
	p := ss.e.waitVersion(uri, ss.version)
	ss.checkText(uri)
	if p.Diagnostics == nil {
		ss.t.Fatalf("diagnostics of %s version %d are null", uri, ss.version)
	}
	ss.checkDiagnostics(uri, *p.Diagnostics)
}

// diagKey is a diagnostic as compared: its order among those at the same
// place depends on the severity settings, so lists are compared sorted.
func diagKey(d protocol.Diagnostic) string {
	return fmt.Sprintf("%d:%d-%d:%d %d %v %s", d.Range.Start.Line, d.Range.Start.Character, d.Range.End.Line, d.Range.End.Character, int(d.Severity), d.Code, d.Message)
}

func (ss *session) checkDiagnostics(uri protocol.DocumentURI, got []protocol.Diagnostic) {
	ss.t.Helper()
	text := ss.texts[uri]
	if ss.lost[uri] {
		if len(got) != 1 || got[0].Code != codeOutOfStep || got[0].Severity != protocol.DiagnosticSeverityError {
			ss.t.Fatalf("a document out of step: published %v, want the one %s error", got, codeOutOfStep)
		}
		return
	}
	if limit := ss.set.maxDocumentSize; limit > 0 && len(text) > limit {
		if len(got) != 1 || got[0].Code != codeTooLarge {
			ss.t.Fatalf("%d bytes over the limit of %d: published %v, want the one %s diagnostic", len(text), ss.set.maxDocumentSize, got, codeTooLarge)
		}
		return
	}
	lines := pgn.NewLineTable(text)
	var want []string
	severity := map[string]protocol.DiagnosticSeverity{}
	for _, d := range analysis.CheckFile(pgn.Parse(text)) {
		sev := protocol.DiagnosticSeverity(d.Severity)
		if name, ok := ss.set.severity[string(d.Code)]; ok {
			if name == "off" {
				continue
			}
			s, _ := analysis.ParseSeverity(name)
			sev = protocol.DiagnosticSeverity(s)
		}
		l1, c1 := lines.UTF16Position(d.Pos)
		l2, c2 := lines.UTF16Position(d.End)
		k := diagKey(protocol.Diagnostic{
			Range:    protocol.Range{Start: protocol.Position{Line: uint32(l1), Character: uint32(c1)}, End: protocol.Position{Line: uint32(l2), Character: uint32(c2)}},
			Severity: sev, Code: string(d.Code), Message: d.Message,
		})
		want = append(want, k)
		severity[k] = sev
	}
	var keys []string
	for _, d := range got {
		if d.Source != "pgnls" {
			ss.t.Fatalf("diagnostic without its source: %+v", d)
		}
		keys = append(keys, diagKey(d))
	}
	sort.Strings(want)
	sort.Strings(keys)
	if len(want) > chunkDiagnosticsKept {
		ss.checkTrimmedDiagnostics(got, want)
		return
	}
	limit := ss.set.maxDiagnostics
	if limit == 0 || len(want) <= limit {
		if !slices.Equal(keys, want) {
			ss.t.Fatalf("diagnostics of %q:\n%s\nwant (CheckFile):\n%s", text, strings.Join(keys, "\n"), strings.Join(want, "\n"))
		}
		return
	}
	// Over the cap: a note on the first line, then limit of the most severe.
	if len(got) != limit+1 || got[0].Code != nil || !strings.Contains(got[0].Message, fmt.Sprintf("%d more diagnostics", len(want)-limit)) {
		ss.t.Fatalf("%d diagnostics over the cap of %d: published %v", len(want), limit, got)
	}
	left := slices.Clone(want)
	worstKept := protocol.DiagnosticSeverity(0)
	for _, d := range got[1:] {
		i := slices.Index(left, diagKey(d))
		if i < 0 {
			ss.t.Fatalf("published %s, which CheckFile does not report (or twice):\n%s", diagKey(d), strings.Join(want, "\n"))
		}
		left = slices.Delete(left, i, i+1)
		worstKept = max(worstKept, d.Severity)
	}
	for _, k := range left {
		if severity[k] < worstKept {
			ss.t.Fatalf("left out %s, more severe than one shown (severity %d)", k, int(worstKept))
		}
	}
}

// chunkDiagnosticsKept is how many diagnostics the document keeps of one
// run of games (analysis's maxChunkDiagnostics): past it, which ones are
// published depends on where the document cut its chunks.
const chunkDiagnosticsKept = 1000

// checkTrimmedDiagnostics checks a publication of a text with more problems
// than a chunk keeps: each diagnostic published is one CheckFile reports or
// a note saying how many are not shown, within the cap.
func (ss *session) checkTrimmedDiagnostics(got []protocol.Diagnostic, want []string) {
	ss.t.Helper()
	if limit := ss.set.maxDiagnostics; limit > 0 && len(got) > limit+1 {
		ss.t.Fatalf("%d diagnostics published over the cap of %d", len(got), limit)
	}
	left := slices.Clone(want)
	for _, d := range got {
		if d.Code == nil || d.Code == string(analysis.CodeTooMany) {
			if !strings.Contains(d.Message, "not shown") {
				ss.t.Fatalf("a note that says nothing of what is not shown: %+v", d)
			}
			continue
		}
		i := slices.Index(left, diagKey(d))
		if i < 0 {
			ss.t.Fatalf("published %s, which CheckFile does not report (or twice)", diagKey(d))
		}
		left = slices.Delete(left, i, i+1)
	}
}
