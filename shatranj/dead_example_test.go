package shatranj_test

import (
	"fmt"

	"github.com/baten-chess/baten/shatranj"
)

// A locked Baidaq wall with the Shahs on either side is dead; Shah+Alfil v
// Shah+Alfil is not, though the Alfils can never meet: a Shah can walk to
// the enemy Alfil and take it, baring the enemy.
func ExamplePosition_IsDead() {
	for _, fen := range []string{
		"4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/4K3 w - - 0 1",
		"a7/8/8/4k3/8/8/8/A3K3 w - - 0 1",
	} {
		p, err := shatranj.ParsePosition(fen)
		if err != nil {
			panic(err)
		}
		fmt.Println(p.IsDead(), p.CanWin(shatranj.White), p.CanWin(shatranj.Black))
	}
	// Output:
	// true false false
	// false true true
}
