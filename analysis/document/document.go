package document

import (
	"cmp"
	"context"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"pgnls/analysis"
	"pgnls/pgn"
)

// Document is an editable PGN text that is re-analyzed incrementally, for
// the language server. The text is kept as a sequence of chunks, each a run
// of whole games that starts at the beginning of a line and parses the same
// on its own as inside the whole text. An edit re-parses only the chunks it
// touches (and a neighbour when the edit makes their games merge), so its
// cost does not grow with the size of the file; the diagnostics of every
// other chunk are reused as they are, since they are stored relative to their
// chunk.
//
// A Document is not safe for concurrent use; its Snapshots are.
type Document struct {
	snap  *Snapshot
	limit int // the size limit in bytes (0: none; oversize.go)
}

// NewDocument parses text into a document. No analysis is done until
// Snapshot.Analyze, which checks the games from the trees this parse made
// instead of parsing each chunk again.
func NewDocument(text string) *Document {
	return &Document{snap: newSnapshot(newChunkList(parseChunks(text)))}
}

// pieceSize is the size of the pieces a large text is parsed in, in
// parallel, so that the open of a large text uses every core
// (bench/NOTES.md).
var pieceSize = 1 << 20 // a variable for the tests

// parseChunks parses text and cuts it into chunks. A text of several
// pieceSize is cut first at blank lines before a '[', and the pieces are
// parsed on all cores; a cut is kept when the piece before it parses alone
// as it does before what follows (the test Edit makes between neighbours).
// When one is not, the rest of the text from the piece before it is parsed
// in one go: a hostile text can make every cut fail, and joining pieces
// two by two would parse them again and again.
func parseChunks(text string) []*chunk {
	cuts := pieceCuts(text, pieceSize)
	if len(cuts) == 0 {
		return splitChunks(pgn.Parse(text), text)
	}
	bounds := append(append([]int{0}, cuts...), len(text))
	type piece struct {
		file   *pgn.File
		chunks []*chunk
	}
	pieces := make([]piece, len(bounds)-1)
	analysis.ForEachParallel(len(pieces), nil, func(_, i int) {
		t := text[bounds[i]:bounds[i+1]]
		f := pgn.Parse(t)
		pieces[i] = piece{f, splitChunks(f, t)}
	})
	var chunks []*chunk
	for i, p := range pieces {
		chunks = append(chunks, p.chunks...)
		if i+1 == len(pieces) {
			break
		}
		t, next := text[bounds[i]:bounds[i+1]], text[bounds[i+1]:bounds[i+2]]
		if !endsLine(t) || splitsCRLFBetween(t, next) || pgn.DependsOnNext(p.file, next) {
			chunks = chunks[:len(chunks)-len(p.chunks)]
			rest := text[bounds[i]:]
			return append(chunks, splitChunks(pgn.Parse(rest), rest)...)
		}
	}
	return chunks
}

// pieceCuts returns where to cut text into pieces of about size bytes: at
// a '[' that starts a line after an empty line, where a game usually
// starts.
func pieceCuts(text string, size int) []int {
	var cuts []int
	for at := size; at < len(text)-size/2; at += size {
		at = max(at, 1)
		i := strings.Index(text[at:], "\n[")
		for i >= 0 {
			j := at + i // the '\n'
			if j > 0 && text[j-1] == '\n' || j > 1 && text[j-1] == '\r' && text[j-2] == '\n' {
				break
			}
			at = j + 1
			i = strings.Index(text[at:], "\n[")
		}
		if i < 0 {
			break
		}
		at += i + 1
		if len(text)-at < size/2 {
			break
		}
		cuts = append(cuts, at)
	}
	return cuts
}

// Snapshot returns the current state. It stays valid and unchanged after
// later edits.
func (d *Document) Snapshot() *Snapshot { return d.snap }

