package fairy_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/baten-chess/baten/fairy"
	"github.com/baten-chess/baten/internal/race"
	"github.com/baten-chess/baten/rules"
)

// capaRandomCases are caparandom positions with Fairy-Stockfish
// c19b5f6's perft counts (UCI_Variant caparandom), depths 1 to 4: three
// shuffled arrays (Baten's numbers 0, 500 and 12129) and three made to
// castle, or be refused castling, where Chess960's rules differ from a
// fixed array's.
var capaRandomCases = []struct {
	what, fen string
	counts    []uint64
}{
	{"array 0", "qbcabnrnkr/pppppppppp/10/10/10/10/PPPPPPPPPP/QBCABNRNKR w JGjg - 0 1", []uint64{28, 780, 24946, 789955}},
	{"array 500", "rbkabrqncn/pppppppppp/10/10/10/10/PPPPPPPPPP/RBKABRQNCN w FAfa - 0 1", []uint64{27, 729, 22895, 714684}},
	{"array 12129", "rknrncbaqb/pppppppppp/10/10/10/10/PPPPPPPPPP/RKNRNCBAQB w DAda - 0 1", []uint64{28, 778, 24663, 773449}},
	// The king on b1: its a-side castling would put the rook on d1, where
	// the other rook stands; the queen on i1 bars the other wing.
	{"rook on the rook's square", "rk1r4qr/pppppppppp/10/10/10/10/PPPPPPPPPP/RK1R4QR w DAda - 0 1", []uint64{30, 896, 26834, 800327}},
	// The king on e1 castles with the b1 rook (e1b1: king c1, rook d1);
	// on the i-side it would land on i1, which the i8 rook sees once the
	// i1 rook steps aside.
	{"king onto the rook's square", "1r2k3rc/10/10/10/10/10/10/1R2K3RC w IBib - 0 1", []uint64{35, 1064, 38609, 1331013}},
	// The king on f1 castles a-side (f1a1); the g1 rook beside it cannot,
	// the king passing g1, which the g8 rook attacks.
	{"king beside its rook", "r4kr3/10/10/10/10/10/10/R4KR3 w GAga - 0 1", []uint64{25, 533, 13356, 321855}},
}

// TestCapaRandomPerft: both generators count every caparandom position
// as Fairy-Stockfish does (the fast one to 400,000 nodes, depth 3 or 4;
// the slow reference to depth 2) (fsf-head/caparandom.perft is TestPerft's, as
// every built-in game's).
func TestCapaRandomPerft(t *testing.T) {
	v, r := compileGame(t, "caparandom")
	budget, refBudget := uint64(400_000), uint64(1_100)
	if testing.Short() || race.Enabled {
		budget, refBudget = 30_000, 40
	}
	for _, c := range capaRandomCases {
		countOracle(t, v, r, c.what, c.fen, c.counts, budget, refBudget)
	}
}

// TestCapaRandomSpecEqualsImpl plays a random game from each of two
// shuffled arrays: both generators have the same legal moves, the fast position
// after each move is the reference's, and every FEN reads back the same.
func TestCapaRandomSpecEqualsImpl(t *testing.T) {
	g, _ := compileGame(t, "caparandom")
	arrays := []int{3, 11000}
	if testing.Short() || race.Enabled {
		arrays = arrays[:1]
	}
	for _, n := range arrays {
		array, err := rules.CapaRandomArray(n)
		if err != nil {
			t.Fatal(err)
		}
		v := *g
		v.Start = fmt.Sprintf("%s/pppppppppp/10/10/10/10/PPPPPPPPPP/%s w KQkq - 0 1", strings.ToLower(array), array)
		r, err := fairy.Compile(&v)
		if err != nil {
			t.Fatal(err)
		}
		name := "caparandom " + array
		castled := 0
		walkToEnds(t, name, &v, r, 1, uint64(n), func(ref *rules.Position, fp *fairy.Position, l *fairy.MoveList, m rules.Move) {
			if back, err := rules.ParseFEN(&v, ref.FEN()); err != nil || back.FEN() != ref.FEN() {
				t.Fatalf("%s: FEN %s reads back as %v (%v)", name, ref.FEN(), back, err)
			}
			if l.N > 0 {
				if m.Castle {
					castled++
				}
				checkPlayed(t, name, r, ref, fp, l, m)
			}
		})
		t.Logf("%s: %d castling moves played", name, castled)
	}
}
