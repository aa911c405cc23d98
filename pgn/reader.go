package pgn

import (
	"bytes"
	"io"
	"slices"
	"sort"
	"unicode/utf8"
	"unsafe"
)

// Reader reads PGN from a stream in pieces of whole games, each parsed as it
// would be within the whole text, so that a file larger than memory can be
// checked or formatted with memory bounded by the block size and MaxPiece.
//
// Text that is not valid UTF-8 is decoded as Latin-1, like the command line
// does for whole files; a stream switches to Latin-1 at the first block that
// is not valid UTF-8 and stays there. A stream that starts like UTF-16 (see
// SniffUTF16) is decoded from UTF-16, and one that then turns out not to be
// valid UTF-16 ends with a *UTF16Error.
type Reader struct {
	r    io.Reader
	buf  []byte // bytes read and not yet returned in a piece
	base []byte // the array buf is in, whole
	eof  bool
	err  error

	// free holds the memory of released pieces (see Piece.Release).
	free chan *pieceMemory

	sniffed  bool     // the start was looked at for UTF-16
	encoding Encoding // of the text from buf[0] on
	offset   int      // offset in the decoded text of buf[0]
	line     int      // line of buf[0]

	// skipping is set while the reader passes over text too long to parse
	// (see Piece.Unparsed); lastByte is the byte before buf[0] then.
	skipping bool
	lastByte byte

	// BlockSize is how much text is parsed at a time; MaxPiece bounds a
	// piece that has no place to be cut (one enormous game, or text
	// without a game boundary): what it holds is passed over, unparsed.
	BlockSize int
	MaxPiece  int

	// NewSkimmer, when not nil, makes a MovetextSkimmer for the parser
	// of each piece's memory: the games whose movetext it vouches for
	// then have no moves in the tree (see MovetextSkimmer, Game.Skimmed).
	// A batch check sets it; nil, the default, builds the whole tree.
	NewSkimmer func() MovetextSkimmer
}

// Piece is a run of whole games from a Reader, or a run of text it did not
// parse.
//
// Its File has no line table (File.Lines is nil): most pieces of a
// database have nothing to report, and making a table for each would be
// work for nothing (bench/NOTES.md). Make one with NewLineTable(File.Src)
// to convert positions.
type Piece struct {
	File     *File    // positions relative to the piece
	Offset   int      // where the piece starts in the decoded text
	Line     int      // the 0-based line the piece starts on
	Encoding Encoding // what the piece was decoded from

	// Unparsed reports a piece of text that the reader did not parse:
	// MaxPiece bytes of text, from a line start, without a place to cut
	// them into games, and what follows up to the next line that starts
	// with '[' (a tag pair, where the next game may start), or the end.
	// Its File has the text (Src) and nothing else. The run of such
	// pieces is passed over in blocks, so that endless text without a
	// game boundary (a stream of NUL bytes, "yes | pgnls check -") is read
	// in bounded memory; the pieces after it are parsed again.
	Unparsed bool

	mem    *pieceMemory
	reader *Reader
}

// pieceMemory is what a piece's text and tree are made of.
type pieceMemory struct {
	text   []byte // the decoded block the piece was cut from
	parser parser // its nodes and lists
}

// Release hands the piece's memory back to its Reader, whose next pieces
// are parsed into it; the piece's File is set to nil. Nothing from the
// piece may be used after: not its tree, and not its text, which the
// strings of the tree (and any string sliced from them) share.
//
// Releasing is optional; a piece that is not released is left to the
// collector. A batch check of a large file releases each piece once its
// diagnostics are written: its trees are then written over the same few
// megabytes, warm in the cache, instead of fresh memory that the allocator
// clears, the kernel maps and the collector sweeps (bench/NOTES.md).
func (p *Piece) Release() {
	mem := p.mem
	if mem == nil {
		return
	}
	p.mem, p.File = nil, nil
	if cap(mem.text) > max(4*p.reader.BlockSize, 1<<20) {
		return // the memory of an outsized piece goes back to the system
	}
	mem.parser.reset() // here, not in the reader's stage, which is serial
	select {
	case p.reader.free <- mem:
	default:
	}
}

// DefaultMaxPiece is the MaxPiece of NewReader: 32 MiB. A game of a
// million moves takes about 12 MB; parsing and checking text costs up to
// 60 times its size in memory (a token every two bytes), and this is what
// bounds it.
const DefaultMaxPiece = 32 << 20

