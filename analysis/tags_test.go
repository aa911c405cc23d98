package analysis

import (
	"strconv"
	"testing"

	"pgnls/pgn"
)

// TestTagValueProblem pins which values the tag checks accept, at the edges
// of each form.
func TestTagValueProblem(t *testing.T) {
	tests := []struct {
		name, value string
		ok          bool
	}{
		{"Date", "1992.11.04", true},
		{"Date", "1992.??.??", true},
		{"Date", "????.??.??", true},
		{"Date", "1992.12.31", true},
		{"Date", "1992.13.01", false},
		{"Date", "1992.00.10", false},
		{"Date", "1992.01.32", false},
		{"Date", "1992.01.00", false},
		{"Date", "1992.1.10", false},
		{"Date", "1992.01", false},
		{"Date", "1992.01.01.01", false},
		{"Date", "1992.?1.01", false},
		{"Date", "", false},
		{"UTCDate", "2020.02.29", true},
		{"Round", "3", true},
		{"Round", "1.2.3", true},
		{"Round", "?", true},
		{"Round", "-", true},
		{"Round", "1.", false},
		{"Round", ".1", false},
		{"Round", "", false},
		{"Round", "one", false},
		{"Time", "12:00:00", true},
		{"Time", "23:59:60", true},
		{"Time", "24:00:00", false},
		{"Time", "12:60:00", false},
		{"Time", "12:00", false},
		{"Time", "12:00:00:00", false},
		{"Time", "1:00:00", false},
		{"Time", "12:00:0x", false},
		{"TimeControl", "40/7200:3600", true},
		{"TimeControl", "300+2", true},
		{"TimeControl", "*180", true},
		{"TimeControl", "?", true},
		{"TimeControl", "-", true},
		{"TimeControl", "300+", false},
		{"TimeControl", "40/", false},
		{"TimeControl", "40/5400+30:1800+30", true},
		{"TimeControl", "40/5400+", false},
		{"TimeControl", "300:", false},
		{"TimeControl", "5 min", false},
		{"WhiteElo", "2700", true},
		{"WhiteElo", "-", true},
		{"WhiteElo", "27OO", false},
		{"ECO", "B33", true},
		{"ECO", "F00", false},
		{"PlyCount", "12", true},
		{"PlyCount", "", false},
		{"Result", "1/2-1/2", true},
		{"Result", "½-½", false},
		{"SetUp", "1", true},
		{"SetUp", "yes", false},
		{"Annotator", "anything at all", true},
	}
	for _, tt := range tests {
		if got := tagValueProblem(tt.name, tt.value) == ""; got != tt.ok {
			t.Errorf("[%s %q]: accepted %v, want %v", tt.name, tt.value, got, tt.ok)
		}
	}
}

func TestSTRIndex(t *testing.T) {
	for i, name := range sevenTagRoster {
		if got := STRIndex(name); got != i {
			t.Errorf("STRIndex(%q) = %d, want %d", name, got, i)
		}
	}
	for _, name := range []string{"", "event", "Annotator", "ECO"} {
		if got := STRIndex(name); got != -1 {
			t.Errorf("STRIndex(%q) = %d, want -1", name, got)
		}
	}
}

// TestTagRepeats compares both ways of finding repeated tag names (a bit
// mask up to 64 tags, a map beyond) with the definition.
func TestTagRepeats(t *testing.T) {
	for _, n := range []int{0, 1, 2, 63, 64, 65, 200} {
		var tags []*pgn.Tag
		for i := 0; i < n; i++ {
			tags = append(tags, &pgn.Tag{Name: "T" + strconv.Itoa(i%(n/3+1))})
		}
		r := newTagRepeats(tags)
		for i := range tags {
			want := false
			for _, earlier := range tags[:i] {
				want = want || earlier.Name == tags[i].Name
			}
			if r.at(i) != want {
				t.Errorf("%d tags: tag %d (%s) repeats %v, want %v", n, i, tags[i].Name, r.at(i), want)
			}
		}
	}
}

func TestIsCount(t *testing.T) {
	tests := []struct {
		digits string
		n      int
		want   bool
	}{
		{"0", 0, true}, {"", 0, true}, {"000", 0, true}, {"12", 12, true}, {"012", 12, true},
		{"12", 13, false}, {"", 1, false}, {"99999999999999999999999", 5, false}, {"1000000000000000000", 0, false},
	}
	for _, tt := range tests {
		if got := isCount(tt.digits, tt.n); got != tt.want {
			t.Errorf("isCount(%q, %d) = %v", tt.digits, tt.n, got)
		}
	}
}

func TestEndMessage(t *testing.T) {
	for _, why := range []string{"checkmate", "stalemate", "a draw by agreement"} {
		for _, want := range append(resultTexts[:], "2-0") {
			for _, got := range append(resultTexts[:], "x") {
				if m, plain := endMessage(why, want, got), "the game ends in "+why+", so the result is "+want+", not "+got; m != plain {
					t.Errorf("endMessage(%q, %q, %q) = %q, want %q", why, want, got, m, plain)
				}
			}
		}
	}
}
