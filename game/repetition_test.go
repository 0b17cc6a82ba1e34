package game

import (
	"strings"
	"testing"

	"github.com/baten-chess/baten/variant"
)

// repetitionGames are variants.ini games with repetition rules of their
// own (Fairy-Stockfish's nFoldRule, nFoldValue, nFoldValueAbsolute).
const repetitionGames = `
[twofold:chess]
nFoldRule = 2
nFoldValue = win

[fourloss:chess]
nFoldRule = 4
nFoldValue = loss

[blackodds:chess]
nFoldRule = 3
nFoldValue = loss
nFoldValueAbsolute = true

[never:chess]
nFoldRule = 0

[threefold:chess]
nFoldRule = 3
nFoldValue = draw
`

func repetitionGame(t *testing.T, name string) *Game {
	t.Helper()
	vs, err := variant.LoadINI(strings.NewReader(repetitionGames), "rep.ini", variant.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		if v.Name == name {
			return New(v.Start())
		}
	}
	t.Fatalf("no %s", name)
	return nil
}

// TestRepetitionRule: a game's own repetition rule ends the game by
// itself the Count-th time a position occurs, with the value for the
// player to move there (or for White, absolute), and offers no claim;
// nFoldRule = 0 never ends it; threefold drawn stays a claim. Undo takes
// the repeating move back with its ending.
func TestRepetitionRule(t *testing.T) {
	knights := []string{"Nf3", "Nf6", "Ng1", "Ng8"}
	for _, tc := range []struct {
		name   string
		rounds int // knight rounds that end the game, 0: none
		want   variant.Outcome
	}{
		// The start, White to move, occurs a second time: White wins.
		{"twofold", 1, variant.Outcome{Winner: variant.White, Reason: variant.Repetition}},
		// A fourth time, White to move, who loses.
		{"fourloss", 3, variant.Outcome{Winner: variant.Black, Reason: variant.Repetition}},
		// A third time: White's loss whoever is to move.
		{"blackodds", 2, variant.Outcome{Winner: variant.Black, Reason: variant.Repetition}},
		{"never", 0, variant.Outcome{}},
	} {
		g := repetitionGame(t, tc.name)
		for round := 1; round <= 4; round++ {
			mustPlay(t, g, knights...)
			if g.CanClaimRepetition() {
				t.Errorf("%s: a claim after %d rounds", tc.name, round)
			}
			if round == tc.rounds {
				break
			}
			if o, over := g.Outcome(); over {
				t.Fatalf("%s: over after %d rounds: %v", tc.name, round, o)
			}
		}
		o, over := g.Outcome()
		if over != (tc.rounds > 0) || over && o != tc.want {
			t.Errorf("%s: %v (over %v), want %v", tc.name, o, over, tc.want)
		}
		if !over {
			continue
		}
		if err := g.Undo(); err != nil {
			t.Fatal(err)
		}
		if _, over := g.Outcome(); over || len(g.Moves()) != 4*tc.rounds-1 {
			t.Errorf("%s: Undo leaves over %v after %d moves", tc.name, over, len(g.Moves()))
		}
	}
	// A repetition with Black to move: blackodds gives White's loss.
	g := repetitionGame(t, "blackodds")
	mustPlay(t, g, "e4", "Nf6", "Nf3", "Ng8", "Ng1", "Nf6", "Nf3", "Ng8", "Ng1")
	if o, over := g.Outcome(); !over || o != (variant.Outcome{Winner: variant.Black, Reason: variant.Repetition}) {
		t.Errorf("blackodds, Black to move: %v (over %v)", o, over)
	}
	// The default rule, written out: a claim, not an ending.
	g = repetitionGame(t, "threefold")
	mustPlay(t, g, knights...)
	mustPlay(t, g, knights...)
	if _, over := g.Outcome(); over || !g.CanClaimRepetition() {
		t.Errorf("threefold: over %v, claim %v", over, g.CanClaimRepetition())
	}
	if o, err := g.Claim(); err != nil || o.Reason != variant.ThreefoldRepetition {
		t.Errorf("threefold claim: %v, %v", o, err)
	}
}