// NewReader returns a Reader with 128 KiB blocks and pieces of at most
// DefaultMaxPiece.
//
// The block size is small because the trees of the pieces in flight are
// what the garbage collector scans: larger blocks keep more trees alive
// and the collector busier, while re-parsing the unfinished game at the
// end of each block costs little (bench/NOTES.md).
func NewReader(r io.Reader) *Reader {
	return &Reader{r: r, BlockSize: 128 << 10, MaxPiece: DefaultMaxPiece, free: make(chan *pieceMemory, maxFreePieces)}
}

// maxFreePieces is how many released pieces' memory a Reader keeps: more
// than a pipeline has in flight (one piece parsed, one checked, one
// printed, one in each channel between).
const maxFreePieces = 8

// Next returns the next piece, or io.EOF after the last.
func (r *Reader) Next() (*Piece, error) {
	if !r.sniffed {
		if err := r.sniff(); err != nil {
			return nil, err
		}
	}
	if r.skipping {
		return r.nextUnparsed()
	}
	want := r.BlockSize
	mem := r.memory()
	if r.NewSkimmer != nil && mem.parser.skim == nil {
		mem.parser.skim = r.NewSkimmer()
	}
	for {
		if err := r.fill(want); err != nil {
			return nil, err
		}
		if len(r.buf) == 0 && r.eof {
			return nil, io.EOF
		}
		text, rawLen := r.decode(mem)
		f := mem.parser.parse(text)
		if r.eof && rawLen == len(r.buf) {
			return r.emit(mem, f, text, Pos(len(text)), rawLen), nil
		}
		if cut, ok := LastSplitPoint(f); ok {
			return r.emit(mem, f, text, cut, r.rawLength(text, cut)), nil
		}
		if len(r.buf) >= r.MaxPiece {
			// No place to cut in as much as a piece may hold: pass over
			// it all, and parse again from the first tag line after it
			// (not before: the text up to here was parsed, and parsing
			// it again from a line inside would take as long again,
			// over and over). The parse's nodes are dropped; its text
			// is the piece's.
			mem.parser = parser{}
			r.skipping = true
			return r.emitUnparsed(mem, r.completeText(len(r.buf))), nil
		}
		want = min(2*len(r.buf), r.MaxPiece)
	}
}

// sniff looks at the start of the stream for UTF-16, and decodes the
// stream from UTF-16 from then on when it is.
func (r *Reader) sniff() error {
	r.sniffed = true
	if err := r.fill(utf16SniffLength); err != nil {
		return err
	}
	enc := SniffUTF16(r.buf)
	if enc == UTF8 {
		return nil
	}
	// The bytes read are decoded first, then the rest of the stream (not
	// read again once it has ended: a terminal would wait for more).
	var src io.Reader = bytes.NewReader(bytes.Clone(r.buf))
	if !r.eof {
		src = io.MultiReader(src, r.r)
	}
	r.r, r.encoding = NewUTF16Decoder(src, enc), enc
	r.buf, r.eof = r.buf[:0], false
	return nil
}

// nextUnparsed returns the next block of the text passed over, up to the
// first line that starts with '['.
func (r *Reader) nextUnparsed() (*Piece, error) {
	want := r.BlockSize
	for {
		if err := r.fill(want); err != nil {
			return nil, err
		}
		if len(r.buf) == 0 && r.eof {
			return nil, io.EOF
		}
		n := len(r.buf)
		if i := r.tagLine(); i >= 0 {
			n, r.skipping = i, false
			if n == 0 {
				return r.Next()
			}
		} else if !r.eof {
			n = r.completeText(n)
		}
		if n > 0 {
			return r.emitUnparsed(r.memory(), n), nil
		}
		want = len(r.buf) + 1
	}
}

// tagLine returns the index in buf of the first '[' at a line start, or -1.
func (r *Reader) tagLine() int {
	for i := 0; ; i++ {
		j := bytes.IndexByte(r.buf[i:], '[')
		if j < 0 {
			return -1
		}
		i += j
		before := r.lastByte
		if i > 0 {
			before = r.buf[i-1]
		}
		if before == '\n' || before == '\r' {
			return i
		}
	}
}

// completeText returns how much of buf[:n] can be a piece with more text to
// follow: not a UTF-8 sequence cut short, nor a CR whose LF may come next
// (the two are one line break, counted in one piece).
func (r *Reader) completeText(n int) int {
	if r.encoding != Latin1 {
		n = completeRunes(r.buf[:n])
	}
	if n > 0 && r.buf[n-1] == '\r' && !(r.eof && n == len(r.buf)) {
		n--
	}
	return n
}

