package variant

import "context"

// Division is the count below one root action, written in the machine
// notation.
type Division struct {
	Action string
	Nodes  uint64
}

// Perfter is a Position with a fast move-tree count of its own (the
// bitboard generators').
type Perfter interface {
	// Perft counts the leaves of the legal-action tree of depth plies on
	// up to threads goroutines, stopping early when ctx is done.
	Perft(ctx context.Context, depth, threads int) (uint64, error)
	// Divide is Perft split by root action, in the generator's order.
	Divide(ctx context.Context, depth, threads int) ([]Division, error)
}

// Perft counts the leaves of p's legal-action tree of depth plies (every
// ban and every move is a ply): the position's own fast count where it
// has one, else a count through the Position interface.
func Perft(ctx context.Context, p Position, depth, threads int) (uint64, error) {
	if f, ok := p.(Perfter); ok {
		return f.Perft(ctx, depth, threads)
	}
	if depth <= 1 || threads <= 1 {
		return slowPerft(ctx, p, depth)
	}
	return SumDivision(Divide(ctx, p, depth, threads))
}

// Divide is Perft split by root action.
func Divide(ctx context.Context, p Position, depth, threads int) ([]Division, error) {
	if f, ok := p.(Perfter); ok {
		return f.Divide(ctx, depth, threads)
	}
	legal := p.Legal()
	return DivideParallel(ctx, len(legal), threads, func(i int) Division {
		next, _ := p.Play(legal[i]) // legal: Play cannot fail
		n, _ := slowPerft(ctx, next, depth-1)
		return Division{legal[i].String(), n}
	})
}

func slowPerft(ctx context.Context, p Position, depth int) (uint64, error) {
	if depth <= 0 {
		return 1, nil
	}
	legal := p.Legal()
	if depth == 1 {
		return uint64(len(legal)), nil
	}
	var n uint64
	for _, a := range legal {
		if err := ctx.Err(); err != nil {
			return n, err
		}
		next, err := p.Play(a)
		if err != nil {
			return n, err
		}
		c, err := slowPerft(ctx, next, depth-1)
		n += c
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// SumDivision totals a division: the parallel perft of generators that
// have none of their own.
func SumDivision(div []Division, err error) (uint64, error) {
	var n uint64
	for _, d := range div {
		n += d.Nodes
	}
	return n, err
}

// DivideParallel computes count(0..n-1) on up to threads goroutines and
// returns the results in index order. It stops handing out work when ctx
// is done, and then returns ctx.Err(): count may stop early too, so the
// results are incomplete.
func DivideParallel(ctx context.Context, n, threads int, count func(i int) Division) ([]Division, error) {
	threads = max(1, min(threads, n))
	out := make([]Division, n)
	next := make(chan int)
	done := make(chan struct{})
	for range threads {
		go func() {
			for i := range next {
				out[i] = count(i)
			}
			done <- struct{}{}
		}()
	}
	var err error
feed:
	for i := range n {
		select {
		case next <- i:
		case <-ctx.Done():
			err = ctx.Err()
			break feed
		}
	}
	close(next)
	for range threads {
		<-done
	}
	if err == nil {
		err = ctx.Err() // a count may have stopped part-way
	}
	return out, err
}
