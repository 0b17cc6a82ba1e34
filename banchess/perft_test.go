package banchess

import (
	"flag"
	"testing"

	"github.com/baten-chess/baten/internal/perftdata"
)

var perftDepth = flag.Int("perft.depth", 5, "deepest banchess.perft depth checked (5 = all, 3.2M nodes at the start)")

// Lemma action_perft_matches_reference: for every position of
// banchess.perft (counts from ban-chess.ts v4.0.1), the action perft
// equals the reference at every depth up to -perft.depth.
func TestActionPerft(t *testing.T) {
	cases, err := perftdata.Load("banchess/banchess.perft")
	if err != nil {
		t.Fatal(err)
	}
	if len(cases) < 3 {
		t.Fatalf("loaded %d cases, want 3", len(cases))
	}
	for _, c := range cases {
		p, err := ParseFEN(c.FEN)
		if err != nil {
			t.Fatalf("%s: %v", c.ID, err)
		}
		for _, n := range c.Upto(*perftDepth) {
			if got := p.Perft(n.Depth); got != n.Nodes {
				t.Errorf("%s depth %d: got %d, want %d", c.ID, n.Depth, got, n.Nodes)
			}
		}
	}
}

// Divide splits Perft by root action: the parts add up to the whole.
func TestDivideSumsToPerft(t *testing.T) {
	p := mustFEN(t, "r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 3 10:h5f7")
	var sum uint64
	parts := p.Divide(2)
	for _, d := range parts {
		sum += d.Nodes
	}
	if len(parts) != 42 || sum != 1149 {
		t.Fatalf("Divide(2): %d actions, %d nodes; want 42, 1149", len(parts), sum)
	}
}
