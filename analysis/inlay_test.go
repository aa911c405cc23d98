package analysis

import (
	"fmt"
	"slices"
	"testing"

	"pgnls/pgn"
)

func TestInlayHints(t *testing.T) {
	src := "[FEN \"4k3/8/8/8/8/8/8/4K2R b K - 0 7\"]\n[SetUp \"1\"]\n\n7... Kd7 $14 8. Rh7+ (8. Kf2 $19 $255) Ke6 *\n"
	f := pgn.Parse(src)
	show := func(opts InlayOptions) []string {
		var out []string
		for _, h := range InlayHints(f, 0, pgn.Pos(len(src)), opts) {
			out = append(out, fmt.Sprintf("%s|%s", src[:h.Pos][max(0, int(h.Pos)-3):], h.Label))
		}
		return out
	}
	if got := show(InlayOptions{}); got != nil {
		t.Errorf("hints with none asked for: %v", got)
	}
	if got, want := show(InlayOptions{NAGGlyphs: true}), []string{"$14|⩲", "$19|−+"}; !slices.Equal(got, want) {
		t.Errorf("glyphs %q, want %q", got, want)
	}
	if got, want := show(InlayOptions{PlyNumbers: true}), []string{"Kd7|ply 14", "h7+|ply 15", "Kf2|ply 15", "Ke6|ply 16"}; !slices.Equal(got, want) {
		t.Errorf("plies %q, want %q", got, want)
	}
}
