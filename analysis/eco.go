package analysis

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
	"unicode/utf8"

	"pgnls/analysis/board"
	"pgnls/pgn"
)

// ECOLine is one line of an ECO classification file: a code, the opening's
// name and the moves that reach it from the standard start.
type ECOLine struct {
	Code         string // "B90"
	Opening      string // "Sicilian"
	Variation    string // "Najdorf"
	SubVariation string
	Moves        string // "1. e4 c5 2. Nf3 d6 ..."
	Plies        int
}

// Name returns the opening's full name: "Sicilian: Najdorf, Opocensky
// variation".
func (l *ECOLine) Name() string {
	name := l.Opening
	if l.Variation != "" {
		if name != "" {
			name += ": "
		}
		name += l.Variation
	}
	if l.SubVariation != "" {
		if name != "" {
			name += ", "
		}
		name += l.SubVariation
	}
	return name
}

// ECOBook is an ECO classification file (the eco.pgn of pgn-extract, or any
// PGN file whose games carry ECO, Opening, Variation and SubVariation tags)
// indexed by the position each line reaches: the placement of the pieces
// and the side to move. Matching positions rather than move sequences finds
// an opening whatever the move order that reached it.
type ECOBook struct {
	lines  []*ECOLine
	byKey  map[string]*ECOLine
	byCode map[string][]*ECOLine
	// Skipped counts the games of the file that could not be used: no ECO
	// tag, or a move that is not legal.
	Skipped int
}

// Len returns the number of lines in the book.
func (b *ECOBook) Len() int { return len(b.lines) }

// positionKey appends to dst what identifies a position for the book: the
// placement and the side to move, the first two fields of its FEN. Castling
// rights and the en passant square are left out so that transpositions
// meet.
func positionKey(dst []byte, pos *board.Position) []byte {
	dst = pos.AppendFEN(dst)
	if i := bytes.IndexByte(dst, ' '); i >= 0 {
		if j := bytes.IndexByte(dst[i+1:], ' '); j >= 0 {
			return dst[:i+1+j]
		}
	}
	return dst
}

// Lookup returns the line that ends in position pos, or nil. When several
// lines reach the same position, the first in the file wins.
func (b *ECOBook) Lookup(pos *board.Position) *ECOLine {
	if b == nil {
		return nil
	}
	var buf [96]byte
	return b.byKey[string(positionKey(buf[:0], pos))]
}

// Code returns the lines of an ECO code ("B90", or "B90/12", of which the
// first three characters count), in file order.
func (b *ECOBook) Code(code string) []*ECOLine {
	if b == nil {
		return nil
	}
	if len(code) > 3 {
		code = code[:3]
	}
	return b.byCode[code]
}

// Deepest returns the last of positions that the book knows, with its
// index, or nil and -1: the deepest line that a sequence of positions (the
// positions after each move of a game) follows.
func (b *ECOBook) Deepest(positions []board.Position) (*ECOLine, int) {
	if b == nil {
		return nil, -1
	}
	for i := len(positions) - 1; i >= 0; i-- {
		if l := b.Lookup(&positions[i]); l != nil {
			return l, i
		}
	}
	return nil, -1
}

// playAll is the lineVisitor that plays every legal move.
type playAll struct{}

func (playAll) lineStart(*pgn.Line) {}
func (playAll) skipped(*pgn.Move)   {}
func (playAll) move(pos *board.Position, m *pgn.Move) bool {
	mv, ok := legalMove(pos, m.Text)
	if ok {
		pos.Play(mv)
	}
	return ok
}

// ParseECO reads an ECO classification file. A game without an ECO tag or
// with an illegal move is skipped (and counted in Skipped); a file without
// any usable game is an error.
func ParseECO(src string) (*ECOBook, error) {
	f := pgn.Parse(src)
	b := &ECOBook{byKey: make(map[string]*ECOLine, len(f.Games)), byCode: make(map[string][]*ECOLine)}
	var key []byte
	var stack []replayFrame // replayLines's, from game to game
	for _, g := range f.Games {
		code, _ := g.Tag("ECO")
		if code == "" || len(g.Moves.Moves) == 0 {
			b.Skipped++
			continue
		}
		final, complete := replayLines(&g.Moves, board.StartPosition(), playAll{}, &stack)
		if !complete {
			b.Skipped++
			continue
		}
		l := &ECOLine{Code: code, Moves: movesText(g.Moves.Moves), Plies: len(g.Moves.Moves)}
		l.Opening, _ = g.Tag("Opening")
		l.Variation, _ = g.Tag("Variation")
		l.SubVariation, _ = g.Tag("SubVariation")
		b.lines = append(b.lines, l)
		key = positionKey(key[:0], &final)
		if _, seen := b.byKey[string(key)]; !seen {
			b.byKey[string(key)] = l
		}
		short := code
		if len(short) > 3 {
			short = short[:3]
		}
		b.byCode[short] = append(b.byCode[short], l)
	}
	if len(b.lines) == 0 {
		return nil, fmt.Errorf("no ECO lines: %d games, none with an ECO tag and legal moves", len(f.Games))
	}
	return b, nil
}

// movesText writes moves from the standard start with their numbers:
// "1. e4 c5 2. Nf3".
func movesText(moves []*pgn.Move) string {
	var b strings.Builder
	for i, m := range moves {
		if i > 0 {
			b.WriteByte(' ')
		}
		if i%2 == 0 {
			b.WriteString(strconv.Itoa(i/2 + 1))
			b.WriteString(". ")
		}
		b.WriteString(m.Text)
	}
	return b.String()
}

