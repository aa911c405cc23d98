package document

import (
	"reflect"
	"testing"

	"pgnls/analysis"
)

func TestPackRoundTrip(t *testing.T) {
	diags := []analysis.Diagnostic{
		{Pos: 0, End: 5, Severity: analysis.Error, Code: analysis.CodeIllegalMove, Message: "1.Ke3 is illegal", Game: 0},
		{Pos: 7, End: 9, Severity: analysis.Warning, Code: analysis.CodeCheckSuffix, Message: "gives check: write Qh5+", Game: 0, Replacement: "Qh5+"},
		{Pos: 9, End: 9, Severity: analysis.Hint, Code: "not-a-known-code", Message: "", Game: -1},
		{Pos: 12, End: 20, Severity: analysis.Information, Code: analysis.CodeTagValue, Message: "Date \"1992.1.1\" é💎", Game: 3, Replacement: "\"1992.01.01\""},
	}
	p := pack(diags)
	if p.len() != len(diags) {
		t.Fatalf("%d packed, want %d", p.len(), len(diags))
	}
	for i, want := range diags {
		if got := p.at(i); !reflect.DeepEqual(got, want) {
			t.Errorf("diagnostic %d: %+v, want %+v", i, got, want)
		}
		if got, want := p.codeIndex(i), analysis.CodeIndex(want.Code); got != want {
			t.Errorf("diagnostic %d: code index %d, want %d", i, got, want)
		}
	}
	var want codeSet
	for _, d := range diags {
		if i := analysis.CodeIndex(d.Code); i >= 0 {
			want = want.with(i)
		}
	}
	if got := p.codes(); got != want {
		t.Errorf("codes %b, want %b", got, want)
	}
	if empty := pack(nil); empty.len() != 0 {
		t.Errorf("pack(nil) has %d diagnostics", empty.len())
	}
}
