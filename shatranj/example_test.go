package shatranj_test

import (
	"fmt"

	"github.com/baten-chess/baten/shatranj"
)

// The perft counts of the standard setup, as listed (from Fairy-Stockfish)
// in shared/data/shatranj/shatranj.perft.
func Example() {
	p := shatranj.StartPosition()
	for depth := 1; depth <= 4; depth++ {
		fmt.Println(depth, p.Perft(depth))
	}
	m, _ := shatranj.ParseMove(&p, "e2e3")
	p = p.Play(m)
	fmt.Println(p.FEN())
	fmt.Println(p.FENLetters(shatranj.FSF))
	// Output:
	// 1 16
	// 2 256
	// 3 4176
	// 4 68122
	// rnakfanr/pppppppp/8/8/8/4P3/PPPP1PPP/RNAKFANR b - - 0 1
	// rnbkqbnr/pppppppp/8/8/8/4P3/PPPP1PPP/RNBKQBNR b - - 0 1
}
