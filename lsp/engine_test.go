package lsp

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"go.lsp.dev/jsonrpc2"
	"go.lsp.dev/protocol"

	"pgnls/analysis/uci/ucitest"
	"pgnls/pgn/pgntest"
)

// blunderGame is a game in which Black leaves the queen to the knight: the
// fake engine (ucitest) judges 2... Qh4 a blunder.
var blunderGame = pgntest.SevenTagsOf("A", "B") + "1. e4 e5 2. Nf3 Qh4 3. Nxh4 *\n"

// blunderLine and qh4 are where 2... Qh4 is in blunderGame.
const blunderLine = 8

var qh4 = protocol.Range{Start: protocol.Position{Line: blunderLine, Character: 16}, End: protocol.Position{Line: blunderLine, Character: 19}}

// engineEnv starts a server whose engine is a fake of the scenario, with
// client-side progress, and opens blunderGame.
func engineEnv(t *testing.T, scenario ucitest.Scenario) (*env, *ucitest.Fake, protocol.DocumentURI) {
	t.Helper()
	fake := ucitest.New(t, scenario)
	e := newEnv(t, nil)
	e.initialize(protocol.ClientCapabilities{Window: &protocol.WindowClientCapabilities{WorkDoneProgress: true}},
		map[string]any{"engine": map[string]any{"path": fake.Executable(t), "nodes": 1000}})
	uri := protocol.DocumentURI("file:///engine.pgn")
	e.open(uri, 1, blunderGame)
	e.waitVersion(uri, 1)
	return e, fake, uri
}

// analyse runs pgnls.analyseGame on the game at pos and decodes its answer.
func (e *env) analyse(uri protocol.DocumentURI, pos protocol.Position) (*analyseSummary, error) {
	e.t.Helper()
	raw, err := e.call(protocol.MethodWorkspaceExecuteCommand, map[string]any{
		"command": commandAnalyseGame, "arguments": []any{uri, pos},
	})
	if err != nil {
		return nil, err
	}
	var sum *analyseSummary
	if len(raw) == 0 {
		return nil, nil // null
	}
	if err := json.Unmarshal(raw, &sum); err != nil {
		e.t.Fatalf("answer %s: %v", raw, err)
	}
	return sum, nil
}

func (e *env) codeActions(uri protocol.DocumentURI, r protocol.Range, only ...protocol.CodeActionKind) []protocol.CodeAction {
	e.t.Helper()
	raw, err := e.call(protocol.MethodTextDocumentCodeAction, &protocol.CodeActionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Range: r, Context: protocol.CodeActionContext{Only: only},
	})
	if err != nil {
		e.t.Fatal(err)
	}
	var actions []protocol.CodeAction
	if err := json.Unmarshal(raw, &actions); err != nil {
		e.t.Fatal(err)
	}
	return actions
}

func hasCode(p published, code string) bool { return slices.Contains(p.codes(), code) }

