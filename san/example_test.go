package san_test

import (
	"errors"
	"fmt"

	"github.com/baten-chess/baten/chess"
	"github.com/baten-chess/baten/san"
)

func ExampleFormat() {
	p := chess.Startpos()
	for _, uci := range []string{"e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "g8f6", "e1g1"} {
		m, err := p.ParseUCI(uci)
		if err != nil {
			panic(err)
		}
		fmt.Println(san.Format(&p, m))
		p.Play(m)
	}
	// Output:
	// e4
	// e5
	// Nf3
	// Nc6
	// Bb5
	// Nf6
	// O-O
}

func ExampleParseMove() {
	p := chess.Startpos()
	for _, text := range []string{"e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7"} {
		m, err := san.ParseMove(&p, text)
		if err != nil {
			panic(err)
		}
		fmt.Println(m.UCI(false), san.Format(&p, m))
		p.Play(m)
	}
	_, err := san.ParseMove(&p, "Nf6")
	fmt.Println(errors.Is(err, san.ErrIllegal))
	// Output:
	// e2e4 e4
	// e7e5 e5
	// d1h5 Qh5
	// b8c6 Nc6
	// f1c4 Bc4
	// g8f6 Nf6
	// h5f7 Qxf7#
	// true
}

func ExampleSAN_Resolve() {
	s, err := san.Parse("Nbc3")
	if err != nil {
		panic(err)
	}
	fmt.Println(s.Role, s.String())
	p := chess.Startpos()
	m, err := s.Resolve(&p)
	fmt.Println(m.UCI(false), err)
	// Output:
	// knight Nbc3
	// b1c3 <nil>
}
