package lsp

import (
	"context"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"pgnls/analysis"
	"pgnls/analysis/board"
	"pgnls/analysis/diagram"
)

// methodPosition is pgnls's own request for the position at the cursor,
// for a board that follows the text (editors/lsp-extensions.md documents
// it; positionVersion is its version there).
const methodPosition = "pgnls/position"

// positionVersion is the version of pgnls/position's shape: it grows when
// a field is added, and a field is never removed or changed in meaning.
const positionVersion = 2

// positionParams are pgnls/position's parameters: hover's, and the side
// the SVG board shows at the bottom.
type positionParams struct {
	protocol.TextDocumentPositionParams
	Orientation string `json:"orientation,omitempty"` // "white" (also when absent) or "black"
}

// positionResult is pgnls/position's answer (editors/lsp-extensions.md).
type positionResult struct {
	Version        int             `json:"version"`
	FEN            *string         `json:"fen"`
	SideToMove     string          `json:"sideToMove,omitempty"`
	MoveNumber     int             `json:"moveNumber,omitempty"`
	Move           *playedMove     `json:"move"`
	Line           []variationStep `json:"line"`
	LegalMoveCount int             `json:"legalMoveCount"`
	Board          string          `json:"board"`
	SVG            string          `json:"svg"`
	Opening        *opening        `json:"opening"`
	Problem        string          `json:"problem,omitempty"`
	Previous       *moveLink       `json:"previous"`
	Next           *moveLink       `json:"next"`
}

// moveLink is where a board's previous or next button puts the cursor.
type moveLink struct {
	SAN   string         `json:"san"`
	Range protocol.Range `json:"range"`
}

type playedMove struct {
	SAN        string         `json:"san"`
	MoveNumber int            `json:"moveNumber"`
	Side       string         `json:"side"`
	From       string         `json:"from,omitempty"`
	To         string         `json:"to,omitempty"`
	Range      protocol.Range `json:"range"`
}

type variationStep struct {
	Replaces string `json:"replaces"`
	Index    int    `json:"index"`
}

type opening struct {
	ECO  string `json:"eco"`
	Name string `json:"name"`
}

// position answers pgnls/position with analysis.PositionAt: the position
// at the cursor, null outside any game.
func (s *server) position(_ context.Context, p *positionParams) (*positionResult, error) {
	opts := s.diagramOptions()
	switch p.Orientation {
	case "", "white":
	case "black":
		opts.Orientation = board.Black
	default:
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, `orientation is %q: want "white" or "black"`, p.Orientation)
	}
	snap, off, err := s.requestAt(p.TextDocument.URI, p.Position)
	if err != nil {
		return nil, err
	}
	at := snap.PieceAt(off).PositionAt(off, s.ecoBook())
	if at == nil {
		return nil, nil
	}
	r := &positionResult{Version: positionVersion, Line: []variationStep{}, LegalMoveCount: at.LegalMoves,
		Board: at.TextBoard(), SVG: string(at.SVG(opts)), Problem: at.Problem}
	if pos := at.Position; pos != nil {
		fen := pos.FEN()
		r.FEN, r.SideToMove, r.MoveNumber = &fen, sideName(pos.SideToMove()), pos.FullMoveNumber()
	}
	if m := at.Move; m != nil {
		r.Move = &playedMove{SAN: m.SAN, MoveNumber: m.Number, Side: sideName(m.Side),
			Range: toRange(snap, int(m.Pos), int(m.End))}
		if m.From != board.NoSquare {
			r.Move.From, r.Move.To = m.From.String(), m.To.String()
		}
	}
	for _, st := range at.Line {
		r.Line = append(r.Line, variationStep{Replaces: st.Replaces, Index: st.Index})
	}
	link := func(l *analysis.MoveLink) *moveLink {
		if l == nil {
			return nil
		}
		return &moveLink{SAN: l.SAN, Range: toRange(snap, int(l.Pos), int(l.End))}
	}
	r.Previous, r.Next = link(at.Previous), link(at.Next)
	if l := at.Opening; l != nil {
		r.Opening = &opening{ECO: l.Code, Name: l.Name()}
	}
	return r, nil
}

// diagramOptions are the options of the server's SVG boards: the
// diagram's defaults, with coordinates.
func (s *server) diagramOptions() diagram.Options {
	return diagram.Options{Coordinates: true}
}

func sideName(c board.Color) string {
	if c == board.White {
		return "white"
	}
	return "black"
}
