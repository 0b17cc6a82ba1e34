package spectest

import (
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/baten-chess/baten/rules"
)

func TestRunStopsAtTarget(t *testing.T) {
	var games atomic.Int64
	got := Run(t, 100, 1, func(rng *rand.Rand, i int) (int, error) {
		games.Add(1)
		return 7, nil
	})
	// Each of the two workers stops once it has reached half the target.
	if got < 100 || got > 100+2*7 || int(games.Load())*7 != got {
		t.Fatalf("Run compared %d positions in %d games for a target of 100", got, games.Load())
	}
}

func TestSpecMovesSorted(t *testing.T) {
	p, err := rules.Start(rules.Chess())
	if err != nil {
		t.Fatal(err)
	}
	got := SpecMoves(p)
	if len(got) != 20 || !slices.IsSorted(got) || got[0] != "a2a3" {
		t.Fatalf("SpecMoves(start) = %v", got)
	}
}
