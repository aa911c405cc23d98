package lsp

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"go.lsp.dev/protocol"
)

// The server reads the project config file that `pgnls check` reads: a
// .pgnls.json in the workspace folder applies to a document in a folder
// beneath it; a code the editor's settings name takes the editor's level;
// a change to the file applies from the next publication; a silenced code
// gets no quick fix.
func TestProjectConfigFileSeverity(t *testing.T) {
	ws := t.TempDir()
	config := filepath.Join(ws, ".pgnls.json")
	if err := os.WriteFile(config, []byte(`{"severity": {"missing-tag": "off", "illegal-move": "hint"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, nil)
	if _, err := e.server.Initialize(e.ctx, &protocol.InitializeParams{
		WorkspaceFolders: []protocol.WorkspaceFolder{{URI: "file://" + filepath.ToSlash(ws), Name: "ws"}},
	}); err != nil {
		t.Fatal(err)
	}
	uri := protocol.DocumentURI("file://" + filepath.ToSlash(filepath.Join(ws, "games", "my book.pgn")))
	uri = protocol.DocumentURI(strings.ReplaceAll(string(uri), " ", "%20"))
	e.open(uri, 1, manyErrors(1))
	p := e.waitVersion(uri, 1)
	if got := p.codes(); !slices.Equal(got, []string{"illegal-move"}) {
		t.Fatalf("codes %v, want [illegal-move] (missing-tag off in %s)", got, config)
	}
	if sev := (*p.Diagnostics)[0].Severity; sev != protocol.DiagnosticSeverityHint {
		t.Errorf("illegal-move severity %v, want Hint, from the file", sev)
	}

	// No fix for the silenced code.
	res, err := e.call(protocol.MethodTextDocumentCodeAction, map[string]any{
		"textDocument": map[string]any{"uri": uri}, "range": rng(0, 0, 0, 1), "context": map[string]any{"diagnostics": []any{}},
	})
	if err != nil {
		t.Fatal(err)
	}
	var actions []protocol.CodeAction
	if err := json.Unmarshal(res, &actions); err != nil {
		t.Fatal(err)
	}
	for _, a := range actions {
		if strings.Contains(a.Title, "Event") || strings.Contains(a.Title, "tag") {
			t.Errorf("an action for the silenced missing-tag: %q", a.Title)
		}
	}

	// The editor's settings name illegal-move: its level wins.
	e.notify(protocol.MethodWorkspaceDidChangeConfiguration, &protocol.DidChangeConfigurationParams{
		Settings: map[string]any{"pgnls": map[string]any{"severity": map[string]any{"illegal-move": "error"}}},
	})
	e.waitDiagnostics(uri, "illegal-move an error, missing-tag still off", func(p published) bool {
		return slices.Equal(p.codes(), []string{"illegal-move"}) && (*p.Diagnostics)[0].Severity == protocol.DiagnosticSeverityError
	})

	// The file changes: the next publication follows it.
	if err := os.WriteFile(config, []byte(`{"severity": {"missing-tag": "warning"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Hour)
	os.Chtimes(config, later, later)
	e.change(uri, 2, contentChange{Text: manyErrors(1)})
	e.waitDiagnostics(uri, "missing-tag back", func(p published) bool {
		return len(p.codes()) == 2
	})
}

// A config file with a wrong entry, or one that does not parse, is told
// of once, naming the file; the rest of it applies.
func TestProjectConfigFileProblemsAreTold(t *testing.T) {
	ws := t.TempDir()
	config := filepath.Join(ws, "pgnls.toml")
	if err := os.WriteFile(config, []byte("[severity]\nmissing-tags = \"off\"\nstr-order = \"off\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, nil)
	e.initialize(protocol.ClientCapabilities{}, nil)
	uri := protocol.DocumentURI("file://" + filepath.ToSlash(filepath.Join(ws, "a.pgn")))
	e.open(uri, 1, manyErrors(1))
	e.waitVersion(uri, 1)
	e.client.waitFor(t, "a warning naming the file and the unknown code", func(c *fakeClient) bool {
		return slices.ContainsFunc(c.messages, func(m protocol.ShowMessageParams) bool {
			return m.Type == protocol.MessageTypeWarning && strings.Contains(m.Message, config) && strings.Contains(m.Message, `unknown code "missing-tags"`)
		})
	})
	if err := os.WriteFile(config, []byte("[severity\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Hour)
	os.Chtimes(config, later, later)
	e.change(uri, 2, contentChange{Text: manyErrors(1)})
	e.client.waitFor(t, "a warning that the file does not parse, with its line", func(c *fakeClient) bool {
		return slices.ContainsFunc(c.messages, func(m protocol.ShowMessageParams) bool {
			return strings.Contains(m.Message, config+":") && strings.Contains(m.Message, "to end table name") && strings.Contains(m.Message, "no config file applies")
		})
	})
	e.waitDiagnostics(uri, "the defaults", func(p published) bool {
		return len(p.codes()) == 2
	})
	var told int
	e.client.snapshot(func(c *fakeClient) {
		for _, m := range c.messages {
			if strings.Contains(m.Message, config) {
				told++
			}
		}
	})
	if told != 2 {
		t.Errorf("told %d times of the file, want 2 (once per change)", told)
	}
}
