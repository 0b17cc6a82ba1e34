package banchess

import (
	"context"
	"flag"
	"testing"
	"time"

	"github.com/baten-chess/baten/internal/perftdata"
)

var perftDepth = flag.Int("perft.depth", 5, "deepest banchess.perft depth checked (5 = all, 3.2M nodes at the start)")

// Lemma action_perft_matches_reference: for every position of
// banchess.perft (counts from ban-chess.ts v4.0.1), the action perft
// equals the reference at every depth up to -perft.depth.
func TestActionPerft(t *testing.T) {
	cases, err := perftdata.Load("banchess/banchess.perft")
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) < 3 {
		t.Fatalf("loaded %d cases, want 3", len(cases))
	}
	for _, c := range cases {
		p, err := ParseFEN(c.FEN)
		if err != nil {
			t.Fatalf("%s: %v", c.ID, err)
		}
		for _, n := range c.Upto(*perftDepth) {
			if got := p.Perft(n.Depth); got != n.Nodes {
				t.Errorf("%s depth %d: got %d, want %d", c.ID, n.Depth, got, n.Nodes)
			}
		}
	}
}

// Divide splits Perft by root action: the parts add up to the whole.
func TestDivideSumsToPerft(t *testing.T) {
	p := mustFEN(t, "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 3 10:h5f7")
	var sum uint64
	parts := p.Divide(2)
	for _, d := range parts {
		sum += d.Nodes
	}
	if len(parts) != 42 || sum != 1149 {
		t.Fatalf("Divide(2): %d actions, %d nodes; want 42, 1149", len(parts), sum)
	}
}

// TestPerftParallel: the parallel action perft equals the reference counts
// of banchess.perft up to depth 4, on one worker and on three.
func TestPerftParallel(t *testing.T) {
	cases, err := perftdata.Load("banchess/banchess.perft")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		p, err := ParseFEN(c.FEN)
		if err != nil {
			t.Fatalf("%s: %v", c.ID, err)
		}
		for _, n := range c.Upto(min(4, *perftDepth)) {
			for _, workers := range []int{1, 3} {
				if got, err := p.PerftParallel(context.Background(), n.Depth, workers); got != n.Nodes || err != nil {
					t.Errorf("%s depth %d, %d workers: got %d, %v; want %d", c.ID, n.Depth, workers, got, err, n.Nodes)
				}
			}
		}
	}
}

// TestPerftParallelCancel: a context ending mid-count (action perft 12 of
// the start) stops PerftParallel promptly, also under the race detector:
// within a second here, a few milliseconds when measured.
func TestPerftParallelCancel(t *testing.T) {
	p := Startpos()
	for _, workers := range []int{1, 2} {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		_, err := p.PerftParallel(ctx, 12, workers)
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
