package chess

import (
	"context"
	"testing"
	"time"
)

// BenchmarkPerft measures perft speed in nodes per second (the Mnps metric)
// on the start position (depth 5) and Kiwipete (depth 4): single-threaded
// with bulk counting at the last ply, single-threaded playing every leaf,
// and PerftParallel on all cores. Run with:
//
//	go test ./chess -run '^$' -bench Perft -benchtime 5x -count 3
func BenchmarkPerft(b *testing.B) {
	positions := []struct {
		name  string
		fen   string
		depth int
		nodes uint64 // chessprogramming wiki / shared data README
	}{
		{"start-d5", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 5, 4865609},
		{"kiwipete-d4", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4, 4085603},
	}
	for _, pos := range positions {
		p := mustPosition(b, pos.fen)
		variants := []struct {
			name string
			run  func() uint64
		}{
			{"bulk", func() uint64 { return p.Perft(pos.depth) }},
			{"nobulk", func() uint64 { return p.PerftNoBulk(pos.depth) }},
			{"parallel", func() uint64 {
				n, _ := p.PerftParallel(context.Background(), pos.depth, 0)
				return n
			}},
		}
		for _, v := range variants {
			b.Run(pos.name+"/"+v.name, func(b *testing.B) {
				start := time.Now()
				for b.Loop() {
					if n := v.run(); n != pos.nodes {
						b.Fatalf("perft = %d, want %d", n, pos.nodes)
					}
				}
				b.ReportMetric(float64(pos.nodes)*float64(b.N)/time.Since(start).Seconds()/1e6, "Mnps")
			})
		}
	}
}

func BenchmarkLegalMoves(b *testing.B) {
	p := mustPosition(b, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
	var ml MoveList
	for b.Loop() {
		p.LegalMoves(&ml)
	}
}
