package document

import (
	"sort"
	"sync/atomic"

	"pgnls/analysis"
)

// chunkList is an immutable sequence of chunks, kept in blocks of at most
// blockSize chunks with the offsets, lines and games of each block summed
// up. An edit replaces the few chunks it touches by rebuilding their block
// and the per-block sums, so a keystroke costs O(blocks + blockSize) instead
// of O(chunks): on a 30 MB database of 130,000 games, about a thousand steps
// (260 blocks, 512 chunks) instead of a hundred thousand. Each block also keeps, once all its chunks
// are analyzed, the count of each diagnostic code, so that the server's
// questions ("how many of each?", "where are the errors?") skip whole blocks.
type chunkList struct {
	blocks     []*block
	chunkBases []int // index of each block's first chunk
	bases      []int // byte offset of each block
	lineBases  []int // line of each block's first byte
	gameBases  []int // index of each block's first game
	n          int   // chunks
	size       int   // bytes
	games      int
}

const blockSize = 512

// block is a run of chunks with their offsets, lines and games within it.
type block struct {
	chunks    []*chunk
	bases     []int
	lineBases []int
	gameBases []int
	size      int
	lines     int // line breaks
	games     int

	counts atomic.Pointer[[]int] // per code, once every chunk is analyzed
	// withCodes remembers which chunks have diagnostics of some codes,
	// once every chunk is analyzed (visitable).
	withCodes atomic.Pointer[codeChunks]
}

func newBlock(chunks []*chunk) *block {
	sums := make([]int, 3*len(chunks)) // one allocation for the three
	n := len(chunks)
	b := &block{
		chunks:    chunks,
		bases:     sums[:n:n],
		lineBases: sums[n : 2*n : 2*n],
		gameBases: sums[2*n:],
	}
	for i, c := range chunks {
		b.bases[i], b.lineBases[i], b.gameBases[i] = b.size, b.lines, b.games
		b.size += len(c.text)
		b.lines += c.breaks
		b.games += c.games
	}
	return b
}

// codeCounts returns the block's count of each code, or nil while some
// chunk is not analyzed. Blocks are shared between snapshots, so the counts
// are made once.
func (b *block) codeCounts() []int {
	if counts := b.counts.Load(); counts != nil {
		return *counts
	}
	counts := make([]int, analysis.CodeCount())
	for _, c := range b.chunks {
		r := c.result()
		if r == nil {
			return nil
		}
		r.addCounts(counts)
	}
	b.counts.Store(&counts) // two goroutines may both count: same result
	return counts
}

// newChunkList builds a list from chunks.
func newChunkList(chunks []*chunk) *chunkList {
	var blocks []*block
	for len(chunks) > 0 {
		n := min(blockSize, len(chunks))
		blocks = append(blocks, newBlock(chunks[:n:n]))
		chunks = chunks[n:]
	}
	return newChunkListOfBlocks(blocks)
}

func newChunkListOfBlocks(blocks []*block) *chunkList {
	l := &chunkList{
		blocks:     blocks,
		chunkBases: make([]int, len(blocks)),
		bases:      make([]int, len(blocks)),
		lineBases:  make([]int, len(blocks)),
		gameBases:  make([]int, len(blocks)),
	}
	line := 0
	for i, b := range blocks {
		l.chunkBases[i], l.bases[i], l.lineBases[i], l.gameBases[i] = l.n, l.size, line, l.games
		l.n += len(b.chunks)
		l.size += b.size
		line += b.lines
		l.games += b.games
	}
	return l
}

// place is where a chunk stands in the whole text.
type place struct {
	chunk *chunk
	index int // among all chunks
	base  int // byte offset
	line  int // line of its first byte
	game  int // index of its first game
}

// at returns the place of chunk i.
func (l *chunkList) at(i int) place {
	bi := sort.Search(len(l.chunkBases), func(k int) bool { return l.chunkBases[k] > i }) - 1
	return l.placeIn(bi, i-l.chunkBases[bi])
}

func (l *chunkList) placeIn(bi, j int) place {
	b := l.blocks[bi]
	return place{
		chunk: b.chunks[j],
		index: l.chunkBases[bi] + j,
		base:  l.bases[bi] + b.bases[j],
		line:  l.lineBases[bi] + b.lineBases[j],
		game:  l.gameBases[bi] + b.gameBases[j],
	}
}

// atOffset returns the place of the chunk holding byte offset off (the last
// chunk for the end of the text).
func (l *chunkList) atOffset(off int) place {
	bi := max(0, sort.Search(len(l.bases), func(k int) bool { return l.bases[k] > off })-1)
	b, local := l.blocks[bi], off-l.bases[bi]
	j := max(0, sort.Search(len(b.bases), func(k int) bool { return b.bases[k] > local })-1)
	return l.placeIn(bi, j)
}

// atLine returns the place of the chunk holding the start of a line.
func (l *chunkList) atLine(line int) place {
	bi := max(0, sort.Search(len(l.lineBases), func(k int) bool { return l.lineBases[k] > line })-1)
	b, local := l.blocks[bi], line-l.lineBases[bi]
	j := max(0, sort.Search(len(b.lineBases), func(k int) bool { return b.lineBases[k] > local })-1)
	return l.placeIn(bi, j)
}

// all yields every chunk's place in order, starting at chunk from.
func (l *chunkList) all(from int, yield func(place) bool) {
	if from >= l.n {
		return
	}
	start := l.at(from)
	bi := sort.Search(len(l.chunkBases), func(k int) bool { return l.chunkBases[k] > start.index }) - 1
	for j := start.index - l.chunkBases[bi]; bi < len(l.blocks); bi, j = bi+1, 0 {
		for ; j < len(l.blocks[bi].chunks); j++ {
			if !yield(l.placeIn(bi, j)) {
				return
			}
		}
	}
}

// splice returns the list with the removed chunks from first replaced by
// added. Only the blocks holding the removed chunks are rebuilt.
func (l *chunkList) splice(first, removed int, added []*chunk) *chunkList {
	// The blocks [bf, bl] hold chunks first..first+removed-1, or the
	// insertion point when nothing is removed.
	bf := max(0, sort.Search(len(l.chunkBases), func(k int) bool { return l.chunkBases[k] > first })-1)
	bl := bf
	if removed > 0 {
		bl = sort.Search(len(l.chunkBases), func(k int) bool { return l.chunkBases[k] > first+removed-1 }) - 1
	}
	var middle []*chunk
	if len(l.blocks) > 0 {
		from, to := l.blocks[bf], l.blocks[bl]
		// Sized once: a keystroke rebuilds a block of hundreds of chunks.
		middle = make([]*chunk, 0, first-l.chunkBases[bf]+len(added)+len(to.chunks)-(first+removed-l.chunkBases[bl]))
		middle = append(middle, from.chunks[:first-l.chunkBases[bf]]...)
		middle = append(middle, added...)
		middle = append(middle, to.chunks[first+removed-l.chunkBases[bl]:]...)
	} else {
		middle = added
		bl = -1
	}
	blocks := make([]*block, 0, len(l.blocks)+len(middle)/blockSize+1)
	blocks = append(blocks, l.blocks[:bf]...)
	for len(middle) > 0 {
		n := min(blockSize, len(middle))
		if rest := len(middle) - n; rest > 0 && rest < blockSize/2 {
			n = len(middle) // no tiny block at the end of a rebuilt run
		}
		blocks = append(blocks, newBlock(middle[:n:n]))
		middle = middle[n:]
	}
	blocks = append(blocks, l.blocks[bl+1:]...)
	return newChunkListOfBlocks(blocks)
}
