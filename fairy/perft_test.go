package fairy_test

import (
	"context"
	"testing"
	"time"

	"github.com/baten-chess/baten/fairy"
	"github.com/baten-chess/baten/rules"
)

// capablancaStart is the start of Capablanca chess in the fast generator.
func capablancaStart(t *testing.T) fairy.Position {
	t.Helper()
	r, err := fairy.Compile(rules.Capablanca())
	if err != nil {
		t.Fatal(err)
	}
	ref, err := rules.Start(rules.Capablanca())
	if err != nil {
		t.Fatal(err)
	}
	p, err := r.FromRules(ref)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestPerftParallel: PerftParallel counts what Perft counts (checked
// against Fairy-Stockfish in TestPerft) on one worker and on three, and
// leaves the position as it was.
func TestPerftParallel(t *testing.T) {
	p := capablancaStart(t)
	before := p
	for depth := range 4 {
		want := p.Perft(depth)
		for _, workers := range []int{1, 3} {
			if got, err := p.PerftParallel(context.Background(), depth, workers); got != want || err != nil {
				t.Errorf("depth %d, %d workers: %d, %v; want %d", depth, workers, got, err, want)
			}
		}
	}
	if p != before {
		t.Error("PerftParallel changed the position")
	}
}

// TestPerftParallelCancel: a context ending mid-count (perft 10 of
// Capablanca chess) stops PerftParallel promptly, also under the race
// detector: within a second here, a few milliseconds when measured.
func TestPerftParallelCancel(t *testing.T) {
	p := capablancaStart(t)
	for _, workers := range []int{1, 2} {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		_, err := p.PerftParallel(ctx, 10, workers)
		deadline, _ := ctx.Deadline()
		late := time.Since(deadline)
		cancel()
		if err != context.DeadlineExceeded {
			t.Fatalf("%d workers: err = %v, want context.DeadlineExceeded", workers, err)
		}
		t.Logf("%d workers: returned %v after the deadline", workers, late)
		if late > time.Second {
			t.Errorf("%d workers: returned %v after the deadline, want at most 1s", workers, late)
		}
	}
}
