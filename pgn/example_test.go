package pgn_test

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/baten-chess/baten/pgn"
)

func ExampleReader() {
	input := `[Event "Casual"]
[White "Anderssen"]
[Black "Kieseritzky"]
[Result "1-0"]

1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ {risky} (3... Nf6) 4. Kf1 b5?! 1-0

[Event "Second"]

1. d4 d5 *
`
	r := pgn.NewReader(strings.NewReader(input))
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Println(g.Tags.Get("Event"), g.Result, g.MainLine())
		for _, n := range g.Moves {
			if len(n.Variations) > 0 || len(n.NAGs) > 0 || len(n.CommentsAfter) > 0 {
				fmt.Println(" ", n.Move, n.NAGs, n.CommentsAfter, len(n.Variations), "variation(s)")
			}
		}
	}
	// Output:
	// Casual 1-0 [e4 e5 f4 exf4 Bc4 Qh4+ Kf1 b5]
	//   Qh4+ [] [risky] 1 variation(s)
	//   b5 [6] [] 0 variation(s)
	// Second * [d4 d5]
}

func ExampleWrite() {
	g := &pgn.Game{Result: "1-0"}
	g.Tags.Set("White", "Morphy")
	g.Tags.Set("Black", "Duke and Count")
	g.Tags.Set("Opening", "Philidor")
	g.Moves = pgn.Line{
		{Move: "e4"}, {Move: "e5"}, {Move: "Nf3"},
		{Move: "d6", CommentsAfter: []string{"Philidor's defence"}},
		{Move: "d4", NAGs: []int{1}, Variations: []pgn.Line{{{Move: "Bc4"}}}},
	}
	if err := pgn.Write(os.Stdout, g); err != nil {
		fmt.Println(err)
	}
	// Output:
	// [Event "?"]
	// [Site "?"]
	// [Date "????.??.??"]
	// [Round "?"]
	// [White "Morphy"]
	// [Black "Duke and Count"]
	// [Result "1-0"]
	// [Opening "Philidor"]
	//
	// 1. e4 e5 2. Nf3 d6 {Philidor's defence} 3. d4 $1 (3. Bc4) 1-0
}

func ExampleSyntaxError() {
	r := pgn.NewReader(strings.NewReader("1. e4 e5 2. Nf3 Nc6 *\n\n1. d4 d5 2. c4 <e6> *\n\n[Event \"3\"]\n1. e4 *"))
	for {
		g, err := r.Next()
		if err == io.EOF {
			break
		}
		if se, ok := err.(*pgn.SyntaxError); ok {
			fmt.Printf("game %d line %d: %s\n", se.Game, se.Line, se.Msg)
			continue
		}
		fmt.Println(g.MainLine())
	}
	// Output:
	// [e4 e5 Nf3 Nc6]
	// game 2 line 3: unexpected character '<'
	// [e4]
}
