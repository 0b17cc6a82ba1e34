package draughts

import (
	"math/rand/v2"
	"testing"
)

// Lemma material_bounds: the evaluation of every position reached in random
// games, with the default and with random non-negative weights, lies
// within ±Bound; positions with the most material reach near it; a
// symmetric position scores exactly the tempo bonus; material alone counts
// men and kings.
func TestMaterialBounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	weights := []Weights{DefaultWeights()}
	for range 20 {
		weights = append(weights, Weights{Man: rng.IntN(200), King: rng.IntN(400), Advance: rng.IntN(20),
			Centre: rng.IntN(20), Mobility: rng.IntN(20), Back: rng.IntN(20), Tempo: rng.IntN(20)})
	}
	extremes := []Position{mustPosition(t, "B:W:BK1-12"), mustPosition(t, "W:W:BK1-12"), mustPosition(t, "B:W:B21-28,K29-32"),
		mustPosition(t, "W:W5-16:B")}
	for _, p := range append(randomPositions(t, 10, 20_000), extremes...) {
		for _, w := range weights {
			if e := Evaluate(p, w); e > w.Bound() || e < -w.Bound() {
				t.Fatalf("%s: Evaluate %d outside ±%d with %+v", p, e, w.Bound(), w)
			}
		}
	}
	w := DefaultWeights()
	if e := Evaluate(Start(), w); e != w.Tempo {
		t.Errorf("start: %d, want the tempo bonus %d", e, w.Tempo)
	}
	if e := Evaluate(mustPosition(t, "W:W:BK1-12"), w); e > -12*w.King {
		t.Errorf("bare side against 12 kings: %d", e)
	}
	// A side's home row counts until the opponent has a king.
	back := Weights{Back: 10}
	for _, c := range []struct {
		fen  string
		want int
	}{
		{"B:W30,31,32:B1,5", 10 - 30},
		{"B:W30,31,32:B1,K5", 10},     // white's no longer count
		{"B:W30,31,32,K20:B1,5", -30}, // black's no longer count
	} {
		if e := Evaluate(mustPosition(t, c.fen), back); e != c.want {
			t.Errorf("home rows of %s: %d, want %d", c.fen, e, c.want)
		}
	}
	material := Weights{Man: 100, King: 150}
	if e := Evaluate(mustPosition(t, "B:W21,22,K30:B1,K2,K3"), material); e != 100+300-200-150 {
		t.Errorf("material: %d", e)
	}
}
