package chess_test

import (
	"errors"
	"fmt"

	"github.com/baten-chess/baten/chess"
)

func ExamplePosition_Perft() {
	p := chess.Startpos()
	for depth := 1; depth <= 3; depth++ {
		fmt.Println(depth, p.Perft(depth))
	}
	// Output:
	// 1 20
	// 2 400
	// 3 8902
}

func ExampleParseFEN() {
	s, err := chess.ParseFEN("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf -")
	if err != nil {
		panic(err)
	}
	p, err := chess.NewPosition(s)
	if err != nil {
		panic(err)
	}
	var ml chess.MoveList
	p.LegalMoves(&ml)
	fmt.Println(ml.Len(), "legal moves")
	fmt.Println(p.FEN(chess.CastlingXFEN))
	fmt.Println(p.FEN(chess.CastlingShredder))
	// Output:
	// 21 legal moves
	// bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 0 1
	// bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 0 1
}

func ExampleNewPosition() {
	s, _ := chess.ParseFEN("4k3/8/8/8/8/8/8/P3K3 w K - 0 1")
	_, err := chess.NewPosition(s)
	var se *chess.SetupError
	if errors.As(err, &se) {
		for _, pr := range se.Problems {
			fmt.Println(pr.Kind)
		}
	}
	// Output:
	// pawn on back rank
	// bad castling
}

func ExamplePosition_ParseUCI() {
	p := chess.Startpos()
	for _, s := range []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6", "e1g1"} {
		m, err := p.ParseUCI(s)
		if err != nil {
			panic(err)
		}
		p.Play(m)
		if m.IsCastling() {
			fmt.Println(m.UCI(false), m.UCI(true))
		}
	}
	fmt.Println(p.FEN(chess.CastlingClassic))
	// Output:
	// e1g1 e1h1
	// r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4
}

func ExamplePosition_Play() {
	p := chess.Startpos()
	m, _ := p.ParseUCI("e2e4")
	before := p.Key()
	u := p.Play(m)
	fmt.Println(p.InCheck(), p.Key() != before)
	p.Unplay(m, u)
	fmt.Println(p.Key() == before)
	// Output:
	// false true
	// true
}

func ExampleScharnagl() {
	rank, _ := chess.Scharnagl(518)
	for _, r := range rank {
		fmt.Printf("%c", r.Char()-'a'+'A')
	}
	fmt.Println()
	// Output: RNBQKBNR
}

// The total, 71, is standard-126.epd's depth-2 count for this position.
func ExamplePosition_Divide() {
	s, _ := chess.ParseFEN("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")
	p, _ := chess.NewPosition(s)
	total := uint64(0)
	for _, d := range p.Divide(2) {
		if d.Move.IsCastling() {
			fmt.Println(d.Move.UCI(false), d.Move.UCI(true), d.Nodes)
		}
		total += d.Nodes
	}
	fmt.Println(total)
	// Output:
	// e1c1 e1a1 3
	// 71
}
