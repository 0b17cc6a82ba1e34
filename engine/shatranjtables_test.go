package engine

import (
	"context"
	"testing"
	"time"
)

// TestShatranjTables: a root with one piece a side is scored from the
// endgame table: a win or a loss with its length, a draw as 0, and no table
// verdict when the fifty-move rule would come first.
func TestShatranjTables(t *testing.T) {
	cases := []struct {
		name, fen string
		want      Score
	}{
		{"win", "8/8/8/3k4/8/1KQ5/8/q7 w - - 0 1", Score{Mate: 20}},
		{"loss", "8/8/8/3k4/1K6/2Q5/8/q7 b - - 0 1", Score{Mate: -20}},
		{"draw", "8/7q/8/3k4/8/1KQ5/8/8 w - - 0 1", Score{}},
		// After 1.Kb4 the clock is 60, and 60 plies plus the 39 to the end
		// stay under 100.
		{"win before the fifty moves", "8/8/8/3k4/8/1KQ5/8/q7 w - - 59 1", Score{Mate: 20}},
	}
	// One engine builds the K+F v K+F table once and uses it for every
	// case.
	e, err := newEngine(Shatranj, Options{HashMB: 1})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if err := e.SetPositionText(c.fen, nil); err != nil {
				t.Fatal(err)
			}
			r, err := e.Search(context.Background(), Limits{Depth: 2}, nil)
			if err != nil {
				t.Fatal(err)
			}
			if r.Score != c.want {
				t.Errorf("score %v, want %v (move %s)", r.Score, c.want, r.BestMove)
			}
		})
	}
	t.Run("fifty moves first", func(t *testing.T) {
		if err := e.SetPositionText("8/8/8/3k4/8/1KQ5/8/q7 w - - 60 1", nil); err != nil {
			t.Fatal(err)
		}
		r, _ := e.Search(context.Background(), Limits{Depth: 2}, nil)
		if r.Score.Mate != 0 {
			t.Errorf("score %v: a table win that the fifty-move rule may draw", r.Score)
		}
	})
	// A search on the clock does not wait for a table being built (K+A v
	// K+A, which no other test builds, takes over a second).
	t.Run("clock", func(t *testing.T) {
		e, _ := newEngine(Shatranj, Options{HashMB: 1})
		if err := e.SetPositionText("8/8/2b5/3k4/8/1K6/2B5/8 w - - 0 1", nil); err != nil {
			t.Fatal(err)
		}
		start := time.Now()
		r, _ := e.Search(context.Background(), Limits{MoveTime: 50 * time.Millisecond}, nil)
		if el := time.Since(start); el > 600*time.Millisecond || r.BestMove == "" {
			t.Errorf("%v, move %q", el, r.BestMove)
		}
	})
}
