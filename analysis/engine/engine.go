// Package engine turns an engine's analysis of a game (package analysis/uci)
// into what an editor shows and what `pgnls annotate` writes: the
// diagnostics engine-blunder, engine-mistake and engine-inaccuracy on the
// judged moves, their quick fixes (the NAG, the engine's line as a
// variation, [%eval] comments), the evaluation after each move as an inlay
// hint, and the evaluation and best move in a move's hover.
//
// A Result is kept by the language server across edits and applies to a
// game's moves only as long as the moves from the start to each one are
// those analysed: the evaluation of a position depends on the moves that
// lead to it, and nothing else.
package engine

import (
	"fmt"
	"slices"
	"strings"

	"pgnls/analysis"
	"pgnls/analysis/board"
	"pgnls/analysis/uci"
	"pgnls/pgn"
)

// Result is an engine's analysis of the main line of a game.
type Result struct {
	// FEN is the start of the analysed line ("" for the standard start),
	// Moves its moves.
	FEN   string
	Moves []board.Move
	// Analysis has an evaluation for each of the len(Moves)+1 positions
	// and a judgement for each move.
	Analysis *uci.GameAnalysis
	// Nodes is the search of each position, for the hover's words.
	Nodes int
}

// Game returns what the engine analyses of a main line.
func Game(l *analysis.MainLine) uci.Game {
	return uci.Game{Start: l.Start, Moves: l.Played}
}

// NewResult keeps the analysis of the main line l.
func NewResult(l *analysis.MainLine, a *uci.GameAnalysis, nodes int) *Result {
	return &Result{FEN: l.FEN, Moves: slices.Clone(l.Played), Analysis: a, Nodes: nodes}
}

// Valid returns how many of l's moves, from the first, are those analysed:
// the result applies to them, and to the positions after them.
func (r *Result) Valid(l *analysis.MainLine) int {
	if r == nil || l == nil || l.FEN != r.FEN {
		return 0
	}
	n := 0
	for n < len(l.Played) && n < len(r.Moves) && n < len(r.Analysis.Moves) && sameMove(l.Played[n], r.Moves[n]) {
		n++
	}
	return n
}

func sameMove(a, b board.Move) bool {
	return a.From == b.From && a.To == b.To && a.Promotion == b.Promotion
}

// View is a result seen on the game it applies to, in the current text:
// the moves still analysed, with what the engine found on each.
type View struct {
	Line   *analysis.MainLine
	Result *Result
	// Valid is how many of Line's moves the result still applies to.
	Valid int
}

// NewView returns the view of r on l; its Valid is 0 when the game's
// first move is no longer the one analysed.
func NewView(l *analysis.MainLine, r *Result) *View {
	return &View{Line: l, Result: r, Valid: r.Valid(l)}
}

// move returns the analysis of the i-th move of the line.
func (v *View) move(i int) *uci.MoveAnalysis { return &v.Result.Analysis.Moves[i] }

// evalAfter returns the evaluation of the position after the i-th move.
func (v *View) evalAfter(i int) uci.PositionEval { return v.Result.Analysis.Positions[i+1] }

// judgementCode is the diagnostic code of a judgement.
func judgementCode(j uci.Judgement) analysis.Code {
	switch j {
	case uci.Blunder:
		return analysis.CodeEngineBlunder
	case uci.Mistake:
		return analysis.CodeEngineMistake
	case uci.Inaccuracy:
		return analysis.CodeEngineInaccuracy
	}
	return ""
}

// Diagnostics returns the diagnostics of the judged moves the result still
// applies to, on each move's SAN, in text order.
func (v *View) Diagnostics() []analysis.Diagnostic {
	var out []analysis.Diagnostic
	for i := range v.Valid {
		if d, ok := v.diagnostic(i); ok {
			out = append(out, d)
		}
	}
	return out
}

func (v *View) diagnostic(i int) (analysis.Diagnostic, bool) {
	ma := v.move(i)
	code := judgementCode(ma.Judgement)
	if code == "" {
		return analysis.Diagnostic{}, false
	}
	m := v.Line.Moves[i]
	return analysis.Diagnostic{
		Pos:      m.SAN.Pos,
		End:      m.SAN.End,
		Severity: analysis.DefaultSeverity(code),
		Code:     code,
		Message:  message(ma),
		Game:     v.Line.Game.Index,
	}, true
}

// message says what the engine found: "Blunder (+0.35 → -4.20): Nxh4 was
// best", as lichess comments a judged move.
func message(ma *uci.MoveAnalysis) string {
	text := fmt.Sprintf("%s (%s → %s)", ma.Advice, uci.HumanText(ma.Before), uci.HumanText(ma.After))
	if ma.BestSAN != "" {
		text += ": " + ma.BestSAN + " was best"
	}
	return text
}

// maxVariationPlies caps the engine's line written as a variation: the
// rest of a long principal variation is the engine guessing.
const maxVariationPlies = 8

