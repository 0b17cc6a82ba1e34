package engine

import (
	"testing"

	"github.com/baten-chess/baten/variant"
)

// TestGiveawayMaterialInverted: in antichess, where losing every piece
// wins, the side with the extra queen stands worse by the engine's
// material; in misère chess (a royal king, no such extinction rule) the
// same position favours it, as in chess.
func TestGiveawayMaterialInverted(t *testing.T) {
	fen := "4k3/pppp4/8/8/8/8/PPPP4/3QK3 w - - 0 1"
	for _, c := range []struct {
		game string
		sign int
	}{{"antichess", -1}, {"giveaway", -1}, {"losers", -1}, {"misere", 1}} {
		if e := fairyEval(t, c.game, fen); e*c.sign <= 0 {
			t.Errorf("%s: White's evaluation %d with an extra queen, want sign %d", c.game, e, c.sign)
		}
	}
}

// TestStalemateByCountScore: the engine scores a suicide-chess stalemate
// as rules.Position.Outcome decides it (White, to move with its pawns
// blocked: fewer pieces wins, more loses, as many draws).
func TestStalemateByCountScore(t *testing.T) {
	v, err := variant.Lookup("suicide")
	if err != nil {
		t.Fatal(err)
	}
	for fen, want := range map[string]int{
		"7k/8/8/p7/P7/8/8/8 w - - 0 1": 1,
		"8/8/8/8/p7/P7/P7/8 w - - 0 1": -1,
		"8/8/8/p7/P7/8/8/8 w - - 0 1":  0,
	} {
		start, err := v.FromFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		g, err := newFairyGame(v, start)
		if err != nil {
			t.Fatal(err)
		}
		if got := g.NoMoves(); got != want {
			t.Errorf("%s: NoMoves %d, want %d", fen, got, want)
		}
	}
}
