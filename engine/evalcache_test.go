package engine

import (
	"math/rand/v2"
	"testing"
)

// TestEvalCache: along random games, each position evaluated twice (once
// to fill the cache, once from it) gives what the evaluation itself gives.
func TestEvalCache(t *testing.T) {
	chessG := &chessGame{}
	if err := resetFEN(chessG, Chess, ""); err != nil {
		t.Fatal(err)
	}
	shatranjG := &shatranjGame{}
	if err := resetFEN(shatranjG, Shatranj, ""); err != nil {
		t.Fatal(err)
	}
	t.Run("chess", func(t *testing.T) { walkEvaluations(t, chessG, chessG.evaluate) })
	t.Run("shatranj", func(t *testing.T) { walkEvaluations(t, shatranjG, shatranjG.evaluate) })
}

// walkEvaluations plays random games from g's position, compares g's
// Evaluate with direct, its evaluation without the cache, at every
// position and takes the moves back.
func walkEvaluations[M comparable](t *testing.T, g Game[M], direct func() int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(3, 11))
	checked := 0
	for range 20 {
		n := 0
		for ; n < 80; n++ {
			for range 2 {
				if got, want := g.Evaluate(), direct(); got != want {
					t.Fatalf("key %x: Evaluate %d, the evaluation %d", g.Key(), got, want)
				}
			}
			checked++
			moves := g.Moves(nil)
			if len(moves) == 0 {
				break
			}
			g.Make(moves[rng.IntN(len(moves))])
		}
		for range n {
			g.Unmake()
			if got, want := g.Evaluate(), direct(); got != want {
				t.Fatalf("key %x, taken back: Evaluate %d, the evaluation %d", g.Key(), got, want)
			}
		}
	}
	if checked < 1000 {
		t.Fatalf("only %d positions checked", checked)
	}
}

// TestEvalCacheSlot: keys sharing a slot do not read each other's value.
func TestEvalCacheSlot(t *testing.T) {
	var c evalCache
	const a, b = 12345, 12345 + 7*evalCacheSize // the same slot
	tests := []struct {
		key       uint64
		eval      int
		want      int
		evaluated bool
	}{
		{a, 10, 10, true},
		{a, 99, 10, false}, // cached
		{b, -20, -20, true},
		{a, 30, 30, true}, // b took the slot
		{0, 0, 0, true},   // an empty slot is not a cached key 0
		{0, 7, 0, false},
	}
	for i, tt := range tests {
		evaluated := false
		got := c.lookup(tt.key, func() int { evaluated = true; return tt.eval })
		if got != tt.want || evaluated != tt.evaluated {
			t.Errorf("%d: lookup(%d) = %d, evaluated %v; want %d, %v", i, tt.key, got, evaluated, tt.want, tt.evaluated)
		}
	}
}
