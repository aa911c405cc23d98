package pgn

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"pgnls/pgn/pgntest"
)

// shape lists a parse's items, tokens and errors with positions shifted by
// base: equal shapes mean equal trees.
func shape(f *File, base Pos) []string {
	var out []string
	for _, item := range f.Items {
		s := fmt.Sprintf("%T %d-%d:", item, item.Pos()+base, item.End()+base)
		NodeTokens(item, func(t Token) { s += fmt.Sprintf(" %s@%d-%d", t.Kind, t.Pos+base, t.End+base) })
		out = append(out, s)
	}
	for _, e := range f.Errors {
		out = append(out, fmt.Sprintf("error %d-%d %s", e.Pos+base, e.End+base, e.Msg))
	}
	return out
}

// readAll reads a text in pieces and returns their combined shape, text and
// line count. Each piece is released once read, as a check does, so that
// the pieces after are parsed into the memory of those before.
func readAll(t *testing.T, data []byte, block int) ([]string, string, int) {
	t.Helper()
	r := NewReader(strings.NewReader(string(data)))
	r.BlockSize = block
	var items, errs []string
	var text strings.Builder
	lines := 0
	for {
		p, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if p.Offset != text.Len() || p.Line != lines {
			t.Fatalf("piece at offset %d line %d, want %d and %d", p.Offset, p.Line, text.Len(), lines)
		}
		for _, s := range shape(p.File, Pos(p.Offset)) {
			if strings.HasPrefix(s, "error ") {
				errs = append(errs, s)
			} else {
				items = append(items, s)
			}
		}
		text.WriteString(p.File.Src)
		if p.File.Lines != nil {
			t.Fatal("a piece has a line table: the reader leaves it to the caller")
		}
		lines += CountLineBreaks(p.File.Src)
		p.Release()
	}
	return append(items, errs...), text.String(), lines
}

// readPieces reads r to its end.
func readPieces(t *testing.T, r *Reader) []*Piece {
	t.Helper()
	var pieces []*Piece
	for {
		p, err := r.Next()
		if err == io.EOF {
			return pieces
		}
		if err != nil {
			t.Fatal(err)
		}
		pieces = append(pieces, p)
	}
}

// decodeWhole decodes a file as the command line does.
func decodeWhole(data []byte) string {
	if utf8.Valid(data) {
		return string(data)
	}
	runes := make([]rune, len(data))
	for i, b := range data {
		runes[i] = rune(b)
	}
	return string(runes)
}

func checkReader(t *testing.T, name string, data []byte) {
	t.Helper()
	whole := decodeWhole(data)
	if enc := SniffUTF16(data); enc != UTF8 {
		var err error
		if whole, _, err = Decode(data); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if p, err := NewReader(strings.NewReader(string(data))).Next(); err != nil || p.Encoding != enc {
			t.Fatalf("%s: error %v; want a first piece read as %v", name, err, enc)
		}
	}
	want := shape(Parse(whole), 0)
	for _, block := range []int{1, 5, 64, 1000, 1 << 20} {
		if IsUTF16(data) && len(data) > 4000 && block < 64 {
			continue // each block re-parses the game: a UTF-16 file is a prefix twice as long
		}
		got, text, lines := readAll(t, data, block)
		if text != whole {
			t.Fatalf("%s, blocks of %d: the pieces' text differs from the whole", name, block)
		}
		if lines != NewLineTable(whole).LineCount()-1 {
			t.Errorf("%s, blocks of %d: %d lines", name, block, lines)
		}
		if !reflect.DeepEqual(got, want) {
			for i := range min(len(got), len(want)) {
				if got[i] != want[i] {
					t.Fatalf("%s, blocks of %d: item %d\n got %s\nwant %s", name, block, i, got[i], want[i])
				}
			}
			t.Fatalf("%s, blocks of %d: %d items, want %d", name, block, len(got), len(want))
		}
	}
}

// TestReaderMatchesParse reads every test and corpus file in pieces of
// several block sizes and compares with parsing the file whole.
func TestReaderMatchesParse(t *testing.T) {
	files, _ := filepath.Glob("../testdata/*/*.pgn")
	files = append(files, pgntest.OptionalCorpusFiles(t)...)
	if len(files) == 0 {
		t.Fatal("no test files")
	}
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		if len(data) > 40000 {
			data = data[:40000] // block size 1 re-parses often; a prefix is enough
		}
		checkReader(t, filepath.Base(name), data)
	}
}

