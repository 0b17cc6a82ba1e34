//go:build !purego

package engine

import "golang.org/x/sys/cpu"

// hasAVX2 says whether the network's arithmetic may use AVX2
// instructions. It is read once at start-up and never written after.
var hasAVX2 = cpu.X86.HasAVX2

// The AVX2 routines take a row's length in bytes and handle 64 bytes
// (squaredDotAVX2) or 32 (the others) a step: this fails to compile
// unless the chunks are a multiple of 32 units and fill a row.
const _ uint = -(dotChunk%32 + netHidden%dotChunk)

// squaredDotAVX2 is squaredDotGeneric sixteen units an instruction,
// for n bytes of units: the same sum, as no partial sum can overflow
// (maxChunkSum).
//
//go:noescape
func squaredDotAVX2(a *[dotChunk / 4]uint64, w *[dotChunk]int16, n int) int32

// addSubAVX2 is addSubGeneric four words at a time, for rows of n bytes.
//
//go:noescape
func addSubAVX2(dst, src, add, sub *accRow, n int)

// squaredDotChunk is the sum of a's dotChunk units, each clipped to
// 0…netQA and squared, times w.
func squaredDotChunk(a *[dotChunk / 4]uint64, w *[dotChunk]int16) int32 {
	if hasAVX2 {
		return squaredDotAVX2(a, w, 2*dotChunk)
	}
	return squaredDotGeneric(a, w)
}

// addSub sets dst to src + add − sub.
func addSub(dst, src, add, sub *accRow) {
	if hasAVX2 {
		addSubAVX2(dst, src, add, sub, 8*netWords)
		return
	}
	addSubGeneric(dst, src, add, sub)
}
