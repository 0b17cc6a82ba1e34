package draughts

import (
	"context"
	"flag"
	"math"
	"testing"
	"time"

	"github.com/baten-chess/baten/internal/perftdata"
	"github.com/baten-chess/baten/internal/race"
)

var perftDeep = flag.Int("perft.deep", perftDeepDefault(),
	"deepest start-position depth TestPerftStart checks (12, 13 or 14 for the long runs; 14 takes minutes; 8 by default under -race)")

// perftDeepDefault is 11, or 8 under the race detector, which slows perft
// about fortyfold: the reference counts are the plain run's business.
func perftDeepDefault() int {
	if race.Enabled {
		return 8
	}
	return 11
}

// raceMaxNodes is the largest count TestPerftFiles checks under the race
// detector.
const raceMaxNodes = 200_000

// loadPerft reads a reference file of ../shared/data/draughts: every
// expected count comes from there, never from this package's output.
func loadPerft(t testing.TB, name string) []perftdata.Case {
	t.Helper()
	cases, err := perftdata.Load("draughts/" + name)
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) == 0 {
		t.Fatalf("%s: no positions", name)
	}
	return cases
}

func mustPosition(t testing.TB, fen string) Position {
	t.Helper()
	p, err := FromFEN(fen)
	if err != nil {
		t.Fatalf("%s: %v", fen, err)
	}
	return p
}

// TestPerftStart: the start position against Aart Bik's counts, depths
// 1–11 (deeper with -perft.deep, run in parallel).
func TestPerftStart(t *testing.T) {
	c := loadPerft(t, "english.perft")[0]
	p := mustPosition(t, c.FEN)
	if p != Start() {
		t.Fatalf("english.perft's first position %s is not Start() %s", c.FEN, Start().FEN())
	}
	for _, want := range c.Upto(*perftDeep) {
		begin := time.Now()
		var got uint64
		if want.Depth <= 11 {
			got = p.Perft(want.Depth)
		} else {
			var err error
			if got, err = p.PerftParallel(context.Background(), want.Depth, 0); err != nil {
				t.Fatal(err)
			}
		}
		if got != want.Nodes {
			t.Errorf("perft(%d) = %d, want %d", want.Depth, got, want.Nodes)
		}
		if want.Depth >= 10 {
			t.Logf("perft(%d) = %d in %v", want.Depth, got, time.Since(begin))
		}
	}
}

// TestPerftFiles: every position of english.perft (but the start, above)
// and edge-cases.perft at every listed depth (under -race up to
// raceMaxNodes), bulk-counted; and without bulk counting (make/unmake at
// every leaf) while the count is small.
func TestPerftFiles(t *testing.T) {
	for _, file := range []string{"english.perft", "edge-cases.perft"} {
		for i, c := range loadPerft(t, file) {
			if file == "english.perft" && i == 0 {
				continue
			}
			p := mustPosition(t, c.FEN)
			for _, want := range c.Counts {
				if race.Enabled && want.Nodes > raceMaxNodes {
					continue
				}
				if got := p.Perft(want.Depth); got != want.Nodes {
					t.Errorf("%s %s perft(%d) = %d, want %d", file, c.ID, want.Depth, got, want.Nodes)
				}
				if want.Nodes <= 2_000_000 {
					if got := p.PerftNoBulk(want.Depth); got != want.Nodes {
						t.Errorf("%s %s perft-no-bulk(%d) = %d, want %d", file, c.ID, want.Depth, got, want.Nodes)
					}
				}
			}
		}
	}
}

// TestPerftNoBulkStart: make/unmake at every leaf from the start, depth 1–8.
func TestPerftNoBulkStart(t *testing.T) {
	c := loadPerft(t, "english.perft")[0]
	for _, want := range c.Upto(8) {
		if got := Start().PerftNoBulk(want.Depth); got != want.Nodes {
			t.Errorf("perft-no-bulk(%d) = %d, want %d", want.Depth, got, want.Nodes)
		}
	}
}

// TestDivideSumsToPerft: the divide at depth 9 from the start sums to the
// reference count, and PerftParallel agrees.
func TestDivideSumsToPerft(t *testing.T) {
	c := loadPerft(t, "english.perft")[0]
	want := c.Upto(9)[8]
	var sum uint64
	for _, d := range Start().Divide(want.Depth) {
		sum += d.Nodes
	}
	if sum != want.Nodes {
		t.Errorf("divide(%d) sums to %d, want %d", want.Depth, sum, want.Nodes)
	}
	got, err := Start().PerftParallel(context.Background(), want.Depth, 3)
	if err != nil || got != want.Nodes {
		t.Errorf("PerftParallel(%d) = %d, %v; want %d", want.Depth, got, err, want.Nodes)
	}
}

// TestPerftParallelCancel: a cancelled context stops the count early, and
// a context ending mid-count (perft 20, about 10^16 nodes) stops it
// promptly, also under the race detector: within a second here, a few
// milliseconds when measured.
func TestPerftParallelCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Start().PerftParallel(ctx, 14, 2); err != context.Canceled {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	for _, workers := range []int{1, 2} {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		_, err := Start().PerftParallel(ctx, 20, workers)
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

// TestPerftAnyDepth: a depth far beyond any countable one neither panics
// nor allocates for every ply asked when the games end soon: White's man
// crowns, then Black, with no pieces, has no move.
func TestPerftAnyDepth(t *testing.T) {
	p := mustPosition(t, "W:W5:B")
	for _, depth := range []int{2, 99_999_999_999, math.MaxInt} {
		if got := p.Perft(depth); got != 0 {
			t.Errorf("perft(%d) = %d, want 0", depth, got)
		}
		if got := p.PerftNoBulk(depth); got != 0 {
			t.Errorf("perft-no-bulk(%d) = %d, want 0", depth, got)
		}
		if got, err := p.PerftParallel(context.Background(), depth, 2); got != 0 || err != nil {
			t.Errorf("PerftParallel(%d) = %d, %v; want 0", depth, got, err)
		}
		if d := p.Divide(depth); len(d) != 1 || d[0].Nodes != 0 {
			t.Errorf("divide(%d) = %v, want one move with 0", depth, d)
		}
	}
}

// TestPerftMoreLists: when the move lists made up front run out, perft
// and perftNoBulk make more and count the same (here from none at all).
func TestPerftMoreLists(t *testing.T) {
	c := loadPerft(t, "english.perft")[0]
	want := c.Upto(6)[5]
	if got := perft(Start(), want.Depth, nil, nil); got != want.Nodes {
		t.Errorf("perft(%d) without lists = %d, want %d", want.Depth, got, want.Nodes)
	}
	p := Start()
	if got := perftNoBulk(&p, want.Depth, nil); got != want.Nodes {
		t.Errorf("perft-no-bulk(%d) without lists = %d, want %d", want.Depth, got, want.Nodes)
	}
}

// TestPerftParallelAnyWorkers: asking for far more workers than subtrees
// starts no more goroutines than there are subtrees, and counts right.
func TestPerftParallelAnyWorkers(t *testing.T) {
	want := loadPerft(t, "english.perft")[0].Upto(5)[4]
	got, err := Start().PerftParallel(context.Background(), want.Depth, math.MaxInt)
	if err != nil || got != want.Nodes {
		t.Fatalf("PerftParallel(%d) = %d, %v; want %d", want.Depth, got, err, want.Nodes)
	}
}
