package pgn

import (
	"os"
	"strings"
	"testing"
)

// corpusText returns every corpus file, one after the other, as one text.
func corpusText(b *testing.B) string {
	b.Helper()
	var sb strings.Builder
	for _, path := range corpusFiles(b) {
		data, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		sb.Write(data)
		sb.WriteString("\n")
	}
	return sb.String()
}

// BenchmarkParse parses the whole corpus (3,333 games) as one text.
func BenchmarkParse(b *testing.B) {
	src := corpusText(b)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if f := Parse(src); len(f.Errors) != 0 {
			b.Fatalf("%d syntax errors", len(f.Errors))
		}
	}
}

// BenchmarkScan runs the scanner alone over the corpus.
func BenchmarkScan(b *testing.B) {
	src := corpusText(b)
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
	src := corpusText(b)
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		lt := NewLineTable(src)
		for line := 0; line < lt.LineCount(); line += 100 {
			lt.UTF16Position(lt.LineStart(line) + 1)
		}
	}
}