func TestAnalyseThisGameFindsTheBlunderWithItsFixesHintsAndHover(t *testing.T) {
	e, _, uri := engineEnv(t, ucitest.Normal)

	actions := e.codeActions(uri, protocol.Range{}, kindAnalyse)
	if len(actions) != 1 || actions[0].Command == nil || actions[0].Command.Command != commandAnalyseGame {
		t.Fatalf("source actions %+v, want Analyse this game", actions)
	}
	raw, err := e.call(methodCodeLens, map[string]any{"textDocument": map[string]any{"uri": uri}})
	if err != nil || !strings.Contains(string(raw), `"title":"Analyse this game"`) || !strings.Contains(string(raw), commandAnalyseGame) {
		t.Fatalf("code lenses %s, %v", raw, err)
	}

	sum, err := e.analyse(uri, protocol.Position{})
	if err != nil {
		t.Fatal(err)
	}
	if sum == nil || sum.Blunders != 1 || sum.Moves != 5 || sum.Searched != 6 {
		t.Fatalf("summary %+v, want 5 moves, 6 positions searched, 1 blunder", sum)
	}
	p := e.waitDiagnostics(uri, "the engine-blunder diagnostic", func(p published) bool { return hasCode(p, "engine-blunder") })
	for _, d := range *p.Diagnostics {
		if d.Code == "engine-blunder" {
			if d.Range != qh4 || d.Severity != protocol.DiagnosticSeverityInformation || !strings.Contains(d.Message, "Blunder") {
				t.Errorf("engine-blunder %+v, want it on Qh4, information, saying Blunder", d)
			}
		}
	}

	// The progress: created, cancellable, positions reported, ended.
	e.client.waitFor(t, "the progress of the run, to its end", func(c *fakeClient) bool {
		var kinds []string
		for _, pr := range c.progress {
			b, _ := json.Marshal(pr.Value)
			kinds = append(kinds, string(b))
		}
		all := strings.Join(kinds, "\n")
		return len(c.created) > 0 && strings.Contains(all, `"cancellable":true`) && strings.Contains(all, `"6/6 positions"`) &&
			strings.Contains(all, `"kind":"end","message":"1 blunder"`)
	})

	fixes := e.codeActions(uri, qh4, protocol.QuickFix)
	var titles []string
	var nag *protocol.CodeAction
	for i, a := range fixes {
		titles = append(titles, a.Title)
		if strings.Contains(a.Title, "$4") {
			nag = &fixes[i]
		}
	}
	if nag == nil || !nag.IsPreferred {
		t.Fatalf("quick fixes %q: no preferred $4", titles)
	}
	edits := nag.Edit.Changes[uri]
	if len(edits) != 1 || edits[0].NewText != " $4" || edits[0].Range.Start != qh4.End {
		t.Errorf("the $4 fix's edits %+v, want \" $4\" after Qh4", edits)
	}
	if !slices.ContainsFunc(titles, func(s string) bool { return strings.HasPrefix(s, "Add the engine's line as a variation: (2... ") }) ||
		!slices.ContainsFunc(titles, func(s string) bool { return strings.Contains(s, "[%eval]") }) {
		t.Errorf("quick fixes %q: want the variation and the [%%eval] comments", titles)
	}
	annotate := e.codeActions(uri, qh4, kindAnnotate)
	if len(annotate) != 1 {
		t.Errorf("annotate actions %+v, want one", annotate)
	}

	raw, err = e.call(methodInlayHint, &inlayHintParams{TextDocument: protocol.TextDocumentIdentifier{URI: uri},
		Range: protocol.Range{End: protocol.Position{Line: 20}}})
	if err != nil {
		t.Fatal(err)
	}
	var hints []inlayHint
	json.Unmarshal(raw, &hints)
	evals := 0
	for _, h := range hints {
		if strings.HasPrefix(h.Tooltip, "engine: ") {
			evals++
		}
	}
	if evals != 5 {
		t.Errorf("inlay hints %+v: %d evaluations, want one after each of the 5 moves", hints, evals)
	}

	raw, err = e.call(protocol.MethodTextDocumentHover, &protocol.HoverParams{TextDocumentPositionParams: protocol.TextDocumentPositionParams{
		TextDocument: protocol.TextDocumentIdentifier{URI: uri}, Position: protocol.Position{Line: blunderLine, Character: 17}}})
	if err != nil || !strings.Contains(string(raw), "Engine: ") || !strings.Contains(string(raw), "Best move: ") {
		t.Errorf("hover on Qh4: %s, %v; want the engine's evaluation and best move", raw, err)
	}
}

// An edit keeps the engine's diagnostics of the moves before it, drops the
// others, and a run after it searches only the positions it made new.
func TestEngineResultsFollowEditsAndReRunsSearchOnlyNewPositions(t *testing.T) {
	e, fake, uri := engineEnv(t, ucitest.Normal)
	if _, err := e.analyse(uri, protocol.Position{}); err != nil {
		t.Fatal(err)
	}
	e.waitDiagnostics(uri, "the engine-blunder diagnostic", func(p published) bool { return hasCode(p, "engine-blunder") })

	// Text above the game: the diagnostic moves with the move.
	e.change(uri, 2, contentChange{Range: rng(0, 0, 0, 0), Text: "{ annotated by pgnls }\n"})
	p := e.waitVersion(uri, 2)
	found := false
	for _, d := range *p.Diagnostics {
		if d.Code == "engine-blunder" {
			found = true
			if d.Range.Start.Line != blunderLine+1 || d.Range.Start.Character != 16 {
				t.Errorf("after a line above: engine-blunder at %+v, want line %d", d.Range, blunderLine+1)
			}
		}
	}
	if !found {
		t.Fatalf("after a line above the game: codes %v, want engine-blunder kept", p.codes())
	}
	// A move after the blunder changes: the blunder stays.
	e.change(uri, 3, contentChange{Range: rng(blunderLine+1, 23, blunderLine+1, 27), Text: "Nc3"})
	if p := e.waitVersion(uri, 3); !hasCode(p, "engine-blunder") {
		t.Fatalf("after 3. Nc3: codes %v, want engine-blunder kept", p.codes())
	}
	// The move before it changes: the analysis no longer applies.
	e.change(uri, 4, contentChange{Range: rng(blunderLine+1, 12, blunderLine+1, 15), Text: "Nc3"})
	if p := e.waitVersion(uri, 4); hasCode(p, "engine-blunder") {
		t.Fatalf("after 2. Nc3: codes %v, want no engine-blunder", p.codes())
	}
	before := fake.Count("go")
	sum, err := e.analyse(uri, protocol.Position{Line: 1})
	if err != nil {
		t.Fatal(err)
	}
	// 1. e4 e5 2. Nc3 Qh4 3. Nc3?? is illegal: the line stops at 3. Nc3.
	if sum.Moves != 4 || sum.Searched != 2 || fake.Count("go")-before != 2 {
		t.Errorf("re-run %+v, %d searches: want 4 moves, 2 new positions searched (after 2. Nc3 and 2... Qh4)", sum, fake.Count("go")-before)
	}
}

