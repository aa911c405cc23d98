package lsp

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"pgnls/analysis"
)

// An ecoFile that names what is not a regular ECO file of a sane size (a
// named pipe, /dev/zero, a directory, a file over analysis.MaxECOFileSize,
// a file without ECO lines) is refused without being read, and the user is
// told so at once, naming the setting and the reason, when the setting is
// applied; hovers are answered all along, without openings. /dev/zero grew
// the server to 4 GB and a named pipe stalled it: neither answered again.
func TestECOFileThatCannotBeReadIsToldAndNothingStalls(t *testing.T) {
	dir := t.TempDir()
	huge := filepath.Join(dir, "huge.pgn")
	if f, err := os.Create(huge); err != nil || f.Truncate(analysis.MaxECOFileSize+1) != nil || f.Close() != nil {
		t.Fatalf("making a sparse file: %v", err)
	}
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty.pgn")
	if err := os.WriteFile(empty, []byte("1. e4 *\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := map[string]string{
		filepath.Join(dir, "sub"): "a directory, not a regular file",
		huge:                      "more than the 16777216",
		empty:                     "no ECO lines",
	}
	addSpecialFiles(t, dir, cases) // a named pipe, /dev/zero (unix)

	e := newEnv(t, nil)
	first := true
	uri := protocol.DocumentURI("file:///e.pgn")
	hover := map[string]any{"textDocument": map[string]any{"uri": uri}, "position": protocol.Position{Line: 2, Character: 4}}
	for path, why := range cases {
		settings := map[string]any{"pgnls": map[string]any{"ecoFile": path}}
		if first {
			e.initialize(protocol.ClientCapabilities{}, settings)
			e.open(uri, 1, "[ECO \"B00\"]\n\n1. e4 *\n")
			first = false
		} else {
			e.notify(protocol.MethodWorkspaceDidChangeConfiguration, &protocol.DidChangeConfigurationParams{Settings: settings})
		}
		e.client.waitFor(t, "the warning about "+path, func(c *fakeClient) bool {
			return slices.ContainsFunc(c.messages, func(m protocol.ShowMessageParams) bool {
				return m.Type == protocol.MessageTypeWarning && strings.Contains(m.Message, "ecoFile") &&
					strings.Contains(m.Message, path) && strings.Contains(m.Message, why)
			})
		})
		res, err := e.call(protocol.MethodTextDocumentHover, hover)
		if err != nil || isNull(res) || strings.Contains(string(res), "Opening") {
			t.Errorf("hover with ecoFile %s: %s, %v; want an answer without openings", path, res, err)
		}
	}
	if _, err := e.call(protocol.MethodShutdown, nil); err != nil {
		t.Fatalf("shutdown: %v", err)
	}
}
