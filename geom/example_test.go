package geom_test

import (
	"fmt"

	"github.com/baten-chess/baten/geom"
)

func ExampleSize_Offset() {
	board := geom.Size{W: 10, H: 8} // Capablanca chess
	from, _ := board.Parse("i1")
	to, ok := board.Offset(from, 1, 2)
	fmt.Println(to, ok)
	_, ok = board.Offset(from, 2, 0)
	fmt.Println(ok)
	// Output:
	// j3 true
	// false
}

func ExampleCode() {
	sq, _ := geom.Chess.Parse("e2")
	fmt.Println(geom.Code(sq), sq.Color())
	// Output: 52 light
}
