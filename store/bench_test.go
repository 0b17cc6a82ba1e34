package store_test

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/baten-chess/baten/internal/pgtest"
	"github.com/baten-chess/baten/store"
)

// BenchmarkAppend measures Append: one goroutine after another
// (sequential: every append is its own commit) and many goroutines at
// once, each on its own game, as a busy server appends (parallel: 64
// goroutines per core; group commit shares the commits). p99-ms is the
// 99th percentile of one Append's latency.
func BenchmarkAppend(b *testing.B) {
	for _, syncMode := range []string{"NORMAL", "FULL"} {
		b.Run("sqlite-"+syncMode, func(b *testing.B) {
			benchAppend(b, func(b *testing.B) store.Store {
				s, err := store.OpenSQLiteWith(context.Background(), filepath.Join(b.TempDir(), "bench.db"),
					store.SQLiteOptions{Synchronous: syncMode})
				if err != nil {
					b.Fatal(err)
				}
				return s
			})
		})
	}
	b.Run("postgres", func(b *testing.B) {
		u := pgtest.Start(b)
		n := 0
		benchAppend(b, func(b *testing.B) store.Store {
			n++
			s, err := store.OpenPostgres(context.Background(), pgtest.CreateDatabase(b, u, fmt.Sprintf("bench%d", n)))
			if err != nil {
				b.Fatal(err)
			}
			return s
		})
	})
}

func benchAppend(b *testing.B, open func(b *testing.B) store.Store) {
	ctx := context.Background()
	b.Run("sequential", func(b *testing.B) {
		s := open(b)
		defer s.Close()
		mustCreateB(b, s, "seq")
		lat := make([]time.Duration, 0, b.N)
		b.ResetTimer()
		for i := range b.N {
			t := time.Now()
			if err := s.Append(ctx, "seq", ev(i+1, "e2e4"), nil); err != nil {
				b.Fatal(err)
			}
			lat = append(lat, time.Since(t))
		}
		b.StopTimer()
		reportP99(b, lat)
	})
	b.Run("parallel", func(b *testing.B) {
		s := open(b)
		defer s.Close()
		var (
			next atomic.Int64
			mu   sync.Mutex
			lat  []time.Duration
		)
		b.SetParallelism(64)
		b.ResetTimer()
		b.RunParallel(func(pb *testing.PB) {
			id := fmt.Sprintf("p%d", next.Add(1))
			mustCreateB(b, s, id)
			var mine []time.Duration
			for seq := 1; pb.Next(); seq++ {
				t := time.Now()
				if err := s.Append(ctx, id, ev(seq, "e2e4"), nil); err != nil {
					b.Error(err)
					return
				}
				mine = append(mine, time.Since(t))
			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		})
		b.StopTimer()
		reportP99(b, lat)
	})
}

func mustCreateB(b *testing.B, s store.Store, id string) {
	if err := s.CreateGame(context.Background(), newGame(id, 0)); err != nil {
		b.Fatal(err)
	}
}

func reportP99(b *testing.B, lat []time.Duration) {
	if len(lat) == 0 {
		return
	}
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)*99/100])/1e6, "p99-ms")
}

// BenchmarkAppendLoad is the server's load on SQLite: 10,000 live games
// whose actions arrive evenly spread at 1,000, 2,000 or 5,000 a second in
// all (a move every 10, 5 or 2 seconds per game), each Append in its own
// goroutine. It reports the latency of Append (p50-ms, p99-ms); b.N is
// the number of appends.
func BenchmarkAppendLoad(b *testing.B) {
	for _, syncMode := range []string{"NORMAL", "FULL"} {
		for _, rate := range []int{1000, 2000, 5000} {
			b.Run(fmt.Sprintf("%s/rate=%d", syncMode, rate), func(b *testing.B) { benchLoad(b, syncMode, rate) })
		}
	}
}

func benchLoad(b *testing.B, syncMode string, rate int) {
	const games = 10000
	ctx := context.Background()
	s, err := store.OpenSQLiteWith(ctx, filepath.Join(b.TempDir(), "load.db"), store.SQLiteOptions{Synchronous: syncMode})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	for g := range games {
		mustCreateB(b, s, fmt.Sprintf("L%05d", g))
	}
	var (
		seqs = make([]atomic.Int64, games)
		busy = make([]sync.Mutex, games) // one action at a time per game, as the server does
		lat  = make([]time.Duration, b.N)
		wg   sync.WaitGroup
	)
	b.ResetTimer()
	start := time.Now()
	for i := range b.N {
		if d := time.Until(start.Add(time.Duration(i) * time.Second / time.Duration(rate))); d > 0 {
			time.Sleep(d)
		}
		g := (i * 7919) % games
		wg.Add(1)
		go func() {
			defer wg.Done()
			t := time.Now()
			busy[g].Lock()
			defer busy[g].Unlock()
			seq := int(seqs[g].Add(1))
			if err := s.Append(ctx, fmt.Sprintf("L%05d", g), ev(seq, "e2e4"), nil); err != nil {
				b.Error(err)
			}
			lat[i] = time.Since(t)
		}()
	}
	wg.Wait()
	b.StopTimer()
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2])/1e6, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100])/1e6, "p99-ms")
}
