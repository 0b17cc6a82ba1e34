package draughts

import (
	"context"
	"sync/atomic"

	"github.com/baten-chess/baten/internal/workpool"
)

// Perft counts the leaf nodes of the legal move tree of depth plies from
// p. Every distinct jump path is one move (Aart Bik's convention, and the
// reference files'). The last ply is counted in bulk with MoveCount,
// without listing or playing the moves.
//
// Any depth is accepted: memory grows with the depth the tree really
// reaches (a few kilobytes a ply), not with the depth asked, so a huge
// depth from a position whose games all end soon returns at once.
func (p Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return perft(p, depth, plyLists(depth), nil)
}

// listPlies is how many plies of move lists Perft makes up front: more
// than the deepest count ever published (Bik's start-position perft went
// to 28), so a countable depth never allocates again.
const listPlies = 32

// plyLists makes the move lists for the next plies of a tree depth plies
// deep, at most listPlies of them: one list per ply, made once, since a
// MoveList is a few kilobytes, too big to clear afresh at every node.
// perft and perftNoBulk make more with it when they run out.
func plyLists(depth int) []MoveList { return make([]MoveList, min(depth, listPlies)) }

// perft counts below p with lists for move lists. It gives up, returning a
// partial count, once stop (if not nil) is set: PerftParallel's
// cancellation, read at every node above the leaves so that a subtree
// stops within microseconds.
func perft(p Position, depth int, lists []MoveList, stop *atomic.Bool) uint64 {
	if depth == 1 {
		return uint64(p.MoveCount())
	}
	if stop != nil && stop.Load() {
		return 0
	}
	if len(lists) == 0 {
		lists = plyLists(depth)
	}
	ml := &lists[0]
	p.LegalMoves(ml)
	var n uint64
	if depth == 2 { // the ply above the leaves, where most of the time goes
		for i := range ml.n {
			n += uint64(p.Play(ml.moves[i]).MoveCount())
		}
		return n
	}
	for i := range ml.n {
		n += perft(p.Play(ml.moves[i]), depth-1, lists[1:], stop)
	}
	return n
}

// PerftNoBulk is Perft without bulk counting: every move down to the
// leaves is generated, made and unmade in place (Make, Unmake). Like
// Perft it takes any depth.
func (p Position) PerftNoBulk(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	return perftNoBulk(&p, depth, plyLists(depth))
}

func perftNoBulk(p *Position, depth int, lists []MoveList) uint64 {
	if depth == 0 {
		return 1
	}
	if len(lists) == 0 {
		lists = plyLists(depth)
	}
	ml := &lists[0]
	p.LegalMoves(ml)
	var n uint64
	for i := range ml.n {
		m := ml.moves[i]
		u := p.Make(m)
		if depth == 1 {
			n++ // a leaf, made and unmade but not searched
		} else {
			n += perftNoBulk(p, depth-1, lists[1:])
		}
		p.Unmake(m, u)
	}
	return n
}

// Division is the perft count below one root move.
type Division struct {
	Move  Move
	Nodes uint64
}

// Divide returns the perft count of depth−1 plies below each legal move of
// p, in generation order; depth must be at least 1.
func (p Position) Divide(depth int) []Division {
	var ml MoveList
	p.LegalMoves(&ml)
	out := make([]Division, ml.n)
	for i, m := range ml.Slice() {
		out[i] = Division{m, p.Play(m).Perft(depth - 1)}
	}
	return out
}

// splitPlies is how deep PerftParallel expands the tree into jobs: from
// the start position 302 jobs, enough to keep every core busy to the end
// and to notice a cancelled context within a fraction of a second.
const splitPlies = 3

// PerftParallel is Perft with the subtrees below the first few plies
// shared among workers goroutines (GOMAXPROCS when workers ≤ 0; no more
// than there are subtrees, so any number may be asked). When ctx is
// cancelled the running jobs stop within microseconds and PerftParallel
// returns ctx.Err(); the count is then incomplete. Like Perft it takes
// any depth.
func (p Position) PerftParallel(ctx context.Context, depth, workers int) (uint64, error) {
	split := min(splitPlies, depth-1)
	if split <= 0 {
		return p.Perft(depth), ctx.Err()
	}
	jobs := frontier(p, split, nil)
	return workpool.Count(ctx, len(jobs), workers, func() func(int, *atomic.Bool) uint64 {
		lists := plyLists(depth - split)
		return func(i int, stop *atomic.Bool) uint64 {
			return perft(jobs[i], depth-split, lists, stop)
		}
	})
}

// frontier appends every position at the end of a path of plies moves
// from p (once per path, as perft counts paths).
func frontier(p Position, plies int, out []Position) []Position {
	if plies == 0 {
		return append(out, p)
	}
	var ml MoveList
	p.LegalMoves(&ml)
	for _, m := range ml.Slice() {
		out = frontier(p.Play(m), plies-1, out)
	}
	return out
}
