package variant_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/baten-chess/baten/internal/race"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
)

// TestAdapterLegalIsReference plays random games of every built-in fairy
// variant through the registry adapter, whose legal moves come from the
// fast generator where the game has one, and checks at every position
// that they are exactly the reference generator's.
func TestAdapterLegalIsReference(t *testing.T) {
	fairy, err := variant.Fairy()
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(7, 11))
	games, plies := 4, 100
	if testing.Short() || race.Enabled {
		games = 2
	}
	for _, v := range fairy {
		t.Run(v.Name, func(t *testing.T) {
			games := games
			if v.Rules().Walling != nil {
				games = 1 // walling: thousands of moves a position; fairy.TestWallSpecEqualsImpl walks more
			}
			positions := 0
			for g := 0; g < games; g++ {
				p := v.Start()
				for i := 0; i < plies; i++ {
					ref := p.(interface{ Rules() *rules.Position }).Rules()
					var want []string
					for _, m := range ref.LegalMoves() {
						want = append(want, v.SpecMoveText(ref, m))
					}
					var got []string
					for _, a := range p.Legal() {
						got = append(got, a.String())
					}
					slices.Sort(want)
					slices.Sort(got)
					if !slices.Equal(got, want) {
						t.Fatalf("%s: adapter %v, reference %v", ref.FEN(), got, want)
					}
					positions++
					if len(got) == 0 {
						break
					}
					next, err := p.Play(p.Legal()[r.IntN(len(got))])
					if err != nil {
						t.Fatal(err)
					}
					p = next
				}
			}
			if positions < games {
				t.Fatalf("only %d positions", positions)
			}
		})
	}
}
