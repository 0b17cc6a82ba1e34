package bitboard_test

import (
	"fmt"

	"github.com/baten-chess/baten/internal/bitboard"
)

// A rook on a1 with a blocker on a4 sees a2, a3, a4 and the whole first
// rank: 3 + 7 squares.
func ExampleRookAttacks() {
	a1, a4 := bitboard.NewSquare(0, 0), bitboard.NewSquare(0, 3)
	attacks := bitboard.RookAttacks(a1, a4.Bit())
	fmt.Println(attacks.Count(), attacks.Has(a4), attacks.Has(bitboard.NewSquare(0, 4)))
	// Output: 10 true false
}
