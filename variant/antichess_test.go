package variant_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/baten-chess/baten/internal/perftdata"
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

// fsfSection is the text of one section of Fairy-Stockfish's example
// file fsf-variants.ini, from its header to the next one.
func fsfSection(t *testing.T, name string) string {
	t.Helper()
	dir, err := perftdata.Dir()
	if err != nil {
		t.Skip(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "fairy", "fsf-variants.ini"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	in := false
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "[") {
			in = strings.HasPrefix(line, "["+name+"]") || strings.HasPrefix(line, "["+name+":")
		}
		if in {
			out = append(out, line)
		}
	}
	if len(out) == 0 {
		t.Fatalf("no section %s", name)
	}
	return strings.Join(out, "\n")
}

// TestPseudoRoyalPerft: pseudo-royal pieces (extinctionPseudoRoyal),
// played by the reference generator, count as today's Fairy-Stockfish:
// Coregal chess on every count of fsf-head/coregal.perft up to
// 10,000 nodes (start to depth 3, three random positions to depth 2), and the
// sections maharajah (a pseudo-royal amazon alone against an army) and
// twokings2 (two commoner kings, the last one pseudo-royal) of
// fsf-variants.ini on its start counts, perft 1-3.
func TestPseudoRoyalPerft(t *testing.T) {
	coregal := loadOne(t, coregalINI)
	cases, err := perftdata.Load("fairy/fsf-head/coregal.perft")
	if err != nil {
		t.Skip(err)
	}
	checked := 0
	for _, c := range cases {
		p, err := rules.ParseFEN(coregal.Rules(), c.FEN)
		if err != nil {
			t.Fatalf("%s: %v", c.ID, err)
		}
		for _, n := range c.Upto(10_000) {
			if got := p.Perft(n.Depth); got != n.Nodes {
				t.Errorf("coregal %s depth %d: %d, want %d", c.ID, n.Depth, got, n.Nodes)
			}
			checked++
		}
	}
	if checked < 12 {
		t.Errorf("coregal: %d counts checked", checked)
	}
	for _, c := range []struct {
		section string
		counts  [3]uint64 // fsf-variants-counts.tsv
	}{
		{"maharajah", [3]uint64{22, 438, 9097}},
		{"twokings2", [3]uint64{20, 400, 8682}},
	} {
		vs, err := variant.LoadINI(strings.NewReader(fsfSection(t, c.section)), "fsf-variants.ini", variant.Builtin())
		if err != nil {
			t.Fatal(err)
		}
		p, err := rules.Start(vs[0].Rules())
		if err != nil {
			t.Fatal(err)
		}
		for d, want := range c.counts {
			if got := p.Perft(d + 1); got != want {
				t.Errorf("%s depth %d: %d, want %d", c.section, d+1, got, want)
			}
		}
	}
}

// TestPseudoRoyalMate: a queen of coregal attacked with no way out is
// checkmate, with the king itself safe.
func TestPseudoRoyalMate(t *testing.T) {
	coregal := loadOne(t, coregalINI)
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

// coregalINI is Coregal chess as Fairy-Stockfish's variant.cpp defines it:
// chess whose queens are pseudo-royal, however many a side has.
const coregalINI = `
[coregal:chess]
extinctionValue = loss
extinctionPieceTypes = q
extinctionPieceCount = 64
extinctionPseudoRoyal = true
`

// loadOne loads the single section of text over the built-in games.
func loadOne(t *testing.T, text string) *variant.Variant {
	t.Helper()
	vs, err := variant.LoadINI(strings.NewReader(text), "test.ini", variant.Builtin())
	if err != nil || len(vs) != 1 {
		t.Fatalf("%d variants, %v", len(vs), err)
	}
	return vs[0]
}
