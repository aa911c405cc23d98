package lsp

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"pgnls/analysis"
)

func TestParseSettings(t *testing.T) {
	tests := []struct {
		name     string
		json     string
		want     Settings
		problems []string
	}{
		{"null", `null`, Settings{LineWidth: 79, MaxDiagnostics: 100}, nil},
		{"empty", `{}`, Settings{LineWidth: 79, MaxDiagnostics: 100}, nil},
		{"section", `{"pgnls": {"lineWidth": 100, "maxDiagnostics": 0}}`, Settings{LineWidth: 100, MaxDiagnostics: 0}, nil},
		{"bare", `{"lineWidth": 60}`, Settings{LineWidth: 60, MaxDiagnostics: 100}, nil},
		{"severity", `{"pgnls": {"severity": {"missing-tag": "off", "str-order": "hint", "illegal-move": "warning"}}}`,
			Settings{LineWidth: 79, MaxDiagnostics: 100, Severity: map[analysis.Code]analysis.Severity{
				analysis.CodeMissingTag: severityOff, analysis.CodeSTROrder: analysis.Hint, analysis.CodeIllegalMove: analysis.Warning,
			}}, nil},
		{"bad fields keep defaults", `{"lineWidth": "wide", "maxDiagnostics": -1, "severity": {"nope": "off", "missing-tag": "loud", "str-order": "off"}}`,
			Settings{LineWidth: 79, MaxDiagnostics: 100, Severity: map[analysis.Code]analysis.Severity{analysis.CodeSTROrder: severityOff}},
			[]string{"lineWidth", "maxDiagnostics", "missing-tag", `unknown code "nope"`}},
		{"not an object", `[1]`, Settings{LineWidth: 79, MaxDiagnostics: 100}, []string{"want an object"}},
		{"fraction", `{"lineWidth": 79.5}`, Settings{LineWidth: 79, MaxDiagnostics: 100}, []string{"lineWidth"}},
		{"move language", `{"moveLanguage": "german"}`, Settings{LineWidth: 79, MaxDiagnostics: 100, MoveLanguage: "German"}, nil},
		{"unknown move language", `{"moveLanguage": "Klingon"}`, Settings{LineWidth: 79, MaxDiagnostics: 100}, []string{`moveLanguage: want "" or one of Czech, Danish`}},
		{"hover images", `{"hover": {"board": "image"}}`, Settings{LineWidth: 79, MaxDiagnostics: 100, HoverImages: true}, nil},
		{"hover text", `{"hover": {"board": "text"}}`, Settings{LineWidth: 79, MaxDiagnostics: 100}, nil},
		{"hover wrong", `{"hover": {"board": "svg", "size": 3}}`, Settings{LineWidth: 79, MaxDiagnostics: 100},
			[]string{`hover.board: want "text" or "image", not "svg"`, `hover: unknown setting "size"`}},
		{"hover not an object", `{"hover": "image"}`, Settings{LineWidth: 79, MaxDiagnostics: 100}, []string{"hover: want an object"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, problems := parseSettingsJSON(json.RawMessage(tt.json))
			if got.LineWidth != tt.want.LineWidth || got.MaxDiagnostics != tt.want.MaxDiagnostics || !maps.Equal(got.Severity, tt.want.Severity) || got.MoveLanguage != tt.want.MoveLanguage || got.HoverImages != tt.want.HoverImages {
				t.Errorf("got %+v, want %+v", *got, tt.want)
			}
			if len(problems) != len(tt.problems) {
				t.Fatalf("problems %q, want ones mentioning %q", problems, tt.problems)
			}
			for _, want := range tt.problems {
				if !slices.ContainsFunc(problems, func(p string) bool { return strings.Contains(p, want) }) {
					t.Errorf("problems %q: none mentions %q", problems, want)
				}
			}
		})
	}
}

// manyErrors is a text with n games, each with missing tags (a warning)
// and an illegal move (an error).
func manyErrors(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		fmt.Fprintf(&b, "[Event \"%d\"]\n\n1. e4 e5 2. Ke3 *\n\n", i)
	}
	return b.String()
}

