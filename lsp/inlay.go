package lsp

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"time"

	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"pgnls/analysis"
)

// Inlay hints show the glyph of each NAG ($14 ⩲) and, on request, the ply of
// each move, the time it took and its evaluation (from [%clk] and [%eval]).
// protocol v0.12.0 predates inlay hints (LSP 3.17): the types are defined
// here.

const methodInlayHint = "textDocument/inlayHint"

// inlayHintParams is LSP 3.17's InlayHintParams.
type inlayHintParams struct {
	TextDocument protocol.TextDocumentIdentifier `json:"textDocument"`
	Range        protocol.Range                  `json:"range"`
}

// inlayHint is LSP 3.17's InlayHint, with a plain string label.
type inlayHint struct {
	Position    protocol.Position `json:"position"`
	Label       string            `json:"label"`
	Kind        int               `json:"kind,omitempty"` // 1 type, 2 parameter; neither fits
	Tooltip     string            `json:"tooltip,omitempty"`
	PaddingLeft bool              `json:"paddingLeft,omitempty"`
}

// inlayHintOptions is the inlayHintProvider capability.
type inlayHintOptions struct {
	ResolveProvider bool `json:"resolveProvider"`
}

// initializeResult is protocol.InitializeResult with the capabilities of
// LSP 3.17 that protocol v0.12.0 lacks.
type initializeResult struct {
	Capabilities serverCapabilities   `json:"capabilities"`
	ServerInfo   *protocol.ServerInfo `json:"serverInfo,omitempty"`
}

type serverCapabilities struct {
	protocol.ServerCapabilities
	InlayHintProvider *inlayHintOptions `json:"inlayHintProvider,omitempty"`
}

// withInlayHints adds the inlayHintProvider capability to an initialize
// result.
func withInlayHints(res *protocol.InitializeResult) *initializeResult {
	return &initializeResult{
		Capabilities: serverCapabilities{ServerCapabilities: res.Capabilities, InlayHintProvider: &inlayHintOptions{}},
		ServerInfo:   res.ServerInfo,
	}
}

// inlayHint answers textDocument/inlayHint with the hints the inlayHints
// setting asks for.
func (s *server) inlayHint(_ context.Context, p *inlayHintParams) ([]inlayHint, error) {
	snap, err := s.navSnapshot(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	opts := s.settings.Load().InlayHints
	out := []inlayHint{}
	from, to := offsets(snap, p.Range)
	for piece := range snap.PiecesIn(from, to) {
		lines := newLineIndex(piece)
		for _, h := range piece.InlayHints(from, to, opts) {
			out = append(out, inlayHint{
				Position:    lines.position(int(h.Pos)),
				Label:       h.Label,
				Tooltip:     h.Tooltip,
				PaddingLeft: true,
			})
		}
	}
	out = append(out, s.engineHints(p.TextDocument.URI, snap, from, to)...) // engine.go
	return out, nil
}

// parseInlayHints reads the inlayHints setting, an object such as
// {"nagGlyphs": true, "plyNumbers": false}; a field left out keeps its
// default.
func parseInlayHints(v any, opts *analysis.InlayOptions) (problems []string) {
	if v == nil {
		return nil
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return []string{fmt.Sprintf("settings: inlayHints: want an object such as {\"nagGlyphs\": true, \"plyNumbers\": false}, not %s", jsonKind(v))}
	}
	fields := map[string]*bool{"nagGlyphs": &opts.NAGGlyphs, "plyNumbers": &opts.PlyNumbers, "clocks": &opts.Clocks, "evals": &opts.Evals}
	for _, name := range slices.Sorted(maps.Keys(obj)) {
		dst, known := fields[name]
		b, isBool := obj[name].(bool)
		switch {
		case !known:
			problems = append(problems, fmt.Sprintf("settings: inlayHints: unknown hint %q (nagGlyphs, plyNumbers, clocks, evals)", name))
		case !isBool:
			problems = append(problems, fmt.Sprintf("settings: inlayHints: %s: want true or false, not %v", name, obj[name]))
		default:
			*dst = b
		}
	}
	return problems
}

const methodInlayHintRefresh = "workspace/inlayHint/refresh"

// refreshInlayHints asks the client to ask again for the inlay hints when
// the settings change them and the client takes that request. It is not
// sent before initialize is answered.
func (s *server) refreshInlayHints(old, set *Settings) {
	if old == nil || old.InlayHints == set.InlayHints || s.lifecycle() != stateRunning || !s.clientCaps().inlayHintRefresh {
		return
	}
	s.goBackground(func() {
		ctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
		defer cancel()
		if _, err := s.conn.Call(ctx, methodInlayHintRefresh, nil, nil); err != nil {
			s.log.Debug(methodInlayHintRefresh+" failed", zap.Error(err))
		}
	})
}
