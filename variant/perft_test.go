package variant

import (
	"context"
	"errors"
	"testing"
	"time"
)

// TestPerftCancelPrompt: for every built-in game, Perft and Divide of a
// tree far too big to finish (12 plies) return the context's error soon
// after it ends, on one thread and on two, also under the race detector:
// a few milliseconds when measured alone, and within five seconds however
// loaded the machine (2.5 s was seen with eight busy processes on two
// cores), where the count itself would take hours.
func TestPerftCancelPrompt(t *testing.T) {
	counts := []struct {
		name  string
		count func(ctx context.Context, p Position, threads int) error
	}{
		{"Perft", func(ctx context.Context, p Position, threads int) error {
			_, err := Perft(ctx, p, 12, threads)
			return err
		}},
		{"Divide", func(ctx context.Context, p Position, threads int) error {
			_, err := Divide(ctx, p, 12, threads)
			return err
		}},
	}
	for _, v := range All() {
		for _, c := range counts {
			for _, threads := range []int{1, 2} {
				ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
				err := c.count(ctx, v.Start(), threads)
				deadline, _ := ctx.Deadline()
				late := time.Since(deadline)
				cancel()
				if !errors.Is(err, context.DeadlineExceeded) {
					t.Errorf("%s: %s on %d threads: err = %v, want context.DeadlineExceeded", v.Name, c.name, threads, err)
				}
				if late > 5*time.Second {
					t.Errorf("%s: %s on %d threads returned %v after the deadline, want at most 5s", v.Name, c.name, threads, late)
				}
			}
		}
	}
}
