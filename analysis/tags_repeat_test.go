package analysis

import (
	"math/rand"
	"testing"

	"pgnls/pgn"
)

// commonTagNames are the tag names of the databases pgnls is measured on
// and of the big exporters (lichess, chess.com, ChessBase, FIDE).
var commonTagNames = []string{"Event", "Site", "Date", "Round", "White", "Black", "Result", "ECO", "Opening", "Variation", "SetUp", "FEN", "Termination", "PlyCount", "Variant", "UTCDate", "UTCTime", "Annotator", "WhiteElo", "BlackElo", "EventDate", "TimeControl", "WhiteTitle", "BlackTitle", "WhiteRatingDiff", "BlackRatingDiff", "WhiteFideId", "BlackFideId", "WhiteTeam", "BlackTeam", "Source", "SourceDate", "Mode", "Time", "Board", "Stage", "Section", "EventType", "EventRounds", "EventCountry", "Link", "Clock", "Remark", "Input"}

// TestNameBitCommonNames checks what newTagRepeats relies on for its
// speed: a section of common names has no two with the same nameBit.
func TestNameBitCommonNames(t *testing.T) {
	seen := map[uint64]string{}
	for _, name := range commonTagNames {
		b := nameBit(name)
		if b == 0 || b&(b-1) != 0 {
			t.Fatalf("nameBit(%q) = %#x, not one bit", name, b)
		}
		if other, ok := seen[b]; ok {
			t.Errorf("nameBit(%q) = nameBit(%q)", name, other)
		}
		seen[b] = name
	}
}

// TestTagRepeatsRandom compares newTagRepeats with the definition on
// random sections of common names, short names, names that share a bit
// and repeats of all of them.
func TestTagRepeatsRandom(t *testing.T) {
	pool := append([]string{"", "A", "B", "AB", "BA", "Ab"}, commonTagNames...)
	r := rand.New(rand.NewSource(21))
	for round := 0; round < 2000; round++ {
		n := r.Intn(70)
		tags := make([]*pgn.Tag, n)
		for i := range tags {
			tags[i] = &pgn.Tag{Name: pool[r.Intn(len(pool))]}
		}
		rep := newTagRepeats(tags)
		some := false
		for i := range tags {
			want := false
			for _, earlier := range tags[:i] {
				want = want || earlier.Name == tags[i].Name
			}
			some = some || want
			if rep.at(i) != want {
				t.Fatalf("%d tags: tag %d (%q) repeats %v, want %v", n, i, tags[i].Name, rep.at(i), want)
			}
		}
		if rep.any() != some && n <= 64 {
			t.Fatalf("%d tags: any() = %v, want %v", n, rep.any(), some)
		}
		if some && !rep.any() {
			t.Fatalf("%d tags: any() = false with a repeat", n)
		}
	}
}
