//go:build !purego

package engine

import (
	"math/rand/v2"
	"testing"
)

// TestNetAVX2: the AVX2 routines compute what the plain ones do
// (TestClippedDot and TestLanes check those against the definitions).
// The sum: each clip edge in each unit of a row, with the most negative
// weight there. The updates: rows of random words, whose uint64 sums
// carry and borrow across lanes, with the destination also a source as
// apply uses it.
func TestNetAVX2(t *testing.T) {
	if !hasAVX2 {
		t.Skip("this processor has no AVX2: the network uses the plain routines, which TestClippedDot and TestLanes check")
	}
	for j := range netHidden {
		for _, u := range []int16{-0x8000, -1, 0, 1, 254, 255, 256, 0x7fff} {
			var units, w [netHidden]int16
			for i := range w {
				units[i], w[i] = int16(i*37%300-20), int16(i*1009%4001-2000)
			}
			units[j], w[j] = u, -0x8000
			a := packRow(&units)
			for i := range a {
				a[i] += lanesHigh
			}
			if got, want := clippedDotAVX2(&a, &w, 2*netHidden), clippedDotGeneric(&a, &w); got != want {
				t.Fatalf("unit %d = %d: clippedDotAVX2 %d, clippedDotGeneric %d", j, u, got, want)
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
		subAVX2(&got, &sub, 8*netWords)
		subRowGeneric(&want, &sub)
		if got != want {
			t.Fatalf("subAVX2 = %x, want %x", got, want)
		}
	}
}
