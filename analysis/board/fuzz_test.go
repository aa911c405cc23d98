package board

import (
	"slices"
	"strings"
	"testing"
)

// FuzzResolve feeds arbitrary text through ParseSAN and Resolve in a few
// positions. Nothing may panic, a parsed move must survive a round trip
// through SAN.String, and a resolved move's canonical SAN must resolve to
// the same move.
func FuzzResolve(f *testing.F) {
	for _, seed := range []string{"e4", "exd6", "Nbd7", "N1c3", "Qh4xe1+", "e8=Q", "exd8N#", "O-O", "0-0-0", "--", "Z0", "Pe4", "Ng1f3", "Kg1", "a8=K", "N@c3", "@e4", "P@e8", "e8=K", "Kxe5"} {
		f.Add(seed)
	}
	positions := []Position{
		StartPosition(),
		mustParseFEN("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
		mustParseFEN("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"),
		mustParseFEN(epPinFEN),
		mustParseFEN(threeQueensFEN),
		mustParseFENVariant("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", Chess960),
		mustParseFENVariant("rnb1kbnr/pppp1ppp/8/q7/8/3P4/PPP2PPP/RNBQKBNR[NPp] w KQkq - 0 4", Crazyhouse),
		mustParseFENVariant("4k3/8/8/8/8/8/8/R3K3 w - - 0 1 +2+0", ThreeCheck),
		mustParseFENVariant("4k3/8/8/8/8/4K3/8/8 w - - 0 1", KingOfTheHill),
		mustParseFENVariant("8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1", RacingKings),
		mustParseFENVariant("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2", Antichess),
		mustParseFENVariant("8/4P3/8/8/8/8/8/k7 w - - 0 1", Antichess),
		mustParseFENVariant("rnbqkbnr/ppp1pppp/8/3p4/3KP3/8/PPPP1PPP/RNBQ1BNR w kq - 0 1", Atomic),
		mustParseFENVariant("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQ - 0 1", Atomic),
		mustParseFENVariant("k7/5p2/4p2P/3p2P1/2p2P2/1p2P2P/p2P2P1/2P2P2 w - -", Horde),
		mustParseFENVariant("4k3/pp4q1/3P2p1/8/P3PP2/PPP2r2/PPP5/PPPP4 b - -", Horde),
	}
	f.Fuzz(func(t *testing.T, text string) {
		s, err := ParseSAN(text)
		if err != nil {
			return
		}
		again, err := ParseSAN(s.String())
		if err != nil {
			t.Fatalf("ParseSAN(%q).String() = %q, which does not parse: %v", text, s.String(), err)
		}
		if !s.Null && again.To != s.To {
			t.Fatalf("%q and %q have different destinations", text, s.String())
		}
		for _, p := range positions {
			m, err := p.Resolve(s)
			if err != nil {
				_ = err.Error()
				continue
			}
			if m.IsNull() {
				continue
			}
			canonical, err := ParseSAN(p.SAN(m))
			if err != nil {
				t.Fatalf("%s: SAN(%v) = %q does not parse: %v", p.FEN(), m, p.SAN(m), err)
			}
			if back, err := p.Resolve(canonical); err != nil || back != m {
				t.Fatalf("%s: %q resolves to %v but its SAN %q to %v, %v", p.FEN(), text, m, p.SAN(m), back, err)
			}
		}
	})
}

// FuzzParseFEN checks that ParseFEN never panics, that it splits fields as
// strings.Fields does, that what it accepts survives a round trip through
// FEN, and that accepted positions can be played in, with HasLegalMove and
// CheckSign agreeing with LegalMoves there and after each legal move.
func FuzzParseFEN(f *testing.F) {
	for _, tc := range perftPositions {
		f.Add(tc.fen)
	}
	f.Add("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1")
	f.Add("4k3/8/8/8/8/8/8/4K2r b - - 0 1")
	f.Add(" 8/8/8/8/8/8/8/K6k\tw\u00a0- - 0 1 extra ")
	f.Add("8/8/3ppp2/3pkp2/3Ppp2/2P5/8/K3R3 b - d3 0 1")
	f.Add("4r2k/8/8/8/8/3n4/3P1P2/3QKB2 w - - 0 1")
	f.Fuzz(func(t *testing.T, fen string) {
		var buf [6]string
		if got, want := splitFields(fen, &buf), strings.Fields(fen); !slices.Equal(got, want) {
			t.Fatalf("splitFields(%q) = %q, strings.Fields gives %q", fen, got, want)
		}
		p, err := ParseFEN(fen)
		if err != nil {
			return
		}
		q, err := ParseFEN(p.FEN())
		if err != nil || q != p {
			t.Fatalf("ParseFEN(%q) gives %q, which parses to %q, %v", fen, p.FEN(), q.FEN(), err)
		}
		moves := p.LegalMoves(nil)
		if p.HasLegalMove() != (len(moves) > 0) || p.CheckSign() != referenceCheckSign(&p) {
			t.Fatalf("%s: HasLegalMove() = %v and CheckSign() = %q with %d legal moves", p.FEN(), p.HasLegalMove(), p.CheckSign(), len(moves))
		}
		for _, m := range moves {
			q := p
			q.Play(m)
			if q.CheckSign() != referenceCheckSign(&q) {
				t.Fatalf("%s: after %v, CheckSign() = %q, want %q", p.FEN(), m, q.CheckSign(), referenceCheckSign(&q))
			}
			_ = p.SAN(m)
		}
	})
}

// FuzzParseFENVariant reads arbitrary text as a FEN of every variant.
// Nothing may panic; what is accepted must survive a round trip through
// FEN, and in it every legal move's SAN must resolve to that move, and
// playing it must give a position whose FEN reads back.
func FuzzParseFENVariant(f *testing.F) {
	for _, tc := range variantPerftPositions {
		f.Add(tc.fen)
	}
	f.Add("4k3/1Q~6/8/8/4b3/8/Kpp5/8[NNq] b - - 0 1")
	f.Add("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 2+1 0 2")
	f.Add("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2 +1+2")
	f.Add("1k6/8/8/8/8/8/8/1K1R3R w D - 0 1")
	f.Fuzz(func(t *testing.T, fen string) {
		for v := Chess960; v < numVariants; v++ {
			p, err := ParseFENVariant(fen, v)
			if err != nil {
				_ = err.Error()
				continue
			}
			q, err := ParseFENVariant(p.FEN(), v)
			if err != nil || q != p {
				t.Fatalf("%v: ParseFENVariant(%q) gives %q, which reads back as %q, %v", v, fen, p.FEN(), q.FEN(), err)
			}
			_ = p.Outcome()
			for _, m := range p.LegalMoves(nil) {
				san := p.SAN(m)
				s, err := ParseSAN(san)
				if err != nil {
					t.Fatalf("%v %s: SAN(%v) = %q does not parse: %v", v, p.FEN(), m, san, err)
				}
				if back, err := p.Resolve(s); err != nil || back != m {
					t.Fatalf("%v %s: %q resolves to %v, %v; want %v", v, p.FEN(), san, back, err, m)
				}
				after := p
				after.Play(m)
				if _, err := ParseFENVariant(after.FEN(), v); err != nil {
					t.Fatalf("%v %s: after %s, FEN %q does not read back: %v", v, p.FEN(), san, after.FEN(), err)
				}
			}
		}
	})
}
