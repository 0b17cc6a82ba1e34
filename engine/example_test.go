package engine_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/baten-chess/baten/engine"
	"github.com/baten-chess/baten/variant"
)

// The engine takes a game's positions and actions as the game holds
// them: nothing is written out and parsed again. After ballot 12 and
// 22-17, Black's capture is forced.
func ExampleEngine_SetPosition() {
	draughts, _ := variant.Lookup("draughts")
	start, _ := draughts.StartFrom("ballot", "12")
	next, _ := start.Parse("22-17")
	e, _ := engine.New(draughts, engine.Options{HashMB: 1})
	if err := e.SetPosition(start, []variant.Action{next}); err != nil {
		panic(err)
	}
	fmt.Println(len(e.LegalMoves()), e.FEN())
	// Output: 1 B:W17,18,21,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,7,8,9,10,11,12,13
}

// A back-rank mate in one, found at a fixed depth.
func ExampleEngine_Search() {
	chess, err := variant.Lookup("chess")
	if err != nil {
		panic(err)
	}
	e, err := engine.New(chess, engine.Options{HashMB: 1})
	if err != nil {
		panic(err)
	}
	if err := e.SetPositionText("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", nil); err != nil {
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

// Shatranj reads Fairy-Stockfish's FEN letters (Q is the Ferz) as well as
// the native ones: al-Adli's mate in five.
func ExampleEngine_Notation() {
	shatranj, _ := variant.Lookup("shatranj")
	e, _ := engine.New(shatranj, engine.Options{HashMB: 4})
	_ = e.SetPositionText("6k1/5R2/7R/4N1Q1/8/1qn5/r2r4/2K5 w - - 0 1", nil)
	r, _ := e.Search(context.Background(), engine.Limits{Depth: 9}, nil)
	line, _ := e.Notation(r.PV)
	fmt.Println(r.Score)
	fmt.Println(e.FormatLine(line))
	// Output:
	// mate 5
	// 1. Rg6+ Kh8 2. Rf8+ Kh7 3. Rh6+ Kg7 4. Ff6+ Kxf8 5. Rh8#
}

// MultiPV reports the best lines of each depth, ranked; the closing report
// of the last depth has the same best line. Here the two best lines of the
// back-rank position at depth 3: the mate and the best of the rest.
func ExampleLimits_multiPV() {
	chess, _ := variant.Lookup("chess")
	e, _ := engine.New(chess, engine.Options{HashMB: 1})
	_ = e.SetPositionText("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", nil)
	_, _ = e.Search(context.Background(), engine.Limits{Depth: 3, MultiPV: 2}, func(i engine.Info) {
		if i.Depth == 3 && i.MultiPV == 1 {
			fmt.Println(i.MultiPV, i.PV[0], i.Score.Mate != 0)
		}
		if i.Depth == 3 && i.MultiPV == 2 {
			fmt.Println(i.MultiPV, i.PV[0] != "a1a8", i.Score.Mate != 0)
		}
	})
	// Output:
	// 1 a1a8 true
	// 2 true false
}

// An illegal move in a list leaves the position after the moves before it,
// and the error says which move it was.
func ExampleIllegalMoveError() {
	chess, _ := variant.Lookup("chess")
	e, _ := engine.New(chess, engine.Options{HashMB: 1})
	err := e.SetPositionText("", []string{"e2e4", "e7e5", "e4e5"})
	var bad *engine.IllegalMoveError
	if errors.As(err, &bad) {
		fmt.Println(bad.Index, bad.Move)
	}
	fmt.Println(e.FEN())
	// Output:
	// 2 e4e5
	// rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2
}
