package fairy_test

import (
	"math/rand/v2"
	"testing"

	"github.com/baten-chess/baten/fairy"
	"github.com/baten-chess/baten/internal/race"
	"github.com/baten-chess/baten/rules"
)

// TestSEE: the static exchange of hand-made positions, with the values
// of letterValues: equal trades, a defended victim, an x-ray behind the
// capturer, a king that may not retake a guarded square and one that may,
// en passant, a promotion retaken, a cannon (a hopper) that defends
// through its screen and one whose screen is the first capturer, so that
// it attacks no more once that has taken; and along a random game of
// every accepted variant (not with -short or -race), SEE of every move
// leaves the position as it was.
func TestSEE(t *testing.T) {
	letterValues := map[byte]int{'P': 100, 'N': 300, 'B': 300, 'E': 250, 'C': 400, 'R': 500, 'Q': 900}
	cases := []struct {
		game, fen, move string
		want            int
	}{
		{"rules-chess", "4k3/8/3p4/4p3/3P4/8/8/4K3 w - - 0 1", "d4e5", 0},
		{"rules-chess", "4k3/8/3p4/4p3/8/8/8/4RK2 w - - 0 1", "e1e5", -400},
		{"rules-chess", "4k3/8/8/4p3/8/8/8/4RK2 w - - 0 1", "e1e5", 100},
		{"rules-chess", "4r1k1/8/8/4p3/8/8/4R3/4RK2 w - - 0 1", "e2e5", 100},
		{"rules-chess", "8/8/4k3/4p3/8/8/4R3/4R1K1 w - - 0 1", "e2e5", 100},
		{"rules-chess", "8/8/4k3/4p3/8/8/4R3/6K1 w - - 0 1", "e2e5", -400},
		{"rules-chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6", 100},
		{"rules-chess", "1r2k3/P2n4/8/8/8/8/8/4K3 w - - 0 1", "a7b8q", 400},
		{"rules-chess", "1r2k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7b8q", 1300},
		{"shako", "k9/4c5/4p5/10/4p5/10/10/10/4R5/K9 w - - 0 1", "e2e6", -400},
		{"shako", "4r4k/10/10/10/4p5/10/10/4R5/10/4C4K w - - 0 1", "e3e6", -400},
		{"shako", "4r4k/10/10/10/R3p5/10/10/10/4N5/4C4K w - - 0 1", "a6e6", 100},
	}
	games := familyGames(t, "", "", "shako")
	r, err := fairy.Compile(rules.Chess())
	if err != nil {
		t.Fatal(err)
	}
	games["rules-chess"] = compiled{"rules-chess", rules.Chess(), r}
	for _, tc := range cases {
		c := games[tc.game]
		values := make([]int, len(c.v.Pieces)+1)
		for i, k := range c.v.Pieces {
			values[i+1] = letterValues[k.Letter]
		}
		if got := seeOf(t, c, values, tc.fen, tc.move); got != tc.want {
			t.Errorf("%s %s %s: SEE %d, want %d", tc.game, tc.fen, tc.move, got, tc.want)
		}
	}
	if !testing.Short() && !race.Enabled {
		seeEveryGame(t, accepted(t))
	}
}

func seeOf(t *testing.T, c compiled, values []int, fen, move string) int {
	t.Helper()
	fp := fenPosition(t, c, fen)
	var l fairy.MoveList
	fp.LegalMoves(&l)
	for _, m := range l.Slice() {
		if fp.MoveText(m) == move {
			before := fp
			v := fp.SEE(m, values)
			if fp != before {
				t.Fatalf("%s %s: SEE changes the position", fen, move)
			}
			if a := testing.AllocsPerRun(10, func() { fp.SEE(m, values) }); a != 0 {
				t.Fatalf("%s %s: SEE allocates %v", fen, move, a)
			}
			return v
		}
	}
	t.Fatalf("%s: %s is not legal", fen, move)
	return 0
}

// seeEveryGame: SEE of every legal move along a random game of every
// accepted variant leaves the position as it was.
func seeEveryGame(t *testing.T, games []compiled) {
	rng := rand.New(rand.NewPCG(46, 2))
	var l fairy.MoveList
	for _, c := range games {
		values := make([]int, len(c.v.Pieces)+1)
		for i := range values {
			values[i] = 100 * i
		}
		fp := fenPosition(t, c, "")
		for ply := 0; ply < 16; ply++ {
			fp.LegalMoves(&l)
			if l.N == 0 {
				break
			}
			before := fp
			for _, m := range l.Slice() {
				fp.SEE(m, values)
			}
			if fp != before {
				t.Fatalf("%s: SEE changes the position", c.name)
			}
			fp.Play(l.Moves[rng.IntN(l.N)])
		}
	}
}