// emitUnparsed returns the first n bytes of the buffer, decoded, as an
// unparsed piece, and drops them from the buffer.
func (r *Reader) emitUnparsed(mem *pieceMemory, n int) *Piece {
	raw := r.buf[:n]
	if r.encoding == UTF8 && !utf8.Valid(raw) {
		r.encoding = Latin1
	}
	if r.encoding == Latin1 {
		mem.text = appendLatin1(slices.Grow(mem.text[:0], 2*n), raw)
	} else {
		mem.text = append(mem.text[:0], raw...)
	}
	src := unsafe.String(unsafe.SliceData(mem.text), len(mem.text))
	p := &Piece{File: &File{Src: src}, Offset: r.offset, Line: r.line, Encoding: r.encoding, Unparsed: true, mem: mem, reader: r}
	r.offset += len(src)
	r.line += CountLineBreaks(src)
	r.lastByte = raw[n-1]
	r.buf = r.buf[n:]
	return p
}

// memory returns the memory of a released piece, or new memory.
func (r *Reader) memory() *pieceMemory {
	select {
	case mem := <-r.free:
		return mem
	default:
		return new(pieceMemory)
	}
}

// fill reads until the buffer holds n bytes or the stream ends.
func (r *Reader) fill(n int) error {
	for len(r.buf) < n && !r.eof {
		if r.err != nil {
			return r.err
		}
		if cap(r.buf)-len(r.buf) < 64<<10 {
			// Move the bytes not yet returned to the front of the array
			// (no piece's text is in it: decode copies), or to a larger
			// one.
			if need := max(n, len(r.buf)) + 64<<10; cap(r.base) < need {
				r.base = make([]byte, max(2*cap(r.base), need))
			}
			r.buf = r.base[:copy(r.base, r.buf)]
		}
		// Not past n by more than a read's worth: the buffer is what is
		// parsed, and MaxPiece bounds it.
		m, err := r.r.Read(r.buf[len(r.buf):min(cap(r.buf), max(n, len(r.buf))+64<<10)])
		r.buf = r.buf[:len(r.buf)+m]
		switch {
		case err == io.EOF:
			r.eof = true
		case err != nil:
			r.err = err
			return err
		}
	}
	return nil
}

// decode returns the buffer as text, leaving out a UTF-8 sequence cut by
// the end of the buffer, and how many bytes of the buffer it covers. The
// text is in mem, a copy (or the Latin-1 decoding) of the buffer, so that
// the buffer can be read into again while the piece is in use.
func (r *Reader) decode(mem *pieceMemory) (string, int) {
	n := len(r.buf)
	if !r.eof {
		n = completeRunes(r.buf)
	}
	if r.encoding == UTF8 && !utf8.Valid(r.buf[:n]) {
		r.encoding = Latin1
	}
	if r.encoding == Latin1 {
		n = len(r.buf)
		// Room for the worst case (every byte outside ASCII), which
		// spares appendLatin1 counting them first: the buffer is reused.
		mem.text = appendLatin1(slices.Grow(mem.text[:0], 2*n), r.buf)
	} else {
		mem.text = append(mem.text[:0], r.buf[:n]...)
	}
	// The string shares mem.text, which is written again only once the
	// piece is released and nothing of it may be in use (Piece.Release).
	return unsafe.String(unsafe.SliceData(mem.text), len(mem.text)), n
}

// completeRunes returns the length of b without a trailing incomplete UTF-8
// sequence.
func completeRunes(b []byte) int {
	for i := len(b) - 1; i >= 0 && i >= len(b)-utf8.UTFMax; i-- {
		if utf8.RuneStart(b[i]) {
			if !utf8.FullRune(b[i:]) {
				return i
			}
			break
		}
	}
	return len(b)
}

// rawLength returns how many bytes of the buffer text[:cut], a prefix of
// the decoded buffer, came from. Latin-1 text decodes the whole buffer, so
// the bytes after the cut are counted instead: the unfinished game at the
// end of a block, not the block.
func (r *Reader) rawLength(text string, cut Pos) int {
	if r.encoding == Latin1 {
		return len(r.buf) - latin1Length(text[cut:])
	}
	return int(cut)
}

// emit returns the text before cut as a piece, taking its parse from f (the
// parse of the whole buffer, whose items before cut are final), and drops
// its bytes from the buffer.
func (r *Reader) emit(mem *pieceMemory, f *File, text string, cut Pos, raw int) *Piece {
	src := text[:cut]
	n := f.ItemsBefore(cut)
	games := sort.Search(len(f.Games), func(i int) bool { return f.Games[i].From >= cut })
	piece := &File{Src: src, Items: f.Items[:n:n], Games: f.Games[:games:games], Errors: f.Errors.Within(0, cut)}
	p := &Piece{File: piece, Offset: r.offset, Line: r.line, Encoding: r.encoding, mem: mem, reader: r}
	r.offset += len(src)
	r.line += CountLineBreaks(src)
	r.buf = r.buf[raw:]
	return p
}
