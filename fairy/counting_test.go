package fairy_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/baten-chess/baten/fairy"
	"github.com/baten-chess/baten/internal/race"
	"github.com/baten-chess/baten/rules"
)

// TestCountingSpecEqualsImpl: random games from endgames of the counting
// variants, where counts start, restart on captures and run out, keep the
// same count in the fast generator (made by Play, restored by Unplay) as
// in the reference one, and the same verdict on a count past its limit.
func TestCountingSpecEqualsImpl(t *testing.T) {
	fens := map[string][]string{
		"makruk": {
			"r3k3/1n6/8/2s5/8/8/1N6/R2SK3 w - - 0 1",
			"4k3/1r6/2p5/2N5/8/5P2/1S6/RM2K3 w - - 0 1",
			"4k3/1r6/8/8/8/8/8/RR2K3 w - 120 100 1",
			"4k3/8/8/1p6/8/8/8/N2MK3 b - - 0 1",
		},
		"asean": {
			"r3k3/1n6/8/2b5/8/8/1N6/R2QK3 w - - 0 1",
			"4k3/1r6/2p5/2N5/8/5P2/1B6/RQ2K3 w - - 0 1",
			"4k3/1q6/8/8/8/8/8/NB1QK3 w - - 0 1",
		},
	}
	games := 12
	if testing.Short() || race.Enabled {
		games = 4
	}
	rng := rand.New(rand.NewPCG(9, 9))
	var l fairy.MoveList
	expired := 0
	for _, c := range accepted(t) {
		for _, fen := range fens[c.name] {
			for g := 0; g < games; g++ {
				ref, err := rules.ParseFEN(c.v, fen)
				if err != nil {
					t.Fatal(err)
				}
				fp, err := c.r.FromRules(ref)
				if err != nil {
					t.Fatal(err)
				}
				for ply := 0; ply < 80; ply++ {
					gl, gp := fp.Counting()
					if wl, wp := ref.Counting(); gl != wl || gp != wp {
						t.Fatalf("%s %s: count %d/%d, reference %d/%d", c.name, ref.FEN(), gl, gp, wl, wp)
					}
					if fp.CountingExpired() != ref.CountingExpired() {
						t.Fatalf("%s %s: expired %v", c.name, ref.FEN(), fp.CountingExpired())
					}
					if fp.CountingExpired() {
						expired++
					}
					fp.LegalMoves(&l)
					if got, want := moveTexts(&fp, &l), refTexts(ref); !slices.Equal(got, want) {
						t.Fatalf("%s %s: moves differ", c.name, ref.FEN())
					}
					if l.N == 0 {
						break
					}
					text := playRestoring(t, &fp, l.Moves[rng.IntN(l.N)], func() string { return c.name + " " + ref.FEN() })
					if ref, err = ref.PlayText(text); err != nil {
						t.Fatal(err)
					}
				}
			}
		}
	}
	if expired == 0 {
		t.Error("no count ran out")
	}
	t.Logf("%d positions past a count's limit", expired)
}
