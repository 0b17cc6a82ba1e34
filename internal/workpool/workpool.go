// Package workpool counts independent jobs (perft subtrees) on several
// goroutines, each with state of its own, and stops them all promptly
// when a context ends.
package workpool

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"
)

// Count runs jobs 0 … jobs-1 on at most workers goroutines (≤ 0:
// GOMAXPROCS) and returns the sum of their counts. Each goroutine calls
// newWorker once for its own state and then its result for each job it
// takes; a job should poll stop, which is set when ctx ends, and return
// early then. After ctx ends, Count returns ctx.Err() and an incomplete
// sum.
func Count(ctx context.Context, jobs, workers int, newWorker func() func(job int, stop *atomic.Bool) uint64) (uint64, error) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	var (
		next  atomic.Int64
		total atomic.Uint64
		stop  atomic.Bool
		wg    sync.WaitGroup
	)
	defer context.AfterFunc(ctx, func() { stop.Store(true) })()
	// Workers beyond the jobs would only idle.
	for range min(workers, jobs) {
		wg.Go(func() {
			count := newWorker()
			for !stop.Load() {
				i := next.Add(1) - 1
				if i >= int64(jobs) {
					return
				}
				total.Add(count(int(i), &stop))
			}
		})
	}
	wg.Wait()
	return total.Load(), ctx.Err()
}