func TestReaderEdgeCases(t *testing.T) {
	cases := map[string]string{
		"empty":              "",
		"utf8 split":         "[White \"Müller 💎\"]\n\n1. e4 { ♔♕ } *\n[Black \"é\"]\n\n1. d4 *\n",
		"latin1":             "[White \"M\xfcller\"]\n\n1. e4 *\n\n[Black \"J\xfcrgen\"]\n\n1. d4 *\n",
		"no results":         "[Event \"a\"]\n\n1. e4\n\n[Event \"b\"]\n\n1. d4\n1. c4\n",
		"unclosed comment":   "[Event \"a\"]\n\n1. e4 {open\n\n[Event \"b\"]\n\n1. d4 *\n{ and }\n",
		"tags only":          "[Event \"a\"]\n[Site \"b\"]\n\n[Event \"c\"]\n",
		"crlf":               "[Event \"a\"]\r\n\r\n1. e4 *\r\n\r\n[Event \"b\"]\r\n\r\n1. d4 *\r\n",
		"lone cr":            "[Event \"a\"]\r\r1. e4 *\r\r[Event \"b\"]\r\r1. d4 *\r",
		"bom":                "\uFEFF[Event \"a\"]\n\n1. e4 *\n",
		"games on one line":  "1. e4 * 1. d4 * 1. c4 *\n1. Nf3 *\n",
		"escape lines":       "% first\n[Event \"a\"]\n\n1. e4 *\n% between\n[Event \"b\"]\n\n1. d4 *\n",
		"stray text between": "1. e4 *\n) ] \"x\"\n1. d4 *\n",
	}
	for name, text := range cases {
		t.Run(name, func(t *testing.T) { checkReader(t, name, []byte(text)) })
	}
}

// TestReaderPassesOverTextWithoutACut: text with no place to cut it into
// games, longer than MaxPiece, comes as unparsed pieces of bounded size, up
// to the next line that starts with '['; from there on the games are
// parsed again, with their offsets and lines counted from the start.
func TestReaderPassesOverTextWithoutACut(t *testing.T) {
	for _, junk := range []string{"y\n", "y\r\n", "y\r", "\x00", "{ x ", "1. e4 e\xe95 "} {
		t.Run(fmt.Sprintf("%q", junk), func(t *testing.T) {
			skipped := strings.Repeat(junk, 3000)
			game := "[Event \"a\"]\n\n1. e4 *\n"
			text := skipped + "\n" + game
			r := NewReader(iotest.OneByteReader(strings.NewReader(text)))
			r.BlockSize, r.MaxPiece = 100, 2000
			var unparsed strings.Builder
			var last *Piece
			for _, p := range readPieces(t, r) {
				if p.Offset != unparsed.Len() && p.Unparsed {
					t.Fatalf("an unparsed piece at offset %d, want %d", p.Offset, unparsed.Len())
				}
				if p.Unparsed {
					// Decoded: a Latin-1 byte can take two.
					if len(p.File.Src) > 2*r.MaxPiece || len(p.File.Items) > 0 {
						t.Fatalf("an unparsed piece of %d bytes and %d items: at most %d bytes, no items", len(p.File.Src), len(p.File.Items), 2*r.MaxPiece)
					}
					unparsed.WriteString(p.File.Src)
				}
				last = p
			}
			want, _ := DecodeText([]byte(skipped + "\n"))
			if unparsed.String() != want {
				t.Fatalf("the unparsed pieces hold %d bytes, want the %d before the tag line", unparsed.Len(), len(want))
			}
			if last.Unparsed || len(last.File.Games) != 1 || last.File.Src != game || last.Offset != len(want) || last.Line != CountLineBreaks(want) {
				t.Errorf("the game after: unparsed %v, %d games, %q at offset %d line %d", last.Unparsed, len(last.File.Games), last.File.Src, last.Offset, last.Line)
			}
		})
	}
}

// endless is an endless stream of one byte, c, to the end of n bytes.
type endless struct {
	c byte
	n int
}

func (e *endless) Read(p []byte) (int, error) {
	if e.n == 0 {
		return 0, io.EOF
	}
	p = p[:min(len(p), e.n)]
	for i := range p {
		p[i] = e.c
	}
	e.n -= len(p)
	return len(p), nil
}

