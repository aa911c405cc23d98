package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"
	"go.uber.org/zap"

	"pgnls/analysis"
	"pgnls/analysis/document"
	"pgnls/analysis/engine"
	"pgnls/analysis/uci"
)

// Engine analysis: "Analyse this game", a source action and a code lens
// over each game, runs the workspace/executeCommand pgnls.analyseGame. The
// request is answered when the analysis ends (its work runs beside the queue, laterWork in methods.go),
// so that $/cancelRequest cancels it; it reports work-done progress, which
// window/workDoneProgress/cancel cancels too. It never runs on a keystroke.
//
// Each position's evaluation is kept in the server's uci.Cache, so that a
// run after an edit searches only the positions the edit made new. Each
// game's result is kept with its document (openDoc.engine), anchored at
// where the game starts; the edits before it move the anchor. What the
// result yields (analysis/engine: diagnostics, quick fixes, inlay hints,
// hover) applies to a move only while the moves from the game's start to
// it are those analysed.

const (
	commandAnalyseGame = "pgnls.analyseGame"
	methodCodeLens     = "textDocument/codeLens"
	methodCodeLensRef  = "workspace/codeLens/refresh"
	// kindAnalyse is the source action that runs the analysis; kindAnnotate
	// the one that writes all its findings into the game.
	kindAnalyse  = protocol.CodeActionKind("source.analyse.game")
	kindAnnotate = protocol.CodeActionKind("source.annotate.game")
)

// engineGame is an analysed game of a document: where it starts, and the
// engine's result (nil while the analysis runs).
type engineGame struct {
	anchor int
	result *engine.Result
}

// engineState is the server's engine: the analyzer of the current engine
// settings, the cache of evaluations it shares with the next one, and the
// runs in progress, by progress token.
type engineState struct {
	mu       sync.Mutex
	analyzer *uci.Analyzer
	settings EngineSettings
	cache    *uci.Cache
	runs     map[string]context.CancelFunc // by progress token
	// active are the runs in progress, which shutdown stops.
	active map[*engineGame]context.CancelFunc
}

// stopEngineRuns cancels every run in progress (at shutdown: nothing is to
// be sent after it but the answers).
func (s *server) stopEngineRuns() {
	s.engine.mu.Lock()
	defer s.engine.mu.Unlock()
	for _, cancel := range s.engine.active {
		cancel()
	}
}

// analyzer returns the analyzer of the engine settings, made anew (and the
// old one's engine ended) when they changed.
func (s *server) analyzer(set EngineSettings) (*uci.Analyzer, error) {
	e := &s.engine
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.analyzer != nil && e.settings == set {
		return e.analyzer, nil
	}
	if e.analyzer != nil {
		e.analyzer.Close()
		e.analyzer = nil
	}
	if e.cache == nil {
		e.cache = uci.NewCache(0) // its keys hold the settings: it serves every analyzer
	}
	a, err := uci.NewAnalyzer(uci.Config{
		Engine:     uci.Options{Path: set.Path, Threads: set.Threads, Hash: set.Hash, Logger: s.log.Named("engine")},
		Limit:      uci.Limit{Nodes: int64(set.Nodes)},
		Thresholds: set.Thresholds,
		Cache:      e.cache,
	})
	if err != nil {
		return nil, err
	}
	e.analyzer, e.settings = a, set
	return a, nil
}

// closeEngine ends the engine, at exit.
func (s *server) closeEngine() {
	e := &s.engine
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.analyzer != nil {
		e.analyzer.Close()
		e.analyzer = nil
	}
}

// executeCommandParams is ExecuteCommandParams with its arguments kept
// raw.
type executeCommandParams struct {
	Command   string            `json:"command"`
	Arguments []json.RawMessage `json:"arguments"`
}

// analyseArgs are pgnls.analyseGame's arguments: the document and a
// position in the game.
func analyseArgs(uri protocol.DocumentURI, pos protocol.Position) []any {
	return []any{uri, pos}
}

