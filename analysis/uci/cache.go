package uci

import "sync"

// DefaultCacheSize is the number of positions a Cache holds by default:
// a few thousand games' worth, some tens of megabytes.
const DefaultCacheSize = 100_000

// Cache holds the evaluations of positions an Analyzer has searched, so
// that a run after an edit searches only the positions the edit made new.
// An entry is keyed by what decides the engine's answer: the position with
// the moves since its last capture, pawn move or change of castling rights
// (the history that can repeat), and the engine and limits of the search.
// It is safe for concurrent use, and may be shared by Analyzers.
type Cache struct {
	mu      sync.Mutex
	max     int
	entries map[string]PositionEval
}

// NewCache returns an empty cache of at most size positions (when size is
// 0, DefaultCacheSize). When it is full, adding a position drops another.
func NewCache(size int) *Cache {
	if size <= 0 {
		size = DefaultCacheSize
	}
	return &Cache{max: size, entries: map[string]PositionEval{}}
}

// Len returns the number of positions held.
func (c *Cache) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.entries)
}

func (c *Cache) get(key string) (PositionEval, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	eval, ok := c.entries[key]
	return eval, ok
}

func (c *Cache) put(key string, eval PositionEval) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.entries[key]; !ok && len(c.entries) >= c.max {
		// Any entry will do: the map's order is as good as random, and an
		// evaluation lost is only searched again.
		for old := range c.entries {
			delete(c.entries, old)
			break
		}
	}
	c.entries[key] = eval
}
