package shatranj

import (
	"testing"

	"github.com/baten-chess/baten/internal/perftdata"
	"github.com/baten-chess/baten/internal/race"
)

// TestPerftInitial checks the start position at every depth shatranj.perft
// lists for it, 1–7 (357,218,656 nodes at depth 7, a few seconds); with
// -short only up to depth 5. The reference counts are read from the data
// file (Fairy-Stockfish's), never written here.
func TestPerftInitial(t *testing.T) {
	cases, err := perftdata.Load("shatranj/shatranj.perft")
	if err != nil {
		t.Fatal(err)
	}
	max := 7
	if testing.Short() || race.Enabled {
		max = 5
	}
	start := StartPosition()
	found := false
	for _, c := range cases {
		if p, err := ParsePosition(c.FEN); err != nil || p != start {
			continue
		}
		found = true
		if n := c.Upto(7); len(n) < 7 {
			t.Errorf("%s: %d depths listed, want 1–7", c.ID, len(n))
		}
		for _, n := range c.Upto(max) {
			if got := start.Perft(n.Depth); got != n.Nodes {
				t.Errorf("perft(%d) = %d, want %d", n.Depth, got, n.Nodes)
			}
		}
	}
	if !found {
		t.Fatal("shatranj.perft does not list the start position")
	}
}

// TestPerftFile checks every position of shatranj.perft at every listed
// depth up to 6; the one deeper count, the start position's depth 7, is
// TestPerftInitial's.
func TestPerftFile(t *testing.T) {
	cases, err := perftdata.Load("shatranj/shatranj.perft")
	if err != nil {
		t.Fatal(err)
	}
	const limit = 6
	for _, c := range cases {
		p, err := ParsePosition(c.FEN)
		if err != nil {
			t.Errorf("%s: %v", c.ID, err)
			continue
		}
		for _, n := range c.Upto(limit) {
			if got := p.Perft(n.Depth); got != n.Nodes {
				t.Errorf("%s: perft(%d) = %d, want %d", c.ID, n.Depth, got, n.Nodes)
			}
		}
	}
	t.Logf("%d positions", len(cases))
}