// Settings from initializationOptions: a code turned off, another made an
// error; then workspace/didChangeConfiguration changes them and the open
// documents are published again.
func TestSeveritySettings(t *testing.T) {
	e := newEnv(t, nil)
	e.initialize(protocol.ClientCapabilities{}, map[string]any{
		"pgnls": map[string]any{"severity": map[string]any{"missing-tag": "off", "illegal-move": "hint"}},
	})
	uri := protocol.DocumentURI("file:///book.pgn")
	e.open(uri, 1, manyErrors(1))
	p := e.waitVersion(uri, 1)
	if got := p.codes(); !slices.Equal(got, []string{"illegal-move"}) {
		t.Fatalf("codes %v, want [illegal-move] (missing-tag off)", got)
	}
	if sev := (*p.Diagnostics)[0].Severity; sev != protocol.DiagnosticSeverityHint {
		t.Errorf("illegal-move severity %v, want Hint", sev)
	}

	before := e.publications(uri)
	e.notify(protocol.MethodWorkspaceDidChangeConfiguration, &protocol.DidChangeConfigurationParams{
		Settings: map[string]any{"pgnls": map[string]any{"severity": map[string]any{"missing-tag": "error"}}},
	})
	p = e.waitDiagnostics(uri, "the publication after the settings changed", func(p published) bool {
		return len(p.codes()) == 2
	})
	if e.publications(uri) <= before {
		t.Error("no new publication")
	}
	for _, d := range *p.Diagnostics {
		if d.Severity != protocol.DiagnosticSeverityError {
			t.Errorf("%v has severity %v, want Error (missing-tag made an error, illegal-move back to its default)", d.Code, d.Severity)
		}
	}
	// A typo is reported to the user.
	e.notify(protocol.MethodWorkspaceDidChangeConfiguration, &protocol.DidChangeConfigurationParams{
		Settings: map[string]any{"pgnls": map[string]any{"severity": map[string]any{"missing-tags": "off"}}},
	})
	e.client.waitFor(t, "a warning about the unknown code", func(c *fakeClient) bool {
		return slices.ContainsFunc(c.messages, func(m protocol.ShowMessageParams) bool {
			return m.Type == protocol.MessageTypeWarning && strings.Contains(m.Message, "missing-tags")
		})
	})
}

func (e *env) publications(uri protocol.DocumentURI) int {
	n := 0
	e.client.snapshot(func(c *fakeClient) {
		for _, p := range c.published {
			if p.URI == uri {
				n++
			}
		}
	})
	return n
}

// A client that serves workspace/configuration is asked for the "pgnls"
// section after initialized and after didChangeConfiguration (whose
// settings, often null from such clients, are not used).
func TestPulledSettings(t *testing.T) {
	e := newEnv(t, nil)
	e.client.settings = map[string]any{"severity": map[string]any{"missing-tag": "off"}}
	e.initialize(protocol.ClientCapabilities{Workspace: &protocol.WorkspaceClientCapabilities{Configuration: true}}, nil)
	e.client.waitFor(t, "workspace/configuration", func(c *fakeClient) bool { return c.configs == 1 })
	uri := protocol.DocumentURI("file:///pulled.pgn")
	e.open(uri, 1, manyErrors(1))
	e.waitDiagnostics(uri, "diagnostics without missing-tag", func(p published) bool {
		return slices.Equal(p.codes(), []string{"illegal-move"})
	})
	e.client.record(func(c *fakeClient) { c.settings = map[string]any{"severity": map[string]any{"illegal-move": "off"}} })
	e.notify(protocol.MethodWorkspaceDidChangeConfiguration, &protocol.DidChangeConfigurationParams{Settings: nil})
	e.waitDiagnostics(uri, "diagnostics without illegal-move", func(p published) bool {
		return slices.Equal(p.codes(), []string{"missing-tag"})
	})
}

