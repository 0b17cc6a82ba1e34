package engine

import (
	"sync"
	"unsafe"
)

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
// or of another position. A table shared by the threads of a search
// guards its entries with striped locks (entry i by locks[i%lockStripes]);
// a table of one thread takes none.
type table[M comparable] struct {
	entries []ttEntry[M]
	mask    uint64
	age     uint8
	locks   []sync.Mutex
}

// lockStripes is the number of locks of a shared table: enough that two
// threads rarely wait for each other.
const lockStripes = 1 << 12

// setShared gives the table its locks, or takes them away; never during a
// search.
func (t *table[M]) setShared(shared bool) {
	switch {
	case shared && t.locks == nil:
		t.locks = make([]sync.Mutex, lockStripes)
	case !shared:
		t.locks = nil
	}
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
	i := key & t.mask
	if t.locks != nil {
		mu := &t.locks[i%lockStripes]
		mu.Lock()
		e := t.entries[i]
		mu.Unlock()
		return e, e.key == key && e.bound != boundNone
	}
	e := t.entries[i]
	return e, e.key == key && e.bound != boundNone
}

func (t *table[M]) store(key uint64, m M, score, depth int, bound uint8, noMove bool) {
	i := key & t.mask
	if t.locks != nil {
		mu := &t.locks[i%lockStripes]
		mu.Lock()
		t.put(i, key, m, score, depth, bound, noMove)
		mu.Unlock()
		return
	}
	t.put(i, key, m, score, depth, bound, noMove)
}

// storeShallow stores a quiescence result (depth 0, no move) unless the
// slot holds a deeper entry of this search for another state: the
// table is shared with the main search, whose entries are worth more.
func (t *table[M]) storeShallow(key uint64, score int, bound uint8) {
	i := key & t.mask
	if t.locks != nil {
		mu := &t.locks[i%lockStripes]
		mu.Lock()
		defer mu.Unlock()
	}
	e := &t.entries[i]
	if e.key != key && e.age == t.age && e.depth > 0 && e.bound != boundNone {
		return
	}
	var known M // the state's move, kept when the slot holds it
	if e.key == key {
		known = e.move
	}
	t.put(i, key, known, score, 0, bound, false)
}

func (t *table[M]) put(i, key uint64, m M, score, depth int, bound uint8, noMove bool) {
	e := &t.entries[i]
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
		if t.locks != nil {
			t.locks[i%lockStripes].Lock()
		}
		if t.entries[i].bound != boundNone && t.entries[i].age == t.age {
			used++
		}
		if t.locks != nil {
			t.locks[i%lockStripes].Unlock()
		}
	}
	return used * 1000 / n
}
