package kinematics_test

import (
	"fmt"

	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/kinematics"
)

// A fairy piece is just data: here a "wazir" (one orthogonal step) united
// with the alfil's leap, on a 10×10 board with a blocker on b1.
func ExampleUnion() {
	wazir := kinematics.Movement{
		{Delta: kinematics.Delta{File: 0, Rank: 1}, Motion: kinematics.Step},
		{Delta: kinematics.Delta{File: 1, Rank: 0}, Motion: kinematics.Step},
	}
	piece := kinematics.Union(wazir, kinematics.Alfil())
	board := geom.Size{W: 10, H: 10}
	b1, _ := board.Parse("b1")
	frame := kinematics.Frame{
		Size:     board,
		Forward:  1,
		Occupied: func(sq geom.Square) bool { return sq == b1 },
	}
	a1, _ := board.Parse("a1")
	for t := range piece.Targets(frame, a1) {
		fmt.Println(t.To, t.Capture)
	}
	// Output:
	// a2 false
	// b1 true
	// c3 false
}

// The xiangqi cannon in Betza notation: it moves like a rook and captures
// by hopping over exactly one piece.
func ExampleParseBetza() {
	cannon, err := kinematics.ParseBetza("mRcpR")
	if err != nil {
		panic(err)
	}
	board := geom.Size{W: 5, H: 5}
	a1, _ := board.Parse("a1")
	frame := kinematics.Frame{
		Size:    board,
		Forward: 1,
		Occupied: func(sq geom.Square) bool {
			return sq == (geom.Square{File: 0, Rank: 2}) || sq == (geom.Square{File: 0, Rank: 4}) // a3, a5
		},
	}
	for t := range cannon.Targets(frame, a1) {
		fmt.Println(t.To, t.Capture)
	}
	fmt.Println(cannon.Betza(), kinematics.Pawn().Betza())
	_, err = kinematics.ParseBetza("mRcpX")
	fmt.Println(err)
	// Output:
	// a2 false
	// b1 false
	// c1 false
	// d1 false
	// e1 false
	// a5 true
	// mRcpR fmWfcFifmnD
	// betza "mRcpX": position 5: unknown atom 'X'
}
