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

// TestInlayClocksAndEvals: the time each move took and its evaluation,
// after the move, in a variation too; a malformed command gives no hint.
func TestInlayClocksAndEvals(t *testing.T) {
	src := "[TimeControl \"300+3\"]\n\n1. e4 {[%clk 0:04:58] [%eval 0.3]} e5 {[%clk 0:05:01]} (1... c5 {[%clk 0:04:50] [%eval #-2]}) 2. Nf3 {[%clk 0:2:61]} {[%eval -1.5,20]} *\n"
	f := pgn.Parse(src)
	show := func(opts InlayOptions) []string {
		var out []string
		for _, h := range InlayHints(f, 0, pgn.Pos(len(src)), opts) {
			out = append(out, fmt.Sprintf("%s|%s", src[:h.Pos][max(0, int(h.Pos)-3):], h.Label))
		}
		return out
	}
	if got, want := show(InlayOptions{Clocks: true}), []string{" e4|5 s", " e5|2 s", " c5|13 s"}; !slices.Equal(got, want) {
		t.Errorf("clocks %q, want %q", got, want)
	}
	if got, want := show(InlayOptions{Evals: true}), []string{" e4|+0.30", " c5|#-2", "Nf3|-1.50"}; !slices.Equal(got, want) {
		t.Errorf("evals %q, want %q", got, want)
	}
	if got, want := show(InlayOptions{Clocks: true, Evals: true, PlyNumbers: true}), []string{" e4|ply 1", " e4|5 s", " e4|+0.30", " e5|ply 2", " e5|2 s", " c5|ply 2", " c5|13 s", " c5|#-2", "Nf3|ply 3", "Nf3|-1.50"}; !slices.Equal(got, want) {
		t.Errorf("all %q, want %q", got, want)
	}
}
