package lsp

// MemoryPolicy is told when the server's need for memory changes, so that
// the program that runs the server can manage the process's memory (pgnls
// serve keeps the runtime's soft memory limit near a multiple of the open
// documents: cmd/pgnls/memory.go). Without one, the server leaves memory
// alone, as servers that share a process (tests) must. Its methods are
// called from the server's goroutines, at the same time too.
type MemoryPolicy interface {
	// LargeMessage is called before a message of LargeDocument bytes or
	// more is read: reading it, then parsing and checking its document
	// for the first time, makes several times its size in garbage. It is
	// called too, with Settled right after it, when the format warm-up of
	// a large document is done (warmup.go), whose garbage is as much.
	LargeMessage()
	// Settled is called when work on a document has ended: its analysis
	// was published (analyzed), or its text refused as too large to
	// analyze, or it was closed, or its format warm-up is done (analyzed).
	// openBytes is the size of the open documents' text then; large
	// reports whether the document's was LargeDocument bytes or more.
	Settled(openBytes int, large, analyzed bool)
}

// LargeDocument is the size of a message or document from which the
// server tells its MemoryPolicy of it.
const LargeDocument = 4 << 20

// WithMemoryPolicy has the server tell p of its need for memory.
func WithMemoryPolicy(p MemoryPolicy) Option {
	return func(s *server) { s.memory = p }
}

// settled tells the memory policy that work on a document of size bytes
// has ended (size 0: it was closed). s.mu must not be held.
func (s *server) settled(size int, analyzed bool) {
	if s.memory == nil {
		return
	}
	s.memory.Settled(s.openBytes(), size >= LargeDocument, analyzed)
}

// openBytes returns the size of the open documents' text.
func (s *server) openBytes() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	total := 0
	for _, d := range s.docs {
		total += d.size()
	}
	return total
}
