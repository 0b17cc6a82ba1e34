package engine

import (
	"context"
	"slices"
	"testing"

	"github.com/baten-chess/baten/fairy"
	"github.com/baten-chess/baten/internal/race"
)

// fairyOf is the fast adapter of the engine e at its current position.
func fairyOf(t *testing.T, e *Engine) *fairyGame {
	t.Helper()
	return e.r.(*driver[fairy.Move]).g.(*fairyGame)
}

// fairyAt is the fast adapter of name at fen.
func fairyAt(t *testing.T, name, fen string) *fairyGame {
	t.Helper()
	e := fastEngine(t, name)
	if err := e.SetPositionText(fen, nil); err != nil {
		t.Fatal(err)
	}
	return fairyOf(t, e)
}

// TestFairyNullMove: the fast adapter passes out of check and not in
// check; UnmakeNull gives the position back; the games whose rules make
// passing no bound refuse (antichess, compulsory captures, games won by
// running the opponent out of moves), races, check counts and blasts
// pass; NullSafe asks for a piece besides the king and pawns.
func TestFairyNullMove(t *testing.T) {
	g := fairyAt(t, "capablanca", "4k5/10/10/4r5/10/10/10/4K5 w - - 0 1")
	if g.MakeNull() {
		t.Fatal("a null move in check")
	}
	g = fairyAt(t, "capablanca", "4k5/4p5/10/10/10/10/4P5/4K5 w - - 0 1")
	if g.NullSafe() {
		t.Error("king and pawn: NullSafe")
	}
	key, n := g.Key(), g.n
	if !g.MakeNull() || g.Actor() != 1 || g.Key() == key {
		t.Fatal("no null move out of check")
	}
	if g.MakeNull(); g.Actor() != 0 || g.n != n+2 {
		t.Fatal("two null moves")
	}
	g.UnmakeNull()
	g.UnmakeNull()
	if g.Key() != key || g.n != n || g.Actor() != 0 {
		t.Fatal("UnmakeNull does not restore the position")
	}
	if g := fairyAt(t, "capablanca", "4k5/4p5/10/10/10/10/4P5/3CK5 w - - 0 1"); !g.NullSafe() {
		t.Error("a chancellor: not NullSafe")
	}
	games := map[string]bool{"antichess": false, "giveaway": false, "losers": false, "clobber": false, "amazons": false,
		"racingkings": true, "3check": true, "atomic": true, "duck": true, "makruk": true, "grasshopper": true}
	if testing.Short() || race.Enabled {
		games = map[string]bool{"antichess": false, "clobber": false, "racingkings": true, "atomic": true}
	}
	for name, want := range games {
		e := fastEngine(t, name)
		if got := fairyOf(t, e).MakeNull(); got != want {
			t.Errorf("%s: MakeNull at the start %v, want %v", name, got, want)
		}
	}
}

// TestFairyExchange: the adapter's Exchange and its quiescence moves. A
// rook taking a defended pawn loses, a pawn taking it trades evenly;
// quiescence looks at the even trade only in its first plies (evasions)
// and never at the losing capture.
func TestFairyExchange(t *testing.T) {
	for _, tc := range []struct {
		fen, move string
		loses     bool
	}{
		{"4k5/10/10/3p6/4p5/3P6/10/R4K4 w - - 0 1", "d3e4", false},
		{"4k5/10/10/3p6/4p5/10/10/4RK4 w - - 0 1", "e1e4", true},
	} {
		g := fairyAt(t, "capablanca", tc.fen)
		pawn, _ := g.rv.KindByLetter('P')
		rook, _ := g.rv.KindByLetter('R')
		want := 0
		if tc.loses {
			want = g.values[pawn] - g.values[rook]
		}
		i := slices.IndexFunc(g.legal(), func(m fairy.Move) bool { return g.text(m) == tc.move })
		if i < 0 {
			t.Fatalf("%s not legal", tc.move)
		}
		if got := g.Exchange(g.legal()[i]); got != want {
			t.Errorf("%s %s: Exchange %d, want %d", tc.fen, tc.move, got, want)
		}
		for _, evasions := range []bool{true, false} {
			var got []string
			for _, m := range g.Tactical(nil, evasions) {
				got = append(got, g.text(m))
			}
			if slices.Contains(got, tc.move) != (evasions && !tc.loses) {
				t.Errorf("%s: Tactical(%v) = %v", tc.fen, evasions, got)
			}
		}
	}
}

// TestFairyPieceTo: every start move of the games of the largest boards
// and most kinds, and of the duck's walls, maps into PieceToSize.
func TestFairyPieceTo(t *testing.T) {
	for _, name := range []string{"capablanca", "grand", "shako", "courier", "tencubed", "opulent", "duck", "amazons"} {
		g := fairyOf(t, fastEngine(t, name))
		for _, m := range g.legal() {
			if i := g.PieceTo(m); i < 0 || i >= PieceToSize {
				t.Fatalf("%s: PieceTo(%s) = %d", name, g.text(m), i)
			}
		}
	}
}

// TestGrasshopperQuiescence: in a middlegame of sixteen grasshoppers face
// to face, the search to depth 4 takes some 31,000 nodes (at most 60,000;
// depth 2 with -short, none under -race). Following every even exchange of the
// hoppers took 318,592 nodes before depth 1, and every exchange but the
// losing ones 175,000 nodes to depth 4.
func TestGrasshopperQuiescence(t *testing.T) {
	if race.Enabled {
		t.Skip("a search of 30,000 nodes takes half a minute under -race; it is single-threaded, so the plain run checks it")
	}
	e := fastEngine(t, "grasshopper")
	if err := e.SetPositionText("rnbqkbnr/g3gggg/1ppppppp/pggg4/GGGG4/PPPPPPPP/4GGGG/RNBQKBNR w KQkq - 6 5", nil); err != nil {
		t.Fatal(err)
	}
	depth := 4
	if testing.Short() {
		depth = 2
	}
	r, err := e.Search(context.Background(), Limits{Depth: depth}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.Nodes > 60000 {
		t.Errorf("depth %d in %d nodes", depth, r.Nodes)
	}
}
