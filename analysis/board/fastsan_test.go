package board

import (
	"math/rand"
	"strings"
	"testing"
)

// The tests in this file compare PlayCanonicalSAN with the slow path it
// stands in for: ParseSAN, Resolve, Play and the comparison of the text
// with the canonical SAN. Every legal move's SAN must play as Play plays
// the move, and any other text, made by mutating those or at random, must
// get the slow path's verdict, leaving the position as it was when false.

// slowCanonical is the slow path's verdict on text in p: the position after
// the move, and whether text parses, resolves to a legal move (not a null
// move) and is exactly that move's canonical SAN.
func slowCanonical(p Position, text string) (Position, bool) {
	s, err := ParseSAN(text)
	if err != nil || s.Null {
		return p, false
	}
	m, err := p.Resolve(s)
	if err != nil || p.SAN(m) != text {
		return p, false
	}
	p.Play(m)
	return p, true
}

// fastSANStats counts what a test has covered, so that it can fail when
// a kind of move or text is missing.
type fastSANStats struct {
	texts, accepted                     int
	checks, mates, stalemates           int
	captures, enPassant, promotions     int
	short, long                         int
	byFile, byRank, bySquare            int
	pinnedRival                         int // a rival excluded from disambiguation by a pin
	mutatedAccepted                     int // a mutated text that is another move's canonical SAN
	rejectedLegal, rejectedUnresolvable int // false: a legal move written otherwise, no move at all
}

// checkCanonical compares PlayCanonicalSAN(text) in p with the slow path
// and reports whether they agree.
func checkCanonical(t *testing.T, p *Position, text string, stats *fastSANStats) bool {
	t.Helper()
	want, ok := slowCanonical(*p, text)
	q := *p
	got := q.PlayCanonicalSAN(text)
	stats.texts++
	switch {
	case got != ok:
		t.Errorf("%s: PlayCanonicalSAN(%q) = %v, the slow path says %v", p.FEN(), text, got, ok)
		return false
	case got && q != want:
		t.Errorf("%s: PlayCanonicalSAN(%q) gives %s, Play gives %s", p.FEN(), text, q.FEN(), want.FEN())
		return false
	case !got && q != *p:
		t.Errorf("%s: PlayCanonicalSAN(%q) = false but changed the position to %s", p.FEN(), text, q.FEN())
		return false
	}
	if got {
		stats.accepted++
	} else if s, err := ParseSAN(text); err == nil {
		if _, err := p.Resolve(s); err == nil {
			stats.rejectedLegal++
		} else {
			stats.rejectedUnresolvable++
		}
	}
	return true
}

// checkPosition checks every legal move's SAN in p and, with mutate, the
// texts mutations makes of each, and with generic, every text of
// genericTexts.
func checkPosition(t *testing.T, rng *rand.Rand, p *Position, mutate, generic bool, stats *fastSANStats) {
	t.Helper()
	for _, m := range p.LegalMoves(nil) {
		san := p.SAN(m)
		q := *p
		if !q.PlayCanonicalSAN(san) {
			t.Errorf("%s: PlayCanonicalSAN(%q) = false for the SAN of %v", p.FEN(), san, m)
			continue
		}
		want := *p
		want.Play(m)
		if q != want {
			t.Errorf("%s: PlayCanonicalSAN(%q) gives %s, Play(%v) gives %s", p.FEN(), san, q.FEN(), m, want.FEN())
			continue
		}
		stats.count(p, m, san, &q)
		if !mutate {
			continue
		}
		for _, text := range mutations(rng, p, m, san) {
			before := stats.accepted
			checkCanonical(t, p, text, stats)
			stats.mutatedAccepted += stats.accepted - before
		}
	}
	if generic {
		for _, text := range genericTexts {
			checkCanonical(t, p, text, stats)
		}
	}
}

