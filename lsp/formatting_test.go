package lsp

import (
	"encoding/json"
	"math/rand"
	"strconv"
	"strings"
	"testing"

	"go.lsp.dev/protocol"

	"pgnls/analysis"
	"pgnls/pgn"
)

// Issue 13, "the editor's formatting drifts from pgnls fmt": after any
// changes, Format Document and Format Selection over the whole text give
// what `pgnls fmt` gives of the same text (analysis.Format of its parse,
// which the streaming fmt equals: analysis's format property tests).

// checkFormatsAsFmt asks for Format Document and for Format Selection over
// the whole text, and compares what their edits make of text with the
// formatter's output.
func checkFormatsAsFmt(t *testing.T, e *env, uri protocol.DocumentURI, text, what string) {
	t.Helper()
	checkDocText(t, e, uri, text)
	want := analysis.Format(pgn.Parse(text), analysis.FormatOptions{})
	lines := pgn.NewLineTable(text)
	td := map[string]any{"uri": uri}
	for _, r := range []request{
		{protocol.MethodTextDocumentFormatting, map[string]any{"textDocument": td}},
		{protocol.MethodTextDocumentRangeFormatting, map[string]any{"textDocument": td, "range": protocol.Range{End: toLSP(lines, len(text))}}},
	} {
		res := callAnswered(t, e, r.method, r.params)
		var edits []protocol.TextEdit
		if err := json.Unmarshal(res, &edits); err != nil {
			t.Fatalf("%s: %s: %v", what, r.method, err)
		}
		if got, ok := applyEdits(text, edits); !ok || got != want {
			t.Fatalf("%s: %s of\n%q\ngives (ok %v)\n%q\nwant (pgnls fmt)\n%q", what, r.method, text, ok, got, want)
		}
	}
}

// TestFormatDocumentAfterAQuoteEqualsFmt: the case. Opening
// "%x\n1. e4 *\n" and typing '"' at the start of a line.
func TestFormatDocumentAfterAQuoteEqualsFmt(t *testing.T) {
	for _, line := range []uint32{0, 1} {
		e := newEnv(t, nil)
		e.initialize(protocol.ClientCapabilities{}, nil)
		uri := protocol.DocumentURI("file:///quote.pgn")
		text := "%x\n1. e4 *\n"
		e.open(uri, 1, text)
		e.change(uri, 2, contentChange{Range: rng(line, 0, line, 0), Text: "\""})
		at := []int{0, 3}[line]
		checkFormatsAsFmt(t, e, uri, text[:at]+"\""+text[at:], "a quote at the start of line "+strconv.Itoa(int(line)))
	}
}

// randomChange returns a random small change of text (ASCII, so that byte
// offsets are columns), as a protocol change and the new text.
func randomChange(rng *rand.Rand, text string) (contentChange, string) {
	pieces := []string{"\"", "{", "}", "(", ")", "%x\n", "[Event \"x\"]\n", "\n", "\n\n", "1. e4 ", "e5 ", "*", " ", "<", "[Event \"g\"]\n\n1. d4 *\n\n"}
	start := rng.Intn(len(text) + 1)
	if rng.Intn(3) == 0 {
		start = strings.LastIndexByte(text[:start], '\n') + 1
	}
	end := min(len(text), start+rng.Intn(4))
	insert := ""
	for k := rng.Intn(3); k > 0; k-- {
		insert += pieces[rng.Intn(len(pieces))]
	}
	lines := pgn.NewLineTable(text)
	r := protocol.Range{Start: toLSP(lines, start), End: toLSP(lines, end)}
	return contentChange{Range: &r, Text: insert}, text[:start] + insert + text[end:]
}

// TestFormatDocumentAfterAFloodOfChangesEqualsFmt: one didChange holding
// 10,000 changes, then a flood of single changes, each followed by Format
// Document and Format Selection over the whole text, which give what
// pgnls fmt gives.
func TestFormatDocumentAfterAFloodOfChangesEqualsFmt(t *testing.T) {
	e := newEnv(t, nil)
	e.initialize(protocol.ClientCapabilities{}, nil)
	uri := protocol.DocumentURI("file:///flood.pgn")
	text := strings.Repeat("[Event \"a\"]\n\n1. e4 e5 *\n\n{between}\n[Event \"b\"]\n[Round \"1\"]\n\n", 15)
	e.open(uri, 1, text)
	rng := rand.New(rand.NewSource(13))
	changes := make([]contentChange, 10_000)
	for i := range changes {
		changes[i], text = randomChange(rng, text)
	}
	e.change(uri, 2, changes...)
	checkFormatsAsFmt(t, e, uri, text, "after one didChange of 10,000 changes")
	for v := int32(3); v < 300; v++ {
		var c contentChange
		c, text = randomChange(rng, text)
		e.change(uri, v, c)
		if v%10 == 0 {
			checkFormatsAsFmt(t, e, uri, text, "after the change of version "+strconv.Itoa(int(v)))
		}
	}
	checkFormatsAsFmt(t, e, uri, text, "after the flood")
}
