package shatranj

import (
	"flag"
	"testing"

	"github.com/baten-chess/baten/internal/perftdata"
)

var perftDeep = flag.Bool("perft.deep", false, "run the start position to depth 7 (357M nodes)")

func TestPerftInitial(t *testing.T) {
	want := []uint64{1, 16, 256, 4176, 68122, 1164248, 19864709}
	max := 6
	if testing.Short() {
		max = 5
	}
	p := StartPosition()
	for d := 0; d <= max; d++ {
		if got := p.Perft(d); got != want[d] {
			t.Errorf("perft(%d) = %d, want %d", d, got, want[d])
		}
	}
	if *perftDeep {
		if got := p.Perft(7); got != 357218656 {
			t.Errorf("perft(7) = %d, want 357218656", got)
		}
	}
}

func TestPerftFile(t *testing.T) {
	cases, err := perftdata.Load("shatranj/shatranj.perft")
	if err != nil {
		t.Fatal(err)
	}
	const limit = 6 // the file lists depth 7 only for the start position
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
		if *perftDeep {
			for _, n := range c.Counts {
				if n.Depth > limit {
					if got := p.Perft(n.Depth); got != n.Nodes {
						t.Errorf("%s: perft(%d) = %d, want %d", c.ID, n.Depth, got, n.Nodes)
					}
				}
			}
		}
	}
	t.Logf("%d positions", len(cases))
}
