package chess

import (
	"github.com/baten-chess/baten/internal/race"
	"math/rand/v2"
	"testing"
)

// gameStarts returns varied positions to start random games from: the
// classic start, Chess960 starts, and every tricky.perft position.
func gameStarts(t testing.TB) []Position {
	t.Helper()
	starts := []Position{Startpos(), mustPosition(t, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")}
	for _, n := range []int{0, 1, 2, 100, 333, 517, 700, 959} {
		p, err := Chess960Start(n)
		if err != nil {
			t.Fatal(err)
		}
		starts = append(starts, p)
	}
	for _, c := range readPerftFile(t, "tricky.perft") {
		starts = append(starts, mustPosition(t, c.fen, ImpossibleCheck))
	}
	return starts
}

// randomGames plays games of up to plies random legal moves from every
// start, with fixed seeds, calling visit before each move (with the move)
// and once at the end of each game (with move 0). Under the race
// detector, which slows these single-goroutine checks twentyfold and finds
// no race in them, it plays a tenth of the games.
func randomGames(t testing.TB, games, plies int, visit func(p *Position, m Move)) {
	t.Helper()
	if race.Enabled {
		games = max(1, games/10)
	}
	rng := rand.New(rand.NewPCG(2024, 960))
	var ml MoveList
	for _, start := range gameStarts(t) {
		for range games {
			p := start
			for range plies {
				p.LegalMoves(&ml)
				if ml.Len() == 0 {
					break
				}
				m := ml.At(rng.IntN(ml.Len()))
				visit(&p, m)
				p.Play(m)
			}
			visit(&p, 0)
		}
	}
}
