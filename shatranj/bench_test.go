package shatranj

import (
	"context"
	"testing"
)

func reportMnps(b *testing.B, nodes uint64) {
	b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds()/1e6, "Mnps")
}

// BenchmarkPerft runs perft(5) of the start position (1,164,248 nodes).
func BenchmarkPerft(b *testing.B) {
	p := StartPosition()
	b.Run("bulk", func(b *testing.B) {
		var n uint64
		for b.Loop() {
			n = p.Perft(5)
		}
		reportMnps(b, n)
	})
	b.Run("nobulk", func(b *testing.B) {
		var n uint64
		for b.Loop() {
			n = p.PerftNoBulk(5)
		}
		reportMnps(b, n)
	})
	b.Run("parallel", func(b *testing.B) {
		var n uint64
		for b.Loop() {
			n, _ = p.PerftParallel(context.Background(), 5, 2)
		}
		reportMnps(b, n)
	})
}

func BenchmarkLegalMoves(b *testing.B) {
	p := StartPosition()
	var ml MoveList
	for b.Loop() {
		p.LegalMoves(&ml)
	}
}
