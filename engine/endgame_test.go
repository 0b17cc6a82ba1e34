package engine

import (
	"context"
	"testing"

	"github.com/baten-chess/baten/draughts"
)

// draughtsEndgames are won endgames of English draughts: two kings against
// one and three kings against two are wins whatever the placement (the
// lone king's refuge, the double corner, falls to the approach with both
// kings; with three against two the stronger side forces an exchange into
// two against one). The positions put the weak side in its best places,
// the double corners (squares 1/5 and 28/32) included.
var draughtsEndgames = []struct {
	name string
	fen  string
}{
	{"2K v 1K, lone king in the double corner", "W:WK14,K15:BK1"},
	{"2K v 1K, lone king in the other double corner", "B:WK10,K11:BK32"},
	{"2K v 1K, lone king in the centre", "W:WK29,K25:BK18"},
	{"2K v 1K, single corner", "B:WK22,K26:BK4"},
	{"3K v 2K, both double corners", "W:WK14,K15,K18:BK1,K32"},
	{"3K v 2K, kings together", "B:WK21,K25,K29:BK1,K5"},
	{"3K v 2K, centre", "W:WK3,K7,K8:BK18,K19"},
}

// endgameDepth is the depth both sides search at.
const endgameDepth = 13

// TestDraughtsEndgames: the engine, playing the strong side against
// itself at the same depth, wins each position before the 40-move rule.
func TestDraughtsEndgames(t *testing.T) {
	for _, c := range draughtsEndgames {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			p, err := draughts.FromFEN(c.fen)
			if err != nil {
				t.Fatal(err)
			}
			strong := draughts.White
			if p.Pieces(draughts.Black).Count() > p.Pieces(draughts.White).Count() {
				strong = draughts.Black
			}
			ref := &draughtsRef{g: draughts.NewGame(p)}
			e, err := newEngine(Draughts, Options{HashMB: 8})
			if err != nil {
				t.Fatal(err)
			}
			var moves []string
			for ply := 0; ; ply++ {
				if w, over := ref.result(); over {
					if w != int(strong) {
						t.Fatalf("result %d after %d plies (%v), want a win for %v", w, ply, moves, strong)
					}
					t.Logf("won in %d plies", ply)
					return
				}
				if err := e.SetPositionText(c.fen, moves); err != nil {
					t.Fatal(err)
				}
				mv, err := e.BestMove(context.Background(), Limits{Depth: endgameDepth})
				if err != nil {
					t.Fatal(err)
				}
				if err := ref.play(mv); err != nil {
					t.Fatal(err)
				}
				moves = append(moves, mv)
			}
		})
	}
}
