package board

import "testing"

// BenchmarkResolvePlayCheckSign is BenchmarkResolvePlay with the check
// sign that a checker computes after each move to compare with the one
// written: the per-ply work of the slow path that PlayCanonicalSAN stands
// in for on canonical SAN. bench/NOTES.md has its figures.
func BenchmarkResolvePlayCheckSign(b *testing.B) {
	games := benchSANs()
	b.ReportAllocs()
	plies := 0
	for b.Loop() {
		for _, game := range games {
			p := StartPosition()
			for _, text := range game {
				s, err := ParseSAN(text)
				if err != nil {
					b.Fatal(err)
				}
				m, err := p.Resolve(s)
				if err != nil {
					b.Fatal(err)
				}
				p.Play(m)
				if p.CheckSign() != s.Suffix {
					b.Fatalf("%s: wrong check sign", text)
				}
				plies++
			}
		}
	}
	reportPerPly(b, plies)
}

// BenchmarkPlayCanonicalSAN replays the games of BenchmarkResolvePlay with
// PlayCanonicalSAN, which parses, resolves, plays and checks the check
// sign of each ply in one call.
func BenchmarkPlayCanonicalSAN(b *testing.B) {
	games := benchSANs()
	b.ReportAllocs()
	plies := 0
	for b.Loop() {
		for _, game := range games {
			p := StartPosition()
			for _, text := range game {
				if !p.PlayCanonicalSAN(text) {
					b.Fatalf("%s: not canonical", text)
				}
				plies++
			}
		}
	}
	reportPerPly(b, plies)
}
