// Package config reads the choices a user makes about diagnostics, in the
// same names and shape wherever they are made: the editor's "severity"
// setting, `pgnls check --severity code=level`, and the project config
// file (.pgnls.json or pgnls.toml) found upwards from a file. The language
// server and the command line both read it, so that a project checks the
// same in the editor and in CI.
package config

import (
	"fmt"
	"sort"
	"strings"

	"pgnls/analysis"
)

// Off is the severity of a code that is silenced: its diagnostics are not
// reported, and get no fix.
const Off analysis.Severity = 0

// Severities are per-code severity overrides: a code not in the map keeps
// its default severity (analysis.Codes).
type Severities map[analysis.Code]analysis.Severity

// Of returns the severity d is reported with, or Off.
func (s Severities) Of(d analysis.Diagnostic) analysis.Severity {
	if sev, ok := s[d.Code]; ok {
		return sev
	}
	return d.Severity
}

// Silenced reports whether code c is turned off.
func (s Severities) Silenced(c analysis.Code) bool {
	sev, ok := s[c]
	return ok && sev == Off
}

// Merge returns the overrides of under with those of over on top of them,
// code by code. It returns one of them as it is when the other is empty.
func Merge(under, over Severities) Severities {
	if len(over) == 0 {
		return under
	}
	if len(under) == 0 {
		return over
	}
	out := make(Severities, len(under)+len(over))
	for c, sev := range under {
		out[c] = sev
	}
	for c, sev := range over {
		out[c] = sev
	}
	return out
}

// levelNames are the names a severity is written with, Off's included.
const levelNames = "error, warning, information, hint or off"

// ParseLevel reads a severity name: error, warning, information, hint, or
// off (Off).
func ParseLevel(name string) (analysis.Severity, bool) {
	if name == "off" {
		return Off, true
	}
	return analysis.ParseSeverity(name)
}

// KnownCode reports whether c is one of analysis.Codes.
func KnownCode(c analysis.Code) bool {
	for _, info := range analysis.Codes() {
		if info.Code == c {
			return true
		}
	}
	return false
}

// ParseSeverities reads the "severity" setting from a decoded JSON or TOML
// value: an object of code: level. Each entry that is wrong (an unknown
// code, a level that is not one of the names) is left out and described in
// problems, in the order of the codes, so that one typo does not discard
// the rest. A value that is not an object gives no overrides and one
// problem.
func ParseSeverities(v any) (Severities, []string) {
	if list, ok := v.([]any); ok && len(list) == 0 {
		v = map[string]any{} // Neovim 0.7 sends an empty Lua table as []
	}
	codes, ok := v.(map[string]any)
	if !ok {
		return nil, []string{fmt.Sprintf("severity: want an object of code: severity, not %s", kindOf(v))}
	}
	out := make(Severities, len(codes))
	names := make([]string, 0, len(codes))
	for code := range codes {
		names = append(names, code)
	}
	sort.Strings(names) // problems in a stable order
	var problems []string
	for _, code := range names {
		if !KnownCode(analysis.Code(code)) {
			problems = append(problems, fmt.Sprintf("severity: unknown code %q", code))
			continue
		}
		name, _ := codes[code].(string)
		sev, ok := ParseLevel(name)
		if !ok {
			problems = append(problems, fmt.Sprintf("severity: %s: want %s, not %v", code, levelNames, codes[code]))
			continue
		}
		out[analysis.Code(code)] = sev
	}
	return out, problems
}

// ParseAssignments reads the value of a --severity flag into s: one or
// more code=level, separated by commas ("missing-tag=off,str-order=hint").
// It stops at the first that is wrong, and says why.
func (s Severities) ParseAssignments(value string) error {
	for _, item := range strings.Split(value, ",") {
		code, level, ok := strings.Cut(strings.TrimSpace(item), "=")
		if !ok {
			return fmt.Errorf("%q: want code=level, as missing-tag=off", item)
		}
		if !KnownCode(analysis.Code(code)) {
			return fmt.Errorf("unknown code %q (the README's \"Diagnostic codes\" lists them)", code)
		}
		sev, ok := ParseLevel(level)
		if !ok {
			return fmt.Errorf("%s: want %s, not %q", code, levelNames, level)
		}
		s[analysis.Code(code)] = sev
	}
	return nil
}

// kindOf names the kind of a decoded JSON or TOML value, for a message.
func kindOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean"
	case float64, int64:
		return "a number"
	case string:
		return "a string"
	case []any, []map[string]any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return fmt.Sprintf("a %T", v) // a TOML date or time
}