// positionBefore returns the position before the i-th move.
func (v *View) positionBefore(i int) board.Position {
	pos := v.Line.Start
	for _, m := range v.Line.Played[:i] {
		pos.Play(m)
	}
	return pos
}

// variation returns the engine's line from the position before the i-th
// move, as movetext, or "" when there is none.
func (v *View) variation(i int, pos board.Position) string {
	lines := v.Result.Analysis.Positions[i].Lines
	if len(lines) == 0 || len(lines[0].Moves) == 0 {
		return ""
	}
	moves := lines[0].Moves[:min(len(lines[0].Moves), maxVariationPlies)]
	return uci.FormatLine(pos, moves)
}

// Actions returns the quick fixes of the judged moves whose SAN touches
// [from, to]: the NAG of the judgement (preferred), the engine's line as a
// variation, and the evaluations as [%eval] comments on every analysed
// move of the game; and the source action that does all of it for the
// game.
func (v *View) Actions(src string, from, to pgn.Pos) []analysis.Action {
	var out []analysis.Action
	for i := range v.Valid {
		m := v.Line.Moves[i]
		if m.SAN.End < from || m.SAN.Pos > to {
			continue
		}
		d, ok := v.diagnostic(i)
		if !ok {
			continue
		}
		ma := v.move(i)
		label := moveLabel(ma)
		nag := ma.Judgement.NAG()
		out = append(out, analysis.Action{
			Title:      fmt.Sprintf("Mark %s as %s: $%d", label, article(ma.Judgement), nag),
			Kind:       analysis.KindQuickFix,
			Diagnostic: &d,
			Preferred:  true,
			Edits:      []analysis.Edit{nagEdit(src, m, nag)},
		})
		if line := v.variation(i, v.positionBefore(i)); line != "" {
			out = append(out, analysis.Action{
				Title:      "Add the engine's line as a variation: (" + line + ")",
				Kind:       analysis.KindQuickFix,
				Diagnostic: &d,
				Edits:      []analysis.Edit{{Pos: m.End(), End: m.End(), NewText: " (" + line + ")"}},
			})
		}
		if edits := v.evalEdits(); len(edits) > 0 {
			out = append(out, analysis.Action{
				Title:      "Add the engine's evaluations to this game as [%eval] comments",
				Kind:       analysis.KindQuickFix,
				Diagnostic: &d,
				Edits:      edits,
			})
		}
	}
	return out
}

// moveLabel numbers a move as PGN does: "3. e4", "3... e5".
func moveLabel(ma *uci.MoveAnalysis) string {
	dots := ". "
	if ma.Mover == board.Black {
		dots = "... "
	}
	return fmt.Sprint(ma.MoveNumber) + dots + ma.SAN
}

func article(j uci.Judgement) string {
	if j == uci.Inaccuracy {
		return "an inaccuracy"
	}
	return "a " + j.String()
}

// nagEdit sets the move's assessment to the NAG: it replaces the first
// suffix annotation or move NAG ($1 to $6) after the move, or goes after
// the SAN.
func nagEdit(src string, m *pgn.Move, nag int) analysis.Edit {
	text := fmt.Sprintf("$%d", nag)
	for _, n := range m.After {
		switch n := n.(type) {
		case *pgn.SuffixNode:
			return analysis.Edit{Pos: n.Pos(), End: n.End(), NewText: spaced(src, n.Pos(), text)}
		case *pgn.NAGNode:
			if n.Value >= 1 && n.Value <= 6 {
				return analysis.Edit{Pos: n.Pos(), End: n.End(), NewText: spaced(src, n.Pos(), text)}
			}
			continue
		}
		break
	}
	return analysis.Edit{Pos: m.SAN.End, End: m.SAN.End, NewText: " " + text}
}

// spaced puts a space before text written at pos when the byte before is
// not one: "Qh4?" becomes "Qh4 $2", not "Qh4$2".
func spaced(src string, pos pgn.Pos, text string) string {
	if pos > 0 && !isBlank(src[pos-1]) {
		return " " + text
	}
	return text
}

func isBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// annotationEnd is where an annotation of the move goes: after its SAN and
// the suffix annotations and NAGs right after it, before its comments and
// variations.
func annotationEnd(m *pgn.Move) pgn.Pos {
	end := m.SAN.End
	for _, n := range m.After {
		switch n.(type) {
		case *pgn.SuffixNode, *pgn.NAGNode:
			end = n.End()
			continue
		}
		break
	}
	return end
}

// evalEdits writes the evaluation after each analysed move as an [%eval]
// command: into the move's comment that already has one, else in a new
// comment after the move's annotations. A checkmate has no evaluation.
func (v *View) evalEdits() []analysis.Edit {
	var out []analysis.Edit
	for i := range v.Valid {
		if e, ok := v.evalEdit(i); ok {
			out = append(out, e)
		}
	}
	return out
}

