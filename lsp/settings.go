package lsp

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"net/url"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strconv"
	"strings"

	"go.lsp.dev/protocol"

	"pgnls/analysis"
	"pgnls/analysis/config"
	"pgnls/analysis/uci"
)

// settingsSection is the name of the server's section in the client's
// configuration (initializationOptions, workspace/didChangeConfiguration,
// workspace/configuration).
const settingsSection = "pgnls"

// severityOff is the severity of a code the settings silence.
const severityOff = config.Off

// Settings are the user's choices, read from the "pgnls" section.
type Settings struct {
	// LineWidth is the width the formatter fills lines to.
	LineWidth int
	// MaxDiagnostics caps the diagnostics published per document (0: no
	// cap). The most severe are kept, then those nearest the last edit.
	// The default, 100 (as in the LSP sample server and cSpell), keeps
	// each keystroke's publication small in a database with thousands of
	// problems: the client decodes the whole list after every keystroke
	// (bench/NOTES.md has the measurements behind 100).
	MaxDiagnostics int
	// Severity overrides the default severity of codes; severityOff
	// silences a code.
	Severity map[analysis.Code]analysis.Severity
	// ECOFile is the ECO classification file that hovers name openings
	// from (hover.go); "" for none.
	ECOFile string
	// InlayHints chooses the inlay hints (inlay.go): NAG glyphs by default,
	// ply numbers, move times and evaluations on request.
	InlayHints analysis.InlayOptions
	// MaxDocumentSize is the size in bytes above which a document is not
	// analyzed (limits.go); 0: no limit.
	MaxDocumentSize int
	// MoveLanguage is the language (of analysis.MoveLanguages) that
	// "Translate this game" translates from; "" tries them all.
	MoveLanguage string
	// HoverImages draws the boards of hovers as SVG pictures (the setting
	// hover.board: "image") for clients that take Markdown; the default,
	// "text", keeps the text board, which every client shows.
	HoverImages bool
	// Engine is the chess engine that "Analyse this game" runs
	// (engine.go).
	Engine EngineSettings
}

// EngineSettings are the settings of the engine analysis: which engine,
// its Threads and Hash options, and the nodes searched per position.
type EngineSettings struct {
	// Path is the engine's executable, a path or a name on PATH; ""
	// means Stockfish: stockfish on PATH, else /usr/games/stockfish.
	Path string
	// Threads and Hash are the engine's options of those names. One
	// thread makes Stockfish's analysis repeat exactly.
	Threads, Hash int
	// Nodes is how many nodes the engine searches in each position.
	Nodes int
	// Thresholds are the drops in the mover's winning chances (0 to 100)
	// from which a move is an inaccuracy, a mistake, a blunder.
	Thresholds uci.Thresholds
}

// defaultEngineSettings: one thread (repeatable), Stockfish's default
// hash of 16 MB, and 100,000 nodes a position, about a tenth of a second
// of Stockfish: a 40-move game in a few seconds (README).
var defaultEngineSettings = EngineSettings{Threads: 1, Hash: 16, Nodes: 100_000, Thresholds: uci.LichessThresholds()}

func defaultSettings() *Settings {
	return &Settings{LineWidth: 79, MaxDiagnostics: 100, ECOFile: defaultECOFile, InlayHints: analysis.InlayOptions{NAGGlyphs: true},
		MaxDocumentSize: defaultMaxDocumentSize, Engine: defaultEngineSettings}
}

// severity returns the severity a diagnostic is published with, or
// severityOff.
func (s *Settings) severity(d analysis.Diagnostic) analysis.Severity {
	if sev, ok := s.Severity[d.Code]; ok {
		return sev
	}
	return d.Severity
}

// settingsFor returns the settings that apply to a document: the editor's,
// with the severities of the project config file (.pgnls.json or
// pgnls.toml, found upwards from the document's folder, as `pgnls check`
// finds it) under them: a code the editor's severity setting names takes
// the editor's level, as ruff's editor-first default does. The file is
// looked up at every publication (a few stat calls) and read again when it
// changes; its problems, or why it cannot be read, are told once per
// change. A document that is not a file has the editor's settings alone.
func (s *server) settingsFor(uri protocol.DocumentURI) *Settings {
	set := s.settings.Load()
	path, ok := filePath(uri)
	if !ok {
		return set
	}
	file, fresh, err := s.projects.ForDir(filepath.Dir(path))
	if fresh {
		var problems []string
		if err != nil {
			problems = []string{err.Error() + " (no config file applies)"}
		} else {
			problems = file.Problems
		}
		for _, p := range problems {
			s.log.Warn(p)
		}
		if len(problems) > 0 {
			s.showMessage(protocol.MessageTypeWarning, "pgnls: "+strings.Join(problems, "; "))
		}
	}
	if err != nil || file == nil || len(file.Severity) == 0 {
		return set
	}
	merged := *set
	merged.Severity = config.Merge(file.Severity, set.Severity)
	return &merged
}

