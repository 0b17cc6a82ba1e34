package engine

// evalCache remembers static evaluations by position key. A search
// evaluates the same position many times over: at each iteration, at
// each re-search after a reduction or a null window, and in quiescence
// below them. The evaluations of chess and shatranj are functions of the
// position alone, so a hit is exact but for a key collision, which the
// transposition table risks already.
type evalCache struct {
	entries [evalCacheSize]evalEntry
}

// evalCacheSize is a power of two: 256 KB of entries, small enough to
// stay in a core's second-level cache.
const evalCacheSize = 1 << 14

type evalEntry struct {
	key  uint64
	eval int32
	set  bool
}

// lookup returns the cached evaluation of the position with key, or
// computes it with eval and caches it.
func (c *evalCache) lookup(key uint64, eval func() int) int {
	e := &c.entries[key&(evalCacheSize-1)]
	if e.set && e.key == key {
		return int(e.eval)
	}
	v := eval()
	*e = evalEntry{key: key, eval: int32(v), set: true}
	return v
}