// analyseSummary answers pgnls.analyseGame: what the run found.
type analyseSummary struct {
	Moves        int `json:"moves"`    // the moves analysed
	Searched     int `json:"searched"` // the positions the engine searched (the others came from the cache)
	Blunders     int `json:"blunders"`
	Mistakes     int `json:"mistakes"`
	Inaccuracies int `json:"inaccuracies"`
	// Stop says why the analysis stopped before the end of the main line.
	Stop string `json:"stop,omitempty"`
}

// executeCommand answers workspace/executeCommand.
func (s *server) executeCommand(ctx context.Context, p *executeCommandParams) (any, error) {
	if p.Command != commandAnalyseGame {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "unknown command %q (pgnls serves %s)", p.Command, commandAnalyseGame)
	}
	var uri protocol.DocumentURI
	var pos protocol.Position
	if len(p.Arguments) != 2 || json.Unmarshal(p.Arguments[0], &uri) != nil || json.Unmarshal(p.Arguments[1], &pos) != nil {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s takes two arguments: the document's URI and a position in the game", commandAnalyseGame)
	}
	snap, off, err := s.requestAt(uri, pos)
	if err != nil {
		return nil, err
	}
	if why := s.notAnalysable(uri); why != "" {
		s.showMessage(protocol.MessageTypeWarning, "pgnls: cannot analyse this game: "+why)
		return nil, nil
	}
	line, anchor, err := snap.PieceAt(off).EngineLine(off)
	if err != nil {
		s.showMessage(protocol.MessageTypeWarning, "pgnls: cannot analyse this game: "+err.Error())
		return nil, nil
	}
	if len(line.Played) == 0 {
		s.showMessage(protocol.MessageTypeWarning, "pgnls: this game has no moves to analyse"+stopWords(line.Stop))
		return nil, nil
	}
	set := s.settings.Load().Engine
	a, err := s.analyzer(set)
	if err != nil {
		s.showMessage(protocol.MessageTypeError, "pgnls: engine settings: "+err.Error())
		return nil, nil
	}
	entry := s.addEngineGame(uri, anchor)
	if entry == nil {
		return nil, jsonrpc2.Errorf(jsonrpc2.InvalidParams, "%s is not open", uri)
	}
	return laterWork(func() (any, error) {
		return s.runAnalysis(ctx, uri, entry, line, a, set)
	}), nil
}

// notAnalysable says why an open document's games cannot be analysed, as
// its other requests are refused (limits.go): it is over maxDocumentSize,
// or out of step with the editor; "" when they can be.
func (s *server) notAnalysable(uri protocol.DocumentURI) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch d := s.docs[uri]; {
	case d == nil:
		return ""
	case d.doc.Oversize():
		return "the document is over the maxDocumentSize setting"
	case d.lost != "":
		return "the server lost track of the document's text (" + d.lost + ")"
	}
	return ""
}

func stopWords(stop string) string {
	if stop == "" {
		return ""
	}
	return " (" + stop + ")"
}

