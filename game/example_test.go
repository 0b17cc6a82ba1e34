package game_test

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/baten-chess/baten/game"
	"github.com/baten-chess/baten/pgn"
	"github.com/baten-chess/baten/shatranj"
	"github.com/baten-chess/baten/variant"
)

// A shatranj game from a tabiya, an opening array of the masters, chosen
// by number or name among the game's named starts.
func ExampleNew() {
	v, err := variant.Lookup("shatranj")
	if err != nil {
		fmt.Println(err)
		return
	}
	start, err := v.StartFrom("tabiya", "Mujannah-Mashaikhi")
	if err != nil {
		fmt.Println(err)
		return
	}
	g := game.New(start)
	if _, err := g.PlayText("e4"); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Variant().Title, g.Start().FEN())
	fmt.Println(g.Notations())
	_, err = v.StartFrom("tabiya", "17")
	fmt.Println(errors.Is(err, shatranj.ErrUnknownTabiya))
	// Output:
	// Shatranj r1a1ka1r/p2nn1p1/1ppf1p1p/3pp3/2P2P2/1PNPPNP1/P6P/1RAFKAR1 w - - 0 1
	// [e4]
	// true
}

// A record's result and Termination tag give the game's outcome back; an
// ending not made by a move is taken back on its own. A nil registry
// reads the record among the built-in games.
func ExampleFromPGN() {
	pg, err := pgn.NewReader(strings.NewReader(`[Termination "resignation"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 1-0`)).Next()
	if err != nil {
		fmt.Println(err)
		return
	}
	g, err := game.FromPGN(pg, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Variant())
	fmt.Println(g.Outcome())
	fmt.Println(g.Undo(), len(g.Moves()))
	fmt.Println(g.PlayText("Qxf7#"))
	fmt.Println(g.Outcome())
	// Output:
	// chess
	// white wins by resignation true
	// <nil> 6
	// h5f7 <nil>
	// white wins by checkmate true
}

// The program a newcomer writes first: a random game of any variant,
// printed in its record format (PGN, or PDN for draughts).
func Example_randomGame() {
	v, err := variant.Lookup("draughts") // or chess, shatranj, banchess, capablanca, …
	if err != nil {
		panic(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	g := game.New(v.Start())
	for len(g.Moves()) < 300 {
		if _, over := g.Outcome(); over {
			break
		}
		legal := g.Position().Legal()
		if err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
			panic(err)
		}
	}
	var record strings.Builder
	if err := g.WriteRecord(&record, nil); err != nil {
		panic(err)
	}
	fmt.Println(strings.Contains(record.String(), `[GameType "21"]`))
	fmt.Println(g.Outcome())
	// Output:
	// true
	// black wins: white has no pieces left true
}

// An unfinished game has no outcome: ok is false, and the zero Outcome
// says so when printed.
func ExampleGame_Outcome() {
	v, _ := variant.Lookup("chess")
	g := game.New(v.Start())
	g.PlayText("e4")
	o, over := g.Outcome()
	fmt.Println(over, o, o.Result())
	g.PlayText("f5")
	g.PlayText("d4")
	g.PlayText("g5")
	g.PlayText("Qh5#")
	o, over = g.Outcome()
	fmt.Println(over, o, o.Result())
	// Output:
	// false ongoing *
	// true white wins by checkmate 1-0
}
