package variant_test

import (
	"strings"
	"testing"

	"github.com/baten-chess/baten/internal/perftdata"
	"github.com/baten-chess/baten/internal/race"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
)

// TestAntichessOutcomeWords: the antichess family's ends in a player's
// words: the winner is the side without moves (family: antichess).
func TestAntichessOutcomeWords(t *testing.T) {
	for _, c := range []struct {
		game, fen, want string
	}{
		{"antichess", "8/8/8/8/p7/P7/P7/8 w - - 0 1", "white wins: white has no moves left"},
		{"suicide", "8/8/8/8/p7/P7/P7/8 w - - 0 1", "black wins by piece count"},
		{"suicide", "8/8/8/p7/P7/8/8/8 w - - 0 1", "draw by piece count"},
		{"antichess", "8/8/8/8/8/8/8/1k6 w - - 0 1", "white wins by extinction"},
	} {
		v, err := variant.Lookup(c.game)
		if err != nil {
			t.Fatal(err)
		}
		p, err := v.FromFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		o, over := p.Outcome()
		if !over || o.String() != c.want {
			t.Errorf("%s %s: %q (over %v), want %q", c.game, c.fen, o, over, c.want)
		}
		if r, ok := variant.ParseReason(o.Reason.String()); !ok || r != o.Reason {
			t.Errorf("%s: reason %q does not read back", c.game, o.Reason)
		}
	}
}

// TestPseudoRoyalPerft: pseudo-royal pieces (extinctionPseudoRoyal),
// played by the reference generator, count as today's Fairy-Stockfish:
// Coregal chess on every count of fsf-head/coregal.perft up to 10,000
// nodes (start to depth 3, three random positions to depth 2; 1,000
// with -short; skipped under -race, where the reference generator's check
// of every pseudo-royal piece is very slow). TestFSFExampleSections counts the
// sections maharajah and twokings2 of fsf-variants.ini, pseudo-royal
// too.
func TestPseudoRoyalPerft(t *testing.T) {
	coregal := builtinCoregal(t) // family: pseudo-royal: coregal is built in
	cases, err := perftdata.Load("fairy/fsf-head/coregal.perft")
	if err != nil {
		t.Skip(err)
	}
	// The reference generator counts some 25,000 leaves a second here:
	// every count up to 40,000 nodes (twelve of them) in the plain run.
	budget, least := uint64(40_000), 12
	if testing.Short() || race.Enabled {
		budget, least = 1_000, 5
	}
	checked := 0
	for _, c := range cases {
		p, err := rules.ParseFEN(coregal.Rules(), c.FEN)
		if err != nil {
			t.Fatalf("%s: %v", c.ID, err)
		}
		for _, n := range c.Counts {
			if n.Nodes > budget {
				continue
			}
			if got := p.Perft(n.Depth); got != n.Nodes {
				t.Errorf("coregal %s depth %d: %d, want %d", c.ID, n.Depth, got, n.Nodes)
			}
			checked++
		}
	}
	if checked < least {
		t.Errorf("coregal: %d counts checked", checked)
	}
}

// TestPseudoRoyalMate: a queen of coregal attacked with no way out is
// checkmate, with the king itself safe.
func TestPseudoRoyalMate(t *testing.T) {
	coregal := builtinCoregal(t) // family: pseudo-royal: coregal is built in
	// White's knight on f7 attacks the queen on h8, hemmed in by its own
	// knight and pawns; no black move takes the knight or shields h8.
	p, err := coregal.FromFEN("6nq/5Npp/8/k7/8/8/8/4K3 b - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if o, over := p.Outcome(); !over || o.String() != "white wins by checkmate" {
		t.Errorf("queen mated: %v %v, want white wins by checkmate", o, over)
	}
}

// builtinCoregal is the built-in Coregal chess (fairy.ini), as
// Fairy-Stockfish's variant.cpp defines it: chess whose queens are
// pseudo-royal, however many a side has.
func builtinCoregal(t *testing.T) *variant.Variant {
	t.Helper()
	v, err := variant.Lookup("coregal")
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// loadOne loads the single section of text over the built-in games.
func loadOne(t *testing.T, text string) *variant.Variant {
	t.Helper()
	vs, err := variant.LoadINI(strings.NewReader(text), "test.ini", variant.Builtin())
	if err != nil || len(vs) != 1 {
		t.Fatalf("%d variants, %v", len(vs), err)
	}
	return vs[0]
}
