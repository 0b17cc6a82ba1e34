package shatranj_test

import (
	"context"
	"errors"
	"fmt"

	"github.com/baten-chess/baten/shatranj"
)

func ExampleTabiyaByName() {
	t, err := shatranj.TabiyaByName("al-Mujannah al-Mashā'ikhī")
	fmt.Println(t.Number, t.Name, err)
	_, err = shatranj.TabiyaByNumber(16)
	fmt.Println(errors.Is(err, shatranj.ErrUnknownTabiya))
	// Output:
	// 1 Mujannah-Mashaikhi <nil>
	// true
}

// Dilaram's mate: the popular mate in 5 is refuted by 2...Rh2; the
// shortest win is a mate in 6.
func ExampleSolve() {
	p, _ := shatranj.ParsePosition("1r4k1/8/5PP1/8/K1n3NR/7B/1r6/7R w - - 0 1")
	sol, err := shatranj.Solve(context.Background(), p, 6)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(sol.Moves, sol.Result)
	for _, m := range sol.Line {
		fmt.Print(shatranj.SAN(&p, m), " ")
		p = p.Play(m)
	}
	fmt.Println()
	// Output:
	// 6 white wins by checkmate
	// Rh8+ Kxh8 Af5+ Rh2 Rxh2+ Kg8 Rh8+ Kxh8 g7+ Kg8 Nh6#
}
