package game

import (
	"strings"
	"testing"

	"github.com/baten-chess/baten/variant"
)

// TestPerpetualCheck: with perpetualCheckIllegal the repetition ends the
// game at its count (threefold here, the default, made automatic), lost
// by the player who gave check in every position of it, as
// Fairy-Stockfish's position.cpp scores it; a repetition without
// perpetual check keeps the rule's draw.
func TestPerpetualCheck(t *testing.T) {
	const text = "[perpetual:chess]\nperpetualCheckIllegal = true\n"
	vs, err := variant.LoadINI(strings.NewReader(text), "perpetual.ini", variant.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	start, err := vs[0].FromFEN("6k1/5pp1/8/8/8/8/8/K2Q4 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	g := New(start)
	checks := []string{"Qd8+", "Kh7", "Qh4+", "Kg8"}
	mustPlay(t, g, checks...)
	mustPlay(t, g, checks...)
	if o, over := g.Outcome(); over {
		t.Fatalf("over before the third occurrence: %v", o)
	}
	mustPlay(t, g, "Qd8+")
	o, over := g.Outcome()
	if want := "black wins: white gave perpetual check"; !over || o.String() != want {
		t.Errorf("%v (over %v), want %q", o, over, want)
	}
	// Kings walking: no check, the rule's draw.
	quiet, err := vs[0].FromFEN("6k1/5pp1/8/8/8/8/8/K2Q4 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	g = New(quiet)
	walk := []string{"Kb1", "Kh8", "Ka1", "Kg8"}
	mustPlay(t, g, walk...)
	mustPlay(t, g, walk...)
	if o, over := g.Outcome(); !over || o != (variant.Outcome{Draw: true, Reason: variant.Repetition}) {
		t.Errorf("kings walking: %v (over %v), want a draw by repetition", o, over)
	}
}
