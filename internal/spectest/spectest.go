// Package spectest runs the spec ≡ impl differential tests of the bitboard
// packages: seeded random games, played on two goroutines, each comparing
// the fast generator with the reference generator of package rules at every
// position, until enough positions have been compared.
package spectest

import (
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/baten-chess/baten/internal/race"
	"github.com/baten-chess/baten/rules"
)

// raceShare is the fraction of the positions a spec ≡ impl test compares
// by default under the race detector, which slows the generators about
// twentyfold: the race run looks for data races, and the plain run keeps
// the full comparison.
const raceShare = 20

// Positions is the default number of positions of a spec ≡ impl test
// (its -spec.positions flag) that compares n in a plain run: n, or
// n/20 under the race detector.
func Positions(n int) int {
	if race.Enabled {
		return max(n/raceShare, 1)
	}
	return n
}

// workers is fixed, not GOMAXPROCS, so the games played (and so what is
// compared) are the same on every machine.
const workers = 2

// Game plays game number i with rng and returns how many positions it
// compared, and an error describing the first disagreement, if any.
type Game func(rng *rand.Rand, i int) (int, error)

// Run plays games until they have compared at least want positions, or one
// of them reports a disagreement, and fails t in that case or when fewer
// than want positions were compared. It returns the number compared.
func Run(t *testing.T, want int, seed uint64, game Game) int {
	t.Helper()
	var (
		mu    sync.Mutex
		total int
		wg    sync.WaitGroup
	)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(w), seed))
			compared := 0
			for g := 0; compared < want/workers && !t.Failed(); g++ {
				n, err := game(rng, g*workers+w)
				compared += n
				if err != nil {
					t.Errorf("game %d: %v", g*workers+w, err)
				}
			}
			mu.Lock()
			total += compared
			mu.Unlock()
		}()
	}
	wg.Wait()
	t.Logf("%d positions compared", total)
	if !t.Failed() && total < want {
		t.Fatalf("compared %d positions, want %d", total, want)
	}
	return total
}

// SpecMoves is the reference generator's legal moves in p, as sorted
// MoveText: the side every spec ≡ impl test compares against.
func SpecMoves(p *rules.Position) []string {
	var out []string
	for _, m := range p.LegalMoves() {
		out = append(out, p.MoveText(m))
	}
	slices.Sort(out)
	return out
}
