package pgn

// slab hands out nodes from arrays allocated a batch at a time. A parse
// makes hundreds of thousands of small nodes; allocating them one by one
// made the garbage collector the parser's main cost. Batches start small, so
// that parsing one game (the language server's common case) stays cheap,
// and double up to a limit.
//
// A slab keeps every batch it made: after reset (a streaming Reader's piece
// released, see Piece.Release) the next parse takes them again instead of
// asking the allocator, so that a check of a large file writes its trees
// over the same few megabytes, warm in the cache, instead of a fresh array
// the allocator must clear, the kernel map and the collector sweep. The
// batches a parse used are cleared by reset, which a release runs on the
// goroutine that releases: not on the reader's, which is the one stage of
// a check that does not run in parallel.
type slab[T any] struct {
	buf     []T
	batches [][]T // every batch made, in the order handed out
	next    int   // the index in batches of the next batch to hand out
}

const maxSlab = 1024

func (s *slab[T]) alloc() *T {
	if len(s.buf) == cap(s.buf) {
		s.grow()
	}
	s.buf = s.buf[:len(s.buf)+1]
	return &s.buf[len(s.buf)-1]
}

// grow starts the next batch: one that reset cleared (the parser counts
// on new nodes being zero), or a new one twice the size of the last.
func (s *slab[T]) grow() {
	if s.next < len(s.batches) {
		s.buf = s.batches[s.next][:0]
	} else {
		s.buf = make([]T, 0, min(maxSlab, max(8, 2*cap(s.buf))))
		s.batches = append(s.batches, s.buf)
	}
	s.next++
}

// reset clears the batches the last parse used and makes every batch free
// for the next parse.
func (s *slab[T]) reset() {
	for _, b := range s.batches[:s.next] {
		clear(b[:cap(b)])
	}
	s.buf, s.next = nil, 0
}

// sliceSlab hands out slices carved from arrays allocated a batch at a
// time: the lists of the tree (a line's moves, a move's annotations, a
// game's tags) are built in the parser's scratch space and copied here at
// their final length, so that a list is neither an allocation of its own
// nor grown by append (bench/NOTES.md).
//
// Each slice is returned with its capacity equal to its length, so that an
// append by a user of the tree copies it rather than writing over the slice
// carved after it.
//
// Like slab, it keeps its batches for the parse after reset; a list
// appended over a used batch needs no clearing.
type sliceSlab[T any] struct {
	buf     []T
	from    int   // where the list being built in place starts in buf
	batches [][]T // every batch made, in the order handed out
	next    int   // the index in batches of the next batch to hand out
}

// startBatch makes buf an empty batch with room for at least n.
func (s *sliceSlab[T]) startBatch(n int) {
	if s.next < len(s.batches) && cap(s.batches[s.next]) >= n {
		s.buf = s.batches[s.next][:0]
	} else {
		s.buf = make([]T, 0, n)
		if s.next < len(s.batches) {
			s.batches[s.next] = s.buf
		} else {
			s.batches = append(s.batches, s.buf)
		}
	}
	s.next++
}

// reset makes every batch free for the next parse.
func (s *sliceSlab[T]) reset() { s.buf, s.from, s.next = nil, 0, 0 }

// clone returns a copy of list, or nil when list is empty (as append to a
// nil slice would leave it).
func (s *sliceSlab[T]) clone(list []T) []T {
	n := len(list)
	if n == 0 {
		return nil
	}
	if n > maxSlab/4 {
		// A long list gets its own array, so that batches stay small and
		// little is lost at the end of each.
		return append([]T(nil), list...)
	}
	if cap(s.buf)-len(s.buf) < n {
		s.startBatch(min(maxSlab, max(16, 2*cap(s.buf))))
	}
	start := len(s.buf)
	s.buf = append(s.buf, list...)
	return s.buf[start:len(s.buf):len(s.buf)]
}

// open starts a list built in place: at the end of the current batch, where
// the tree will keep it, so that each element is stored once instead of
// twice (in scratch space, then in the copy). While the collector marks,
// which is most of the time in a large parse, each pointer stored costs a
// write barrier, so the tag lists and the main lines are built in place
// (bench/NOTES.md). No other list of the slab may be made until the list
// is closed.
func (s *sliceSlab[T]) open() { s.from = len(s.buf) }

// push appends x to the open list.
func (s *sliceSlab[T]) push(x T) {
	if len(s.buf) == cap(s.buf) {
		// Move the open list to a new batch with room for as much again.
		list := s.buf[s.from:]
		s.startBatch(max(min(maxSlab, 2*cap(s.buf)), 16, 2*len(list)))
		s.buf = append(s.buf, list...)
		s.from = 0
	}
	s.buf = append(s.buf, x)
}

// list returns the open list so far.
func (s *sliceSlab[T]) list() []T { return s.buf[s.from:] }

// close ends the open list and returns it, or nil when it is empty.
func (s *sliceSlab[T]) close() []T {
	if s.from == len(s.buf) {
		return nil
	}
	list := s.buf[s.from:len(s.buf):len(s.buf)]
	s.from = len(s.buf)
	return list
}

// nodes holds the parser's slabs.
type nodes struct {
	games      slab[Game]
	tags       slab[Tag]
	moves      slab[Move]
	numbers    slab[MoveNumber]
	comments   slab[Comment]
	nags       slab[NAGNode]
	suffixes   slab[SuffixNode]
	results    slab[ResultNode]
	variations slab[Variation]

	moveLists sliceSlab[*Move] // variations' moves
	nodeLists sliceSlab[Node]  // annotations, tag sections
	tagLists  sliceSlab[*Tag]
	mainLines sliceSlab[*Move] // main lines, built in place
}

// reset makes the memory of every node free, and zero, for the next parse.
func (n *nodes) reset() {
	n.games.reset()
	n.tags.reset()
	n.moves.reset()
	n.numbers.reset()
	n.comments.reset()
	n.nags.reset()
	n.suffixes.reset()
	n.results.reset()
	n.variations.reset()
	n.moveLists.reset()
	n.nodeLists.reset()
	n.tagLists.reset()
	n.mainLines.reset()
}
