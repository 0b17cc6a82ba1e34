package game

import (
	"strconv"
	"testing"

	"github.com/baten-chess/baten/variant"
)

// mustVariant looks a built-in game up by name.
func mustVariant(t testing.TB, name string) *variant.Variant {
	t.Helper()
	v, err := variant.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// mustPosition reads a position of the named game from its FEN ("" is the
// standard start).
func mustPosition(t testing.TB, name, fen string) variant.Position {
	t.Helper()
	p, err := mustVariant(t, name).FromFEN(fen)
	if err != nil {
		t.Fatalf("%v %q: %v", name, fen, err)
	}
	return p
}

// randomStart returns a start of v: for a game that usually starts from
// one of many arrays (Variant.RandomStart: Chess960), a random member of
// its first start set; the standard start otherwise.
func randomStart(t testing.TB, v *variant.Variant, intN func(int) int) variant.Position {
	t.Helper()
	if !v.RandomStart {
		return v.Start()
	}
	set := v.Starts[0]
	p, err := v.StartFrom(set.Name, strconv.Itoa(set.First+intN(set.Count)))
	if err != nil {
		t.Fatal(err)
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
		var best variant.Action
		bestSeen := 2
		for _, m := range g.Position().Legal() {
			next, _ := g.Position().Play(m)
			if n := seen(next.Key()); n < bestSeen && variant.MoveRuleCount(next) > 0 && !canCapture(next) {
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
func canCapture(p variant.Position) bool {
	for _, m := range p.Legal() {
		if next, _ := p.Play(m); variant.MoveRuleCount(next) == 0 {
			return true
		}
	}
	return false
}
