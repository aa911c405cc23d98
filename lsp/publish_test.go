package lsp

import (
	"bytes"
	"encoding/json"
	"testing"

	"go.lsp.dev/protocol"
)

// oddStrings are strings whose JSON encoding has a special case: escapes,
// control characters, HTML characters, invalid UTF-8, U+2028 and U+2029,
// characters outside the BMP.
var oddStrings = []string{
	"", "plain", `quote " and backslash \`, "\b\f\n\r\t", "\x00\x01\x1f\x7f", "<script>&amp;</script>",
	"\xff", "a\xc3", "\xed\xa0\x80", "\u2028\u2029", "é💎 Müller", "\ufffd", "e4\u2027\u202a", "%\"{}\\u0041",
}

func publishedBytes(t testing.TB, p *publishDiagnosticsParams) (got, want []byte) {
	got = appendPublishDiagnostics(nil, p)
	want, err := json.Marshal(&publishMessage{JSONRPC: "2.0", Method: protocol.MethodTextDocumentPublishDiagnostics, Params: p})
	if err != nil {
		t.Fatal(err)
	}
	return got, want
}

// TestPublishEncodingMatchesEncodingJSON: the hand-written encoder writes
// what encoding/json writes, byte for byte.
func TestPublishEncodingMatchesEncodingJSON(t *testing.T) {
	version := int32(-7)
	var diags []protocol.Diagnostic
	for i, s := range oddStrings {
		diags = append(diags, protocol.Diagnostic{
			Range:    protocol.Range{Start: protocol.Position{Line: uint32(i), Character: 4294967295}, End: protocol.Position{Line: 1 << 20, Character: 0}},
			Severity: protocol.DiagnosticSeverity(i % 5),
			Code:     s,
			Source:   s,
			Message:  s,
		})
	}
	// The fields the encoder hands to encoding/json.
	diags = append(diags,
		protocol.Diagnostic{Code: int32(3), Message: "numeric code"},
		protocol.Diagnostic{Severity: 1.5, Message: "odd severity"},
		protocol.Diagnostic{Severity: -1, Message: "negative severity"},
		protocol.Diagnostic{Tags: []protocol.DiagnosticTag{protocol.DiagnosticTagUnnecessary}, Message: "tags"},
		protocol.Diagnostic{Data: map[string]any{"<": "\u2028"}, Message: "data"},
		protocol.Diagnostic{CodeDescription: &protocol.CodeDescription{Href: "https://example.org/?a=1&b=2"}},
	)
	for _, p := range []*publishDiagnosticsParams{
		{URI: "file:///a%20b/<x>.pgn", Version: &version, Diagnostics: diags},
		{URI: "file:///empty.pgn", Diagnostics: []protocol.Diagnostic{}},
		{URI: "file:///null.pgn"},
	} {
		if got, want := publishedBytes(t, p); !bytes.Equal(got, want) {
			t.Errorf("hand-encoded:\n%s\nencoding/json:\n%s", got, want)
		}
	}
}

// FuzzPublishEncoding: for any strings and numbers, the hand-written
// encoder writes what encoding/json writes.
func FuzzPublishEncoding(f *testing.F) {
	for _, s := range oddStrings {
		f.Add("file:///x.pgn", s, s, uint32(1), uint32(2), uint8(1), int32(3))
	}
	f.Fuzz(func(t *testing.T, uri, code, message string, line, col uint32, severity uint8, version int32) {
		p := &publishDiagnosticsParams{URI: protocol.DocumentURI(uri), Version: &version, Diagnostics: []protocol.Diagnostic{{
			Range:    protocol.Range{Start: protocol.Position{Line: line, Character: col}, End: protocol.Position{Line: col, Character: line}},
			Severity: protocol.DiagnosticSeverity(severity),
			Code:     code,
			Source:   message,
			Message:  message,
		}}}
		if got, want := publishedBytes(t, p); !bytes.Equal(got, want) {
			t.Errorf("hand-encoded:\n%s\nencoding/json:\n%s", got, want)
		}
	})
}
