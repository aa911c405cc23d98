package pgn

import (
	"io"
	"os"
	"runtime/debug"
	"strings"
	"testing"

	"pgnls/pgn/pgntest"
)

// BenchmarkParse parses the whole corpus (3,333 games) as one text: 845 KB,
// of which 20,300 tag pairs make 60% of the bytes, and 29,000 moves.
//
// bench/NOTES.md has what its profile showed and what was done about it.
func BenchmarkParse(b *testing.B) {
	src := pgntest.CorpusText(b)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if f := Parse(src); len(f.Errors) != 0 {
			b.Fatalf("%d syntax errors", len(f.Errors))
		}
	}
}

// BenchmarkParseGame parses one game of 33 moves with comments, a NAG and its
// tags: the language server's common case, where the slabs must not cost a
// small text more than they save a large one.
func BenchmarkParseGame(b *testing.B) {
	data, err := os.ReadFile("../testdata/games/classics.pgn")
	if err != nil {
		b.Fatal(err)
	}
	src, _, _ := strings.Cut(string(data), "\n\n[")
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if f := Parse(src); len(f.Errors) != 0 || len(f.Games) != 1 {
			b.Fatalf("%d syntax errors, %d games", len(f.Errors), len(f.Games))
		}
	}
}

// BenchmarkScan runs the scanner alone over the corpus.
func BenchmarkScan(b *testing.B) {
	src := pgntest.CorpusText(b)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	var s Scanner
	for b.Loop() {
		s.Init(src, nil)
		for s.Scan().Kind != EOF {
		}
		if s.ErrorCount != 0 {
			b.Fatalf("%d scan errors", s.ErrorCount)
		}
	}
}

// BenchmarkLineTable indexes the corpus and converts an offset on every line.
func BenchmarkLineTable(b *testing.B) {
	src := pgntest.CorpusText(b)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		lt := NewLineTable(src)
		for line := 0; line < lt.LineCount(); line += 100 {
			lt.UTF16Position(lt.LineStart(line) + 1)
		}
	}
}

// BenchmarkReadStream reads the corpus as pgnls check and fmt read a file:
// through a Reader, in 128 KiB blocks (each checked for UTF-8, parsed, cut
// after its last whole game, released once done with), with the collector
// set as those commands set it (GOGC=400, cmd/pgnls/main.go). It is the
// parse without validation at the speed the command line gets;
// BenchmarkParse is the parse of one whole text under the default
// collector, as the language server parses a document it opens.
func BenchmarkReadStream(b *testing.B) {
	src := pgntest.CorpusText(b)
	defer debug.SetGCPercent(debug.SetGCPercent(400))
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		r := NewReader(strings.NewReader(src))
		for {
			p, err := r.Next()
			if err == io.EOF {
				break
			} else if err != nil {
				b.Fatal(err)
			}
			p.Release()
		}
	}
}
