package banchess

import (
	"context"
	"sync/atomic"

	"github.com/baten-chess/baten/internal/workpool"
)

// Perft counts the leaves of the legal-action tree of depth plies from p:
// every ban and every move is one ply. The last ply is counted in bulk.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 || p.ply == 0 {
		return 1
	}
	q := *p
	return q.perft(depth, nil)
}

// perft walks the tree with Do and Undo, leaving p as it found it. It
// gives up, returning a partial count, once stop (if not nil) is set:
// PerftParallel's cancellation, read at every node above the leaves so
// that a subtree stops within microseconds.
func (p *Position) perft(depth int, stop *atomic.Bool) uint64 {
	if depth == 1 {
		return uint64(p.countActions())
	}
	if stop != nil && stop.Load() {
		return 0
	}
	var l ActionList
	p.LegalActions(&l)
	var n uint64
	for _, a := range l.Slice() {
		var u Undo
		p.Do(a, &u)
		n += p.perft(depth-1, stop)
		p.Undo(a, &u)
	}
	return n
}

// PerftParallel is Perft with the root actions' subtrees shared among
// workers goroutines (GOMAXPROCS when workers ≤ 0). When ctx is done the
// running subtrees stop within microseconds and PerftParallel returns
// ctx.Err() and an incomplete count.
func (p *Position) PerftParallel(ctx context.Context, depth, workers int) (uint64, error) {
	if depth <= 1 || p.ply == 0 {
		return p.Perft(depth), ctx.Err()
	}
	var l ActionList
	p.LegalActions(&l)
	actions := l.Slice()
	return workpool.Count(ctx, len(actions), workers, func() func(int, *atomic.Bool) uint64 {
		q := *p
		return func(i int, stop *atomic.Bool) uint64 {
			var u Undo
			q.Do(actions[i], &u)
			n := q.perft(depth-1, stop)
			q.Undo(actions[i], &u)
			return n
		}
	})
}

// Division is the action-perft count below one root action.
type Division struct {
	Action string // as ActionText writes it
	Nodes  uint64
}

// Divide returns the perft of depth-1 below each legal action of p.
func (p *Position) Divide(depth int) []Division {
	var l ActionList
	p.LegalActions(&l)
	out := make([]Division, 0, l.Len())
	for _, a := range l.Slice() {
		q := *p
		q.play(a)
		out = append(out, Division{p.ActionText(a), q.Perft(depth - 1)})
	}
	return out
}