func TestMissingEngineIsShownAndNothingHangs(t *testing.T) {
	e := newEnv(t, nil)
	e.initialize(protocol.ClientCapabilities{}, map[string]any{"engine": map[string]any{"path": "/nonexistent/stockfish"}})
	uri := protocol.DocumentURI("file:///engine.pgn")
	e.open(uri, 1, blunderGame)
	sum, err := e.analyse(uri, protocol.Position{})
	if err != nil || sum != nil {
		t.Fatalf("answer %+v, %v; want null", sum, err)
	}
	e.client.waitFor(t, "the message about the missing engine", func(c *fakeClient) bool {
		return slices.ContainsFunc(c.messages, func(m protocol.ShowMessageParams) bool {
			return m.Type == protocol.MessageTypeError && strings.Contains(m.Message, "/nonexistent/stockfish does not exist") &&
				strings.Contains(m.Message, "engine.path")
		})
	})
}

func TestCrashedEngineIsShown(t *testing.T) {
	e, _, uri := engineEnv(t, ucitest.CrashInSearch)
	if sum, err := e.analyse(uri, protocol.Position{}); err != nil || sum != nil {
		t.Fatalf("answer %+v, %v; want null", sum, err)
	}
	e.client.waitFor(t, "the message about the crash", func(c *fakeClient) bool {
		return slices.ContainsFunc(c.messages, func(m protocol.ShowMessageParams) bool {
			return m.Type == protocol.MessageTypeError && strings.Contains(m.Message, "exit status 2")
		})
	})
}

// The progress's cancel button (window/workDoneProgress/cancel) and
// $/cancelRequest both stop a run, which is answered RequestCancelled.
func TestEngineRunIsCancelledByProgressCancelAndCancelRequest(t *testing.T) {
	e, fake, uri := engineEnv(t, ucitest.Slow)
	args := map[string]any{"command": commandAnalyseGame, "arguments": []any{uri, protocol.Position{}}}

	done := make(chan error, 1)
	go func() { done <- protocol.Call(e.ctx, e.conn, protocol.MethodWorkspaceExecuteCommand, args, nil) }()
	var token json.RawMessage
	// Once a position is searched, the next search is under way: the
	// cancel stops it.
	e.client.waitFor(t, "the run's progress", func(c *fakeClient) bool {
		for _, p := range c.progress {
			if b, _ := json.Marshal(p.Value); strings.Contains(string(b), `"1/6 positions"`) {
				token, _ = json.Marshal(&p.Token)
				return true
			}
		}
		return false
	})
	e.notify(protocol.MethodWorkDoneProgressCancel, map[string]any{"token": token})
	if err := <-done; !isCode(err, protocol.CodeRequestCancelled) {
		t.Errorf("after window/workDoneProgress/cancel: %v, want RequestCancelled", err)
	}

	callCtx, cancel := context.WithCancel(e.ctx)
	go func() { done <- protocol.Call(callCtx, e.conn, protocol.MethodWorkspaceExecuteCommand, args, nil) }()
	e.client.waitFor(t, "the second run's progress", func(c *fakeClient) bool { return len(c.created) == 2 })
	cancel() // protocol.Call sends $/cancelRequest
	<-done
	e.client.waitFor(t, "the answer to the cancelled run", func(c *fakeClient) bool {
		n := 0
		for _, r := range c.responses {
			if isCode(r.Err(), protocol.CodeRequestCancelled) {
				n++
			}
		}
		return n == 2
	})
	// The notifications may be read after the answers.
	e.client.waitFor(t, "both progresses ended cancelled", func(c *fakeClient) bool {
		ends := 0
		for _, p := range c.progress {
			if b, _ := json.Marshal(p.Value); strings.Contains(string(b), `"kind":"end","message":"cancelled"`) {
				ends++
			}
		}
		return ends == 2
	})
	// The first run's searches are kept: the second searched only the rest.
	if fake.Count("go") > 6 {
		t.Errorf("%d searches for 6 positions", fake.Count("go"))
	}
	// The server serves on.
	e.roundTrip()
}

