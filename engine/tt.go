package engine

import "unsafe"

// Bound kinds of a transposition table entry.
const (
	boundNone uint8 = iota
	boundUpper
	boundLower
	boundExact
)

// ttEntry is one slot of the transposition table.
type ttEntry[M comparable] struct {
	key   uint64
	move  M
	score int32
	depth int16
	bound uint8
	age   uint8
}

// table is a transposition table: a power-of-two array of entries indexed
// by the low bits of the key, replaced when the new entry is deeper, newer
// or of another position.
type table[M comparable] struct {
	entries []ttEntry[M]
	mask    uint64
	age     uint8
}

// newTable returns a table of at most mb megabytes (at least one entry).
func newTable[M comparable](mb int) *table[M] {
	size := uint64(unsafe.Sizeof(ttEntry[M]{}))
	n := uint64(1)
	for n*2*size <= uint64(max(mb, 0))<<20 {
		n *= 2
	}
	return &table[M]{entries: make([]ttEntry[M], n), mask: n - 1}
}

func (t *table[M]) clear() {
	clear(t.entries)
	t.age = 0
}

func (t *table[M]) probe(key uint64) (ttEntry[M], bool) {
	e := t.entries[key&t.mask]
	return e, e.key == key && e.bound != boundNone
}

func (t *table[M]) store(key uint64, m M, score, depth int, bound uint8, noMove bool) {
	e := &t.entries[key&t.mask]
	if e.key == key && e.age == t.age && int(e.depth) > depth && bound != boundExact {
		return
	}
	if noMove && e.key == key {
		m = e.move // keep the move we knew
	}
	*e = ttEntry[M]{key: key, move: m, score: int32(score), depth: int16(depth), bound: bound, age: t.age}
}

// hashFull is the per mille of the first thousand entries written in the
// current search.
func (t *table[M]) hashFull() int {
	n := min(1000, len(t.entries))
	used := 0
	for i := range n {
		if t.entries[i].bound != boundNone && t.entries[i].age == t.age {
			used++
		}
	}
	return used * 1000 / n
}
