package board

import (
	"strings"
	"testing"
)

// parsePlacementRef is parsePlacement as it was before the pieces went
// into a board per piece code: a put per piece, for differential tests.
func (p *Position) parsePlacementRef(field string, marks bool) error {
	if n := strings.Count(field, "/") + 1; n != 8 {
		return fenError(fenPlacement, "piece placement has %d ranks, want 8", n)
	}
	rank, file, rowStart := 7, 0, 0
	for i := 0; i <= len(field); i++ {
		if i == len(field) || field[i] == '/' {
			if file != 8 {
				return fenError(fenPlacement, "rank %d (%q) has %d squares, want 8", rank+1, field[rowStart:i], file)
			}
			rank, file, rowStart = rank-1, 0, i+1
			continue
		}
		c := field[i]
		if '1' <= c && c <= '8' {
			file += int(c - '0')
			continue
		}
		fp := fenPieces[c]
		if fp.pt == NoPieceType {
			if c == '~' && marks && i > 0 && fenPieces[field[i-1]].pt != NoPieceType && file <= 8 {
				p.markPromoted(Square(8*rank+file-1), fenPieces[field[i-1]].pt)
				continue
			}
			return fenError(fenPlacement, "rank %d contains %q, which is neither a piece letter nor a digit 1-8", rank+1, c)
		}
		if file < 8 {
			p.put(fp.pt, fp.color, Square(8*rank+file))
		}
		file++
	}
	return nil
}

// placementCases are placements right and wrong, with crazyhouse's marks.
var placementCases = []string{
	"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR",
	"r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R",
	"8/8/8/8/8/8/8/K6k",
	"4k3/1Q~6/8/8/4b3/8/Kpp5/8",
	"Q~7/8/8/8/8/8/8/k6K",
	"~7/8/8/8/8/8/8/8",
	"8/8/8/8/8/8/8/8/8",
	"8/8/8",
	"9/8/8/8/8/8/8/8",
	"7/8/8/8/8/8/8/8",
	"ppppppppp/8/8/8/8/8/8/8",
	"pppppppp1/8/8/8/8/8/8/8",
	"44/8/8/8/8/8/8/8",
	"x7/8/8/8/8/8/8/8",
	"8/8/8/8/8/8/8/7\xff",
	"",
	"/////////",
	"8/8/8/8/8/8/8/",
	"kK6/8/8/8/8/8/8/Pp6",
	"8/8/8/8/8/8/8/0K6k",
}

func TestPlacementMatchesReference(t *testing.T) {
	for _, field := range placementCases {
		for _, marks := range []bool{false, true} {
			comparePlacement(t, field, marks)
		}
	}
}

func comparePlacement(t *testing.T, field string, marks bool) {
	t.Helper()
	var got, want Position
	errGot, errWant := got.parsePlacement(field, marks), want.parsePlacementRef(field, marks)
	if (errGot == nil) != (errWant == nil) || errGot != nil && errGot.Error() != errWant.Error() {
		t.Fatalf("parsePlacement(%q, %v) = %v, want %v", field, marks, errGot, errWant)
	}
	if errGot == nil && got != want {
		t.Fatalf("parsePlacement(%q, %v) gives %+v, want %+v", field, marks, got, want)
	}
}

// FuzzPlacement compares parsePlacement with the reference on any text.
func FuzzPlacement(f *testing.F) {
	for _, field := range placementCases {
		f.Add(field, false)
		f.Add(strings.ReplaceAll(field, "8", "44"), true)
	}
	f.Fuzz(func(t *testing.T, field string, marks bool) {
		comparePlacement(t, field, marks)
	})
}