func TestExecuteCommandRefusesUnknownCommandsAndBadArguments(t *testing.T) {
	e := newEnv(t, nil)
	e.initialize(protocol.ClientCapabilities{}, nil)
	for _, params := range []map[string]any{
		{"command": "pgnls.nonsense"},
		{"command": commandAnalyseGame},
		{"command": commandAnalyseGame, "arguments": []any{"file:///x.pgn", "here"}},
	} {
		if _, err := e.call(protocol.MethodWorkspaceExecuteCommand, params); !isCode(err, jsonrpc2.InvalidParams) {
			t.Errorf("%v: %v, want InvalidParams", params, err)
		}
	}
	// A document that is not open.
	if _, err := e.analyse("file:///closed.pgn", protocol.Position{}); !isCode(err, jsonrpc2.InvalidParams) {
		t.Errorf("a closed document: %v, want InvalidParams", err)
	}
}

// A document over maxDocumentSize is not analysed: the user is told, and
// the request answers null at once.
func TestOversizeDocumentIsNotAnalysed(t *testing.T) {
	fake := ucitest.New(t, ucitest.Normal)
	e := newEnv(t, nil)
	e.initialize(protocol.ClientCapabilities{}, map[string]any{"maxDocumentSize": 100,
		"engine": map[string]any{"path": fake.Executable(t), "nodes": 1000}})
	uri := protocol.DocumentURI("file:///big.pgn")
	e.open(uri, 1, blunderGame)
	if sum, err := e.analyse(uri, protocol.Position{Line: 8}); err != nil || sum != nil {
		t.Fatalf("answer %+v, %v; want null", sum, err)
	}
	e.client.waitFor(t, "the message", func(c *fakeClient) bool {
		return slices.ContainsFunc(c.messages, func(m protocol.ShowMessageParams) bool { return strings.Contains(m.Message, "maxDocumentSize") })
	})
	if fake.Count("go") != 0 {
		t.Error("the engine searched")
	}
}

// A change of the engine settings during a run stops it and says so; the
// next run uses the new engine.
func TestEngineSettingsChangedDuringARun(t *testing.T) {
	e, _, uri := engineEnv(t, ucitest.Slow)
	other := ucitest.New(t, ucitest.Normal)
	done := make(chan *analyseSummary, 1)
	go func() {
		sum, _ := e.analyse(uri, protocol.Position{})
		done <- sum
	}()
	e.client.waitFor(t, "the run's progress", func(c *fakeClient) bool { return len(c.created) == 1 })
	e.notify(protocol.MethodWorkspaceDidChangeConfiguration, &protocol.DidChangeConfigurationParams{
		Settings: map[string]any{"pgnls": map[string]any{"engine": map[string]any{"path": other.Executable(t), "nodes": 1000}}},
	})
	e.roundTrip()
	// The next run makes the new analyzer, which closes the old one.
	sum, err := e.analyse(uri, protocol.Position{})
	if err != nil || sum == nil || sum.Blunders != 1 {
		t.Fatalf("the run with the new engine: %+v, %v", sum, err)
	}
	switch first := <-done; {
	case first == nil: // stopped by the new engine's start: said so
		e.client.waitFor(t, "the message of the stopped run", func(c *fakeClient) bool {
			return slices.ContainsFunc(c.messages, func(m protocol.ShowMessageParams) bool {
				return strings.Contains(m.Message, "the engine settings changed during the analysis")
			})
		})
	case first.Moves != 5:
		t.Errorf("the first run answered %+v", first)
	}
	if other.Count("go") == 0 {
		t.Error("the new engine searched nothing")
	}
}

// shutdown stops a run in progress, which is answered RequestCancelled.
func TestShutdownStopsAnEngineRun(t *testing.T) {
	e, _, uri := engineEnv(t, ucitest.Slow)
	done := make(chan error, 1)
	go func() { _, err := e.analyse(uri, protocol.Position{}); done <- err }()
	e.client.waitFor(t, "the run's progress", func(c *fakeClient) bool { return len(c.created) == 1 })
	if _, err := e.call(protocol.MethodShutdown, nil); err != nil {
		t.Fatal(err)
	}
	if err := <-done; !isCode(err, protocol.CodeRequestCancelled) {
		t.Errorf("the run after shutdown: %v, want RequestCancelled", err)
	}
}
