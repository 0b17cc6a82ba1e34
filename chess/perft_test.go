package chess

import (
	"context"
	"flag"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/baten-chess/baten/internal/race"
)

var (
	chess960Depth = flag.Int("chess960.depth", 0,
		"run TestChess960Deep: all 960 positions of chess960.perft and chess960-starts.perft at depths 5 up to this (5 or 6)")
	perftFull = flag.Bool("perft.full", false,
		"run every depth listed in standard-126.epd (up to 6) instead of the CI limit of 5")
)

// raceMaxNodes is the largest count runSuite checks under the race
// detector, which slows perft about fortyfold: the reference counts are
// the plain run's business, the race run only needs the code to run.
const raceMaxNodes = 100_000

// runSuite checks Perft for every case at every listed depth from minDepth
// to maxDepth (under -race only counts up to raceMaxNodes), spreading the
// cases over GOMAXPROCS goroutines.
func runSuite(t *testing.T, cases []perftCase, minDepth, maxDepth int, ignore ...ProblemKind) {
	t.Helper()
	var checked uint64
	var mu sync.Mutex
	var wg sync.WaitGroup
	work := make(chan perftCase)
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for c := range work {
				s, err := ParseFEN(c.fen)
				if err != nil {
					t.Errorf("%s: %v", c.id, err)
					continue
				}
				p, err := NewPosition(s, ignore...)
				if err != nil {
					t.Errorf("%s: %v", c.id, err)
					continue
				}
				var n uint64
				for d := minDepth; d <= maxDepth; d++ {
					want, ok := c.counts[d]
					if !ok || race.Enabled && want > raceMaxNodes {
						continue
					}
					if got := p.Perft(d); got != want {
						t.Errorf("%s (%s) perft %d = %d, want %d", c.id, c.fen, d, got, want)
					}
					n += want
				}
				mu.Lock()
				checked += n
				mu.Unlock()
			}
		}()
	}
	for _, c := range cases {
		work <- c
	}
	close(work)
	wg.Wait()
	t.Logf("%d positions, depths %d-%d, %d nodes checked", len(cases), minDepth, maxDepth, checked)
}

// tricky.perft includes positions whose checkers no legal move could have
// produced (the "align-*" and "ep-unrelated-check" rows); their counts were
// made by generators that accept them, so that kind is tolerated here.
func TestPerftTricky(t *testing.T) {
	runSuite(t, readPerftFile(t, "tricky.perft"), 1, 5, ImpossibleCheck)
}

func TestPerftClassic(t *testing.T) {
	// The six positions and counts of the chessprogramming wiki, as listed
	// in the shared data README.
	classic := []perftCase{
		{"start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", map[int]uint64{1: 20, 2: 400, 3: 8902, 4: 197281, 5: 4865609, 6: 119060324}},
		{"kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", map[int]uint64{1: 48, 2: 2039, 3: 97862, 4: 4085603, 5: 193690690}},
		{"pos3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", map[int]uint64{1: 14, 2: 191, 3: 2812, 4: 43238, 5: 674624}},
		{"pos4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", map[int]uint64{1: 6, 2: 264, 3: 9467, 4: 422333, 5: 15833292}},
		{"pos5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", map[int]uint64{1: 44, 2: 1486, 3: 62379, 4: 2103487, 5: 89941194}},
		{"pos6", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10", map[int]uint64{1: 46, 2: 2079, 3: 89890, 4: 3894594, 5: 164075551}},
	}
	runSuite(t, classic, 1, 5)
	if testing.Short() || race.Enabled {
		t.Log("-short or -race: start position perft 6 (119060324) not run")
		return
	}
	t.Log("start position perft 6")
	runSuite(t, classic[:1], 6, 6)
}

func TestPerftChess960(t *testing.T) {
	runSuite(t, readPerftFile(t, "chess960.perft"), 1, 4)
}

func TestPerftChess960Starts(t *testing.T) {
	runSuite(t, readPerftFile(t, "chess960-starts.perft"), 1, 4)
}

// TestChess960Deep runs depths 5 and up of both Chess960 files, up to
// -chess960.depth (about 20 s per file at depth 5 and half an hour at 6 on
// two cores):
//
//	go test ./chess -run Chess960Deep -chess960.depth=6 -timeout 2h
func TestChess960Deep(t *testing.T) {
	if *chess960Depth < 5 {
		t.Skip("deep Chess960 perft needs -chess960.depth=5 or 6")
	}
	runSuite(t, readPerftFile(t, "chess960.perft"), 5, *chess960Depth)
	runSuite(t, readPerftFile(t, "chess960-starts.perft"), 5, *chess960Depth)
}

func TestPerftStandard126(t *testing.T) {
	depth := 5
	if *perftFull {
		depth = 6
	}
	// Row 51 has two bishops checking from both ends of one diagonal, which
	// no move can produce; Fairy-Stockfish counts it as given.
	runSuite(t, readPerftFile(t, "standard-126.epd"), 1, depth, ImpossibleCheck)
}

// TestPerftDeterministic: perft is a pure function of the position, so
// repeated, copied, non-bulk, parallel and divided counts all agree.
func TestPerftDeterministic(t *testing.T) {
	for _, fen := range []string{
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 9",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	} {
		p := mustPosition(t, fen)
		before := p
		want := p.Perft(3)
		for i := range 3 {
			if got := p.Perft(3); got != want {
				t.Fatalf("%s: run %d: %d != %d", fen, i, got, want)
			}
		}
		if got := p.PerftNoBulk(3); got != want {
			t.Errorf("%s: non-bulk %d != %d", fen, got, want)
		}
		maxDepth := 5
		if race.Enabled {
			maxDepth = 4 // perft 5 of Kiwipete: 194 million nodes
		}
		for d := 1; d <= maxDepth; d++ {
			if got, err := p.PerftParallel(context.Background(), d, 2); got != p.Perft(d) || err != nil {
				t.Errorf("%s: parallel perft %d = %d, %v; want %d", fen, d, got, err, p.Perft(d))
			}
		}
		var sum uint64
		for _, d := range p.Divide(3) {
			sum += d.Nodes
		}
		if sum != want {
			t.Errorf("%s: divide sums to %d != %d", fen, sum, want)
		}
		if p != before {
			t.Errorf("%s: perft changed the position", fen)
		}
	}
}

// TestPerftParallelCancel: a cancelled context stops the count early, and
// promptly: perft 8 (≈ 85 billion nodes) returns within cancelLatency of
// the cancellation, also under the race detector.
func TestPerftParallelCancel(t *testing.T) {
	p := Startpos()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := p.PerftParallel(ctx, 7, 2); err != context.Canceled {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	for _, workers := range []int{1, 2} {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		_, err := p.PerftParallel(ctx, 8, workers)
		late := time.Since(deadline(ctx))
		cancel()
		if err != context.DeadlineExceeded {
			t.Fatalf("%d workers: err = %v, want context.DeadlineExceeded", workers, err)
		}
		t.Logf("%d workers: returned %v after the deadline", workers, late)
		if late > cancelLatency {
			t.Errorf("%d workers: returned %v after the deadline, want at most %v", workers, late, cancelLatency)
		}
	}
}

// cancelLatency bounds how long a perft may run on after its context is
// done. Checking the flag takes microseconds; the bound is ten times the
// 100 ms aimed at, for a loaded test machine's scheduling delays.
const cancelLatency = time.Second

func deadline(ctx context.Context) time.Time {
	d, _ := ctx.Deadline()
	return d
}
