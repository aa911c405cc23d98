package board

import "testing"

// BenchmarkPlayCanonicalSAN replays the games of BenchmarkResolvePlay two
// ways: "slow" with ParseSAN, Resolve, Play and CheckSign, the per-ply
// work of a checker that compares the check sign written with the one
// earned, and "fast" with PlayCanonicalSAN, which does all of it in one
// call for canonical SAN. Both take the same branch per ply, so that
// their difference is that of the two paths (and "slow" less BenchmarkResolvePlay
// is CheckSign's). bench/NOTES.md has the figures.
func BenchmarkPlayCanonicalSAN(b *testing.B) {
	for _, fast := range []bool{false, true} {
		name := "slow"
		if fast {
			name = "fast"
		}
		b.Run(name, func(b *testing.B) {
			games := benchSANs()
			b.ReportAllocs()
			plies := 0
			for b.Loop() {
				for _, game := range games {
					p := StartPosition()
					for _, text := range game {
						plies++
						if fast {
							if !p.PlayCanonicalSAN(text) {
								b.Fatalf("%s: not canonical", text)
							}
							continue
						}
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
					}
				}
			}
			reportPerPly(b, plies)
		})
	}
}
