package pgn

import (
	"io"
	"os"
	"runtime/debug"
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

// BenchmarkParse parses the whole corpus (3,333 games) as one text: 845 KB,
// of which 20,300 tag pairs make 60% of the bytes, and 29,000 moves.
//
// What the profile showed (GOMAXPROCS=1, go test -cpuprofile, pprof -top),
// and what was done about it:
//
//   - The garbage collector was half of the time. With one P, its mark phase
//     lasts most of the wall time (the background worker seldom gets the P;
//     GODEBUG=gctrace=1 shows marks of 5-15 ms, longer than a parse), so
//     the write barrier is on during ~60% of the parse and every pointer
//     stored into the heap costs a barrier and, at the flush, a look-up of
//     its object. The costs were: a bulk barrier for each node filled by a
//     composite literal (wbMove, 15%), growslice with its barriers for every
//     list of the tree grown by append (a line's moves, a move's
//     annotations, the tag lists: 18%, and 29,000 of the 29,360
//     allocations), and the barriers of the copies. Now nodes are filled
//     field by field, nil pointers are not stored, the main line and the
//     tag lists are built in place in slabs and the other lists are copied
//     once, at their final length, from stacks in the parser (slab.go,
//     movetext in parser.go).
//   - scanTagLine (15%) searched each value twice (UnquoteString looked for
//     backslashes again); move numbers and NAGs went through strconv.Atoi;
//     the scanner tested byte classes with chains of comparisons, and the
//     '[' after each tag pair went through the scanner.
//
// Result, both in the same run: 146 -> 237 MB/s (wall), 5.8 -> 3.5 ms/op of
// CPU time (x1.6); 29,360 -> 1,074 allocs/op; 7.87 -> 7.64 MB/op.
//
// What is left: the collector is still ~40% (assists scanning the tree 13%,
// write barriers 17%, zeroing of new slab batches 4%, and in the kernel the
// faults of memory the scavenger gave back, ~10% of CPU time). That is the
// price of the tree's ~230,000 pointers (each Move's Text and Number, each
// Tag's Name and Value, each list entry): the exported types fix them, and
// the strings into src alone cost 10% (measured by not storing them). The
// parse's own work, with GOGC=off, is ~1.9 ms/op: scanTagLine 22%, Scan
// 10%, NewLineTable 7-9%, addMove.
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

// BenchmarkReadStream reads the corpus as pgnls check and fmt read a file:
// through a Reader, in 128 KiB blocks (each checked for UTF-8, parsed, cut
// after its last whole game, released once done with), with the collector
// set as those commands set it (GOGC=400, cmd/pgnls/main.go). It is the
// parse without validation at the speed the command line gets;
// BenchmarkParse is the parse of one whole text under the default
// collector, as the language server parses a document it opens.
//
// Releasing the pieces (their trees written over the memory of those
// before, see Piece.Release) took it from 285-319 MB/s to ...
func BenchmarkReadStream(b *testing.B) {
	src := corpusText(b)
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
