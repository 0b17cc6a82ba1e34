package engine

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/baten-chess/baten/internal/race"
)

// TestManyMoves: a node with more moves than the search's initial
// per-ply score table (maxMoves, 256) is ordered too. The Amazons' start
// has 2,176 actions, and Isolation's positions two plies on more than 256
// (a step to any of eight squares times every square left for the wall);
// both indexed past the table and crashed the search. The Amazons' 2,176
// engine moves take 10 s under the race detector, which Isolation
// exercises alone.
func TestManyMoves(t *testing.T) {
	for _, tc := range []struct {
		name, game, fen string
		depth           int
	}{
		{"amazons", "amazons", "", 1},
		{"isolation", "isolation", "", 3},
		{"isolation-random-1", "isolation", "6/1*p1*1/1*2*1/4*1/3***/1**2*/4P1/1*4 w - - 12 7", 2}, // variant's oracleCounts isolation-random-1
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.game == "amazons" && race.Enabled {
				t.Skip("10 s under the race detector")
			}
			e := fastEngine(t, tc.game)
			if err := e.SetPositionText(tc.fen, nil); err != nil {
				t.Fatal(err)
			}
			if n := len(e.LegalMoves()); tc.game == "amazons" && n != 2176 {
				t.Fatalf("amazons: %d moves, want 2176", n)
			}
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute) // a regression fails, not hangs
			r, _ := e.Search(ctx, Limits{Depth: tc.depth}, nil)
			cancel()
			if r.Depth != tc.depth || !slices.Contains(e.LegalMoves(), r.BestMove) {
				t.Errorf("depth %d, best move %q; want depth %d and a legal move", r.Depth, r.BestMove, tc.depth)
			}
		})
	}
}
