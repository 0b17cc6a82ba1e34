package draughts

import (
	"context"
	"testing"
)

// benchDepth is deep enough for each run to take a good fraction of a
// second, so the per-call setup does not show.
const benchDepth = 9

func reportNodes(b *testing.B, nodes uint64) {
	b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkPerft measures the start position at benchDepth: single-threaded
// with bulk counting at the last ply, without it (make/unmake at every
// leaf), and in parallel over GOMAXPROCS goroutines (bulk).
func BenchmarkPerft(b *testing.B) {
	p := Start()
	b.Run("bulk", func(b *testing.B) {
		var n uint64
		for b.Loop() {
			n = p.Perft(benchDepth)
		}
		reportNodes(b, n)
	})
	b.Run("nobulk", func(b *testing.B) {
		var n uint64
		for b.Loop() {
			n = p.PerftNoBulk(benchDepth)
		}
		reportNodes(b, n)
	})
	b.Run("parallel", func(b *testing.B) {
		var n uint64
		for b.Loop() {
			var err error
			if n, err = p.PerftParallel(context.Background(), benchDepth+1, 0); err != nil {
				b.Fatal(err)
			}
		}
		reportNodes(b, n)
	})
}
