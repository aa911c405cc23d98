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

// nodes holds the parser's slabs.
type nodes struct {
	games    slab[Game]
	tags     slab[Tag]
	moves    slab[Move]
	numbers  slab[MoveNumber]
	comments slab[Comment]
	nags     slab[NAGNode]
	suffixes slab[SuffixNode]
}
