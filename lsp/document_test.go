package lsp

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"pgnls/analysis"
	"pgnls/analysis/document"
	"pgnls/pgn"
)

const tags = `[Event "E"]
[Site "S"]
[Date "2024.01.02"]
[Round "1"]
[White "W"]
[Black "B"]
[Result "*"]

`

// illegal has an illegal move, Ke3, after a comment with characters that
// take one UTF-16 unit each (é) and two (𝄞, outside the BMP), so that its
// column differs in bytes, characters and UTF-16 units.
const illegal = tags + "{é𝄞} 1. e4 e5 2. Ke3 *\n"

// Diagnostics of an opened document carry its version, UTF-16 ranges,
// severity, code and source.
func TestDidOpenPublishes(t *testing.T) {
	e := newEnv(t, nil)
	e.initialize(protocol.ClientCapabilities{}, nil)
	uri := protocol.DocumentURI("file:///illegal.pgn")
	e.open(uri, 0, illegal) // Neovim's first version is 0
	p := e.waitVersion(uri, 0)
	if got := p.codes(); !slices.Equal(got, []string{"illegal-move"}) {
		t.Fatalf("codes %v, want [illegal-move]", got)
	}
	d := (*p.Diagnostics)[0]
	// "{é𝄞} 1. e4 e5 2. " is 18 UTF-16 units (𝄞 counts 2).
	want := protocol.Range{Start: protocol.Position{Line: 8, Character: 18}, End: protocol.Position{Line: 8, Character: 21}}
	if d.Range != want {
		t.Errorf("range %v, want %v", d.Range, want)
	}
	if d.Severity != protocol.DiagnosticSeverityError || d.Source != "pgnls" || !strings.Contains(d.Message, "Ke3") {
		t.Errorf("diagnostic %+v", d)
	}
}

// Incremental changes, several in one notification (applied in order), a
// change without a range (the whole text), an insertion at 0:0 (which is
// not a replacement), and didClose, which clears the diagnostics with [].
func TestDidChangeAndClose(t *testing.T) {
	e := newEnv(t, nil)
	e.initialize(protocol.ClientCapabilities{}, nil)
	uri := protocol.DocumentURI("file:///game.pgn")
	e.open(uri, 1, illegal)
	e.waitVersion(uri, 1)

	// Ke3 (line 8, UTF-16 columns 18-21) becomes Nc3: legal.
	e.change(uri, 2, contentChange{Range: rng(8, 18, 8, 21), Text: "Nc3"})
	if p := e.waitVersion(uri, 2); len(p.codes()) != 0 {
		t.Errorf("version 2: %v, want none", p.codes())
	}
	wantText := strings.Replace(illegal, "Ke3", "Nc3", 1)
	checkText(t, e, uri, 2, wantText)

	// Two changes in one notification; the second's range is in the text
	// the first left: insert "Nf6 " before the result "*" (which moves from
	// column 22 to 26), then replace that "*" with "1-0", which disagrees
	// with the Result tag.
	e.change(uri, 3,
		contentChange{Range: rng(8, 22, 8, 22), Text: "Nf6 "},
		contentChange{Range: rng(8, 26, 8, 27), Text: "1-0"},
	)
	p := e.waitVersion(uri, 3)
	wantText = strings.Replace(wantText, "Nc3 *", "Nc3 Nf6 1-0", 1)
	checkText(t, e, uri, 3, wantText)
	if got := p.codes(); !slices.Contains(got, "result-mismatch") {
		t.Errorf("version 3: %v, want result-mismatch", got)
	}

	// No range: the text is replaced.
	e.change(uri, 4, contentChange{Text: "1. e4 *\n"})
	p = e.waitVersion(uri, 4)
	checkText(t, e, uri, 4, "1. e4 *\n")
	if got := p.codes(); !slices.Equal(got, []string{"missing-tag"}) {
		t.Errorf("version 4: %v, want [missing-tag]", got)
	}

	// A range 0:0-0:0: an insertion, not a replacement.
	e.change(uri, 5, contentChange{Range: rng(0, 0, 0, 0), Text: tags})
	p = e.waitVersion(uri, 5)
	checkText(t, e, uri, 5, tags+"1. e4 *\n")
	if len(p.codes()) != 0 {
		t.Errorf("version 5: %v, want none", p.codes())
	}

	e.notify(protocol.MethodTextDocumentDidClose, &protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri}})
	p = e.waitDiagnostics(uri, "the clearing publication", func(p published) bool { return p.Version == nil })
	if p.Diagnostics == nil || len(*p.Diagnostics) != 0 {
		t.Errorf("didClose published %v, want []", p.Diagnostics)
	}
	if _, _, open := e.text(uri); open {
		t.Error("the document is still open after didClose")
	}
}