// runAnalysis runs one game's analysis to its end, with progress, and
// keeps its result. It answers the request: the summary; null after a
// failure, which the user is shown; RequestCancelled when cancelled.
func (s *server) runAnalysis(ctx context.Context, uri protocol.DocumentURI, entry *engineGame, line *analysis.MainLine,
	a *uci.Analyzer, set EngineSettings) (any, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stopWithServer := context.AfterFunc(s.ctx, cancel)
	defer stopWithServer()
	s.engine.mu.Lock()
	if s.engine.active == nil {
		s.engine.active = map[*engineGame]context.CancelFunc{}
	}
	s.engine.active[entry] = cancel
	s.engine.mu.Unlock()
	defer func() {
		s.engine.mu.Lock()
		delete(s.engine.active, entry)
		s.engine.mu.Unlock()
	}()
	if s.lifecycle() != stateRunning {
		cancel() // shut down while it was being started
	}
	title := "Analysing game " + fmt.Sprint(line.Game.Index+1)
	prog := s.beginEngineProgress(ctx, title, gameName(line.Game), cancel)
	defer prog.forget()
	start := time.Now()
	res, err := a.Analyze(ctx, engine.Game(line), func(done, total int) {
		prog.reportPositions(done, total)
	})
	if err != nil {
		s.dropEngineGame(uri, entry)
		if ctx.Err() != nil {
			prog.end("cancelled")
			return nil, protocol.ErrRequestCancelled
		}
		prog.end("failed")
		if errors.Is(err, uci.ErrClosed) {
			// The engine settings changed: the next run starts the new engine.
			s.showMessage(protocol.MessageTypeInfo, "pgnls: the engine settings changed during the analysis, which stopped; run it again")
			return nil, nil
		}
		s.log.Warn("engine analysis failed", zap.String("uri", string(uri)), zap.Error(err))
		s.showMessage(protocol.MessageTypeError, "pgnls: the engine analysis failed: "+err.Error()+engineHint(err))
		return nil, nil
	}
	summary := summarize(res, line)
	prog.end(findingWords(summary.Blunders, summary.Mistakes, summary.Inaccuracies))
	s.log.Info("engine analysis done", zap.String("uri", string(uri)), zap.Int("moves", summary.Moves),
		zap.Int("searched", res.Searched), zap.Duration("took", time.Since(start)))
	s.keepEngineResult(uri, entry, engine.NewResult(line, res, set.Nodes))
	return summary, nil
}

// engineHint tells what to do about an engine that cannot be found.
func engineHint(err error) string {
	if errors.Is(err, uci.ErrNotFound) {
		return " (the setting engine.path names the engine)"
	}
	return ""
}

func summarize(res *uci.GameAnalysis, line *analysis.MainLine) *analyseSummary {
	sum := &analyseSummary{Moves: len(res.Moves), Searched: res.Searched, Stop: line.Stop}
	for _, m := range res.Moves {
		switch m.Judgement {
		case uci.Blunder:
			sum.Blunders++
		case uci.Mistake:
			sum.Mistakes++
		case uci.Inaccuracy:
			sum.Inaccuracies++
		}
	}
	return sum
}

// gameName is "White – Black" from the game's tags, for the progress.
func gameName(g interface{ Tag(string) (string, bool) }) string {
	white, _ := g.Tag("White")
	black, _ := g.Tag("Black")
	if white == "" && black == "" {
		return ""
	}
	return white + " – " + black
}

// addEngineGame records that the game at anchor is being analysed, and
// returns its entry; nil when the document is not open.
func (s *server) addEngineGame(uri protocol.DocumentURI, anchor int) *engineGame {
	s.mu.Lock()
	defer s.mu.Unlock()
	d, ok := s.docs[uri]
	if !ok {
		return nil
	}
	entry := &engineGame{anchor: anchor}
	d.engine = append(d.engine, entry)
	return entry
}

// dropEngineGame forgets an entry whose analysis failed.
func (s *server) dropEngineGame(uri protocol.DocumentURI, entry *engineGame) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d, ok := s.docs[uri]; ok {
		d.dropEngine(func(e *engineGame) bool { return e == entry })
	}
}

// keepEngineResult gives the entry its result, forgets the older results
// of the same game, and publishes again (the diagnostics, then the inlay
// hints and code lenses when the client can be asked to refresh them).
func (s *server) keepEngineResult(uri protocol.DocumentURI, entry *engineGame, r *engine.Result) {
	s.mu.Lock()
	d, ok := s.docs[uri]
	if ok && d.hasEngine(entry) {
		entry.result = r
		d.dropEngine(func(e *engineGame) bool { return e != entry && e.anchor == entry.anchor && e.result != nil })
		s.startAnalysis(d)
	}
	s.mu.Unlock()
	if ok {
		s.refreshViews()
	}
}

