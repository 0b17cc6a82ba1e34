package engine

import (
	"context"
	"slices"
	"testing"
	"time"
)

// TestManyMoves: a node with more moves than the search's initial
// per-ply score table (maxMoves, 256) is ordered too. The Amazons' start
// has 2,176 actions, and Isolation's positions after its first moves
// more than 256 (a king step times every square left for the wall);
// both indexed past the table and crashed the search.
func TestManyMoves(t *testing.T) {
	for _, tc := range []struct {
		game, fen string
		depth     int
	}{
		{"amazons", "", 1},
		{"isolation", "", 3},
		{"isolation", "6/1*p1*1/1*2*1/4*1/3***/1**2*/4P1/1*4 w - - 12 7", 2}, // variant's oracleCounts isolation-random-1
	} {
		e := fastEngine(t, tc.game)
		if err := e.SetPositionText(tc.fen, nil); err != nil {
			t.Fatal(err)
		}
		if n := len(e.LegalMoves()); tc.fen == "" && tc.game == "amazons" && n != 2176 {
			t.Fatalf("amazons: %d moves, want 2176", n)
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // a regression fails, not hangs
		r, _ := e.Search(ctx, Limits{Depth: tc.depth}, nil)
		cancel()
		if r.Depth != tc.depth || !slices.Contains(e.LegalMoves(), r.BestMove) {
			t.Errorf("%s %q: depth %d, best move %q; want depth %d and a legal move", tc.game, tc.fen, r.Depth, r.BestMove, tc.depth)
		}
	}
}