// TestReaderHoldsBoundedTextOfAnEndlessStream: a stream of NUL bytes (or
// of "y"), with nowhere to cut it, is read in pieces of bounded size, not
// held whole.
func TestReaderHoldsBoundedTextOfAnEndlessStream(t *testing.T) {
	for _, c := range []byte{0, 'y'} {
		r := NewReader(&endless{c: c, n: 20 << 20})
		r.MaxPiece = 1 << 20
		total, pieces := 0, 0
		for {
			p, err := r.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if n := len(p.File.Src); n > r.MaxPiece+64<<10 || !p.Unparsed {
				t.Fatalf("piece %d: %d bytes, unparsed %v", pieces, n, p.Unparsed)
			}
			total += len(p.File.Src)
			pieces++
			p.Release()
		}
		if total != 20<<20 || pieces < 20 {
			t.Errorf("%q: %d bytes in %d pieces, want 20 MiB in many", c, total, pieces)
		}
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }

func TestReaderPassesOnReadErrors(t *testing.T) {
	if _, err := NewReader(failingReader{}).Next(); err == nil || err.Error() != "disk on fire" {
		t.Errorf("error %v", err)
	}
}

// TestReaderPiecesKeepTheirText holds every piece until the end: the memory
// of a piece that is not released must never be written again, however the
// reader's buffer moves (iotest.OneByteReader makes one read per byte).
func TestReaderPiecesKeepTheirText(t *testing.T) {
	var sb strings.Builder
	for i := 0; i < 300; i++ {
		fmt.Fprintf(&sb, "[Event \"game %d\"]\n\n1. e4 e5 2. Nf3 { comment %d } Nc6 *\n\n", i, i)
	}
	text := sb.String()
	r := NewReader(iotest.OneByteReader(strings.NewReader(text)))
	r.BlockSize = 100
	pieces := readPieces(t, r) // all held to the end
	var got strings.Builder
	for _, p := range pieces {
		got.WriteString(p.File.Src)
	}
	if got.String() != text {
		t.Errorf("the pieces read back differ from the text")
	}
	if len(pieces) < 50 {
		t.Errorf("%d pieces: the test wants many blocks", len(pieces))
	}
}

// TestReaderReusesReleasedMemory checks that a released piece's memory
// takes the next piece (what makes a check of a large file cheap), that
// the piece forgets its tree, and that an outsized piece's memory is not
// kept.
func TestReaderReusesReleasedMemory(t *testing.T) {
	game := "[Event \"e\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n"
	r := NewReader(iotest.OneByteReader(strings.NewReader(strings.Repeat(game, 200))))
	r.BlockSize = 256
	first, err := r.Next()
	if err != nil {
		t.Fatal(err)
	}
	mem := first.mem
	first.Release()
	if first.File != nil {
		t.Error("a released piece still has its File")
	}
	first.Release() // twice is harmless
	second, err := r.Next()
	if err != nil {
		t.Fatal(err)
	}
	if second.mem != mem {
		t.Error("the next piece was not read into the released memory")
	}
	if !strings.HasPrefix(second.File.Src, game) || len(second.File.Games) == 0 || second.File.Games[0].Tags[0].Value != "e" {
		t.Errorf("the piece read into released memory is wrong: %q", second.File.Src[:min(40, len(second.File.Src))])
	}
	held, err := r.Next() // not released: its memory stays its own
	if err != nil {
		t.Fatal(err)
	}
	src := strings.Clone(held.File.Src)
	second.Release()
	for range 3 {
		p, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		if p.mem == held.mem {
			t.Fatal("a piece was read into the memory of a piece not released")
		}
		p.Release()
	}
	if held.File.Src != src {
		t.Error("the text of a piece not released changed")
	}

	huge := "[Event \"e\"]\n\n1. e4 {" + strings.Repeat("long ", 300_000) + "} *\n\n"
	big := NewReader(strings.NewReader(huge + game))
	p, err := big.Next()
	if err != nil {
		t.Fatal(err)
	}
	p.Release()
	if len(big.free) != 0 {
		t.Error("the memory of an outsized piece was kept")
	}
}

// TestReaderStringLifetime pins the rule of Piece's doc: the strings of a
// piece that is not released stay as they were while later pieces are
// read; a copy (strings.Clone) outlives the release; and a string kept
// from a released piece, without a copy, reads the text of the piece its
// memory went to (which is why the rule says to copy).
func TestReaderStringLifetime(t *testing.T) {
	var text strings.Builder
	for i := range 200 {
		fmt.Fprintf(&text, "[Event \"game %03d\"]\n\n1. e4 e5 *\n\n", i)
	}
	read := func(r *Reader) *Piece {
		t.Helper()
		p, err := r.Next()
		if err != nil {
			t.Fatal(err)
		}
		return p
	}

	r := NewReader(strings.NewReader(text.String()))
	r.BlockSize = 256
	held := read(r)
	event := held.File.Games[0].Tags[0].Value
	for {
		if _, err := r.Next(); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
	}
	if event != "game 000" {
		t.Errorf("a string of a piece not released changed to %q as the later pieces were read", event)
	}

	r = NewReader(strings.NewReader(text.String()))
	r.BlockSize = 256
	first := read(r)
	shared := first.File.Games[0].Tags[0].Value
	copied := strings.Clone(shared)
	first.Release()
	next := read(r) // read into the released memory
	if copied != "game 000" {
		t.Errorf("a copy of a released piece's string reads %q", copied)
	}
	if shared == copied || shared != next.File.Games[0].Tags[0].Value {
		t.Errorf("a string kept from a released piece reads %q, want the next piece's %q (the memory is reused)", shared, next.File.Games[0].Tags[0].Value)
	}
}