// refreshViews asks the client to ask again for the inlay hints and code
// lenses, when it takes those requests.
func (s *server) refreshViews() {
	caps := s.clientCaps()
	for _, m := range []struct {
		method string
		ok     bool
	}{{methodInlayHintRefresh, caps.inlayHintRefresh}, {methodCodeLensRef, caps.codeLensRefresh}} {
		if !m.ok {
			continue
		}
		s.goBackground(func() {
			ctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
			defer cancel()
			if _, err := s.conn.Call(ctx, m.method, nil, nil); err != nil {
				s.log.Debug(m.method+" failed", zap.Error(err))
			}
		})
	}
}

func (d *openDoc) hasEngine(entry *engineGame) bool {
	for _, e := range d.engine {
		if e == entry {
			return true
		}
	}
	return false
}

func (d *openDoc) dropEngine(drop func(*engineGame) bool) {
	kept := d.engine[:0]
	for _, e := range d.engine {
		if !drop(e) {
			kept = append(kept, e)
		}
	}
	clear(d.engine[len(kept):])
	d.engine = kept
}

// shiftEngine moves the anchors of d's analysed games along an edit that
// replaced [start, end) with newLen bytes: an anchor after it moves by the
// difference, one inside it goes to its start (where the game is looked
// for again). s.mu must be held.
func (d *openDoc) shiftEngine(start, end, newLen int) {
	for _, e := range d.engine {
		switch {
		case e.anchor >= end:
			e.anchor += newLen - (end - start)
		case e.anchor > start:
			e.anchor = start
		}
	}
}

// engineViews returns the views of d's analysed games on snap, the
// current snapshot, with the piece each is in.
func (s *server) engineViews(d *openDoc, snap *document.Snapshot) []pieceView {
	s.mu.Lock()
	games := make([]engineGame, 0, len(d.engine))
	for _, e := range d.engine {
		if e.result != nil {
			games = append(games, *e)
		}
	}
	s.mu.Unlock()
	var out []pieceView
	for _, g := range games {
		piece := snap.PieceAt(g.anchor)
		if v := piece.EngineView(g.anchor, g.result); v != nil {
			out = append(out, pieceView{piece, v})
		}
	}
	return out
}

// pieceView is a view of an analysed game, with the piece it is in.
type pieceView struct {
	piece document.Piece
	view  *engine.View
}

// engineDiagnostics returns the diagnostics of d's analysed games.
func (s *server) engineDiagnostics(d *openDoc, snap *document.Snapshot) []analysis.Diagnostic {
	var out []analysis.Diagnostic
	for _, pv := range s.engineViews(d, snap) {
		out = append(out, pv.piece.EngineDiagnostics(pv.view)...)
	}
	return out
}

// openDocOf returns the open document of uri, or nil.
func (s *server) openDocOf(uri protocol.DocumentURI) *openDoc {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.docs[uri]
}

// engineActions returns the code actions of the engine on [from, to]:
// "Analyse this game" for the game there, and the quick fixes of the
// engine's diagnostics with "Annotate this game with the engine's
// findings".
func (s *server) engineActions(p *protocol.CodeActionParams, snap *document.Snapshot, from, to int, set *Settings,
	sent map[diagnosticKey]protocol.Diagnostic) []protocol.CodeAction {
	uri := p.TextDocument.URI
	var out []protocol.CodeAction
	if kindWanted(kindAnalyse, p.Context.Only) {
		if line, _, err := snap.PieceAt(from).EngineLine(from); err == nil && len(line.Played) > 0 {
			out = append(out, protocol.CodeAction{
				Title:   "Analyse this game with the engine",
				Kind:    kindAnalyse,
				Command: &protocol.Command{Title: "Analyse this game", Command: commandAnalyseGame, Arguments: analyseArgs(uri, p.Range.Start)},
			})
		}
	}
	d := s.openDocOf(uri)
	if d == nil {
		return out
	}
	for _, pv := range s.engineViews(d, snap) {
		lines := newLineIndex(pv.piece)
		if kindWanted(protocol.QuickFix, p.Context.Only) {
			for _, a := range pv.piece.EngineActions(pv.view, from, to) {
				if skip := set.severity(*a.Diagnostic); skip == severityOff {
					continue
				}
				out = append(out, protocol.CodeAction{
					Title:       a.Title,
					Kind:        protocol.CodeActionKind(a.Kind),
					IsPreferred: a.Preferred,
					Diagnostics: []protocol.Diagnostic{clientDiagnostic(lines, set, *a.Diagnostic, sent)},
					Edit:        &protocol.WorkspaceEdit{Changes: map[protocol.DocumentURI][]protocol.TextEdit{uri: textEditsIn(lines, a.Edits)}},
				})
			}
		}
		g := pv.view.Line.Game
		if start, end := pv.piece.GameSpan(g); kindWanted(kindAnnotate, p.Context.Only) && from <= end && to >= start {
			if edits := pv.piece.EngineAnnotateEdits(pv.view); len(edits) > 0 {
				out = append(out, protocol.CodeAction{
					Title: fmt.Sprintf("Annotate game %d with the engine's findings (NAGs, its lines, [%%eval])", g.Index+1),
					Kind:  kindAnnotate,
					Edit:  &protocol.WorkspaceEdit{Changes: map[protocol.DocumentURI][]protocol.TextEdit{uri: textEditsIn(lines, edits)}},
				})
			}
		}
	}
	return out
}