// The ECO file is named by a setting, and whatever it names is read: so it
// is read as a file of data the server did not choose. Only a regular file
// is opened (a named pipe with no writer blocks its reader for good, and
// /dev/zero never ends: the server grew to 4 GB on it and stopped
// answering), of at most MaxECOFileSize bytes, and a load that takes longer
// than ecoReadTimeout is given up by those waiting for it.

// MaxECOFileSize is the largest ECO file read: 16 MB, where pgn-extract's
// eco.pgn (the default) is under 1 MB and indexing 16 MB takes about a
// quarter of a second and a few hundred MB for the moment.
const MaxECOFileSize = 16 << 20

// ecoReadTimeout is how long ECOCache.Load waits for a file to be read and
// indexed. A load that takes longer goes on in the background, and its
// book is used once it is there; meanwhile Load answers at once with the
// error that says it is late.
const ecoReadTimeout = 5 * time.Second

// ECOCache keeps each ECO file loaded once, until it changes on disk. The
// zero value is ready for use; a language server keeps one for its session.
type ECOCache struct {
	mu    sync.Mutex
	files map[string]*ecoFile
	// read and timeout, when set, replace readECO and ecoReadTimeout (in
	// tests: a read that stalls).
	read    func(path string) (*ECOBook, error)
	timeout time.Duration
}

// ecoFile is one load of an ECO file, for one size and modification time.
type ecoFile struct {
	mod  time.Time
	size int64
	done chan struct{} // closed once book and err are set
	book *ECOBook
	err  error
	late atomic.Bool // a wait for it timed out: later calls do not wait
}

// Load reads and indexes the ECO file at path, once: later calls return
// the same book until the file's size or modification time changes. What is
// not a regular file, or is larger than MaxECOFileSize, is refused without
// being read; a load that takes more than ecoReadTimeout is reported as
// late (and its book used once it comes).
func (c *ECOCache) Load(path string) (*ECOBook, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if err := checkECOFile(fi); err != nil {
		return nil, fmt.Errorf("ECO file %s: %w", path, err)
	}
	timeout := c.timeout
	if timeout == 0 {
		timeout = ecoReadTimeout
	}
	e := c.start(path, fi)
	if !e.late.Load() {
		timer := time.NewTimer(timeout)
		defer timer.Stop()
		select {
		case <-e.done:
		case <-timer.C:
			e.late.Store(true)
		}
	}
	select {
	case <-e.done:
		return e.book, e.err
	default:
		return nil, fmt.Errorf("ECO file %s: not read within %v (a slow or stalled file system?)", path, timeout)
	}
}

// start returns the load of path for the file fi describes, started now if
// there is none.
func (c *ECOCache) start(path string, fi os.FileInfo) *ecoFile {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e := c.files[path]; e != nil && e.mod.Equal(fi.ModTime()) && e.size == fi.Size() {
		return e
	}
	e := &ecoFile{mod: fi.ModTime(), size: fi.Size(), done: make(chan struct{})}
	if c.files == nil {
		c.files = make(map[string]*ecoFile)
	}
	c.files[path] = e
	read := c.read
	if read == nil {
		read = readECO
	}
	go func() {
		defer close(e.done)
		e.book, e.err = read(path)
		if e.err != nil {
			e.err = fmt.Errorf("ECO file %s: %w", path, e.err)
		}
	}()
	return e
}

// checkECOFile refuses what is not a regular file of at most
// MaxECOFileSize bytes, with an error that says what it is.
func checkECOFile(fi os.FileInfo) error {
	mode := fi.Mode()
	kind := ""
	switch {
	case mode.IsRegular():
		if fi.Size() > MaxECOFileSize {
			return fmt.Errorf("%d bytes, more than the %d an ECO file may have", fi.Size(), MaxECOFileSize)
		}
		return nil
	case mode.IsDir():
		kind = "a directory"
	case mode&os.ModeNamedPipe != 0:
		kind = "a named pipe"
	case mode&os.ModeCharDevice != 0:
		kind = "a character device"
	case mode&os.ModeDevice != 0:
		kind = "a device"
	case mode&os.ModeSocket != 0:
		kind = "a socket"
	default:
		kind = "a special file (" + mode.Type().String() + ")"
	}
	return fmt.Errorf("%s, not a regular file", kind)
}

// readECO reads and indexes an ECO file. It opens it without blocking (so
// that a named pipe put in its place after Load looked does not block
// the open), checks again that it is a regular file, and reads at most one
// byte more than MaxECOFileSize (the file may have grown).
func readECO(path string) (*ECOBook, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if err := checkECOFile(fi); err != nil {
		return nil, err
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxECOFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxECOFileSize {
		return nil, fmt.Errorf("more than the %d bytes an ECO file may have", MaxECOFileSize)
	}
	return ParseECO(decodeText(data))
}

// decodeText returns a file's text: UTF-8 as it is, anything else read as
// Latin-1 (the PGN standard's character set).
func decodeText(data []byte) string {
	if utf8.Valid(data) {
		return string(data)
	}
	var b strings.Builder
	b.Grow(len(data) * 2)
	for _, c := range data {
		b.WriteRune(rune(c))
	}
	return b.String()
}
