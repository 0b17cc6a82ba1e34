package engine_test

import (
	"context"
	"fmt"

	"github.com/baten-chess/baten/engine"
)

// A back-rank mate in one, found at a fixed depth.
func ExampleEngine_Search() {
	e, err := engine.New("chess", engine.Options{HashMB: 1})
	if err != nil {
		panic(err)
	}
	if err := e.SetPosition("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", false, nil); err != nil {
		panic(err)
	}
	r, err := e.Search(context.Background(), engine.Limits{Depth: 3}, nil)
	if err != nil {
		panic(err)
	}
	san, _ := e.Notation(r.PV)
	fmt.Println(r.BestMove, r.Score, san)
	// Output: a1a8 mate 1 [Ra8#]
}

// Shatranj speaks Fairy-Stockfish's FEN letters (Q is the Ferz): al-Adli's
// mate in five.
func ExampleEngine_Notation() {
	e, _ := engine.New("shatranj", engine.Options{HashMB: 4})
	_ = e.SetPosition("6k1/5R2/7R/4N1Q1/8/1qn5/r2r4/2K5 w - - 0 1", false, nil)
	r, _ := e.Search(context.Background(), engine.Limits{Depth: 9}, nil)
	line, _ := e.Notation(r.PV)
	fmt.Println(r.Score)
	fmt.Println(e.FormatLine(line))
	// Output:
	// mate 5
	// 1. Rg6+ Kh8 2. Rf8+ Kh7 3. Rh6+ Kg7 4. Ff6+ Kxh6 5. Rh8#
}
