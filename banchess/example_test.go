package banchess_test

import (
	"fmt"

	"github.com/baten-chess/baten/banchess"
)

// Black bans first; White then moves under the ban. Perft counts every ban
// and every move as one ply (20, 380, 7600 as in banchess.perft).
func Example() {
	p := banchess.Startpos()
	fmt.Println(p.Phase(), "by", p.Actor())
	fmt.Println(p.Perft(1), p.Perft(2), p.Perft(3))
	if err := p.PlayText("b:e2e4"); err != nil {
		panic(err)
	}
	fmt.Println(p.FEN())
	fmt.Println(p.PlayText("e4"))
	fmt.Println(p.PlayText("d4"), p.FEN())
	// Output:
	// ban by black
	// 20 380 7600
	// rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 2:e2e4
	// banchess: move is banned: e2e4 is banned in rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 2:e2e4
	// <nil> rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1 3
}
