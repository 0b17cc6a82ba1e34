package workpool

import (
	"context"
	"sync/atomic"
	"testing"
	"time"
)

// TestCount: every job counted once, whatever the number of workers.
func TestCount(t *testing.T) {
	for _, workers := range []int{0, 1, 3, 100} {
		got, err := Count(context.Background(), 50, workers, func() func(int, *atomic.Bool) uint64 {
			return func(i int, _ *atomic.Bool) uint64 { return uint64(i) }
		})
		if err != nil || got != 49*50/2 {
			t.Errorf("workers %d: %d, %v; want %d", workers, got, err, 49*50/2)
		}
	}
}

// TestCountCancel: jobs see stop once the context ends, and Count
// returns its error promptly.
func TestCountCancel(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := Count(ctx, 4, 2, func() func(int, *atomic.Bool) uint64 {
		return func(_ int, stop *atomic.Bool) uint64 {
			for !stop.Load() {
				time.Sleep(time.Millisecond)
			}
			return 0
		}
	})
	if err != context.DeadlineExceeded {
		t.Errorf("err %v, want the deadline", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("returned after %v", d)
	}
}