func (v *View) evalEdit(i int) (analysis.Edit, bool) {
	command, ok := uci.EvalCommand(v.evalAfter(i).Score)
	if !ok {
		return analysis.Edit{}, false
	}
	m := v.Line.Moves[i]
	for _, n := range m.After {
		c, ok := n.(*pgn.Comment)
		if !ok {
			continue
		}
		for _, cmd := range c.Commands() {
			if cmd.Name == "eval" && cmd.Closed {
				return analysis.Edit{Pos: cmd.Pos, End: cmd.End, NewText: command}, true
			}
		}
	}
	at := annotationEnd(m)
	return analysis.Edit{Pos: at, End: at, NewText: " { " + command + " }"}, true
}

// AnnotateEdits returns the edits that annotate the game as its quick
// fixes would, all at once: the NAG of each judged move, the engine's line
// as a variation after it, and the [%eval] of every analysed move. They
// come in text order and do not overlap.
func (v *View) AnnotateEdits(src string) []analysis.Edit {
	var edits []analysis.Edit
	pos := v.Line.Start
	for i := range v.Valid {
		m := v.Line.Moves[i]
		ma := v.move(i)
		if ma.Judgement != uci.NoJudgement {
			edits = append(edits, nagEdit(src, m, ma.Judgement.NAG()))
		}
		if e, ok := v.evalEdit(i); ok {
			edits = append(edits, e)
		}
		if ma.Judgement != uci.NoJudgement {
			if line := v.variation(i, pos); line != "" {
				edits = append(edits, analysis.Edit{Pos: m.End(), End: m.End(), NewText: " (" + line + ")"})
			}
		}
		pos.Play(v.Line.Played[i])
	}
	return mergeInserts(edits)
}

// mergeInserts sorts edits by position, keeping the order of those at the
// same one, and joins the insertions at the same position into one.
func mergeInserts(edits []analysis.Edit) []analysis.Edit {
	slices.SortStableFunc(edits, func(a, b analysis.Edit) int { return int(a.Pos) - int(b.Pos) })
	out := edits[:0]
	for _, e := range edits {
		if n := len(out); n > 0 && e.Pos == e.End && out[n-1].End == e.Pos {
			out[n-1].NewText += e.NewText
			continue
		}
		out = append(out, e)
	}
	return out
}

// Hints returns the engine's evaluation after each analysed move whose SAN
// lies in [from, to], as inlay hints after the move's annotations.
func (v *View) Hints(from, to pgn.Pos) []analysis.InlayHint {
	var out []analysis.InlayHint
	for i := range v.Valid {
		m := v.Line.Moves[i]
		if m.SAN.End < from || m.SAN.Pos > to {
			continue
		}
		eval := v.evalAfter(i)
		label := uci.HumanText(eval.Score)
		ma := v.move(i)
		tooltip := "engine: " + label + " after " + moveLabel(ma)
		if ma.Judgement != uci.NoJudgement {
			tooltip += " (" + strings.ToLower(ma.Advice) + ")"
		}
		out = append(out, analysis.InlayHint{Pos: annotationEnd(m), Label: label, Tooltip: tooltip, Kind: analysis.InlayEval})
	}
	return out
}

// HoverAt returns, for the analysed move whose SAN holds off, the engine's
// words as Markdown and as plain text, and the SAN's span; ok is false
// when off is on no analysed move.
func (v *View) HoverAt(off pgn.Pos) (markdown, plain string, pos, end pgn.Pos, ok bool) {
	for i := range v.Valid {
		m := v.Line.Moves[i]
		if off < m.SAN.Pos || off > m.SAN.End {
			continue
		}
		ma := v.move(i)
		after := v.evalAfter(i)
		var lines []string
		lines = append(lines, fmt.Sprintf("Engine: %s after %s (%s before it)", uci.HumanText(after.Score), moveLabel(ma), uci.HumanText(ma.Before)))
		if ma.Judgement != uci.NoJudgement {
			lines = append(lines, ma.Advice+fmt.Sprintf(": the mover's winning chances fell by %.0f points", ma.WinDrop))
		}
		switch {
		case ma.IsBest:
			lines = append(lines, "Best move: "+ma.BestSAN+", the move played")
		case ma.BestSAN != "":
			best := "Best move: " + ma.BestSAN
			if line := v.variation(i, v.positionBefore(i)); line != "" {
				best += " (" + line + ")"
			}
			lines = append(lines, best)
		}
		if after.BestSAN != "" {
			lines = append(lines, "Then best: "+after.BestSAN)
		}
		if v.Result.Nodes > 0 {
			lines = append(lines, fmt.Sprintf("(%d nodes a position)", v.Result.Nodes))
		}
		plain = strings.Join(lines, "\n")
		markdown = "**" + lines[0] + "**  \n" + strings.Join(lines[1:], "  \n")
		return markdown, plain, m.SAN.Pos, m.SAN.End, true
	}
	return "", "", 0, 0, false
}
