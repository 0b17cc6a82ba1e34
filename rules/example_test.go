package rules_test

import (
	"fmt"

	"github.com/baten-chess/baten/rules"
)

func ExamplePosition_Perft() {
	for _, v := range []*rules.Variant{rules.Chess(), rules.Shatranj(), rules.EnglishDraughts(), rules.Capablanca()} {
		p, _ := rules.Start(v)
		fmt.Println(v.Name, p.Perft(1), p.Perft(2))
	}
	// Output:
	// chess 20 400
	// shatranj 16 256
	// draughts 7 49
	// capablanca 28 784
}

// A new variant is data: here Gardner's minichess on 5×5 with the chess
// pieces, no castling, no double step, pawns promoting to a queen only.
// White's first moves are five pawn pushes and two knight moves.
func ExampleVariant() {
	v := rules.Chess()
	v.Name = "gardner"
	v.Size.W, v.Size.H = 5, 5
	v.Castling = nil
	v.Pieces[0].InitialRank = 0 // no double step
	v.Pieces[0].Promotion.Ranks = []int{5}
	v.Pieces[0].Promotion.To = "Q"
	p, err := rules.ParseFEN(v, "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Perft(1))
	// Output: 7
}

func ExamplePosition_Outcome() {
	v := rules.Shatranj()
	p, _ := rules.ParseFEN(v, "8/8/4k3/8/8/3K4/3F4/8 w - - 0 1")
	o, over := p.Outcome()
	fmt.Println(over, o.Winner == rules.First, o.Reason)
	// Output: true true bare king
}

// The position of the draughts specification's example, Black to move:
// no capture is possible, so the man on 16 (g5) and the kings on 22 (c3)
// and 25 (b2) step.
func ExamplePosition_LegalMoves() {
	p, _ := rules.ParseFEN(rules.EnglishDraughts(), "B:W18,24,27,28,K10,K15:B12,16,20,K22,K25,K29")
	for _, m := range p.LegalMoves() {
		fmt.Println(p.MoveText(m), len(m.Captures))
	}
	// Output:
	// b2c1 0
	// b2a3 0
	// c3d2 0
	// c3b4 0
	// g5f4 0
}

// Crazyhouse: White takes a rook with a promotion (the queen is marked
// "~": taken, it would go back as a pawn), Black takes the queen back and
// has a pawn in hand, which it drops on d2 with check.
func ExampleDropRules() {
	p, _ := rules.ParseFEN(rules.Crazyhouse(), "r1r1k3/1P6/8/8/8/8/8/4K3[] w - - 0 1")
	for _, m := range []string{"b7a8q", "c8a8", "R@a1", "P@d2"} {
		p, _ = p.PlayText(m)
		fmt.Println(m, p.FEN())
	}
	fmt.Println(p.InCheck())
	// Output:
	// b7a8q Q~1r1k3/8/8/8/8/8/8/4K3[R] b - - 0 1
	// c8a8 r3k3/8/8/8/8/8/8/4K3[Rp] w - - 0 2
	// R@a1 r3k3/8/8/8/8/8/8/R3K3[p] b - - 0 2
	// P@d2 r3k3/8/8/8/8/8/3p4/R3K3[] w - - 0 3
	// true
}
