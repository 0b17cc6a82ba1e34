package game

import (
	"slices"
	"testing"

	"github.com/baten-chess/baten/variant"
)

// TestXiangqiPerpetualChase: in the built-in xiangqi (chasingRule = axf,
// as Fairy-Stockfish's variant.cpp sets it) the third occurrence of a
// position ends the game, lost by a side that chased one piece with
// every move of the repetition (following it as it flees), drawn when
// both did, and lost by the checker when one side checks perpetually and
// the other chases; chasing two pieces by turns is no perpetual chase.
// Each chase set along the way is the one Fairy-Stockfish c19b5f6's d
// command prints ("Chased:"); the moves are written as it writes them.
func TestXiangqiPerpetualChase(t *testing.T) {
	xq, err := variant.Lookup("xiangqi")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, fen string
		opening   []string // played once, before the cycle
		cycle     []string // played until the position occurs a third time
		want      string
	}{
		// The chariot chases the horse from a1 (a8) and from b1 (b6).
		{"perpetual chase loses", "3k5/9/n8/9/9/9/9/9/9/1R2K4 w - - 0 1",
			nil, []string{"b1a1", "a8b6", "a1b1", "b6a8"}, "black wins: white chased a piece perpetually"},
		// Each horse uncovers a chariot on the enemy horse, which stays:
		// Red's chase c7 with each move, Black's g4 (and e7 from g6).
		{"both chase: draw", "3k2r2/9/9/2n1R4/6n2/2N6/6N1r/9/9/2R2K3 w - - 0 1",
			nil, []string{"c5d7", "g6h4", "d7c5", "h4g6"}, "draw: both sides chased perpetually"},
		// The general's flight uncovers a cannon on the checking chariot
		// (chased a10, then a9).
		{"check against chase: checker loses", "4k2nc/7nc/9/9/9/9/9/9/9/R2K5 w - - 0 1",
			[]string{"a1a10"}, []string{"e10e9", "a10a9", "e9e10", "a9a10"}, "black wins: white gave perpetual check"},
		// The chariot chases a8 from a1 and b8 from b1.
		{"chase of different pieces is not perpetual", "3k5/9/nn7/9/9/9/9/9/9/1R2K4 w - - 0 1",
			nil, []string{"b1a1", "d10d9", "a1b1", "d9d10"}, "draw by repetition"},
	} {
		t.Run(c.name, func(t *testing.T) {
			start, err := xq.FromFEN(c.fen)
			if err != nil {
				t.Fatal(err)
			}
			g := New(start)
			mustPlay(t, g, c.opening...)
			mustPlay(t, g, c.cycle...)
			mustPlay(t, g, c.cycle[:len(c.cycle)-1]...)
			if o, over := g.Outcome(); over {
				t.Fatalf("over before the third occurrence: %v", o)
			}
			mustPlay(t, g, c.cycle[len(c.cycle)-1])
			if o, over := g.Outcome(); !over || o.String() != c.want {
				t.Errorf("%v (over %v), want %q", o, over, c.want)
			}
		})
	}
}

// TestChaseSets: the chase sets of the perpetual chase's moves, as the
// game reads them, are Fairy-Stockfish c19b5f6's (its d command's
// "Chased:" line after each move).
func TestChaseSets(t *testing.T) {
	xq, err := variant.Lookup("xiangqi")
	if err != nil {
		t.Fatal(err)
	}
	start, err := xq.FromFEN("3k2r2/9/9/2n1R4/6n2/2N6/6N1r/9/9/2R2K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	g := New(start)
	moves := []string{"c5d7", "g6h4", "d7c5", "h4g6"}
	mustPlay(t, g, moves...)
	want := [][]string{{"c7"}, {"g4"}, {"c7"}, {"e7", "g4"}}
	for j := range moves {
		p := g.PositionBefore(j).(specMover)
		m, _ := p.Move(g.Moves()[j])
		got := []string{}
		for _, sq := range p.Rules().Chased(m) {
			got = append(got, sq.String())
		}
		slices.Sort(got)
		if !slices.Equal(got, want[j]) {
			t.Errorf("%s: chased %v, want %v", moves[j], got, want[j])
		}
	}
}
