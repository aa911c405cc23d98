package document

import (
	"strings"

	"pgnls/analysis"
	"pgnls/pgn"
)

// A chunk's diagnostics are kept packed: fixed-size records without
// pointers, and their texts (messages and replacements) in one string.
// A large document holds hundreds of thousands of diagnostics for as long
// as it is open; as Diagnostic values, with a string allocated for each
// message, they were much of its memory and of what the collector had to
// trace on each cycle, which a language server under its memory limit
// (lsp/memory.go) runs every few dozen keystrokes. Packed, they take less
// memory and the collector looks at two pointers per chunk (bench/NOTES.md).

// packedDiagnostic is a Diagnostic without its texts. Its texts start where
// the previous record's end in packedDiagnostics.texts.
type packedDiagnostic struct {
	pos, end pgn.Pos
	game     int32
	// codeEnd, messageEnd and replacementEnd end the code (when code is
	// unknownCode), the message and the replacement in texts.
	codeEnd, messageEnd, replacementEnd uint32
	severity                            int8
	code                                uint8 // index in Codes, or unknownCode
}

// unknownCode marks a code not in Codes, whose text is then kept too.
const unknownCode = 255

// packedDiagnostics is a list of diagnostics in packed form.
type packedDiagnostics struct {
	records []packedDiagnostic
	texts   string
}

// pack packs diags: the records first, with each code looked up once, then
// the texts, written once into a string made at its final size.
func pack(diags []analysis.Diagnostic) packedDiagnostics {
	records := make([]packedDiagnostic, len(diags))
	size := 0
	for i, d := range diags {
		r := &records[i]
		r.pos, r.end, r.game, r.severity = d.Pos, d.End, int32(d.Game), int8(d.Severity)
		if ci := analysis.CodeIndex(d.Code); ci >= 0 && ci < unknownCode {
			r.code = uint8(ci)
		} else {
			r.code = unknownCode
			size += len(d.Code)
		}
		size += len(d.Message) + len(d.Replacement)
	}
	var texts strings.Builder
	texts.Grow(size)
	for i, d := range diags {
		r := &records[i]
		if r.code == unknownCode {
			texts.WriteString(string(d.Code))
		}
		r.codeEnd = uint32(texts.Len())
		texts.WriteString(d.Message)
		r.messageEnd = uint32(texts.Len())
		texts.WriteString(d.Replacement)
		r.replacementEnd = uint32(texts.Len())
	}
	return packedDiagnostics{records: records, texts: texts.String()}
}

// codes returns the set of the known codes of the diagnostics.
func (p *packedDiagnostics) codes() codeSet {
	var set codeSet
	for _, r := range p.records {
		if r.code != unknownCode {
			set = set.with(int(r.code))
		}
	}
	return set
}

// len returns the number of diagnostics.
func (p *packedDiagnostics) len() int { return len(p.records) }

// codeIndex returns the index in Codes of diagnostic i's code, or -1.
func (p *packedDiagnostics) codeIndex(i int) int {
	if c := p.records[i].code; c != unknownCode {
		return int(c)
	}
	return -1
}

// at returns diagnostic i. Its strings share the packed texts.
func (p *packedDiagnostics) at(i int) analysis.Diagnostic {
	r := &p.records[i]
	start := uint32(0)
	if i > 0 {
		start = p.records[i-1].replacementEnd
	}
	code := analysis.Code(p.texts[start:r.codeEnd])
	if r.code != unknownCode {
		code = analysis.CodeAt(int(r.code)).Code
	}
	return analysis.Diagnostic{
		Pos: r.pos, End: r.end, Severity: analysis.Severity(r.severity), Code: code, Game: int(r.game),
		Message:     p.texts[r.codeEnd:r.messageEnd],
		Replacement: p.texts[r.messageEnd:r.replacementEnd],
	}
}
