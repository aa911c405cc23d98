package lsp

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"pgnls/analysis"
	"pgnls/analysis/document"
)

// The code actions: the quick fixes of the diagnostics under the cursor,
// "fix all problems in this game" and "format this game", all computed by
// analysis.Actions on the chunks the request's range touches.

// Code action kinds beyond protocol's.
const (
	kindFormatGame = protocol.CodeActionKind(analysis.KindFormatGame)
	kindFixAll     = protocol.CodeActionKind(analysis.KindFixAll)
	kindStrip      = protocol.CodeActionKind(analysis.KindStripCommands)
	kindTranslate  = protocol.CodeActionKind(analysis.KindTranslateGame)
)

// codeActionKinds are the kinds the server announces.
var codeActionKinds = []protocol.CodeActionKind{protocol.QuickFix, kindFixAll, kindFormatGame, kindStrip, kindTranslate, kindAnalyse, kindAnnotate}

// navSnapshot returns the current snapshot of an open document, for the
// requests that read it.
func (s *server) navSnapshot(uri protocol.DocumentURI) (*document.Snapshot, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	d, ok := s.docs[uri]
	if !ok {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s is not open", uri)
	}
	return d.doc.Snapshot(), nil
}

// offsets converts an LSP range to byte offsets, clamped to the text.
func offsets(snap *document.Snapshot, r protocol.Range) (from, to int) {
	from = snap.ClampUTF16(int(r.Start.Line), int(r.Start.Character))
	to = snap.ClampUTF16(int(r.End.Line), int(r.End.Character))
	if to < from {
		from, to = to, from
	}
	return from, to
}

// textEditsIn converts edits made in the piece of lines.
func textEditsIn(lines *lineIndex, edits []analysis.Edit) []protocol.TextEdit {
	out := make([]protocol.TextEdit, 0, len(edits))
	for _, e := range edits {
		out = append(out, protocol.TextEdit{Range: lines.rangeOf(int(e.Pos), int(e.End)), NewText: e.NewText})
	}
	return out
}

// CodeAction answers textDocument/codeAction.
func (s *server) CodeAction(_ context.Context, p *protocol.CodeActionParams) ([]protocol.CodeAction, error) {
	snap, err := s.navSnapshot(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	set := s.settingsFor(p.TextDocument.URI)
	opts := analysis.ActionOptions{
		Format:       analysis.FormatOptions{Width: set.LineWidth},
		MoveLanguage: set.MoveLanguage,
		Skip: func(c analysis.Code) bool {
			sev, ok := set.Severity[c]
			return ok && sev == severityOff
		},
	}
	from, to := offsets(snap, p.Range)
	sent := clientDiagnostics(p.Context.Diagnostics)
	out := []protocol.CodeAction{}
	for piece := range snap.PiecesIn(from, to) {
		lines := newLineIndex(piece)
		for _, a := range piece.Actions(from, to, opts) {
			kind := protocol.CodeActionKind(a.Kind)
			if !kindWanted(kind, p.Context.Only) {
				continue
			}
			ca := protocol.CodeAction{
				Title:       a.Title,
				Kind:        kind,
				IsPreferred: a.Preferred,
				Edit: &protocol.WorkspaceEdit{Changes: map[protocol.DocumentURI][]protocol.TextEdit{
					p.TextDocument.URI: textEditsIn(lines, a.Edits),
				}},
			}
			if d := a.Diagnostic; d != nil {
				ca.Diagnostics = []protocol.Diagnostic{clientDiagnostic(lines, set, *d, sent)}
			}
			out = append(out, ca)
		}
	}
	out = append(out, fileStripActions(snap, p)...)
	out = append(out, s.engineActions(p, snap, from, to, set, sent)...) // engine.go
	// The quick fixes first (the engine's come after the source actions
	// above): a client lists them in this order.
	slices.SortStableFunc(out, func(a, b protocol.CodeAction) int {
		return cmp.Compare(b2i(a.Kind != protocol.QuickFix), b2i(b.Kind != protocol.QuickFix))
	})
	return out, nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// kindWanted applies the request's "only" filter: a kind is wanted when it
// is one of only or falls under one ("source" covers "source.fixAll").
func kindWanted(kind protocol.CodeActionKind, only []protocol.CodeActionKind) bool {
	if len(only) == 0 {
		return true
	}
	for _, o := range only {
		if kind == o || strings.HasPrefix(string(kind), string(o)+".") {
			return true
		}
	}
	return false
}

// diagnosticKey is what tells a diagnostic of the client's apart: its range
// and code.
type diagnosticKey struct {
	rng  protocol.Range
	code string
}

// clientDiagnostics indexes the diagnostics of a request's context (a
// client may send every one of a long line's, and each action looks its
// own up).
func clientDiagnostics(sent []protocol.Diagnostic) map[diagnosticKey]protocol.Diagnostic {
	m := make(map[diagnosticKey]protocol.Diagnostic, len(sent))
	for _, c := range sent {
		code, _ := c.Code.(string)
		if _, seen := m[diagnosticKey{c.Range, code}]; !seen {
			m[diagnosticKey{c.Range, code}] = c
		}
	}
	return m
}

// clientDiagnostic returns the diagnostic a fix fixes as the client has it
// (the one of the request's context with the same range and code), or as
// the server publishes it.
func clientDiagnostic(lines *lineIndex, set *Settings, d analysis.Diagnostic, sent map[diagnosticKey]protocol.Diagnostic) protocol.Diagnostic {
	sev := set.severity(d)
	if sev < analysis.Error || sev > analysis.Hint {
		sev = d.Severity
	}
	pd := protocol.Diagnostic{
		Range:    lines.rangeOf(int(d.Pos), int(d.End)),
		Severity: protocol.DiagnosticSeverity(sev),
		Code:     string(d.Code),
		Source:   source,
		Message:  d.Message,
	}
	if c, ok := sent[diagnosticKey{pd.Range, string(d.Code)}]; ok {
		return c
	}
	return pd
}

// navCapabilities declares the code actions, formatting and navigation
// features.
func navCapabilities(c *protocol.ServerCapabilities) {
	c.CodeActionProvider = &protocol.CodeActionOptions{CodeActionKinds: codeActionKinds}
	c.DocumentFormattingProvider = true
	c.DocumentRangeFormattingProvider = true
	c.DocumentSymbolProvider = true
	c.WorkspaceSymbolProvider = true
	c.FoldingRangeProvider = true
	c.SelectionRangeProvider = true
	c.SemanticTokensProvider = semanticTokensProvider()
	c.RenameProvider = &protocol.RenameOptions{PrepareProvider: true}
	c.DocumentLinkProvider = &protocol.DocumentLinkOptions{}
	c.CodeLensProvider = &protocol.CodeLensOptions{}                                                   // engine.go
	c.ExecuteCommandProvider = &protocol.ExecuteCommandOptions{Commands: []string{commandAnalyseGame}} // engine.go
}