// Edit replaces the bytes [start, end) with newText. It returns an error,
// and changes nothing, when the range is not inside the text.
func (d *Document) Edit(start, end int, newText string) error {
	s := d.snap
	if start < 0 || end < start || end > s.size {
		return fmt.Errorf("edit range %d-%d is outside the text (0-%d)", start, end, s.size)
	}
	if s.oversize || tooLarge(s.size-(end-start)+len(newText), d.limit) {
		d.editOversize(start, end, newText)
		return nil
	}
	first := s.list.atOffset(start).index
	last := first
	if end > start {
		last = s.list.atOffset(end - 1).index
	}
	region := s.joinChunks(first, last, start, end, newText)
	// Widen the region while a neighbour's parse depends on it, or while
	// a CRLF would be cut between them (each chunk counts its own lines).
	for first > 0 && (splitsCRLFBetween(s.list.at(first-1).chunk.text, region) || s.list.at(first-1).chunk.tail.DependsOnNext(region)) {
		first--
		region = s.list.at(first).chunk.text + region
	}
	// And while the next chunk's parse would change: it must start a line,
	// and what the region ends with must not run on into it. The region
	// grows by as many bytes as it has, at least a chunk, each time it
	// must: a comment opened at the top of a file of tagless games runs on
	// to its end, and a region grown chunk by chunk, parsed again each
	// time, made that keystroke quadratic. The chunks taken beyond need
	// are parsed and analyzed again for nothing, at most as many bytes as
	// needed.
	f := pgn.Parse(region)
	for last+1 < s.list.n && (!endsLine(region) || splitsCRLFBetween(region, s.list.at(last+1).chunk.text) || pgn.DependsOnNext(f, s.list.at(last+1).chunk.text)) {
		region, last = s.widen(region, last)
		f = pgn.Parse(region)
	}
	var added []*chunk
	for _, c := range splitChunks(f, region) {
		if c.text != "" {
			added = append(added, c)
		}
	}
	list := s.list.splice(first, last-first+1, added)
	if list.n == 0 {
		list = newChunkList([]*chunk{newChunk("", 0)})
	}
	d.snap = newSnapshot(list)
	d.snap.focus = start
	return nil
}

// widen returns region followed by the chunks after chunk last, at least
// one and as many as it takes to add len(region) bytes, and the index of
// the last chunk taken.
func (s *Snapshot) widen(region string, last int) (string, int) {
	var b strings.Builder
	b.WriteString(region)
	s.list.all(last+1, func(p place) bool {
		b.WriteString(p.chunk.text)
		last = p.index
		return b.Len() < 2*len(region)
	})
	return b.String(), last
}

// splitsCRLFBetween reports whether text, then next, would cut a CRLF line
// break in two, which would count as two line breaks, one in each chunk: an
// edit that makes a chunk end in "\r" before one that starts with "\n", or
// the reverse (found by FuzzServerSession).
func splitsCRLFBetween(text, next string) bool {
	return strings.HasSuffix(text, "\r") && strings.HasPrefix(next, "\n")
}

func endsLine(text string) bool {
	return text == "" || text[len(text)-1] == '\n' || text[len(text)-1] == '\r'
}

// joinChunks returns the text of chunks first..last with [start, end)
// replaced by newText.
func (s *Snapshot) joinChunks(first, last, start, end int, newText string) string {
	var b strings.Builder
	base := s.list.at(first).base
	old := s.textOf(first, last+1)
	b.Grow(len(old) - (end - start) + len(newText))
	b.WriteString(old[:start-base])
	b.WriteString(newText)
	b.WriteString(old[end-base:])
	return b.String()
}

// textOf returns the text of chunks [from, to).
func (s *Snapshot) textOf(from, to int) string {
	if to-from == 1 {
		return s.list.at(from).chunk.text
	}
	var b strings.Builder
	s.list.all(from, func(p place) bool {
		if p.index >= to {
			return false
		}
		b.WriteString(p.chunk.text)
		return true
	})
	return b.String()
}

