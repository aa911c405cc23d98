package analysis

import (
	"strings"
	"testing"

	"pgnls/pgn"
)

// Every tag the standard defines is documented with its section, the Seven
// Tag Roster first and in order; no tag is documented twice.
func TestTagDocs(t *testing.T) {
	for i, name := range sevenTagRoster {
		if tagDocs[i].Name != name || !tagDocs[i].STR() {
			t.Errorf("TagDocs[%d] = %s, want %s", i, tagDocs[i].Name, name)
		}
	}
	standard := []string{"WhiteTitle", "BlackTitle", "WhiteElo", "BlackElo", "WhiteUSCF", "BlackUSCF",
		"WhiteNA", "BlackNA", "WhiteType", "BlackType", "EventDate", "EventSponsor", "Section", "Stage",
		"Board", "Opening", "Variation", "SubVariation", "ECO", "NIC", "Time", "UTCTime", "UTCDate",
		"TimeControl", "SetUp", "FEN", "Termination", "Annotator", "Mode", "PlyCount"}
	for _, name := range append(sevenTagRoster[:], standard...) {
		d := LookupTag(name)
		if d == nil || d.Section == "" || d.Summary == "" || d.Format == "" {
			t.Errorf("%s: %+v", name, d)
		}
	}
	seen := map[string]bool{}
	for _, d := range tagDocs {
		if seen[d.Name] {
			t.Errorf("%s documented twice", d.Name)
		}
		seen[d.Name] = true
	}
	if LookupTag("event") != nil {
		t.Error("tag names are case-sensitive")
	}
	if got := len(LookupTag("Termination").Values); got != 8 {
		t.Errorf("Termination has %d values, want the standard's 8", got)
	}
}

// hoverAt returns the Markdown of the hover at offset off of src ("" for
// none).
func hoverAt(t *testing.T, src string, off int) string {
	t.Helper()
	h := Hover(pgn.Parse(src), pgn.Pos(off), HoverOptions{})
	if h == nil {
		return ""
	}
	if int(h.Pos) > off || int(h.End) < off {
		t.Errorf("%q at %d: range %d-%d", src, off, h.Pos, h.End)
	}
	return h.Markdown
}

func TestTagHover(t *testing.T) {
	src := "[Event \"x\"]\n[Result \"0-1\"]\n[FEN \"8/8/8/8/8/8/8/K6X w - - 0 1\"]\n[Mode \"EM\"]\n[Zzz \"1\"]\n\n*"
	for at, want := range map[string][]string{
		"Event":   {"**Event** — Seven Tag Roster (PGN standard, 8.1.1.1)"},
		"0-1":     {"**Result**", "`0-1`: Black wins."},
		"8/8/8/8": {"**FEN**", "Not a valid position"},
		"EM":      {"`EM`: electronic mail."},
		"Zzz":     {"**Zzz** — a tag the PGN standard does not define."},
	} {
		h := hoverAt(t, src, strings.Index(src, at)+1)
		for _, w := range want {
			if !strings.Contains(h, w) {
				t.Errorf("%s: %q lacks %q", at, h, w)
			}
		}
	}
	if h := hoverAt(t, src, strings.Index(src, "\n\n")+1); h != "" {
		t.Errorf("hover on a blank line: %q", h)
	}
}
