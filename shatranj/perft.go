package shatranj

import (
	"context"
	"sync"
)

// Perft counts the leaves of the legal-move tree of the given depth, with
// bulk counting at the last ply. A position decided by the bare-king rule
// has no moves (Fairy-Stockfish's convention).
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return perft(*p, depth)
}

// perft takes its position by value: a pointer would make every child
// escape to the heap through the recursion.
func perft(p Position, depth int) uint64 {
	if depth == 1 {
		return uint64(p.generate(nil))
	}
	var buf [maxMoves]Move
	n := p.generate(&buf)
	var total uint64
	for _, m := range buf[:n] {
		c := p
		c.play(m)
		total += perft(c, depth-1)
	}
	return total
}

// PerftNoBulk is Perft without bulk counting: it makes every move down to
// the leaves (for benchmarks of move making).
func (p *Position) PerftNoBulk(depth int) uint64 {
	return perftNoBulk(*p, depth)
}

func perftNoBulk(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var buf [maxMoves]Move
	n := p.generate(&buf)
	var total uint64
	for _, m := range buf[:n] {
		c := p
		c.play(m)
		total += perftNoBulk(c, depth-1)
	}
	return total
}

// Division is the perft count below one root move.
type Division struct {
	Move  Move
	Nodes uint64
}

// Divide is Perft split by root move, in generation order.
func (p *Position) Divide(depth int) []Division {
	var ml MoveList
	p.LegalMoves(&ml)
	out := make([]Division, 0, ml.Len())
	for _, m := range ml.Slice() {
		c := p.Play(m)
		out = append(out, Division{Move: m, Nodes: c.Perft(depth - 1)})
	}
	return out
}

// PerftParallel is Perft with the root moves' subtrees shared among
// workers goroutines (at least 1). It stops early and returns ctx's error
// when ctx is done.
func (p *Position) PerftParallel(ctx context.Context, depth, workers int) (uint64, error) {
	if depth <= 1 {
		return p.Perft(depth), ctx.Err()
	}
	workers = max(workers, 1)
	var ml MoveList
	p.LegalMoves(&ml)
	// Split two plies deep so the work is shared evenly.
	jobs := make(chan Position, 64)
	var (
		mu    sync.Mutex
		total uint64
		wg    sync.WaitGroup
	)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var sum uint64
			for c := range jobs {
				if ctx.Err() == nil {
					sum += c.Perft(depth - 2)
				}
			}
			mu.Lock()
			total += sum
			mu.Unlock()
		}()
	}
feed:
	for _, m := range ml.Slice() {
		c := p.Play(m)
		var ml2 MoveList
		c.LegalMoves(&ml2)
		for _, m2 := range ml2.Slice() {
			select {
			case jobs <- c.Play(m2):
			case <-ctx.Done():
				break feed
			}
		}
	}
	close(jobs)
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	return total, nil
}
