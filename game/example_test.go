package game_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/baten-chess/baten/game"
	"github.com/baten-chess/baten/pgn"
	"github.com/baten-chess/baten/shatranj"
)

// A shatranj game from a tabiya, an opening array of the masters, chosen
// by number or name.
func ExampleShatranjTabiya() {
	start, err := game.ShatranjTabiya("Mujannah-Mashaikhi")
	if err != nil {
		fmt.Println(err)
		return
	}
	g := game.New(start)
	if _, err := g.PlayText("e4"); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Start().FEN())
	fmt.Println(g.Notations())
	_, err = game.ShatranjTabiya("17")
	fmt.Println(errors.Is(err, shatranj.ErrUnknownTabiya))
	// Output:
	// r1a1ka1r/p2nn1p1/1ppf1p1p/3pp3/2P2P2/1PNPPNP1/P6P/1RAFKAR1 w - - 0 1
	// [e4]
	// true
}

// A record's result and Termination tag give the game's outcome back; an
// ending not made by a move is taken back on its own.
func ExampleFromPGN() {
	pg, err := pgn.NewReader(strings.NewReader(`[Termination "resignation"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 1-0`)).Next()
	if err != nil {
		fmt.Println(err)
		return
	}
	g, err := game.FromPGN(pg)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Outcome())
	fmt.Println(g.Undo(), len(g.Moves()))
	fmt.Println(g.PlayText("Qxf7#"))
	fmt.Println(g.Outcome())
	// Output:
	// white wins by resignation true
	// <nil> 6
	// h5f7 <nil>
	// white wins by checkmate true
}
