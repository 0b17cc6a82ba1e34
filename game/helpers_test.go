package game

import (
	"math/rand/v2"
	"testing"
)

// randomGames plays games of random legal moves in variant v from its
// start (a random Chess960 array for Chess960) and calls visit on every
// position reached (the start included).
func randomGames(t testing.TB, v Variant, games, plies int, visit func(p Position)) {
	t.Helper()
	rng := rand.New(rand.NewPCG(uint64(v), 2026))
	for range games {
		p, err := NewPosition(v, "")
		if v == Chess960 {
			p, err = Chess960Start(rng.IntN(960))
		}
		if err != nil {
			t.Fatal(err)
		}
		for range plies {
			visit(p)
			if _, over := p.Outcome(); over {
				break
			}
			moves := p.Moves()
			if p, err = p.Play(moves[rng.IntN(len(moves))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func mustPosition(t testing.TB, v Variant, fen string) Position {
	t.Helper()
	p, err := NewPosition(v, fen)
	if err != nil {
		t.Fatalf("%v %q: %v", v, fen, err)
	}
	return p
}

// mustPlay plays move texts in g.
func mustPlay(t testing.TB, g *Game, texts ...string) {
	t.Helper()
	for _, text := range texts {
		if _, err := g.PlayText(text); err != nil {
			t.Fatalf("%s: %v", text, err)
		}
	}
}