// filePath returns the path of a file: URI.
func filePath(uri protocol.DocumentURI) (string, bool) {
	u, err := url.Parse(string(uri))
	if err != nil || u.Scheme != "file" || u.Path == "" {
		return "", false
	}
	path := u.Path
	if runtime.GOOS == "windows" && len(path) > 2 && path[0] == '/' && path[2] == ':' {
		path = path[1:] // file:///C:/games
	}
	return filepath.FromSlash(path), true
}

// parseSettings reads settings from a decoded JSON value: either the
// section itself or an object holding it under "pgnls". A missing or null
// value gives the defaults; each field that is present but invalid keeps its
// default and is described in problems, so that one typo does not discard
// the rest.
func parseSettings(v any) (set *Settings, problems []string) {
	set = defaultSettings()
	obj, ok := v.(map[string]any)
	if !ok {
		if v != nil {
			problems = append(problems, fmt.Sprintf("settings: want an object, not %s", jsonKind(v)))
		}
		return set, problems
	}
	if inner, ok := obj[settingsSection]; ok {
		if obj, ok = inner.(map[string]any); !ok {
			if inner != nil {
				problems = append(problems, fmt.Sprintf("settings: %q: want an object, not %s", settingsSection, jsonKind(inner)))
			}
			return set, problems
		}
	}
	for _, b := range numberSettings {
		v, ok := obj[b.name]
		if !ok {
			continue
		}
		if n, ok := intValue(v, b.min, b.max); ok {
			*b.field(set) = n
		} else {
			problems = append(problems, fmt.Sprintf("settings: %s: want %s, not %s", b.name, b.want, jsonValue(v)))
		}
	}
	if ih, ok := obj["inlayHints"]; ok {
		problems = append(problems, parseInlayHints(ih, &set.InlayHints)...)
	}
	if v, ok := obj["ecoFile"]; ok && v != nil {
		if path, ok := v.(string); ok {
			set.ECOFile = path
		} else {
			problems = append(problems, fmt.Sprintf("settings: ecoFile: want a file path, not %s", jsonKind(v)))
		}
	}
	if v, ok := obj["moveLanguage"]; ok && v != nil {
		name, _ := v.(string)
		if lang, ok := analysis.MoveLanguage(name); ok || name == "" {
			set.MoveLanguage = lang
		} else {
			problems = append(problems, fmt.Sprintf("settings: moveLanguage: want \"\" or one of %s, not %s", strings.Join(analysis.MoveLanguages(), ", "), jsonValue(v)))
		}
	}
	if v, ok := obj["hover"]; ok && v != nil {
		problems = append(problems, parseHover(v, set)...)
	}
	if v, ok := obj["engine"]; ok && v != nil {
		problems = append(problems, parseEngine(v, &set.Engine)...)
	}
	if sv, ok := obj["severity"]; ok && sv != nil {
		sev, bad := config.ParseSeverities(sv) // the project config file's too
		set.Severity = sev
		for _, p := range bad {
			problems = append(problems, "settings: "+p)
		}
	}
	return set, problems
}

// parseSettingsJSON is parseSettings on raw JSON (initializationOptions).
func parseSettingsJSON(raw json.RawMessage) (*Settings, []string) {
	if len(raw) == 0 {
		return defaultSettings(), nil
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return defaultSettings(), []string{"settings: " + err.Error()}
	}
	return parseSettings(v)
}

// numberSettings are the settings that are whole numbers, with their
// bounds. A value out of them is almost surely a slip (2^62, -5), and each
// bound is where the setting stops meaning anything:
//
//   - lineWidth, 20 to 254: a line of the standard's import format holds
//     at most 255 characters with its line break (section 4.3), so a wider
//     line is no longer PGN that every program reads; under 20, a move
//     number, a move and its annotation ("123... Qxe8+!? $18") do not fit,
//     and each line holds one token.
//   - maxDiagnostics, 0 (no limit) to 100,000: past that a publication is
//     over 20 MB of JSON after every keystroke, which no editor digests;
//     0 is how to ask for all of them.
//   - maxDocumentSize, 0 (no limit) to 2^40 bytes (1 TiB): the server keeps
//     about three times an analyzed document in memory, and no machine it
//     runs on has three terabytes.
var numberSettings = []struct {
	name     string
	min, max float64
	want     string
	field    func(*Settings) *int
}{
	{"lineWidth", 20, 254, "a whole number of characters from 20 to 254", func(s *Settings) *int { return &s.LineWidth }},
	{"maxDiagnostics", 0, 100_000, "a whole number from 0 (no limit) to 100000", func(s *Settings) *int { return &s.MaxDiagnostics }},
	{"maxDocumentSize", 0, 1 << 40, "a size in bytes from 0 (no limit) to 1099511627776 (1 TiB)", func(s *Settings) *int { return &s.MaxDocumentSize }},
}

// intValue accepts a JSON number that is a whole number from min to max.
func intValue(v any, min, max float64) (int, bool) {
	f, ok := v.(float64)
	if !ok || f != math.Trunc(f) || f < min || f > max || f > math.MaxInt {
		return 0, false
	}
	return int(f), true
}

