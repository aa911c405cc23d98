package board

import "testing"

// perft counts the leaf nodes of the legal move tree of the given depth, the
// standard test of a move generator's correctness.
func perft(p *Position, depth int, bufs [][]Move) int {
	moves := p.LegalMoves(bufs[depth][:0])
	if depth == 1 {
		return len(moves)
	}
	n := 0
	for _, m := range moves {
		q := *p
		q.Play(m)
		n += perft(&q, depth-1, bufs)
	}
	return n
}

// perftPositions are the well-known positions from the Chess Programming
// Wiki's perft results page, with their node counts by depth.
var perftPositions = []struct {
	name   string
	fen    string
	counts []int
}{
	{"start", StartFEN, []int{20, 400, 8902, 197281}},
	{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", []int{48, 2039, 97862}},
	{"position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", []int{14, 191, 2812, 43238}},
	{"position 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", []int{6, 264, 9467}},
	{"position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", []int{44, 1486, 62379}},
}

func TestPerft(t *testing.T) {
	for _, tc := range perftPositions {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParseFEN(tc.fen)
			if err != nil {
				t.Fatal(err)
			}
			bufs := make([][]Move, len(tc.counts)+1)
			for i := range bufs {
				bufs[i] = make([]Move, 0, 256)
			}
			for i, want := range tc.counts {
				depth := i + 1
				if want > 50000 && testing.Short() {
					t.Logf("skipping depth %d in short mode", depth)
					continue
				}
				if got := perft(&p, depth, bufs); got != want {
					t.Errorf("perft(%d) = %d, want %d", depth, got, want)
				}
			}
		})
	}
}
