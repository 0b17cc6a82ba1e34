package match_test

import (
	"fmt"

	"github.com/baten-chess/baten/match"
)

// A match's summary: the Elo difference with its 95% interval and the
// likelihood of superiority.
func ExampleStats() {
	s := match.Stats{Wins: 10, Draws: 16, Losses: 14}
	elo, lo, hi := s.Elo()
	fmt.Printf("score %.3f, Elo %.1f (%.1f to %.1f), LOS %.3f\n", s.Score(), elo, lo, hi, s.LOS())
	// Output: score 0.450, Elo -34.9 (-122.3 to 48.3), LOS 0.207
}

// A GSPRT of Elo 0 against Elo 5: the log-likelihood ratio after some
// games and what it says.
func ExampleSPRT() {
	t, err := match.ParseSPRT("0,5")
	if err != nil {
		panic(err)
	}
	lo, hi := t.Bounds()
	llr := t.LLR(match.Stats{Wins: 1200, Draws: 2000, Losses: 1000})
	fmt.Printf("bounds %.3f %.3f, LLR %.3f: %v\n", lo, hi, llr, t.Decide(llr))
	// Output: bounds -2.944 2.944, LLR 4.667: H1 accepted
}

// An engine as --engine1 and --engine2 give it.
func ExampleParseEngineSpec() {
	spec, err := match.ParseEngineSpec("cmd=/usr/games/stockfish,name=SF-5,option.Skill Level=5,option.Hash=16")
	if err != nil {
		panic(err)
	}
	fmt.Println(spec.Name, spec.Command, spec.Options)
	// Output: SF-5 [/usr/games/stockfish] [{Skill Level 5} {Hash 16}]
}