// count counts the kinds of move that m, written san, is; after is the
// position it leads to.
func (s *fastSANStats) count(p *Position, m Move, san string, after *Position) {
	switch {
	case strings.HasSuffix(san, "#"):
		s.mates++
	case strings.HasSuffix(san, "+"):
		s.checks++
	case !after.HasLegalMove():
		s.stalemates++
	}
	if m.IsCapture() {
		s.captures++
	}
	if m.Flags&EnPassant != 0 {
		s.enPassant++
	}
	if m.Promotion != NoPieceType {
		s.promotions++
	}
	switch m.Castle() {
	case CastleShort:
		s.short++
	case CastleLong:
		s.long++
	}
	pt := p.typeAt(m.From)
	if pt == Pawn || pt == King {
		return
	}
	body := strings.TrimRight(san, "+#")
	switch prefix := strings.TrimSuffix(body[1:len(body)-2], "x"); {
	case len(prefix) == 2:
		s.bySquare++
	case len(prefix) == 1 && isFile(prefix[0]):
		s.byFile++
	case len(prefix) == 1:
		s.byRank++
	}
	attackers := pieceAttacks(pt, m.To, p.occupied()) & p.pieces(pt, p.side) &^ bit(m.From)
	if p.legalOrigins(pt, attackers, m.To) != attackers {
		s.pinnedRival++
	}
}

// genericTexts are tried in some positions whatever their moves: castling
// in every spelling, null moves, forms canonical SAN never has, and every
// piece's and pawn's move to a sample of squares, most of them illegal.
var genericTexts = func() []string {
	texts := []string{
		"O-O", "O-O-O", "O-O+", "O-O-O+", "O-O#", "0-0", "0-0-0", "o-o", "O-O-O-O", "OO", "O",
		"--", "Z0", "0000", "", "+", "#", "x", "e", "e+", "N", "N+", "Nx", "K", "Kx+", "=Q", "P",
	}
	for sq := A1; sq <= H8; sq++ {
		name := sq.String()
		texts = append(texts, name, "P"+name, name+"=Q", name+"Q", name+"=N+")
		for _, letter := range "NBRQK" {
			texts = append(texts, string(letter)+name, string(letter)+"x"+name)
		}
		if f := sq.File(); f > 0 {
			texts = append(texts, string(fileLetter(f-1))+"x"+name, string(fileLetter(f-1))+name)
		}
		if f := sq.File(); f < 7 {
			texts = append(texts, string(fileLetter(f+1))+"x"+name+"=Q")
		}
	}
	return texts
}()

// mutations returns texts near san, the canonical SAN of m in p: its check
// sign removed, added or changed, its capture mark removed or added, its
// origin named more or less fully or wrongly, castling with zeros, bare
// promotions, pawn letters, annotations, and a few random edits.
func mutations(rng *rand.Rand, p *Position, m Move, san string) []string {
	body := strings.TrimRight(san, "+#")
	sign := san[len(body):]
	var texts []string
	for _, s := range []string{"", "+", "#", "++", "+#", "!", "?", "!!"} {
		texts = append(texts, body+s)
	}
	texts = append(texts, san+"!", san+"?", san+" ", " "+san, san+"\x00")
	from, to := m.From.String(), m.To.String()
	switch pt := p.typeAt(m.From); {
	case m.Castle() != NoCastle:
		zeros := strings.ReplaceAll(body, "O", "0")
		texts = append(texts, zeros+sign, strings.ToLower(body)+sign, "K"+to+sign, "K"+from+to+sign)
	case pt == Pawn:
		promo := ""
		if m.Promotion != NoPieceType {
			promo = body[strings.IndexByte(body, '=')+1:]
			rest := strings.TrimSuffix(body, "="+promo)
			for _, other := range []string{"", "Q", "N", "K", "P", "=K", "=P", "=q", "=", "(Q)", "/Q", "=QQ"} {
				texts = append(texts, rest+other+sign)
			}
		}
		if m.From.File() == m.To.File() {
			texts = append(texts, "x"+body+sign, from[:1]+"x"+body+sign, from+body+sign, from+"-"+body+sign)
		} else {
			texts = append(texts, strings.Replace(body, "x", "", 1)+sign, from+"x"+to+promo+sign, "x"+to+promo+sign)
		}
		texts = append(texts, "P"+body+sign, "P"+from+body+sign)
	default:
		letter := body[:1]
		capture := ""
		if m.IsCapture() {
			capture = "x"
		}
		for _, origin := range []string{"", from[:1], from[1:], from} {
			for _, x := range []string{"", "x"} {
				texts = append(texts, letter+origin+x+to+sign)
			}
		}
		for i := range 8 {
			texts = append(texts, letter+string(fileLetter(i))+capture+to+sign, letter+string(rankDigit(i))+capture+to+sign)
		}
		texts = append(texts, strings.ToLower(letter)+body[1:]+sign, letter+from+"-"+to+sign, "P"+body[1:]+sign)
	}
	const alphabet = "abcdefgh12345678NBRQKPOxX=+#-0!?@ "
	for range 4 {
		b := []byte(san)
		i := rng.Intn(len(b))
		switch rng.Intn(3) {
		case 0:
			b[i] = alphabet[rng.Intn(len(alphabet))]
		case 1:
			b = append(b[:i], b[i+1:]...)
		default:
			b = append(b[:i], append([]byte{alphabet[rng.Intn(len(alphabet))]}, b[i:]...)...)
		}
		texts = append(texts, string(b))
	}
	return texts
}

