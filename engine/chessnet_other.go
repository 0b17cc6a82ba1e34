//go:build !amd64 || purego

package engine

// squaredDot is the sum of a's units, each clipped to 0…netQA and squared,
// times w.
func squaredDot(a *accRow, w *[netHidden]int16) int32 { return squaredDotGeneric(a, w) }

// addSub sets dst to src + add − sub.
func addSub(dst, src, add, sub *accRow) { addSubGeneric(dst, src, add, sub) }

// subRow takes w from a.
func subRow(a, w *accRow) { subRowGeneric(a, w) }
