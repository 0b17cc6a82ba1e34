package fairy_test

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/baten-chess/baten/fairy"
	"github.com/baten-chess/baten/internal/race"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
)

// TestPseudoRoyalCastling: a pseudo-royal king (endsINI's pseudocastle,
// a commoner guarded by extinctionPseudoRoyal) castles neither out of
// nor through an attack, and a pawn promotes beside it, as Fairy-Stockfish
// c19b5f6 counts (its "go perft" with endsINI's section saved as an ini
// file); the reference generator counts the same.
func TestPseudoRoyalCastling(t *testing.T) {
	c := endsVariant(t, "pseudocastle")
	for _, tc := range []struct {
		fen        string
		two, three uint64
	}{
		{"3rk2r/8/8/8/8/8/8/R3K2R w KQk - 0 1", 489, 11317},    // d1 attacked: no O-O-O
		{"r3k2r/8/8/8/8/8/6b1/R3K2R b KQkq - 0 1", 714, 22268}, // the bishop takes beside the king
		{"4k3/8/8/8/8/8/4p3/R3K2R w KQ - 0 1", 112, 2717},      // attacked by a pawn: no castling
		{"r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1", 639, 18892}, // promotions, some taking a rook
	} {
		ref, err := rules.ParseFEN(c.v, tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		fp, err := c.r.FromRules(ref)
		if err != nil {
			t.Fatal(err)
		}
		if got := fp.Perft(2); got != tc.two {
			t.Errorf("%s: perft 2 %d, want %d", tc.fen, got, tc.two)
		}
		if got := fp.Perft(3); got != tc.three {
			t.Errorf("%s: perft 3 %d, want %d", tc.fen, got, tc.three)
		}
		if got := ref.Perft(2); got != tc.two {
			t.Errorf("%s: reference perft 2 %d, want %d", tc.fen, got, tc.two)
		}
	}
}

// TestPseudoRoyalEndsLikeSpec walks seeded random games of coregal and
// of endsINI's pseudocastle, from the start and from an ending where the
// royal queens are soon trapped, and requires at every position the
// reference's legal moves, no material end (a pseudo-royal piece is never
// taken), and at a position without moves PseudoRoyalAttacked or
// InCheck exactly when the reference calls it checkmate. In the plain
// run's eight games a pseudo-royal piece must be mated at least once.
func TestPseudoRoyalEndsLikeSpec(t *testing.T) {
	games := 8
	if testing.Short() || race.Enabled {
		games = 2
	}
	g, err := variant.Lookup("coregal")
	if err != nil {
		t.Fatal(err)
	}
	r, err := fairy.Compile(g.Rules())
	if err != nil {
		t.Fatal(err)
	}
	endings := map[string]string{
		"coregal":           "4k3/4q3/8/8/8/8/8/RR2K2Q w - - 0 1",
		"ends-pseudocastle": "4k3/8/8/8/8/8/8/RR2K2Q w - - 0 1",
	}
	mates := 0
	for _, c := range []compiled{{"coregal", g.Rules(), r}, endsVariant(t, "pseudocastle")} {
		rng := rand.New(rand.NewPCG(11, uint64(len(c.name))))
		start, err := rules.Start(c.v)
		if err != nil {
			t.Fatal(err)
		}
		end, err := rules.ParseFEN(c.v, endings[c.name])
		if err != nil {
			t.Fatal(err)
		}
		var l fairy.MoveList
		for n := 0; n < games; n++ {
			ref := start
			if n%2 == 1 {
				ref = end
			}
			for ply := 0; ply < 200; ply++ {
				fp, err := c.r.FromRules(ref)
				if err != nil {
					t.Fatal(err)
				}
				fp.LegalMoves(&l)
				if got, want := moveTexts(&fp, &l), refTexts(ref); !slices.Equal(got, want) {
					t.Fatalf("%s %s:\n got %v\nwant %v", c.name, ref.FEN(), got, want)
				}
				o, over := ref.Outcome()
				if d, dec := fp.Decided(); dec {
					t.Fatalf("%s %s: decided %v with pseudo-royal pieces", c.name, ref.FEN(), d)
				}
				if l.N == 0 {
					mate := fp.InCheck() || fp.PseudoRoyalAttacked()
					if !over || mate != (o.Reason == rules.Checkmate) {
						t.Fatalf("%s %s: no moves, mate %v, reference %v %v", c.name, ref.FEN(), mate, o, over)
					}
					if mate && !fp.InCheck() {
						mates++
					}
					break
				}
				moves := ref.LegalMoves()
				if ref, err = ref.Play(moves[rng.IntN(len(moves))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	if mates == 0 && games == 8 { // the plain run's games reach one; fewer need not
		t.Error("no game ended with a pseudo-royal piece mated")
	}
	if testing.Verbose() {
		t.Logf("%d pseudo-royal mates", mates)
	}
}