func checkText(t *testing.T, e *env, uri protocol.DocumentURI, version int32, want string) {
	t.Helper()
	got, v, ok := e.text(uri)
	if !ok || got != want || v != version {
		t.Errorf("version %d: text %q (version %d), want %q", version, got, v, want)
	}
}

// didChange and didClose of a document that is not open are ignored.
func TestChangeOfUnopenedDocument(t *testing.T) {
	e := newEnv(t, nil)
	e.initialize(protocol.ClientCapabilities{}, nil)
	e.change("file:///nowhere.pgn", 2, contentChange{Range: rng(0, 0, 0, 0), Text: "x"})
	e.notify(protocol.MethodTextDocumentDidClose, &protocol.DidCloseTextDocumentParams{TextDocument: protocol.TextDocumentIdentifier{URI: "file:///nowhere.pgn"}})
	e.roundTrip()
	if _, _, open := e.text("file:///nowhere.pgn"); open {
		t.Error("a didChange opened a document")
	}
}

// Changes sent faster than they are analyzed: the publications of a
// document never go back to an older version, and the last one is of the
// last version.
func TestRapidChangesPublishInOrder(t *testing.T) {
	e := newEnv(t, nil)
	e.initialize(protocol.ClientCapabilities{}, nil)
	uri := protocol.DocumentURI("file:///typing.pgn")
	var b strings.Builder
	for i := 0; i < 200; i++ {
		b.WriteString(tags + "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n")
	}
	e.open(uri, 1, b.String())
	const last = 60
	for v := int32(2); v <= last; v++ {
		// Type "{typed}" one character at a time at the start of the text.
		col := uint32(v - 2)
		e.change(uri, v, contentChange{Range: rng(0, col, 0, col), Text: string("{typed}  "[min(v-2, 8)])})
	}
	e.waitVersion(uri, last)
	e.roundTrip()
	e.client.snapshot(func(c *fakeClient) {
		prev := int32(-1)
		for _, p := range c.published {
			if *p.Version < prev {
				t.Errorf("version %d published after version %d", *p.Version, prev)
			}
			prev = *p.Version
		}
	})
}

// The Document the server keeps equals a fresh parse of its text after
// every change: the incremental path agrees with the whole-file check.
func TestIncrementalEqualsFull(t *testing.T) {
	e := newEnv(t, nil)
	e.initialize(protocol.ClientCapabilities{}, map[string]any{"maxDiagnostics": 0})
	uri := protocol.DocumentURI("file:///inc.pgn")
	var b strings.Builder
	for i := 0; i < 20; i++ {
		fmt.Fprintf(&b, "%s1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n", tags)
	}
	e.open(uri, 1, b.String())
	e.waitVersion(uri, 1)
	edits := []contentChange{
		{Range: rng(8, 3, 8, 5), Text: "e5"},                         // 1. e5: e5 is now illegal for black
		{Range: rng(18, 0, 18, 0), Text: "]]\n"},                     // junk between games
		{Range: rng(30, 0, 31, 0), Text: ""},                         // remove a tag line
		{Range: rng(2, 0, 40, 0), Text: "{ an open comment\n"},       // swallow games
		{Range: rng(2, 0, 2, 0), Text: "}"},                          // close it
		{Range: rng(0, 0, 0, 0), Text: "\ufeff% escape\n"},           // BOM and escape line
		{Range: rng(50, 0, 50, 0), Text: "(1. d4) 2. Qxf7# 1-0\n\n"}, // variation, mate
	}
	for i, c := range edits {
		v := int32(i + 2)
		e.change(uri, v, c)
		p := e.waitVersion(uri, v)
		text, _, _ := e.text(uri)
		want := checkWhole(text)
		if got := *p.Diagnostics; !slices.EqualFunc(got, want, sameDiagnostic) {
			t.Errorf("edit %d: incremental %d diagnostics, whole file %d:\n%v\n%v", i, len(got), len(want), got, want)
		}
	}
}

