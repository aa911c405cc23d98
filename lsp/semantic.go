package lsp

import (
	"context"

	"go.lsp.dev/protocol"

	"pgnls/analysis"
	"pgnls/analysis/document"
)

// Semantic tokens (full and range) classify the text for highlighting:
// tag names and values, move numbers, piece and pawn moves, suffixes, NAGs,
// comments and results, and in comments the commands' names and operands
// (analysis.SemanticTokens). What a move does, as
// written, is told by modifiers: capture, check, checkmate, promotion,
// castling.

// The legend maps analysis.TokenType and analysis.TokenMods to the standard
// token types where one fits, and to pgnls's own modifiers (LSP has none
// for chess).
var (
	tokenTypes = [...]string{
		analysis.TokenTagName:    "property",
		analysis.TokenTagValue:   "string",
		analysis.TokenMoveNumber: "number",
		analysis.TokenPieceMove:  "function",
		analysis.TokenPawnMove:   "variable",
		analysis.TokenSuffix:     "operator",
		analysis.TokenNAG:        "macro",
		analysis.TokenComment:    "comment",
		analysis.TokenResult:     "keyword",
		// A command in a comment ([%clk 0:03:00]): an annotation of the
		// comment, as a decorator is of code, and its operands.
		analysis.TokenCommandName: "decorator",
		analysis.TokenCommandArgs: "parameter",
	}
	tokenModifiers = [...]string{"capture", "check", "checkmate", "promotion", "castling"}
)

// semanticTokensOptions is the semanticTokensProvider capability.
// protocol's SemanticTokensOptions (v0.12.0) has neither a legend nor the
// full and range flags: it marshals to {}, which clients reject.
type semanticTokensOptions struct {
	Legend semanticTokensLegend `json:"legend"`
	Range  bool                 `json:"range"`
	Full   bool                 `json:"full"`
}

type semanticTokensLegend struct {
	TokenTypes     []string `json:"tokenTypes"`
	TokenModifiers []string `json:"tokenModifiers"`
}

func semanticTokensProvider() *semanticTokensOptions {
	return &semanticTokensOptions{
		Legend: semanticTokensLegend{TokenTypes: tokenTypes[:], TokenModifiers: tokenModifiers[:]},
		Range:  true,
		Full:   true,
	}
}

// SemanticTokensFull answers textDocument/semanticTokens/full, beside the
// queue (methods.go, besideQueue).
func (s *server) SemanticTokensFull(ctx context.Context, p *protocol.SemanticTokensParams) (func() (*protocol.SemanticTokens, error), error) {
	snap, err := s.navSnapshot(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	return func() (*protocol.SemanticTokens, error) { return semanticTokens(ctx, snap, 0, snap.Len()) }, nil
}

// SemanticTokensRange answers textDocument/semanticTokens/range, beside the
// queue.
func (s *server) SemanticTokensRange(ctx context.Context, p *protocol.SemanticTokensRangeParams) (func() (*protocol.SemanticTokens, error), error) {
	snap, err := s.navSnapshot(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	from, to := offsets(snap, p.Range)
	return func() (*protocol.SemanticTokens, error) { return semanticTokens(ctx, snap, from, to) }, nil
}

// semanticTokens encodes the tokens that meet [from, to] as LSP asks: five
// numbers each, line and start relative to the previous token, lengths in
// UTF-16 units. A token over several lines (a comment) is cut at its line
// ends, since clients need not support multi-line tokens. Positions come
// from a lineIndex per chunk: a line of 10^5 tokens was quadratic. It stops
// with ctx, between chunks: a client cancels the tokens of a version it
// has edited since.
func semanticTokens(ctx context.Context, snap *document.Snapshot, from, to int) (*protocol.SemanticTokens, error) {
	e := &tokenEncoder{data: []uint32{}}
	for piece := range snap.PiecesIn(from, to) {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		lines := newLineIndex(piece)
		for _, t := range piece.SemanticTokens(from, to) {
			start, end := int(t.Pos), int(t.End)
			typ, mods := uint32(t.Type), uint32(t.Mods)
			p1, p2 := lines.position(start), lines.position(end)
			for at, p := start, p1; ; {
				ec := p2.Character
				if p.Line < p2.Line {
					ec = lines.lineEndPosition(at).Character
				}
				if ec > p.Character {
					e.add(int(p.Line), int(p.Character), int(ec-p.Character), typ, mods)
				}
				if p.Line >= p2.Line {
					break
				}
				// The next line of the token starts after the line break.
				at = lines.p.NextLineStart(at)
				p = protocol.Position{Line: p.Line + 1}
			}
		}
	}
	return &protocol.SemanticTokens{Data: e.data}, nil
}

type tokenEncoder struct {
	data           []uint32
	line, startCol int
}

func (e *tokenEncoder) add(line, col, length int, typ, mods uint32) {
	dl, dc := line-e.line, col
	if dl == 0 {
		dc = col - e.startCol
	}
	e.data = append(e.data, uint32(dl), uint32(dc), uint32(length), typ, mods)
	e.line, e.startCol = line, col
}
