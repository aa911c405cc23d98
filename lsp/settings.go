package lsp

import (
	"encoding/json"
	"fmt"
	"sort"

	"pgnls/analysis"
)

// settingsSection is the name of the server's section in the client's
// configuration (initializationOptions, workspace/didChangeConfiguration,
// workspace/configuration).
const settingsSection = "pgnls"

// severityOff is the severity of a code the settings silence.
const severityOff analysis.Severity = 0

// Settings are the user's choices, read from the "pgnls" section.
type Settings struct {
	// LineWidth is the width the formatter fills lines to.
	LineWidth int
	// MaxDiagnostics caps the diagnostics published per document (0: no
	// cap). The most severe are kept, then those nearest the last edit.
	// The default, 100 (as in the LSP sample server and cSpell), keeps
	// each keystroke's publication small in a database with thousands of
	// problems: the client decodes the whole list after every keystroke.
	// Measured in one run (BenchmarkBinary, 30 MB database against a
	// 10-game document), a keystroke's p99 was 2.5-3.5 times the small
	// document's with 1000 (200 KB of JSON), 1.6-2.6 with 250, and
	// 1.2-1.3 with 100.
	MaxDiagnostics int
	// Severity overrides the default severity of codes; severityOff
	// silences a code.
	Severity map[analysis.Code]analysis.Severity
	// ECOFile is the ECO classification file that hovers name openings
	// from (hover.go); "" for none.
	ECOFile string
	// InlayHints chooses the inlay hints (inlay.go): NAG glyphs by default,
	// ply numbers on request.
	InlayHints analysis.InlayOptions
	// MaxDocumentSize is the size in bytes above which a document is not
	// analyzed (limits.go); 0: no limit.
	MaxDocumentSize int
}

func defaultSettings() *Settings {
	return &Settings{LineWidth: 79, MaxDiagnostics: 100, ECOFile: defaultECOFile, InlayHints: analysis.InlayOptions{NAGGlyphs: true},
		MaxDocumentSize: defaultMaxDocumentSize}
}

// severity returns the severity a diagnostic is published with, or
// severityOff.
func (s *Settings) severity(d analysis.Diagnostic) analysis.Severity {
	if sev, ok := s.Severity[d.Code]; ok {
		return sev
	}
	return d.Severity
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
	if w, ok := obj["lineWidth"]; ok {
		if n, ok := intValue(w); ok && n > 0 {
			set.LineWidth = n
		} else {
			problems = append(problems, fmt.Sprintf("settings: lineWidth: want a positive integer, not %v", w))
		}
	}
	if m, ok := obj["maxDiagnostics"]; ok {
		if n, ok := intValue(m); ok && n >= 0 {
			set.MaxDiagnostics = n
		} else {
			problems = append(problems, fmt.Sprintf("settings: maxDiagnostics: want an integer >= 0, not %v", m))
		}
	}
	if m, ok := obj["maxDocumentSize"]; ok {
		if n, ok := intValue(m); ok && n >= 0 {
			set.MaxDocumentSize = n
		} else {
			problems = append(problems, fmt.Sprintf("settings: maxDocumentSize: want a size in bytes >= 0, not %v", m))
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
	if sv, ok := obj["severity"]; ok && sv != nil {
		if list, ok := sv.([]any); ok && len(list) == 0 {
			sv = map[string]any{} // Neovim 0.7 sends an empty Lua table as []
		}
		codes, ok := sv.(map[string]any)
		if !ok {
			problems = append(problems, fmt.Sprintf("settings: severity: want an object of code: severity, not %s", jsonKind(sv)))
			return set, problems
		}
		set.Severity = make(map[analysis.Code]analysis.Severity, len(codes))
		names := make([]string, 0, len(codes))
		for code := range codes {
			names = append(names, code)
		}
		sort.Strings(names) // problems in a stable order
		for _, code := range names {
			if !knownCode(analysis.Code(code)) {
				problems = append(problems, fmt.Sprintf("settings: severity: unknown code %q", code))
				continue
			}
			name, _ := codes[code].(string)
			sev, ok := analysis.ParseSeverity(name)
			if name == "off" {
				sev, ok = severityOff, true
			}
			if !ok {
				problems = append(problems, fmt.Sprintf("settings: severity: %s: want error, warning, information, hint or off, not %v", code, codes[code]))
				continue
			}
			set.Severity[analysis.Code(code)] = sev
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

func knownCode(c analysis.Code) bool {
	for _, info := range analysis.Codes {
		if info.Code == c {
			return true
		}
	}
	return false
}

// intValue accepts a JSON number that is a whole number.
func intValue(v any) (int, bool) {
	f, ok := v.(float64)
	if !ok || f != float64(int(f)) {
		return 0, false
	}
	return int(f), true
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
