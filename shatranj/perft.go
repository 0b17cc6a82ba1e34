package shatranj

import (
	"context"
	"sync"
	"sync/atomic"
)

// Perft counts the leaves of the legal-move tree of the given depth, with
// bulk counting at the last ply. A position decided by the bare-king rule
// has no moves (Fairy-Stockfish's convention).
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return perft(*p, depth, nil)
}

// perft takes its position by value: a pointer would make every child
// escape to the heap through the recursion. It gives up, returning a
// partial count, once stop (if not nil) is set: PerftParallel's
// cancellation, read at every node above the leaves so that a subtree
// stops within microseconds.
func perft(p Position, depth int, stop *atomic.Bool) uint64 {
	if depth == 1 {
		return uint64(p.generate(nil))
	}
	if stop != nil && stop.Load() {
		return 0
	}
	var buf [maxMoves]Move
	n := p.generate(&buf)
	var total uint64
	for _, m := range buf[:n] {
		c := p
		c.play(m)
		total += perft(c, depth-1, stop)
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
// workers goroutines (at least 1). When ctx is done the running jobs stop
// within microseconds and PerftParallel returns ctx's error.
func (p *Position) PerftParallel(ctx context.Context, depth, workers int) (uint64, error) {
	if depth <= 2 { // too small to share; the jobs below are two plies down
		return p.Perft(depth), ctx.Err()
	}
	workers = max(workers, 1)
	var stop atomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
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
				if !stop.Load() {
					sum += perft(c, depth-2, &stop)
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