// fastSANFENs are positions with the cases PlayCanonicalSAN must get right.
var fastSANFENs = []string{
	StartFEN,
	twoKnightsFEN,
	twoRooksFEN,
	threeQueensFEN,
	pinnedKnightFEN,
	promotionFEN,
	epPinFEN,
	doubleCheckFEN,
	// Castling: through an attacked square (f1 by the bishop, d1 by the
	// rook), for either side, and castling that gives check.
	"r3k2r/8/8/8/8/8/6b1/R3K2R w KQkq - 0 1",
	"3rk2r/8/8/8/8/8/8/R3K2R w KQk - 0 1",
	"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
	"5k2/8/8/8/8/8/8/4K2R w K - 0 1",
	"3k4/8/8/8/8/8/8/R3K3 w Q - 0 1",
	// In check: castling is illegal.
	"r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1",
	// Mate in one on the back rank, and stalemate in one (Qf7).
	"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
	"7k/8/6Q1/8/8/8/8/K7 w - - 0 1",
	// Checkmated and stalemated: no move at all.
	"R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1",
	"7k/5Q2/8/8/8/8/8/K7 b - - 0 1",
	// En passant: giving check, answering a check, and pinned on a
	// diagonal.
	"8/8/8/2k5/3Pp3/8/8/4K3 b - d3 0 1",
	"8/8/8/1k1pP3/8/8/8/4K3 w - d6 0 1",
	"8/8/8/2k5/3pP3/8/8/K5B1 b - e3 0 1",
	// Promotions with capture, check and mate, and under-promotion to
	// a knight that checks.
	"1r1r3k/P1P1P3/8/8/8/8/8/R3K3 w Q - 0 1",
	"6k1/4P1pp/8/8/8/8/8/4K3 w - - 0 1",
	"8/8/8/8/8/4k3/1p6/2R1K3 b - - 0 1",
	// Two knights and two rooks of each side reaching the same squares,
	// one rook pinned.
	"r3k2r/8/8/8/8/2N3N1/8/R4RK1 w - - 0 1",
	"4k3/8/8/8/8/8/8/R1R1K1NN w - - 0 1",
	"4k3/4r3/8/8/8/8/R3R3/4K3 w - - 0 1",
	// Eight queens.
	"k7/8/8/2Q1Q3/1Q3Q2/8/1Q3Q2/2Q1QK2 w - - 0 1",
}

// TestPlayCanonicalSANPositions checks the hand-made positions, the perft
// positions and their children, with every mutation and generic text.
func TestPlayCanonicalSANPositions(t *testing.T) {
	fens := append([]string(nil), fastSANFENs...)
	for _, tc := range perftPositions {
		fens = append(fens, tc.fen)
	}
	rng := rand.New(rand.NewSource(21))
	var stats fastSANStats
	for _, fen := range fens {
		p := mustParseFEN(fen)
		checkPosition(t, rng, &p, true, true, &stats)
		for _, m := range p.LegalMoves(nil) {
			q := p
			q.Play(m)
			checkPosition(t, rng, &q, true, false, &stats)
		}
	}
	t.Logf("%+v", stats)
	stats.requireAll(t)
}

