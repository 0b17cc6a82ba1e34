package engine

import (
	"context"
	"testing"

	"github.com/baten-chess/baten/variant"
)

// fairyEval is the fast adapter's evaluation of fen in game name, for the
// side to move, without the tables (fairyeval.go): material and goals.
func fairyEval(t *testing.T, name, fen string) int {
	t.Helper()
	v, err := variant.Lookup(name)
	if err != nil {
		t.Fatal(err)
	}
	g := fairyGameAt(t, v, fen)
	g.ev.on = false
	return g.Evaluate()
}

// TestGoalTerms: with material equal, the side nearer its goal stands
// better by the game's own rule (the hill, the eighth rank, checks given),
// and a game without that rule sees no difference.
func TestGoalTerms(t *testing.T) {
	for _, c := range []struct {
		game, nearer, farther string
		same                  bool // the two positions are equal for this game
	}{
		{"kingofthehill", "4k3/8/8/8/8/4K3/8/8 w - - 0 1", "4k3/8/8/8/8/8/4K3/8 w - - 0 1", false},
		{"nocastle", "4k3/8/8/8/8/4K3/8/8 w - - 0 1", "4k3/8/8/8/8/8/4K3/8 w - - 0 1", true},
		{"racingkings", "8/8/8/1K6/8/8/8/k7 w - - 0 1", "8/8/8/8/8/1K6/8/k7 w - - 0 1", false},
		{"breakthrough", "pppppppp/pppppppp/8/4P3/8/8/PPPP1PPP/PPPPPPPP w - - 0 1", "pppppppp/pppppppp/8/8/8/4P3/PPPP1PPP/PPPPPPPP w - - 0 1", false},
		{"3check", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 2+3 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1", false},
	} {
		near, far := fairyEval(t, c.game, c.nearer), fairyEval(t, c.game, c.farther)
		if c.same && near != far {
			t.Errorf("%s: %d nearer, %d farther: want equal", c.game, near, far)
		}
		if !c.same && near <= far {
			t.Errorf("%s: %d for %s, not above %d for %s", c.game, near, c.nearer, far, c.farther)
		}
	}
}

// TestGoalSearch: two plies deep, where material decides nothing, the
// engine walks its king to the hill and gives check in three-check.
func TestGoalSearch(t *testing.T) {
	for _, c := range []struct {
		game, fen string
		want      []string
	}{
		{"kingofthehill", "7k/8/8/8/8/8/8/K7 w - - 0 1", []string{"a1b2"}},
		{"3check", "4k3/8/8/8/8/8/8/R3K3 w - - 3+3 0 1", []string{"a1a8"}},
	} {
		e := fastEngine(t, c.game)
		if err := e.SetPositionText(c.fen, nil); err != nil {
			t.Fatal(err)
		}
		r, _ := e.Search(context.Background(), Limits{Depth: 2}, nil)
		found := false
		for _, w := range c.want {
			found = found || r.BestMove == w
		}
		if !found {
			t.Errorf("%s %s: best %s (%+v), want one of %v", c.game, c.fen, r.BestMove, r.Score, c.want)
		}
	}
}

// TestAtomicMaterial: in atomic a capture's blast removes the pieces
// around it too, and the engine's material follows the board: after Nxd6
// the knight, the bishop and the knight, queen and rook around d6 are
// gone, and the count kept move by move equals one made afresh.
func TestAtomicMaterial(t *testing.T) {
	v, err := variant.Lookup("atomic")
	if err != nil {
		t.Fatal(err)
	}
	start, err := v.FromFEN("4k3/8/2qbr3/3n4/4N3/8/8/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	g, err := newFairyGame(v, start)
	if err != nil {
		t.Fatal(err)
	}
	a, err := start.Parse("e4d6")
	if err != nil {
		t.Fatal(err)
	}
	m, ok := g.native(a)
	if !ok {
		t.Fatal("e4d6 not legal")
	}
	g.Make(m)
	after, err := start.Play(a)
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := newFairyGame(v, after)
	if err != nil {
		t.Fatal(err)
	}
	if g.mat != fresh.mat || g.pieces != fresh.pieces || g.pieces != [2]int{1, 1} {
		t.Errorf("after Nxd6: material %v pieces %v, counted afresh %v %v, want a king each", g.mat, g.pieces, fresh.mat, fresh.pieces)
	}
}
