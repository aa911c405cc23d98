package pgn

// slab hands out nodes from arrays allocated a batch at a time. A parse
// makes hundreds of thousands of small nodes; allocating them one by one
// made the garbage collector the parser's main cost. Batches start small, so
// that parsing one game (the language server's common case) stays cheap,
// and double up to a limit.
type slab[T any] struct {
	buf []T
}

const maxSlab = 1024

func (s *slab[T]) alloc() *T {
	if len(s.buf) == cap(s.buf) {
		s.buf = make([]T, 0, min(maxSlab, max(8, 2*cap(s.buf))))
	}
	s.buf = s.buf[:len(s.buf)+1]
	return &s.buf[len(s.buf)-1]
}

// sliceSlab hands out slices carved from arrays allocated a batch at a
// time: the lists of the tree (a line's moves, a move's annotations, a
// game's tags) are built in the parser's scratch space and copied here at
// their final length. Allocating each list by itself, and growing it by
// append, made a third of the parse's allocations (BenchmarkParse).
//
// Each slice is returned with its capacity equal to its length, so that an
// append by a user of the tree copies it rather than writing over the slice
// carved after it.
type sliceSlab[T any] struct {
	buf  []T
	from int // where the list being built in place starts in buf
}

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
		s.buf = make([]T, 0, min(maxSlab, max(16, 2*cap(s.buf))))
	}
	start := len(s.buf)
	s.buf = append(s.buf, list...)
	return s.buf[start:len(s.buf):len(s.buf)]
}

// open starts a list built in place: at the end of the current batch, where
// the tree will keep it, so that each element is stored once instead of
// twice (in scratch space, then in the copy). While the collector marks,
// which is most of the time in a large parse, each pointer stored costs a
// write barrier; building the tag lists and the main lines in place made
// the parse x1.16 faster (BenchmarkParse). No other list of the slab may be made until the
// list is closed.
func (s *sliceSlab[T]) open() { s.from = len(s.buf) }

// push appends x to the open list.
func (s *sliceSlab[T]) push(x T) {
	if len(s.buf) == cap(s.buf) {
		// Move the open list to a new batch with room for as much again.
		list := s.buf[s.from:]
		s.buf = make([]T, 0, max(min(maxSlab, 2*cap(s.buf)), 16, 2*len(list)))
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