// splitChunks cuts a parsed text into chunks at its split points. Each
// chunk keeps its part of the tree as its seed, for its first analysis.
func splitChunks(f *pgn.File, text string) []*chunk {
	points := pgn.SplitPoints(f)
	// One array for all the chunks: the server scans them on every
	// keystroke, and neighbours in memory make that scan fast.
	store := make([]chunk, len(points)+1)
	chunks := make([]*chunk, 0, len(store))
	// The seeds too, and their games are a slice of f.Games.
	seeds := make([]seed, len(store))
	games := 0 // the games of f before the chunk
	add := func(from, to pgn.Pos) {
		items := f.Items[f.ItemsBefore(from):f.ItemsBefore(to)]
		n := 0
		for _, item := range items {
			if _, ok := item.(*pgn.Game); ok {
				n++
			}
		}
		s := &seeds[len(chunks)]
		s.file = pgn.File{Src: f.Src, Lines: f.Lines, Items: items, Games: f.Games[games : games+n : games+n], Errors: f.Errors.Within(from, to)}
		s.base, s.firstGame = from, games
		c := &store[len(chunks)]
		c.init(text[from:min(int(to), len(text))], n)
		c.tail = pgn.TailOf(&s.file)
		c.seed = s
		c.firstItem.Store(firstIsOther) // known now, for FormatEdits
		if len(items) > 0 {
			if _, ok := items[0].(*pgn.Game); ok {
				c.firstItem.Store(firstIsGame)
			}
		}
		games += n
		chunks = append(chunks, c)
	}
	start := pgn.Pos(0)
	for _, at := range points {
		add(start, at)
		start = at
	}
	add(start, pgn.Pos(len(text)+1))
	return chunks
}

// seed is a chunk's part of the tree of the parse that cut it. The chunk
// parses alone as it does there, so its first analysis checks these games,
// shifting the positions, instead of parsing its text again, which would
// be much of a large document's first analysis (bench/NOTES.md). The seed
// is dropped once analyzed (trees cost many times their text in memory).
type seed struct {
	file      pgn.File // the chunk's items, games and errors; positions in file.Src
	base      pgn.Pos  // the chunk's offset in file.Src
	firstGame int      // the index among the parsed games of the chunk's first
}

// check returns the diagnostics of the chunk, as CheckFile of its own parse
// would, working in scratch.
func (s *seed) check(scratch *analysis.CheckScratch) []analysis.Diagnostic {
	diags := analysis.AppendCheckFile(nil, &s.file, scratch)
	for i := range diags {
		d := &diags[i]
		d.Pos -= s.base
		d.End -= s.base
		if d.Game >= 0 {
			d.Game -= s.firstGame
		}
	}
	return diags
}

// chunk is a run of whole games with the text around them. Its text never
// changes; its analysis is computed once, on demand, and shared by every
// snapshot that holds the chunk.
type chunk struct {
	text   string
	games  int
	breaks int      // line breaks in text
	tail   pgn.Tail // how its parse ends, for the edits of the chunk after
	// lines is the text's line table, made when first asked for: most
	// chunks of a database never have a position converted, and a table
	// for each would take memory for nothing (bench/NOTES.md).
	lines atomic.Pointer[pgn.LineTable]
	// firstItem says whether its first item is a game, once asked
	// (startsWithGame); formattedWith the options it formatted to no edit
	// with, once it has (FormatEdits).
	firstItem     atomic.Int32
	formattedWith atomic.Pointer[analysis.FormatOptions]

	mu   sync.Mutex // held while analyzing
	seed *seed      // guarded by mu; nil once analyzed
	// res is the analysis, written once before analyzed is set and read
	// only after (the atomic store and load order the two). It is part of
	// the chunk rather than allocated apart: a large document has a hundred
	// thousand chunks, and a small object for each, scattered among the
	// garbage of the first analysis, left its memory pages mostly empty.
	res      chunkResult
	analyzed atomic.Bool
}

// chunkResult is the analysis of a chunk, immutable once stored.
type chunkResult struct {
	diags packedDiagnostics // positions relative to the chunk, game indexes within it
	codes codeSet           // the codes it has
}

// addCounts adds to counts (indexed like Codes) how many diagnostics of each
// code the chunk has. They are counted from the list when asked, not kept:
// a document has a chunk per few games, and a count per code for each
// would take much of a large document's memory (bench/NOTES.md).
func (r *chunkResult) addCounts(counts []int) {
	for i := range r.diags.len() {
		if ci := r.diags.codeIndex(i); ci >= 0 {
			counts[ci]++
		}
	}
}

func newChunk(text string, games int) *chunk {
	c := &chunk{}
	c.init(text, games)
	return c
}

func (c *chunk) init(text string, games int) {
	c.text, c.games, c.breaks = text, games, pgn.CountLineBreaks(text)
}

// parse parses the chunk's text. Trees are not kept: a chunk is a few games,
// parsed in microseconds, and a tree costs many times its text in memory.
func (c *chunk) parse() *pgn.File { return pgn.Parse(c.text) }

