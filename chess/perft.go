package chess

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
)

// Perft counts the leaf nodes of the legal move tree of depth plies from p.
// The last ply is counted in bulk: the number of legal moves, without
// playing them (as most fast perfts, Fairy-Stockfish's included, do). The
// count comes from the same generator as LegalMoves, run in a mode that
// counts each move set instead of writing it out.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return perft(newStack(p, depth), depth, nil)
}

// newStack returns one position per ply, the first a copy of p. Perft
// copies each position into the next slot and plays the move there
// (copy-make), which measured faster than Play/Unplay in place; a slice
// rather than locals, because the compiler moves a local whose address
// feeds a recursive call to the heap on every move.
func newStack(p *Position, depth int) []Position {
	stack := make([]Position, depth+1)
	stack[0] = *p
	return stack
}

// perft counts below stack[0]. It gives up, returning a partial count,
// once stop (if not nil) is set: PerftParallel's cancellation. The flag is
// read at every node above the leaves, so a subtree stops within one
// node's bulk count (microseconds, even under the race detector), at the
// cost of one load per few dozen leaves.
func perft(stack []Position, depth int, stop *atomic.Bool) uint64 {
	p := &stack[0]
	if depth == 1 {
		return uint64(p.countLegal())
	}
	if stop != nil && stop.Load() {
		return 0
	}
	var ml MoveList
	p.LegalMoves(&ml)
	child := &stack[1]
	var n uint64
	for _, m := range ml.moves[:ml.n] {
		*child = *p
		child.Play(m)
		n += perft(stack[1:], depth-1, stop)
	}
	return n
}

// PerftNoBulk is Perft without bulk counting: every leaf move is played
// (copy-make, as in Perft), which measures making moves as well as
// generating them.
func (p *Position) PerftNoBulk(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return perftNoBulk(newStack(p, depth), depth)
}

func perftNoBulk(stack []Position, depth int) uint64 {
	p := &stack[0]
	var ml MoveList
	p.LegalMoves(&ml)
	child := &stack[1]
	var n uint64
	for _, m := range ml.moves[:ml.n] {
		*child = *p
		child.Play(m)
		if depth == 1 {
			n++ // the leaf is played, not just counted
		} else {
			n += perftNoBulk(stack[1:], depth-1)
		}
	}
	return n
}

// Division is the perft count below one root move.
type Division struct {
	Move  Move
	Nodes uint64
}

// Divide returns the perft count of depth plies below each legal move of p,
// in generation order; depth must be at least 1. Print the moves with
// Move.UCI.
func (p *Position) Divide(depth int) []Division {
	var ml MoveList
	p.LegalMoves(&ml)
	out := make([]Division, ml.n)
	for i, m := range ml.Slice() {
		q := *p
		q.Play(m)
		out[i] = Division{m, q.Perft(depth - 1)}
	}
	return out
}

// PerftParallel is Perft with the work shared among workers goroutines
// (GOMAXPROCS when workers ≤ 0). The jobs are the subtrees one ply down, or
// two plies down beyond depth 5, small enough to balance the load. When
// ctx is cancelled the running jobs stop within microseconds and
// PerftParallel returns ctx.Err() and an incomplete count.
func (p *Position) PerftParallel(ctx context.Context, depth, workers int) (uint64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if depth <= 1 {
		return p.Perft(depth), nil
	}
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	split := 1
	if depth > 5 {
		split = 2 // root subtrees grow too big to cancel or balance well
	}
	var stop atomic.Bool
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
	jobs := make(chan Position)
	var (
		mu    sync.Mutex
		total uint64
		wg    sync.WaitGroup
	)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for q := range jobs {
				n := perft(newStack(&q, depth-split), depth-split, &stop)
				mu.Lock()
				total += n
				mu.Unlock()
			}
		}()
	}
	complete := feed(ctx, p, split, jobs)
	close(jobs)
	wg.Wait()
	if !complete || stop.Load() {
		return total, ctx.Err()
	}
	return total, nil
}

// feed sends every position plies moves below p to jobs; it reports false
// if ctx was cancelled first.
func feed(ctx context.Context, p *Position, plies int, jobs chan<- Position) bool {
	if plies == 0 {
		select {
		case jobs <- *p:
			return true
		case <-ctx.Done():
			return false
		}
	}
	var ml MoveList
	p.LegalMoves(&ml)
	for _, m := range ml.Slice() {
		q := *p
		q.Play(m)
		if !feed(ctx, &q, plies-1, jobs) {
			return false
		}
	}
	return true
}
