package game

import (
	"strings"
	"testing"

	"github.com/baten-chess/baten/variant"
)

// TestMoveRepetition: with moveRepetitionIllegal a player who takes a
// knight out and then back and forth four times loses on the fifth move,
// as Fairy-Stockfish c19b5f6 scores it: with the key, after the eight
// plies below, "go depth 3 searchmoves g1f3" says "score mate 0" and its
// search plays another move; without it, or with a pawn move of Black's
// among them (which resets the move-rule count the rule looks within), it
// gives an ordinary score. Plain chess plays on.
func TestMoveRepetition(t *testing.T) {
	const text = "[mr:chess]\nmoveRepetitionIllegal = true\n"
	vs, err := variant.LoadINI(strings.NewReader(text), "mr.ini", variant.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	if rep := vs[0].Repetition; rep == nil || !rep.MoveRepetition || rep.Count != 3 {
		t.Fatalf("repetition rule %+v, want moveRepetition with threefold repetition", rep)
	}
	chess, err := variant.Lookup("chess")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		v     *variant.Variant
		moves []string
		want  string // "" for a game that goes on
	}{
		{vs[0], []string{"g1f3", "b8c6", "f3g1", "g8f6", "g1f3", "a8b8", "f3g1", "b8a8", "g1f3"}, "black wins: white moved a piece back and forth"},
		{vs[0], []string{"g1f3", "b8c6", "f3g1", "g8f6", "g1f3", "a8b8", "f3g1", "b7b6", "g1f3"}, ""},
		{vs[0], []string{"g1f3", "b8c6", "f3g1", "g8f6", "g1f3", "a8b8", "f3g1", "b8a8"}, ""},
		{chess, []string{"g1f3", "b8c6", "f3g1", "g8f6", "g1f3", "a8b8", "f3g1", "b8a8", "g1f3"}, ""},
	} {
		g := New(tc.v.Start())
		mustPlay(t, g, tc.moves...)
		o, over := g.Outcome()
		if tc.want == "" && over || tc.want != "" && (!over || o.String() != tc.want) {
			t.Errorf("%s %v: %v (over %v), want %q", tc.v.Name, tc.moves, o, over, tc.want)
		}
	}
}
