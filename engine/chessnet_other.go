//go:build !amd64 || purego

package engine

// clippedDot is the sum of a's units, each clipped to 0…netQA, times w.
func clippedDot(a *accRow, w *[netHidden]int16) int32 { return clippedDotGeneric(a, w) }

// addSub sets dst to src + add − sub.
func addSub(dst, src, add, sub *accRow) { addSubGeneric(dst, src, add, sub) }

// subRow takes w from a.
func subRow(a, w *accRow) { subRowGeneric(a, w) }