// requireAll fails t unless every kind of move and verdict was seen.
func (s *fastSANStats) requireAll(t *testing.T) {
	t.Helper()
	for _, n := range []int{s.checks, s.mates, s.stalemates, s.captures, s.enPassant, s.promotions, s.short, s.long,
		s.byFile, s.byRank, s.bySquare, s.pinnedRival, s.mutatedAccepted, s.rejectedLegal, s.rejectedUnresolvable} {
		if n == 0 {
			t.Errorf("a kind of move or text was not tested: %+v", s)
			return
		}
	}
}

// TestPlayCanonicalSANRandomGames plays seeded random games, biased
// towards checks and en passant captures, from the start and the
// hand-made positions, checking every position's moves and mutations
// and, now and then, the generic texts.
func TestPlayCanonicalSANRandomGames(t *testing.T) {
	games, plies := 60, 150
	if testing.Short() || raceEnabled {
		games = 12
	}
	rng := rand.New(rand.NewSource(2026))
	var stats fastSANStats
	for i := range games {
		p := StartPosition()
		if i%2 == 1 {
			p = mustParseFEN(fastSANFENs[i/2%len(fastSANFENs)])
		}
		for ply := range plies {
			checkPosition(t, rng, &p, true, ply%16 == 0, &stats)
			moves := p.LegalMoves(nil)
			if len(moves) == 0 || t.Failed() {
				break
			}
			p.Play(pickBiased(rng, &p, moves))
		}
	}
	t.Logf("%+v", stats)
	stats.requireAll(t)
}

// TestPlayCanonicalSANCorpus replays the corpus games with
// PlayCanonicalSAN where notnil's SAN is canonical, and checks every
// legal move of each position, with mutations in every eighth.
func TestPlayCanonicalSANCorpus(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	var stats fastSANStats
	n := 0
	for _, g := range corpusGamesOrSkip(t) {
		for _, ply := range g.plies {
			n++
			p := ply.before
			if !checkCanonical(t, &p, ply.san, &stats) {
				return
			}
			checkPosition(t, rng, &p, n%8 == 0, n%128 == 0, &stats)
			if t.Failed() {
				return
			}
		}
	}
	t.Logf("%d plies: %+v", n, stats)
}

// TestPlayCanonicalSANVariants checks that a position of any variant but
// standard chess is left to the slow path, even for a move whose SAN is
// written as in standard chess.
func TestPlayCanonicalSANVariants(t *testing.T) {
	for v := Chess960; v < numVariants; v++ {
		p := StartPositionOf(v)
		before := p
		for _, m := range p.LegalMoves(nil) {
			if san := p.SAN(m); p.PlayCanonicalSAN(san) || p != before {
				t.Errorf("%v: PlayCanonicalSAN(%q) = true or changed the position", v, san)
			}
		}
	}
}

// FuzzPlayCanonicalSAN compares PlayCanonicalSAN with the slow path on
// arbitrary text in a few positions.
func FuzzPlayCanonicalSAN(f *testing.F) {
	for _, seed := range []string{"e4", "exd6", "Nbd7", "N1c3", "Qa1b2", "Qh4xe1+", "e8=Q", "exd8=N#", "O-O", "O-O-O+", "0-0", "Pe4", "Ng1f3", "e8Q", "Kxe5", "Ra8#", "Qf7", "--", "e4!"} {
		f.Add(seed)
	}
	var positions []Position
	for _, fen := range fastSANFENs {
		positions = append(positions, mustParseFEN(fen))
	}
	for _, tc := range perftPositions {
		positions = append(positions, mustParseFEN(tc.fen))
	}
	f.Fuzz(func(t *testing.T, text string) {
		var stats fastSANStats
		for i := range positions {
			checkCanonical(t, &positions[i], text, &stats)
		}
	})
}