// analyze computes the chunk's diagnostics if no one has yet. A panic in
// the checker becomes a diagnostic on its game (appendGameDiagnostics),
// and one anywhere else a diagnostic on the chunk, instead of ending the
// language server, whose background work this is. The checker works in
// scratch, one per worker of Analyze: a new one per chunk made the first
// analysis of a large document peak a fifth higher (bench/NOTES.md).
func (c *chunk) analyze(scratch *analysis.CheckScratch) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.analyzed.Load() {
		return
	}
	var diags []analysis.Diagnostic
	defer func() {
		if p := recover(); p != nil {
			diags = []analysis.Diagnostic{analysis.InternalDiagnostic(c.text, 0, pgn.Pos(len(c.text)), -1, "this part of the file", p)}
		}
		packed := pack(diags)
		c.res = chunkResult{diags: packed, codes: packed.codes()}
		c.analyzed.Store(true)
	}()
	if s := c.seed; s != nil {
		c.seed = nil
		diags = capDiagnostics(s.check(scratch), c.text)
		return
	}
	diags = capDiagnostics(analysis.AppendCheckFile(nil, c.parse(), scratch), c.text)
}

// maxChunkDiagnostics bounds what a chunk keeps: a few games never have
// that many problems, but a megabyte of junk between two games has one per
// token, and a document must not hold fifty times its size in diagnostics.
const maxChunkDiagnostics = 1000

// capDiagnostics keeps the maxChunkDiagnostics most severe diagnostics of a
// chunk, in text order, and says at its start how many more there are.
func capDiagnostics(diags []analysis.Diagnostic, text string) []analysis.Diagnostic {
	if len(diags) <= maxChunkDiagnostics {
		return diags
	}
	kept := slices.Clone(diags)
	slices.SortStableFunc(kept, func(a, b analysis.Diagnostic) int { return cmp.Compare(a.Severity, b.Severity) })
	kept = kept[:maxChunkDiagnostics]
	slices.SortStableFunc(kept, func(a, b analysis.Diagnostic) int { return cmp.Compare(a.Pos, b.Pos) })
	note := analysis.Diagnostic{
		Pos: 0, End: pgn.Pos(firstLineEnd(text)), Severity: analysis.DefaultSeverity(analysis.CodeTooMany), Code: analysis.CodeTooMany, Game: -1,
		Message: fmt.Sprintf("%d more problems from here to the next games are not shown (the editor keeps %d per run of games); pgnls check lists them all",
			len(diags)-maxChunkDiagnostics, maxChunkDiagnostics),
	}
	return append([]analysis.Diagnostic{note}, kept...)
}

func firstLineEnd(text string) int {
	if i := strings.IndexAny(text, "\r\n"); i >= 0 {
		return i
	}
	return len(text)
}

// lineTable returns the chunk's line table, making it on first use.
func (c *chunk) lineTable() *pgn.LineTable {
	if t := c.lines.Load(); t != nil {
		return t
	}
	t := pgn.NewLineTable(c.text)
	c.lines.Store(t) // two goroutines may both make it: the same table
	return t
}

// result returns the chunk's analysis, or nil before it is done. It is read
// without a lock: the server reads every chunk's result on each keystroke.
func (c *chunk) result() *chunkResult {
	if !c.analyzed.Load() {
		return nil
	}
	return &c.res
}

// Snapshot is an immutable state of a Document.
type Snapshot struct {
	list  *chunkList
	size  int
	games int
	focus int // where the edit that made it started (Focus)
	// oversize is set for a document over its size limit: text holds its
	// text, list one empty chunk (oversize.go).
	oversize bool

	textOnce sync.Once
	text     string
}

func newSnapshot(list *chunkList) *Snapshot {
	return &Snapshot{list: list, size: list.size, games: list.games}
}

// Text returns the whole text.
func (s *Snapshot) Text() string {
	s.textOnce.Do(func() { s.text = s.textOf(0, s.list.n) })
	return s.text
}

// Len returns the length of the text in bytes.
func (s *Snapshot) Len() int { return s.size }

// Games returns the number of games.
func (s *Snapshot) Games() int { return s.games }

// PositionUTF16 converts a byte offset to an LSP position.
func (s *Snapshot) PositionUTF16(off int) (line, col int) {
	off = max(0, min(off, s.size))
	if s.oversize {
		return plainPositionUTF16(s.text, off)
	}
	p := s.list.atOffset(off)
	line, col = p.chunk.lineTable().UTF16Position(pgn.Pos(off - p.base))
	return line + p.line, col
}