// jsonValue writes a setting's value as the user wrote it, more or less
// (JSON numbers come as float64: 2^62 is 4611686018427387904).
func jsonValue(v any) string {
	if f, ok := v.(float64); ok && f == math.Trunc(f) && math.Abs(f) < 1e21 {
		return strconv.FormatFloat(f, 'f', -1, 64)
	}
	b, err := json.Marshal(v)
	if err != nil || len(b) > 80 {
		return jsonKind(v)
	}
	return string(b)
}

func jsonKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case float64:
		return "a number"
	case string:
		return "a string"
	case []any:
		return "an array"
	}
	return "an object"
}

// parseHover reads the hover settings: {"board": "text"} or {"board":
// "image"}.
func parseHover(v any, set *Settings) (problems []string) {
	obj, ok := v.(map[string]any)
	if !ok {
		return []string{fmt.Sprintf("settings: hover: want an object such as {\"board\": \"image\"}, not %s", jsonKind(v))}
	}
	for name, v := range obj {
		if name != "board" {
			problems = append(problems, fmt.Sprintf("settings: hover: unknown setting %q (board)", name))
			continue
		}
		switch v {
		case "text", nil:
			set.HoverImages = false
		case "image":
			set.HoverImages = true
		default:
			problems = append(problems, fmt.Sprintf("settings: hover.board: want \"text\" or \"image\", not %s", jsonValue(v)))
		}
	}
	sort.Strings(problems)
	return problems
}

// engineNumbers are the engine's settings that are whole numbers, with
// their bounds: Stockfish's own for threads (1024) and hash (33554432 MB),
// and for nodes from 1 to 10^9 (over ten minutes a position).
var engineNumbers = []engineNumber{
	{"threads", 1, 1024, "a whole number of threads from 1 to 1024", func(e *EngineSettings) *int { return &e.Threads }},
	{"hash", 1, 33554432, "a size in MB from 1 to 33554432", func(e *EngineSettings) *int { return &e.Hash }},
	{"nodes", 1, 1e9, "a whole number of nodes from 1 to 1000000000", func(e *EngineSettings) *int { return &e.Nodes }},
}

type engineNumber struct {
	name     string
	min, max float64
	want     string
	field    func(*EngineSettings) *int
}

// parseEngine reads the engine settings: {"path": "", "threads": 1,
// "hash": 16, "nodes": 100000}; a field left out keeps its default.
func parseEngine(v any, set *EngineSettings) (problems []string) {
	obj, ok := v.(map[string]any)
	if !ok {
		return []string{fmt.Sprintf("settings: engine: want an object such as {\"path\": \"/usr/games/stockfish\", \"nodes\": 100000}, not %s", jsonKind(v))}
	}
	for _, name := range slices.Sorted(maps.Keys(obj)) {
		v := obj[name]
		if name == "thresholds" {
			problems = append(problems, parseThresholds(v, &set.Thresholds)...)
			continue
		}
		if name == "path" {
			if path, ok := v.(string); ok || v == nil {
				set.Path = path
			} else {
				problems = append(problems, fmt.Sprintf("settings: engine.path: want the engine's executable, not %s", jsonKind(v)))
			}
			continue
		}
		i := slices.IndexFunc(engineNumbers, func(n engineNumber) bool { return n.name == name })
		if i < 0 {
			problems = append(problems, fmt.Sprintf("settings: engine: unknown setting %q (path, threads, hash, nodes, thresholds)", name))
			continue
		}
		b := engineNumbers[i]
		if n, ok := intValue(v, b.min, b.max); ok {
			*b.field(set) = n
		} else {
			problems = append(problems, fmt.Sprintf("settings: engine.%s: want %s, not %s", name, b.want, jsonValue(v)))
		}
	}
	return problems
}

// parseThresholds reads engine.thresholds: {"inaccuracy": 5, "mistake":
// 10, "blunder": 15}, lichess's by default; a field left out keeps its
// value. Thresholds that do not rise from 0 to 100 keep the defaults.
func parseThresholds(v any, t *uci.Thresholds) (problems []string) {
	obj, ok := v.(map[string]any)
	if !ok {
		return []string{fmt.Sprintf("settings: engine.thresholds: want an object such as {\"inaccuracy\": 5, \"mistake\": 10, \"blunder\": 15}, not %s", jsonKind(v))}
	}
	got := *t
	fields := map[string]*float64{"inaccuracy": &got.Inaccuracy, "mistake": &got.Mistake, "blunder": &got.Blunder}
	for _, name := range slices.Sorted(maps.Keys(obj)) {
		dst, known := fields[name]
		f, isNumber := obj[name].(float64)
		switch {
		case !known:
			problems = append(problems, fmt.Sprintf("settings: engine.thresholds: unknown threshold %q (inaccuracy, mistake, blunder)", name))
		case !isNumber:
			problems = append(problems, fmt.Sprintf("settings: engine.thresholds.%s: want a number of points from 0 to 100, not %s", name, jsonValue(obj[name])))
		default:
			*dst = f
		}
	}
	if err := got.Validate(); err != nil {
		return append(problems, "settings: engine.thresholds: "+err.Error())
	}
	*t = got
	return problems
}
