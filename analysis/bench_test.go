package analysis

import (
	"runtime"
	"strings"
	"testing"

	"pgnls/pgn"
	"pgnls/pgn/pgntest"
)

// corpusText concatenates the shared corpus, decoded as the CLI decodes it.
func corpusText(b *testing.B) string {
	var sb strings.Builder
	for _, name := range pgntest.CorpusFiles(b) {
		sb.WriteString(pgntest.ReadText(b, name))
		sb.WriteString("\n\n")
	}
	return sb.String()
}

// countPlies counts the moves of a file, variations included.
func countPlies(f *pgn.File) int {
	n := 0
	for _, g := range f.Games {
		pgn.Inspect(g, func(node pgn.Node) bool {
			if _, ok := node.(*pgn.Move); ok {
				n++
			}
			return true
		})
	}
	return n
}

// BenchmarkCheckCorpus measures validation alone (the tree is parsed once,
// outside the timer) on one core: MB/s of source and ns per ply, every line
// of every game replayed. Parsing has its own benchmark in package pgn.
func BenchmarkCheckCorpus(b *testing.B) {
	src := corpusText(b)
	file := pgn.Parse(src)
	plies := countPlies(file)
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	b.SetBytes(int64(len(src)))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		CheckFile(file)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(plies), "ns/ply")
}

// BenchmarkParseAndCheckCorpus measures what pgnls check does per file:
// parse, then validate, on all cores.
func BenchmarkParseAndCheckCorpus(b *testing.B) {
	src := corpusText(b)
	b.SetBytes(int64(len(src)))
	for i := 0; i < b.N; i++ {
		CheckFile(pgn.Parse(src))
	}
}
