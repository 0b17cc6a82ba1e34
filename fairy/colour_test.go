package fairy_test

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/baten-chess/baten/fairy"
	"github.com/baten-chess/baten/internal/perftdata"
	"github.com/baten-chess/baten/variant"
)

// colourSections are sections of Fairy-Stockfish's example file whose
// rules differ between the colours, walked here on random games: xhess
// (10x10, the slowest, eight seconds of the reference generator) and
// quasi-shatranj (pseudo-royal kings, which Compile refuses) are counted
// by variant.TestFSFExampleSections only.
var colourSections = []string{"argess", "khans", "buffalo"}

// colourVariants compiles the per-colour test games of
// variant/testdata/colours.ini and, where the shared data is present,
// the colourSections of Fairy-Stockfish's example file: the tests that
// walk every accepted variant (TestSpecEqualsImpl, TestNoAllocations)
// take them too. The built-in legan and pawnback are among the fairy
// games already.
func colourVariants(t testing.TB) []compiled {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "variant", "testdata", "colours.ini"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	vs, err := variant.LoadINI(f, "colours.ini", variant.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	if dir, err := perftdata.Dir(); err == nil {
		text, err := os.ReadFile(filepath.Join(dir, "fairy", "fsf-variants.ini"))
		if err != nil {
			t.Fatal(err)
		}
		// The file's other sections need families not done yet: its
		// error lists them, and the good ones load all the same.
		all, _ := variant.LoadINI(strings.NewReader(string(text)), "fsf-variants.ini", variant.Builtin())
		for _, v := range all {
			for _, name := range colourSections {
				if v.Name == name {
					vs = append(vs, v)
				}
			}
		}
	}
	var out []compiled
	for _, v := range vs {
		if v.Rules().Colours == nil {
			t.Fatalf("%s: the colours' rules mirror each other", v.Name)
		}
		r, err := fairy.Compile(v.Rules())
		if err != nil {
			t.Fatalf("%s: %v", v.Name, err)
		}
		out = append(out, compiled{v.Name, v.Rules(), r})
	}
	return out
}

// TestColourPerft: positions made to exercise each per-colour rule,
// counted by both generators as Fairy-Stockfish c19b5f6 counts them:
// promotion regions that are not whole ranks (argess's g7-h7, a pawn on
// f7 does not promote), Black's own pawn and promotion piece (khans),
// pieces kept off ranks (buffalo: the c on f1 may not step along it),
// double steps and promotions apart (stepsapart), and regions that bar
// moves and attacks (standapart: the queen on d5 does not attack d1).
func TestColourPerft(t *testing.T) {
	byName := byNames(colourVariants(t)) // epsquares_test.go
	for _, tc := range []struct {
		name, fen string
		counts    []uint64 // Fairy-Stockfish c19b5f6's perft 1, 2, … (the reference generator's to 3)
	}{
		{"argess", "k7/6P1/8/8/8/8/1p6/7K w - - 0 1", []uint64{13, 143, 1478}},
		{"argess", "k7/6P1/8/8/8/8/1p6/7K b - - 0 1", []uint64{13, 143, 1478}},
		{"khans", "4k3/1P6/8/8/8/6s1/8/K7 b - - 0 1", []uint64{8, 56, 415}},
		{"khans", "4k3/1P6/8/8/8/6s1/8/K7 w - - 0 1", []uint64{7, 45, 477}},
		{"buffalo", "5b5/11/11/11/11/2D8/5C5 w - - 0 1", []uint64{23, 23, 509}},
		{"buffalo", "5b5/4D6/11/11/11/11/11 w - - 0 1", []uint64{22, 21, 378}},
		{"stepsapart", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", []uint64{20, 400, 8902, 200473}},
		{"stepsapart", "4k3/8/2p5/8/8/8/5P2/4K3 b - - 0 1", []uint64{7, 42, 330, 2392}},
		{"stepsapart", "4k3/1P6/8/8/8/6p1/8/4K3 w - - 0 1", []uint64{6, 37, 322, 2745}},
		{"stepsapart", "4k3/8/p7/8/8/8/8/4K3 b - - 0 1", []uint64{7, 35, 280, 1904}},
		{"standapart", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", []uint64{20, 360, 8012, 163579}},
		{"standapart", "4k3/7p/8/3q4/8/8/8/4K3 w - - 0 1", []uint64{5, 105, 609, 11513}},
		{"standapart", "4k3/7p/8/3q4/8/8/8/4K3 b - - 0 1", []uint64{21, 105, 1985, 11513}},
		{"standapart", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", []uint64{26, 568, 13562, 309389}},
	} {
		c, ok := byName[tc.name]
		if !ok {
			if tc.name == "stepsapart" || tc.name == "standapart" {
				t.Fatalf("no %s", tc.name)
			}
			continue // the example file is not here
		}
		countsAgree(t, c, tc.fen, tc.counts, math.MaxUint64, math.MaxUint64) // epsquares_test.go
	}
}