// OffsetUTF16 converts an LSP position to a byte offset; a position past the
// end of its line or of the text is an error.
func (s *Snapshot) OffsetUTF16(line, col int) (int, error) {
	if line < 0 || col < 0 {
		return 0, fmt.Errorf("position %d:%d is negative", line, col)
	}
	if s.oversize {
		return plainOffsetUTF16(s.text, line, col)
	}
	p := s.list.atLine(line)
	off, err := p.chunk.lineTable().OffsetUTF16(line-p.line, col)
	if err != nil {
		return 0, fmt.Errorf("position %d:%d: %w", line, col, err)
	}
	return int(off) + p.base, nil
}

// ClampUTF16 converts an LSP position to a byte offset, moving a position
// past the end of its line or of the text to that end.
func (s *Snapshot) ClampUTF16(line, col int) int {
	if line < 0 {
		return 0
	}
	if s.oversize {
		return plainClampUTF16(s.text, line, col)
	}
	p := s.list.atLine(line)
	return int(p.chunk.lineTable().ClampUTF16(line-p.line, col)) + p.base
}

// Analyze computes the diagnostics of every chunk not analyzed yet, in
// parallel and in text order, calling progress (if not nil, from one
// goroutine at a time) as chunks complete. It stops early with ctx.Err()
// when ctx is cancelled; the work done so far is kept. A panic on a worker
// (a checker's becomes a diagnostic; progress's does not) is raised again
// on the caller's goroutine, as forEachParallel does.
func (s *Snapshot) Analyze(ctx context.Context, progress func(done, total int)) error {
	var todo []*chunk
	for _, b := range s.list.blocks {
		if b.codeCounts() != nil {
			continue // analyzed, and shared with an earlier snapshot
		}
		for _, c := range b.chunks {
			if c.result() == nil {
				todo = append(todo, c)
			}
		}
	}
	var next, done atomic.Int64
	var progressMu sync.Mutex
	analysis.RunWorkers(min(runtime.GOMAXPROCS(0), len(todo)), func() {
		var scratch analysis.CheckScratch
		for ctx.Err() == nil {
			i := int(next.Add(1) - 1)
			if i >= len(todo) {
				return
			}
			todo[i].analyze(&scratch)
			n := int(done.Add(1))
			if progress != nil {
				report(&progressMu, func() { progress(n, len(todo)) })
			}
		}
	})
	return ctx.Err()
}

// report calls fn holding mu, which a panic in fn releases: the other
// workers wait for it.
func report(mu *sync.Mutex, fn func()) {
	mu.Lock()
	defer mu.Unlock()
	fn()
}

// Diagnostics returns the diagnostics computed so far, in text order, with
// byte offsets into the whole text and game indexes counted over it.
func (s *Snapshot) Diagnostics() []analysis.Diagnostic {
	var out []analysis.Diagnostic
	s.list.all(0, func(p place) bool {
		if r := p.chunk.result(); r != nil {
			for i := range r.diags.len() {
				out = append(out, p.toWhole(r.diags.at(i)))
			}
		}
		return true
	})
	return out
}

// toWhole moves a diagnostic of the chunk into whole-text coordinates.
func (p place) toWhole(d analysis.Diagnostic) analysis.Diagnostic {
	d.Pos += pgn.Pos(p.base)
	d.End += pgn.Pos(p.base)
	if d.Game >= 0 {
		d.Game += p.game
	}
	return d
}

// CodeCounts returns how many diagnostics of each code (indexed like Codes)
// have been computed so far.
func (s *Snapshot) CodeCounts() []int {
	total := make([]int, analysis.CodeCount())
	for _, b := range s.list.blocks {
		if counts := b.codeCounts(); counts != nil {
			for i, n := range counts {
				total[i] += n
			}
			continue
		}
		for _, c := range b.chunks {
			if r := c.result(); r != nil {
				r.addCounts(total)
			}
		}
	}
	return total
}

// Analyzed reports whether every chunk has been analyzed.
func (s *Snapshot) Analyzed() bool {
	for _, b := range s.list.blocks {
		if b.codeCounts() == nil {
			return false
		}
	}
	return true
}