// codeLensParams is CodeLensParams, of which only the document is read.
type codeLensParams struct {
	TextDocument protocol.TextDocumentIdentifier `json:"textDocument"`
}

// maxCodeLenses bounds the lenses of a database: one per game of its
// first games, as an editor shows only some screens of them anyway.
const maxCodeLenses = 2000

// codeLens answers textDocument/codeLens: "Analyse this game" over each
// game's first line; over an analysed game, what the analysis found.
func (s *server) codeLens(_ context.Context, p *codeLensParams) ([]protocol.CodeLens, error) {
	snap, err := s.navSnapshot(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	found := map[int]string{}
	if d := s.openDocOf(p.TextDocument.URI); d != nil {
		for _, pv := range s.engineViews(d, snap) {
			start, _ := pv.piece.GameSpan(pv.view.Line.Game)
			found[start] = lensFindings(pv.view)
		}
	}
	out := []protocol.CodeLens{}
	for piece := range snap.Pieces() {
		for _, start := range piece.GameStarts() {
			if len(out) == maxCodeLenses {
				return out, nil
			}
			r := toRange(snap, start, start)
			title := "Analyse this game"
			if f, ok := found[start]; ok {
				title = "Analyse this game again (" + f + ")"
			}
			out = append(out, protocol.CodeLens{
				Range:   r,
				Command: &protocol.Command{Title: title, Command: commandAnalyseGame, Arguments: analyseArgs(p.TextDocument.URI, r.Start)},
			})
		}
	}
	return out, nil
}

// lensFindings counts the judged moves of a view: "1 blunder, 2 mistakes".
func lensFindings(v *engine.View) string {
	var blunders, mistakes, inaccuracies int
	for _, d := range v.Diagnostics() {
		switch d.Code {
		case analysis.CodeEngineBlunder:
			blunders++
		case analysis.CodeEngineMistake:
			mistakes++
		case analysis.CodeEngineInaccuracy:
			inaccuracies++
		}
	}
	return findingWords(blunders, mistakes, inaccuracies)
}

// findingWords says what an analysis found: "1 blunder, 2 mistakes", or
// "no mistakes found".
func findingWords(blunders, mistakes, inaccuracies int) string {
	var parts []string
	for _, k := range []struct {
		n    int
		word string
	}{{blunders, "blunder"}, {mistakes, "mistake"}, {inaccuracies, "inaccuracy"}} {
		if k.n > 0 {
			parts = append(parts, plural(k.n, k.word))
		}
	}
	if len(parts) == 0 {
		return "no mistakes found"
	}
	return strings.Join(parts, ", ")
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	if strings.HasSuffix(word, "y") {
		return fmt.Sprintf("%d %sies", n, strings.TrimSuffix(word, "y"))
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// engineProgress is the work-done progress of one run; nil reports
// nothing (the client does not take server-created progress).
type engineProgress struct {
	*progress
	key string
}

// beginEngineProgress creates the run's progress, cancellable: the
// client's window/workDoneProgress/cancel calls cancel.
func (s *server) beginEngineProgress(ctx context.Context, title, message string, cancel context.CancelFunc) *engineProgress {
	if !s.clientCaps().workDoneProgress {
		return nil
	}
	key := fmt.Sprintf("pgnls/engine/%d", s.progressTokens.Add(1))
	token := *protocol.NewProgressToken(key)
	s.engine.mu.Lock()
	if s.engine.runs == nil {
		s.engine.runs = map[string]context.CancelFunc{}
	}
	s.engine.runs[key] = cancel
	s.engine.mu.Unlock()
	// A client that does not answer within seconds holds up nothing: the
	// progress is reported all the same, as the first analysis's is.
	createCtx, stop := context.WithTimeout(ctx, 5*time.Second)
	defer stop()
	if err := s.client.WorkDoneProgressCreate(createCtx, &protocol.WorkDoneProgressCreateParams{Token: token}); err != nil && ctx.Err() == nil {
		s.log.Debug("window/workDoneProgress/create failed", zap.Error(err))
	}
	p := &engineProgress{progress: &progress{s: s, token: token}, key: key}
	p.send(&protocol.WorkDoneProgressBegin{Kind: protocol.WorkDoneProgressKindBegin, Title: title, Message: message, Cancellable: true})
	return p
}

func (p *engineProgress) reportPositions(done, total int) {
	if p == nil {
		return
	}
	r := &protocol.WorkDoneProgressReport{Kind: protocol.WorkDoneProgressKindReport, Message: fmt.Sprintf("%d/%d positions", done, total)}
	if total > 0 {
		r.Percentage = uint32(done * 100 / total)
	}
	p.send(r)
}

func (p *engineProgress) end(msg string) {
	if p != nil {
		p.progress.end(msg)
	}
}

func (p *engineProgress) forget() {
	if p == nil {
		return
	}
	p.s.engine.mu.Lock()
	delete(p.s.engine.runs, p.key)
	p.s.engine.mu.Unlock()
}

// workDoneProgressCancelParams has the token as its JSON value: a string
// or a number.
type workDoneProgressCancelParams struct {
	Token any `json:"token"`
}

// workDoneProgressCancel serves window/workDoneProgress/cancel: it
// cancels the engine run of the token; the other progress (the first
// analysis of a large document) is not cancellable.
func (s *server) workDoneProgressCancel(_ context.Context, p *workDoneProgressCancelParams) error {
	key := fmt.Sprint(p.Token)
	s.engine.mu.Lock()
	cancel := s.engine.runs[key]
	s.engine.mu.Unlock()
	if cancel != nil {
		cancel()
	}
	return nil
}

// engineHints returns the inlay hints of the analysed games on [from, to].
func (s *server) engineHints(uri protocol.DocumentURI, snap *document.Snapshot, from, to int) []inlayHint {
	d := s.openDocOf(uri)
	if d == nil {
		return nil
	}
	var out []inlayHint
	for _, pv := range s.engineViews(d, snap) {
		lines := newLineIndex(pv.piece)
		for _, h := range pv.piece.EngineHints(pv.view, from, to) {
			out = append(out, inlayHint{Position: lines.position(int(h.Pos)), Label: h.Label, Tooltip: h.Tooltip, PaddingLeft: true})
		}
	}
	return out
}

// engineHover returns the engine's words on the move at off, or ok false.
func (s *server) engineHover(uri protocol.DocumentURI, snap *document.Snapshot, off int) (markdown, plain string, pos, end int, ok bool) {
	d := s.openDocOf(uri)
	if d == nil {
		return "", "", 0, 0, false
	}
	for _, pv := range s.engineViews(d, snap) {
		if markdown, plain, pos, end, ok = pv.piece.EngineHover(pv.view, off); ok {
			return markdown, plain, pos, end, true
		}
	}
	return "", "", 0, 0, false
}
