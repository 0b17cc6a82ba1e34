package variant_test

import (
	"fmt"

	"github.com/baten-chess/baten/variant"
)

// Every game is reached the same way: look it up by any of its names,
// start a position, and play actions written in its own notation.
func Example() {
	for _, name := range []string{"Chess960", "shatranj", "ban-chess", "checkers", "Capablanca"} {
		v, err := variant.Lookup(name)
		if err != nil {
			fmt.Println(err)
			return
		}
		p := v.Start()
		first := p.Legal()[0]
		fmt.Printf("%-10s %dx%d %-4s %d actions, first %s (%s)\n", v.Name, v.Size.W, v.Size.H,
			v.Family, len(p.Legal()), first, p.Format(first, variant.Human))
	}
	// Output:
	// chess960   8x8 PGN  20 actions, first b1a3 (Na3)
	// shatranj   8x8 PGN  16 actions, first b1a3 (Na3)
	// banchess   8x8 PGN  20 actions, first b:b1a3 (b:b1a3)
	// draughts   8x8 PDN  7 actions, first 9-13 (9-13)
	// capablanca 10x8 PGN  28 actions, first b1c3 (Nc3)
}

// Named start positions: Chess960 by Scharnagl number, shatranj tabiyat
// and setups, draughts ballots.
func ExampleVariant_StartFrom() {
	draughts, _ := variant.Lookup("draughts")
	p, err := draughts.StartFrom("ballot", "12")
	fmt.Println(p.FEN(), err)
	c960, _ := variant.Lookup("chess960")
	p, _ = c960.StartFrom("chess960", "0")
	fmt.Println(p.FEN())
	_, err = c960.StartFrom("chess960", "960")
	fmt.Println(err)
	// Output:
	// W:W18,21,22,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,7,8,9,10,11,12,13 <nil>
	// bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1
	// chess960 960: variant: no such start position: want a number from 0 to 959
}

// Hands reads what each side holds in hand in a game with drops.
func ExampleHands() {
	v, _ := variant.Lookup("crazyhouse")
	p, _ := v.FromFEN("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R[QPnp] w KQkq - 0 1")
	white, black, ok := variant.Hands(p)
	fmt.Println(white, black, ok)
	_, _, ok = variant.Hands(v.Start())
	fmt.Println(ok)
	chess, _ := variant.Lookup("chess")
	_, _, ok = variant.Hands(chess.Start())
	fmt.Println(ok)
	// Output:
	// QP np true
	// true
	// false
}
