package engine

import (
	"context"
	"testing"

	"github.com/baten-chess/baten/chess"
)

// TestCorrection: the correction history moves towards a search's score
// only where the bound says something about the evaluation's error, by a
// weight growing with depth, within corrLimit, and staticEval adds it.
func TestCorrection(t *testing.T) {
	g := &chessGame{pos: chess.Startpos()}
	s := NewSearcher[chess.Move](g, 1)
	raw := g.Evaluate()
	tests := []struct {
		name  string
		best  int
		bound uint8
		depth int
		want  int32 // the entry after, from 0
	}{
		{"exact above", raw + 100, boundExact, 3, 100 * corrGrain * 4 / 256},
		{"exact below, deeper", raw - 100, boundExact, 15, -100 * corrGrain * 16 / 256},
		{"depth weight capped", raw + 100, boundExact, 40, 100 * corrGrain * 16 / 256},
		{"fail high above", raw + 50, boundLower, 7, 50 * corrGrain * 8 / 256},
		{"fail high below: nothing", raw - 50, boundLower, 7, 0},
		{"fail low below", raw - 50, boundUpper, 7, -50 * corrGrain * 8 / 256},
		{"fail low above: nothing", raw + 50, boundUpper, 7, 0},
		{"a mate: nothing", MateScore - 5, boundExact, 7, 0},
		{"far off: bounded", raw + 5000, boundExact, 15, corrError * corrGrain * 16 / 256},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			*s.corrEntry() = 0
			s.correct(tt.best, tt.bound, tt.depth)
			if got := *s.corrEntry(); got != tt.want {
				t.Errorf("entry %d, want %d", got, tt.want)
			}
			if got, want := s.staticEval(), raw+int(tt.want)/corrGrain; got != want {
				t.Errorf("staticEval %d, want %d", got, want)
			}
		})
	}
	// Repeated, the entry stays within corrLimit.
	*s.corrEntry() = 0
	for range 100 {
		s.correct(raw+1000, boundExact, 20)
	}
	if got := *s.corrEntry(); got != corrLimit {
		t.Errorf("after 100 corrections up: entry %d, want corrLimit %d", got, corrLimit)
	}
	if got, want := s.staticEval(), raw+corrLimit/corrGrain; got != want {
		t.Errorf("staticEval %d, want %d", got, want)
	}
}

// TestNewGameForgets: after NewGame an engine searches as a fresh one,
// whatever it learnt before (table, histories, corrections).
func TestNewGameForgets(t *testing.T) {
	for _, v := range []string{Chess, Shatranj} {
		search := func(e *Engine) Result {
			if err := e.SetPositionText("", nil); err != nil {
				t.Fatal(err)
			}
			r, err := e.Search(context.Background(), Limits{Depth: 7}, nil)
			if err != nil {
				t.Fatal(err)
			}
			r.Time = 0
			return r
		}
		fresh, err := newEngine(v, Options{HashMB: 2})
		if err != nil {
			t.Fatal(err)
		}
		want := search(fresh)
		used, err := newEngine(v, Options{HashMB: 2})
		if err != nil {
			t.Fatal(err)
		}
		if err := used.SetPositionText("", []string{"e2e3", "e7e6"}); err != nil {
			t.Fatal(err)
		}
		used.Search(context.Background(), Limits{Depth: 8}, nil)
		used.NewGame()
		if got := search(used); got.Nodes != want.Nodes || got.Score != want.Score || got.BestMove != want.BestMove {
			t.Errorf("%s: after NewGame %+v, fresh %+v", v, got, want)
		}
	}
}
