package draughts

import (
	"context"
	"flag"
	"testing"
	"time"

	"github.com/baten-chess/baten/internal/perftdata"
)

var perftDeep = flag.Int("perft.deep", 11,
	"deepest start-position depth TestPerftStart checks (12, 13 or 14 for the long runs; 14 takes minutes)")

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
// and edge-cases.perft at every listed depth, bulk-counted; and without
// bulk counting (make/unmake at every leaf) while the count is small.
func TestPerftFiles(t *testing.T) {
	for _, file := range []string{"english.perft", "edge-cases.perft"} {
		for i, c := range loadPerft(t, file) {
			if file == "english.perft" && i == 0 {
				continue
			}
			p := mustPosition(t, c.FEN)
			for _, want := range c.Counts {
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

// TestPerftParallelCancel: a cancelled context stops the count early.
func TestPerftParallelCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Start().PerftParallel(ctx, 14, 2); err != context.Canceled {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
}
