//go:build !purego

package engine

import (
	"math/rand/v2"
	"testing"
)

// TestNetAVX2: the AVX2 routines compute what the plain ones do
// (TestSquaredDot and TestLanes check those against the definitions).
// The sum: each clip edge in each unit of a chunk, with each extreme
// weight there. The updates: rows of random words, whose uint64 sums
// carry and borrow across lanes, with the destination also a source as
// apply uses it.
func TestNetAVX2(t *testing.T) {
	if !hasAVX2 {
		t.Skip("this processor has no AVX2: the network uses the plain routines, which TestSquaredDot and TestLanes check")
	}
	for j := range dotChunk {
		for _, c := range [][2]int16{{-0x8000, netW2Max}, {-1, -netW2Max}, {0, netW2Max}, {1, -netW2Max}, {254, netW2Max}, {255, -netW2Max}, {255, netW2Max}, {256, netW2Max}, {0x7fff, -netW2Max}} {
			var units, w [dotChunk]int16
			for i := range w {
				units[i], w[i] = int16(i*37%300-20), int16(i*101%(2*netW2Max+1)-netW2Max)
			}
			units[j], w[j] = c[0], c[1]
			var a [dotChunk / 4]uint64
			for i, u := range units {
				a[i/4] += uint64(int64(u)+0x8000) << (16 * (i % 4))
			}
			if got, want := squaredDotAVX2(&a, &w, 2*dotChunk), squaredDotGeneric(&a, &w); got != want {
				t.Fatalf("unit %d = %d, weight %d: squaredDotAVX2 %d, squaredDotGeneric %d", j, c[0], c[1], got, want)
			}
		}
	}
	rng := rand.New(rand.NewPCG(7, 8))
	row := func() (r accRow) {
		for i := range r {
			r[i] = rng.Uint64()
		}
		return r
	}
	for range 100 {
		src, add, sub := row(), row(), row()
		var got, want accRow
		addSubAVX2(&got, &src, &add, &sub, 8*netWords)
		addSubGeneric(&want, &src, &add, &sub)
		if got != want {
			t.Fatalf("addSubAVX2(%x, %x, %x) = %x, want %x", src, add, sub, got, want)
		}
		addSubAVX2(&got, &got, &add, &sub, 8*netWords)
		addSubGeneric(&want, &want, &add, &sub)
		if got != want {
			t.Fatalf("addSubAVX2 in place = %x, want %x", got, want)
		}
	}
}