// checkWhole is the reference: the diagnostics of the whole text parsed and
// checked at once, as pgnls check computes them.
func checkWhole(text string) []protocol.Diagnostic {
	f := pgn.Parse(text)
	var out []protocol.Diagnostic
	pos := func(off pgn.Pos) protocol.Position {
		l, c := f.Lines.UTF16Position(off)
		return protocol.Position{Line: uint32(l), Character: uint32(c)}
	}
	for _, d := range analysis.CheckFile(f) {
		out = append(out, protocol.Diagnostic{
			Range:    protocol.Range{Start: pos(d.Pos), End: pos(d.End)},
			Severity: protocol.DiagnosticSeverity(d.Severity), Code: string(d.Code), Message: d.Message,
		})
	}
	return out
}

func sameDiagnostic(a, b protocol.Diagnostic) bool {
	return a.Range == b.Range && a.Severity == b.Severity && a.Code == b.Code && a.Message == b.Message
}

// applyChanges on its own: UTF-16 positions, batches, rollback, refusals.
func TestApplyChanges(t *testing.T) {
	const text = "a𝄞b\nçd\n"
	tests := []struct {
		name    string
		changes []contentChange
		want    string
		wantErr string
	}{
		{"after a surrogate pair", []contentChange{{Range: rng(0, 3, 0, 4), Text: "B"}}, "a𝄞B\nçd\n", ""},
		{"whole text", []contentChange{{Text: "new"}}, "new", ""},
		{"at end of text", []contentChange{{Range: rng(2, 0, 2, 0), Text: "e\n"}}, text + "e\n", ""},
		{"across lines", []contentChange{{Range: rng(0, 1, 1, 1), Text: "-"}}, "a-d\n", ""},
		{"batch in order", []contentChange{{Range: rng(1, 0, 1, 0), Text: "x\n"}, {Range: rng(2, 0, 2, 1), Text: "C"}}, "a𝄞b\nx\nCd\n", ""},
		{"full then ranged", []contentChange{{Text: "12\n"}, {Range: rng(0, 1, 0, 2), Text: "3"}}, "13\n", ""},
		{"rolled back", []contentChange{{Text: "short"}, {Range: rng(5, 0, 5, 0), Text: "x"}}, text, "change 2 of 2"},
		{"past line end", []contentChange{{Range: rng(1, 3, 1, 3), Text: "x"}}, text, "change 1 of 1"},
		{"start inside a surrogate pair", []contentChange{{Range: rng(0, 2, 0, 3), Text: "x"}}, text, "inside a character"},
		{"end inside a surrogate pair", []contentChange{{Range: rng(0, 0, 0, 2), Text: "x"}}, text, "inside a character"},
		{"refused as decoded", []contentChange{{Range: rng(0, 0, 0, 0), Text: "x"}, {refused: fmt.Errorf("negative")}}, text, "change 2 of 2: negative"},
		{"from the last whole text", []contentChange{{Range: rng(9, 0, 9, 0), Text: "x"}, {Text: "ab"}, {Range: rng(0, 1, 0, 1), Text: "-"}}, "a-b", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := document.NewDocument(text)
			err := applyChanges(doc, tt.changes)
			if tt.wantErr == "" && err != nil || tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)) {
				t.Errorf("error %v, want %q", err, tt.wantErr)
			}
			if got := doc.Snapshot().Text(); got != tt.want {
				t.Errorf("text %q, want %q", got, tt.want)
			}
		})
	}
}
