package variant

import (
	"slices"
	"testing"
)

// TestGoalsAndChecks: the board's accessors, king of the hill's hill and
// breakthrough's two regions; three-check's counter after a check, from
// Black's side too; none for chess.
func TestGoalsAndChecks(t *testing.T) {
	koth, _ := Lookup("kingofthehill")
	g, ok := koth.Goals()
	hill := []string{"d4", "e4", "d5", "e5"}
	if !ok || !slices.Equal(g[White].Squares, hill) || !slices.Equal(g[Black].Squares, hill) || g[White].Piece != "king" || g[Black].Count != 1 {
		t.Errorf("kingofthehill: goals %+v %v", g, ok)
	}
	bt, _ := Lookup("breakthrough")
	if g, ok := bt.Goals(); !ok || g[White].Squares[0] != "a8" || g[Black].Squares[0] != "a1" {
		t.Errorf("breakthrough: goals %+v %v", g, ok)
	}
	chess, _ := Lookup("chess")
	if g, ok := chess.Goals(); ok {
		t.Errorf("chess: goals %+v", g)
	}
	if c, ok := ChecksOf(chess.Start()); ok {
		t.Errorf("chess: checks %+v", c)
	}

	three, _ := Lookup("3check")
	p, err := three.FromFEN("4k3/8/8/8/8/8/8/R3K3 b - - 3+2 0 1")
	if err != nil {
		t.Fatal(err)
	}
	c, ok := ChecksOf(p)
	if want := [2]CheckCount{{0, 3}, {1, 3}}; !ok || c != want {
		t.Errorf("3check 3+2: checks %+v %v, want %+v", c, ok, want)
	}
	a, err := p.Parse("e8d7")
	if err != nil {
		t.Fatal(err)
	}
	if p, err = p.Play(a); err != nil {
		t.Fatal(err)
	}
	if a, err = p.Parse("a1a7"); err != nil {
		t.Fatal(err)
	}
	if p, err = p.Play(a); err != nil {
		t.Fatal(err)
	}
	if c, _ := ChecksOf(p); c[White].Given != 1 || c[Black].Given != 1 {
		t.Errorf("after Ra7+: checks %+v, want one each", c)
	}
}
