//go:build !amd64 || purego

package engine

// squaredDotChunk is the sum of a's dotChunk units, each clipped to
// 0…netQA and squared, times w.
func squaredDotChunk(a *[dotChunk / 4]uint64, w *[dotChunk]int16) int32 {
	return squaredDotGeneric(a, w)
}

// addSub sets dst to src + add − sub.
func addSub(dst, src, add, sub *accRow) { addSubGeneric(dst, src, add, sub) }
