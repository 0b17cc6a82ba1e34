// Package race tells tests whether the race detector is on, so that a test
// doing a fixed large amount of work (spec ≡ impl comparisons over
// hundreds of thousands of positions, megabytes of hostile input) can do a
// fraction of it under -race, where every memory access costs several
// times more. The plain run keeps the full amounts; the race run is there
// to find data races, which a twentieth of the work exercises as well.
package race
