package fairy_test

import (
	"testing"

	"github.com/baten-chess/baten/internal/perftdata"
	"github.com/baten-chess/baten/rules"
)

var dropNames = []string{"crazyhouse", "loop", "chessgi", "pocketknight", "capahouse", "placement"}

// TestDropsPerft: the fast generator counts every count of
// fsf-head/<game>.perft of the six drop games (Fairy-Stockfish's counts)
// up to ten million nodes.
func TestDropsPerft(t *testing.T) {
	limit := uint64(10_000_000)
	if testing.Short() {
		limit = 200_000
	}
	for _, name := range dropNames {
		t.Run(name, func(t *testing.T) {
			g := checkGame(t, name)
			cases, err := perftdata.LoadFairy(name)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range cases {
				ref, err := rules.ParseFEN(g.v, c.FEN)
				if err != nil {
					t.Fatalf("%s: %v", c.ID, err)
				}
				fp, err := g.r.FromRules(ref)
				if err != nil {
					t.Fatal(err)
				}
				for _, n := range c.Counts {
					if n.Nodes > limit {
						break
					}
					if got := fp.Perft(n.Depth); got != n.Nodes {
						t.Errorf("%s %s: perft %d = %d, want %d", c.ID, c.FEN, n.Depth, got, n.Nodes)
						break
					}
				}
			}
		})
	}
}
