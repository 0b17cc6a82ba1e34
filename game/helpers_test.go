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

// wander plays plies quiet moves in g, a draughts game of kings, choosing
// each time a move to a position the game has seen less than twice,
// without a capture or a capture for the opponent next: the move-rule
// count grows by one a ply and no repetition claim comes first.
func wander(t testing.TB, g *Game, plies int) {
	t.Helper()
	seen := func(key uint64) int {
		n := 0
		for _, k := range g.keys {
			if k == key {
				n++
			}
		}
		return n
	}
	for i := range plies {
		var best Move
		bestSeen := 2
		for _, m := range g.Position().Moves() {
			next, _ := g.Position().Play(m)
			if n := seen(next.Key()); n < bestSeen && next.MoveRuleCount() > 0 && !canCapture(next) {
				best, bestSeen = m, n
			}
		}
		if bestSeen == 2 {
			t.Fatalf("no fresh quiet move at ply %d in %s", i, g.Position().FEN())
		}
		if err := g.Play(best); err != nil {
			t.Fatal(err)
		}
	}
}

// canCapture reports whether the side to move in p has a capture (a move
// that resets the move-rule count).
func canCapture(p Position) bool {
	for _, m := range p.Moves() {
		if next, _ := p.Play(m); next.MoveRuleCount() == 0 {
			return true
		}
	}
	return false
}
