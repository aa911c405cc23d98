package board

import (
	"testing"
)

// variantPerftPositions are published perft results for the variants: the
// first Chess960 positions of the Chess Programming Wiki's "Chess960 Perft
// Results" page, and the variant positions that python-chess and chessops
// test with (counts from Stockfish's multi-variant fork).
var variantPerftPositions = []struct {
	variant Variant
	name    string
	fen     string
	counts  []int
}{
	{Chess960, "960-0", "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", []int{21, 528, 12189, 326672}},
	{Chess960, "960-1", "2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", []int{21, 807, 18002, 667366}},
	{Chess960, "960-2", "b1q1rrkb/pppppppp/3nn3/8/P7/1PPP4/4PPPP/BQNNRKRB w GE - 1 9", []int{20, 479, 10471, 273318}},
	{Chess960, "960-3", "qbbnnrkr/2pp2pp/p7/1p2pp2/8/P3PP2/1PPP1KPP/QBBNNR1R w hf - 0 9", []int{22, 593, 13440, 382958}},
	{Chess960, "960-4", "1nbbnrkr/p1p1ppp1/3p4/1p3P1p/3Pq2P/8/PPP1P1P1/QNBBNRKR w HFhf - 0 9", []int{28, 1120, 31058, 1171749}},
	{Chess960, "960-5", "qnbnr1kr/ppp1b1pp/4p3/3p1p2/8/2NPP3/PPP1BPPP/QNB1R1KR w HEhe - 1 9", []int{29, 899, 26578, 824055}},
	{Chess960, "960-6", "q1bnrkr1/ppppp2p/2n2p2/4b1p1/2NP4/8/PPP1PPPP/QNB1RRKB w ge - 1 9", []int{30, 860, 24566, 732757}},
	{Chess960, "960-7", "qbn1brkr/ppp1p1p1/2n4p/3p1p2/P7/6PP/QPPPPP2/1BNNBRKR w HFhf - 0 9", []int{25, 635, 17054, 465806}},
	{Chess960, "960-8", "qnnbbrkr/1p2ppp1/2pp3p/p7/1P5P/2NP4/P1P1PPP1/Q1NBBRKR w HFhf - 0 9", []int{24, 572, 15243, 384260}},
	{Chess960, "960-9", "qn1rbbkr/ppp2p1p/1n1pp1p1/8/3P4/P6P/1PP1PPPK/QNNRBB1R w hd - 2 9", []int{28, 811, 23175, 679699}},
	{Chess960, "960-10", "qnr1bkrb/pppp2pp/3np3/5p2/8/P2P2P1/NPP1PP1P/QN1RBKRB w GDg - 3 9", []int{33, 823, 26895, 713420}},
	{Chess960, "960-11", "qb1nrkbr/1pppp1p1/1n3p2/p1B4p/8/3P1P1P/PPP1P1P1/QBNNRK1R w HEhe - 0 9", []int{31, 855, 25620, 735703}},
	{Chess960, "960-12", "qnnbrk1r/1p1ppbpp/2p5/p4p2/2NP3P/8/PPP1PPP1/Q1NBRKBR w HEhe - 0 9", []int{26, 790, 21238, 642367}},
	{Chess960, "960-13", "1qnrkbbr/1pppppp1/p1n4p/8/P7/1P1N1P2/2PPP1PP/QN1RKBBR w HDhd - 0 9", []int{37, 883, 32187, 815535}},
	{Chess960, "960-14", "qn1rkrbb/pp1p1ppp/2p1p3/3n4/4P2P/2NP4/PPP2PP1/Q1NRKRBB w FDfd - 1 9", []int{24, 585, 14769, 356950}},
	{Chess960, "960-15", "bb1qnrkr/pp1p1pp1/1np1p3/4N2p/8/1P4P1/P1PPPP1P/BBNQ1RKR w HFhf - 0 9", []int{29, 864, 25747, 799727}},
	{Chess960, "960-16", "bnqbnr1r/p1p1ppkp/3p4/1p4p1/P7/3NP2P/1PPP1PP1/BNQB1RKR w HF - 0 9", []int{26, 889, 24353, 832956}},
	{Chess960, "960-17", "bnqnrbkr/1pp2pp1/p7/3pP2p/4P1P1/8/PPPP3P/BNQNRBKR w HEhe d6 0 9", []int{31, 984, 28677, 962591}},
	{Chess960, "960-18", "b1qnrrkb/ppp1pp1p/n2p1Pp1/8/8/P7/1PPPP1PP/BNQNRKRB w GE - 0 9", []int{20, 484, 10532, 281606}},
	{Chess960, "960-19", "n1bqnrkr/pp1ppp1p/2p5/6p1/2P2b2/PN6/1PNPPPPP/1BBQ1RKR w HFhf - 2 9", []int{23, 732, 17746, 558191}},
	{Chess960, "960-26", "nqn2krb/p1prpppp/1pbp4/7P/5P2/8/PPPPPKP1/NQNRB1RB w g - 3 9", []int{21, 461, 10608, 248069}},
	{Chess960, "960-73", "nnrkbbqr/1p2pppp/p2p4/2p5/8/1N2P1P1/PPPP1P1P/1NKRBBQR w hc - 0 9", []int{26, 672, 18136, 477801}},

	{Atomic, "atomic-start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", []int{20, 400, 8902, 197326}},
	{Atomic, "programfox-1", "rn2kb1r/1pp1p2p/p2q1pp1/3P4/2P3b1/4PN2/PP3PPP/R2QKB1R b KQkq -", []int{40, 1238, 45237, 1434825}},
	{Atomic, "programfox-2", "rn1qkb1r/p5pp/2p5/3p4/N3P3/5P2/PPP4P/R1BQK3 w Qkq -", []int{28, 833, 23353, 714499}},

	{Crazyhouse, "zh-all-drop-types", "2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - -", []int{301, 75353}},
	{Crazyhouse, "zh-drops", "2k5/8/8/8/8/8/8/4K3[Qn] w - -", []int{67, 3083, 88634, 932554}},
	{Crazyhouse, "zh-middlegame", "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq -", []int{42, 1347, 58057, 2083382}},
	{Crazyhouse, "zh-promoted", "4k3/1Q~6/8/8/4b3/8/Kpp5/8/ b - -", []int{20, 360, 5445, 132758}},
	{Crazyhouse, "zh-midgame", "2rn1b1r/1pp2n1p/B1PBk1pP/5p1P/P5p1/2P2RP1/RP1QNP2/1NBK4[QPp] w - -", []int{99, 3932, 314782}},

	{Horde, "horde-start", "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq -", []int{8, 128, 1274, 23310}},
	{Horde, "horde-open-flank", "4k3/pp4q1/3P2p1/8/P3PP2/PPP2r2/PPP5/PPPP4 b - -", []int{30, 241, 6633, 56539}},
	{Horde, "horde-en-passant", "k7/5p2/4p2P/3p2P1/2p2P2/1p2P2P/p2P2P1/2P2P2 w - -", []int{13, 172, 2205, 33781}},

	{RacingKings, "racingkings-start", "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - -", []int{21, 421, 11264}},

	{ThreeCheck, "3check-kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 1+1", []int{48, 2039, 97848}},
	{ThreeCheck, "3check-castling", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 1+1", []int{26, 562, 13410}},

	{Antichess, "antichess-start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - -", []int{20, 400, 8067, 153299}},
	{Antichess, "a-pawn-vs-b-pawn", "8/1p6/8/8/8/8/P7/8 w - -", []int{2, 4, 4, 3, 1, 0}},
	{Antichess, "a-pawn-vs-c-pawn", "8/2p5/8/8/8/8/P7/8 w - -", []int{2, 4, 4, 4, 4, 4, 4, 4, 12, 36, 312, 2557}},
}

// TestVariantPerftPublished checks the move generator of every variant
// against published perft counts (the standard Chess960 positions among
// them); it needs no engine.
func TestVariantPerftPublished(t *testing.T) {
	for _, tc := range variantPerftPositions {
		t.Run(tc.name, func(t *testing.T) {
			p, err := ParseFENVariant(tc.fen, tc.variant)
			if err != nil {
				t.Fatal(err)
			}
			bufs := make([][]Move, len(tc.counts)+1)
			for i, want := range tc.counts {
				if want > 400000 && (testing.Short() || raceEnabled) {
					continue
				}
				if got := perft(&p, i+1, bufs); got != want {
					t.Errorf("%v perft(%d) = %d, want %d", tc.variant, i+1, got, want)
				}
			}
		})
	}
}