// At most maxDiagnostics are published, errors first, in source order,
// below one information diagnostic on line 0 that counts the others.
func TestDiagnosticsCap(t *testing.T) {
	e := newEnv(t, nil)
	e.initialize(protocol.ClientCapabilities{}, map[string]any{"pgnls": map[string]any{"maxDiagnostics": 5}})
	uri := protocol.DocumentURI("file:///many.pgn")
	e.open(uri, 1, manyErrors(8)) // 8 errors, 8 warnings
	p := e.waitVersion(uri, 1)
	ds := *p.Diagnostics
	if len(ds) != 6 {
		t.Fatalf("%d diagnostics, want 5 and the note", len(ds))
	}
	note := ds[0]
	if note.Range.Start.Line != 0 || note.Severity != protocol.DiagnosticSeverityInformation ||
		!strings.Contains(note.Message, "11 more") || !strings.Contains(note.Message, "pgnls check") {
		t.Errorf("note %+v", note)
	}
	for i, d := range ds[1:] {
		if d.Code != "illegal-move" {
			t.Errorf("diagnostic %d is %v, want the errors first", i, d.Code)
		}
		if i > 0 && d.Range.Start.Line <= ds[i].Range.Start.Line {
			t.Errorf("diagnostics not in source order: %v after %v", d.Range, ds[i].Range)
		}
	}
}

// Over the cap, the diagnostics of the severity that does not fit whole are
// those nearest the last edit: at first (nothing edited) the first in the
// document, then those around where the user types.
func TestDiagnosticsCapFollowsTheLastEdit(t *testing.T) {
	e := newEnv(t, nil)
	e.initialize(protocol.ClientCapabilities{}, map[string]any{"pgnls": map[string]any{"maxDiagnostics": 4}})
	uri := protocol.DocumentURI("file:///warnings.pgn")
	e.open(uri, 1, strings.Repeat("[Event \"e\"]\n\n1. e4 e5 *\n\n", 60)) // a missing-tag warning on each game's first line
	lines := func(p published) []uint32 {
		var out []uint32
		for _, d := range (*p.Diagnostics)[1:] { // after the note
			if d.Code != "missing-tag" {
				t.Fatalf("diagnostic %+v, want the missing-tag warnings", d)
			}
			out = append(out, d.Range.Start.Line)
		}
		return out
	}
	if got := lines(e.waitVersion(uri, 1)); !slices.Equal(got, []uint32{0, 4, 8, 12}) {
		t.Errorf("lines %v before any edit, want the first four games'", got)
	}
	// A keystroke in the movetext of game 30 (line 122): games 29 to 32.
	e.change(uri, 2, contentChange{Range: rng(122, 0, 122, 0), Text: " "})
	if got := lines(e.waitVersion(uri, 2)); !slices.Equal(got, []uint32{116, 120, 124, 128}) {
		t.Errorf("lines %v after an edit on line 122, want those of the games around it", got)
	}
}

// A client that serves workspace/configuration but has no "pgnls" section
// answers null: the settings of initializationOptions stay.
func TestPulledNullKeepsInitializationOptions(t *testing.T) {
	e := newEnv(t, nil)
	e.initialize(protocol.ClientCapabilities{Workspace: &protocol.WorkspaceClientCapabilities{Configuration: true}},
		map[string]any{"pgnls": map[string]any{"severity": map[string]any{"missing-tag": "off"}}})
	e.client.waitFor(t, "workspace/configuration", func(c *fakeClient) bool { return c.configs == 1 })
	e.s.bg.Wait() // the pull, the only background work, has been applied
	if got := e.s.settings.Load().Severity[analysis.CodeMissingTag]; got != severityOff {
		t.Fatalf("missing-tag severity %v after a null pull, want off (from initializationOptions)", got)
	}
	uri := protocol.DocumentURI("file:///kept.pgn")
	e.open(uri, 1, manyErrors(1))
	if got := e.waitVersion(uri, 1).codes(); !slices.Equal(got, []string{"illegal-move"}) {
		t.Errorf("codes %v, want [illegal-move]", got)
	}
}

