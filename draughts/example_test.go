package draughts_test

import (
	"fmt"

	"github.com/baten-chess/baten/draughts"
)

// Perft from the start; the counts are Aart Bik's (english.perft).
func ExamplePosition_Perft() {
	for depth := 1; depth <= 6; depth++ {
		fmt.Print(draughts.Start().Perft(depth), " ")
	}
	fmt.Println()
	// Output: 7 49 302 1469 7361 36768
}

// A king circling four men back to its own square: two moves, clockwise
// and counter-clockwise, each taking all four (edge-cases.perft,
// king_loop_to_origin). The short form names both, so it is ambiguous,
// and the error lists them.
func ExamplePosition_ParseMove() {
	p, err := draughts.FromFEN("W:WK10:B14,15,22,23")
	if err != nil {
		fmt.Println(err)
		return
	}
	var ml draughts.MoveList
	p.LegalMoves(&ml)
	for _, m := range ml.Slice() {
		fmt.Println(m, m.Captured().Count())
	}
	_, err = p.ParseMove("10x10")
	fmt.Println(err)
	// Unordered output:
	// 10x17x26x19x10 4
	// 10x19x26x17x10 4
	// draughts: ambiguous move "10x10" in W:WK10:B14,15,22,23: it could be 10x17x26x19x10 or 10x19x26x17x10; give more landing squares
}

// Ballot 5, the "Dreaded Edinburgh": 9-13 22-18 6-9.
func ExampleApplyBallot() {
	b, _ := draughts.BallotByNumber(5)
	p, err := draughts.ApplyBallot(5)
	fmt.Println(b.Name, b.Moves, err)
	fmt.Println(p.FEN())
	// Output:
	// Dreaded Edinburgh [9-13 22-18 6-9] <nil>
	// W:W18,21,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,7,8,9,10,11,12,13
}
