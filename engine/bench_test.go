package engine

import (
	"context"
	"testing"
)

// benchSearch searches the start position of a variant to depth on a fresh
// engine each iteration and reports nodes per second.
func benchSearch(b *testing.B, variant string, depth int) {
	var nodes uint64
	b.ReportAllocs()
	for b.Loop() {
		e, err := newEngine(variant, Options{HashMB: 16})
		if err != nil {
			b.Fatal(err)
		}
		r, err := e.Search(context.Background(), Limits{Depth: depth}, nil)
		if err != nil {
			b.Fatal(err)
		}
		nodes += r.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

func BenchmarkSearchChess(b *testing.B)    { benchSearch(b, Chess, 9) }
func BenchmarkSearchChess960(b *testing.B) { benchSearch(b, Chess960, 9) }
func BenchmarkSearchShatranj(b *testing.B) { benchSearch(b, Shatranj, 9) }
func BenchmarkSearchBanChess(b *testing.B) { benchSearch(b, BanChess, 7) }
func BenchmarkSearchDraughts(b *testing.B) { benchSearch(b, Draughts, 13) }

// BenchmarkDepth10 is the time to complete depth 10 from each start.
func BenchmarkDepth10(b *testing.B) {
	for _, v := range Variants() {
		b.Run(v, func(b *testing.B) { benchSearch(b, v, 10) })
	}
}