// Each number setting has bounds (settings.go: numberSettings); a value out
// of them, or not a whole number, keeps its default and is named in the
// problems. lineWidth 1, 2^62 and -5, maxDiagnostics 1.5 and 1e18 and
// maxDocumentSize -1 were taken, or half taken, without a word.
func TestNumberSettingsBounds(t *testing.T) {
	for _, tt := range []struct {
		name  string
		value any
		want  int // -1: the default, with a problem
	}{
		{"lineWidth", 1, -1}, {"lineWidth", 19, -1}, {"lineWidth", 20, 20}, {"lineWidth", 254, 254}, {"lineWidth", 255, -1},
		{"lineWidth", 1 << 62, -1}, {"lineWidth", -5, -1}, {"lineWidth", 79.5, -1}, {"lineWidth", "79", -1}, {"lineWidth", nil, -1},
		{"maxDiagnostics", 0, 0}, {"maxDiagnostics", 100000, 100000}, {"maxDiagnostics", 100001, -1}, {"maxDiagnostics", 1.5, -1},
		{"maxDiagnostics", 1e18, -1}, {"maxDiagnostics", -1, -1}, {"maxDiagnostics", 1e300, -1}, {"maxDiagnostics", true, -1},
		{"maxDocumentSize", 0, 0}, {"maxDocumentSize", 1, 1}, {"maxDocumentSize", 1 << 40, 1 << 40}, {"maxDocumentSize", 1<<40 + 1, -1},
		{"maxDocumentSize", -1, -1}, {"maxDocumentSize", 1e18, -1}, {"maxDocumentSize", 0.5, -1},
	} {
		set, problems := parseSettings(map[string]any{tt.name: jsonNumber(tt.value)})
		got := map[string]int{"lineWidth": set.LineWidth, "maxDiagnostics": set.MaxDiagnostics, "maxDocumentSize": set.MaxDocumentSize}[tt.name]
		def := map[string]int{"lineWidth": 79, "maxDiagnostics": 100, "maxDocumentSize": defaultMaxDocumentSize}[tt.name]
		switch {
		case tt.want >= 0 && (got != tt.want || len(problems) > 0):
			t.Errorf("%s %v: %d, problems %q; want %d and no problem", tt.name, tt.value, got, problems, tt.want)
		case tt.want < 0 && (got != def || len(problems) != 1 || !strings.Contains(problems[0], tt.name)):
			t.Errorf("%s %v: %d, problems %q; want the default %d and a problem naming it", tt.name, tt.value, got, problems, def)
		}
	}
}

// jsonNumber is v as a JSON decoder gives it: numbers as float64.
func jsonNumber(v any) any {
	if n, ok := v.(int); ok {
		return float64(n)
	}
	return v
}

// Several wrong values at once, from initializationOptions and then from
// didChangeConfiguration: each keeps its default, the right ones apply, and
// the user is shown one warning that names every wrong one (an editor shows
// the first of several messages only).
func TestWrongSettingsKeepDefaultsAndAreAllNamed(t *testing.T) {
	e := newEnv(t, nil)
	wrong := map[string]any{"lineWidth": 1, "maxDiagnostics": 1.5, "maxDocumentSize": -1, "severity": map[string]any{"missing-tag": "off"}}
	e.initialize(protocol.ClientCapabilities{}, map[string]any{"pgnls": wrong})
	check := func(when string) {
		t.Helper()
		var msg string
		e.client.waitFor(t, "the warning "+when, func(c *fakeClient) bool {
			for _, m := range c.messages {
				if m.Type == protocol.MessageTypeWarning {
					msg = m.Message
				}
			}
			return msg != ""
		})
		for _, name := range []string{"lineWidth", "maxDiagnostics", "maxDocumentSize"} {
			if !strings.Contains(msg, name) {
				t.Errorf("%s: the warning %q does not name %s", when, msg, name)
			}
		}
		set := e.s.settings.Load()
		if set.LineWidth != 79 || set.MaxDiagnostics != 100 || set.MaxDocumentSize != defaultMaxDocumentSize || set.Severity[analysis.CodeMissingTag] != severityOff {
			t.Errorf("%s: settings %+v, want the defaults but missing-tag off", when, *set)
		}
		e.client.record(func(c *fakeClient) { c.messages = nil })
	}
	check("at initialize")
	wrong["lineWidth"], wrong["maxDiagnostics"] = float64(1<<62), 1e18
	e.notify(protocol.MethodWorkspaceDidChangeConfiguration, &protocol.DidChangeConfigurationParams{Settings: map[string]any{"pgnls": wrong}})
	check("after didChangeConfiguration")
}
