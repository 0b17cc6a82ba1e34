package fairy

import (
	"context"
	"sync/atomic"

	"github.com/baten-chess/baten/internal/workpool"
)

// Perft counts the leaf nodes of the legal-move tree of the given depth,
// counting the last ply in bulk. p is changed during the count and
// restored before it returns.
func (p *Position) Perft(depth int) uint64 {
	return p.perft(depth, nil)
}

// perft is Perft that gives up, returning a partial count, once stop (if
// not nil) is set: PerftParallel's cancellation, read at every node but
// the leaves so that a subtree stops within microseconds (a millisecond
// in the Amazons, whose nodes list thousands of moves).
func (p *Position) perft(depth int, stop *atomic.Bool) uint64 {
	if n, ok := p.bitboardPerft(depth, stop); ok { // family: bitboard path
		return n
	}
	return p.perftIn(make([]MoveList, max(depth, 0)), depth, stop)
}

// perftIn is perft with a move list for each ply, lists[depth-1] this
// one's: lists made once per count, not one per node, since a MoveList
// is large (MaxMoves) and a new one is zeroed.
func (p *Position) perftIn(lists []MoveList, depth int, stop *atomic.Bool) uint64 {
	if depth <= 0 {
		return 1
	}
	if stop != nil && stop.Load() {
		return 0 // before listing: a walling game's node lists thousands
	}
	l := &lists[depth-1]
	p.LegalMoves(l)
	if depth == 1 {
		return uint64(l.N)
	}
	var n uint64
	for _, m := range l.Moves[:l.N] {
		u := p.Play(m)
		n += p.perftIn(lists, depth-1, stop)
		p.Unplay(m, u)
	}
	return n
}

// PerftParallel is Perft with the root moves' subtrees shared among
// workers goroutines (GOMAXPROCS when workers ≤ 0). When ctx is done the
// running subtrees stop within microseconds and PerftParallel returns
// ctx.Err() and an incomplete count. p is not changed.
func (p *Position) PerftParallel(ctx context.Context, depth, workers int) (uint64, error) {
	if depth <= 1 {
		return p.Perft(depth), ctx.Err()
	}
	var l MoveList
	p.LegalMoves(&l)
	moves := l.Moves[:l.N]
	return workpool.Count(ctx, len(moves), workers, func() func(int, *atomic.Bool) uint64 {
		q := *p
		lists := make([]MoveList, depth-1)
		return func(i int, stop *atomic.Bool) uint64 {
			u := q.Play(moves[i])
			n, ok := q.bitboardPerft(depth-1, stop) // family: bitboard path
			if !ok {
				n = q.perftIn(lists, depth-1, stop)
			}
			q.Unplay(moves[i], u)
			return n
		}
	})
}

// Divide is Perft split by root move, keyed by MoveText (as
// rules.Position.Divide).
func (p *Position) Divide(depth int) map[string]uint64 {
	out := map[string]uint64{}
	var l MoveList
	p.LegalMoves(&l)
	for _, m := range l.Moves[:l.N] {
		text := p.MoveText(m)
		u := p.Play(m)
		out[text] = p.Perft(depth - 1)
		p.Unplay(m, u)
	}
	return out
}
