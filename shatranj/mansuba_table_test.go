package shatranj

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
	"time"
)

// TestEndgameTableFerzFerz builds K+F v K+F and checks the two long
// endings: as-Suli's Diamond (a win in 40 plies, 20 moves) and Tromp's
// Rough Diamond (54 plies: the capture on ply 53, the bare king decided on
// ply 54), which is the longest win with concordant Ferzes.
func TestEndgameTableFerzFerz(t *testing.T) {
	start := time.Now()
	e, err := BuildEndgameTable(context.Background(), Ferz, Ferz)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("built in %v; longest: %d plies", time.Since(start), e.MaxPlies())
	cases := []struct {
		fen   string
		plies int
	}{
		{"8/8/8/3k4/8/1KQ5/8/q7 w - - 0 1", 40},
		{"3Q3k/8/8/K7/8/8/8/q7 w - - 0 1", 54},
	}
	for _, c := range cases {
		p := mustPos(t, c.fen)
		plies, win, draw, err := e.Probe(&p)
		if err != nil || !win || draw || plies != c.plies {
			t.Errorf("%s: %d %v %v %v, want a win in %d plies", c.fen, plies, win, draw, err, c.plies)
		}
	}
	longest := 0
	for i, v := range e.val {
		q := e.decode(i)
		if v > 0 && squareColor(q.x[White]) == squareColor(q.x[Black]) && int(v)-1 > longest {
			longest = int(v) - 1
		}
	}
	if longest != 54 {
		t.Errorf("longest win with concordant Ferzes: %d plies, want 54", longest)
	}
	p := mustPos(t, "8/8/8/3k4/8/1KQ5/8/r7 w - - 0 1")
	if _, _, _, err := e.Probe(&p); !errors.Is(err, ErrNotInTable) {
		t.Errorf("K+F v K+R probed in K+F v K+F: %v", err)
	}
	if _, err := BuildEndgameTable(context.Background(), Baidaq, Ferz); err == nil {
		t.Error("a table with a Baidaq was built")
	}
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := BuildEndgameTable(cancelled, Rukh, Faras); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled build: %v", err)
	}
}

func squareColor(s Square) int { return (int(s)&7 + int(s)>>3) & 1 }

// TestEndgameTableAgainstSearch compares the tables of K+R v K+N and
// K+A v K+F with the proof search (tables off) on random positions: the
// table's win within n moves must agree with the search for n ≤ 3.
func TestEndgameTableAgainstSearch(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pairs := [][2]PieceType{{Rukh, Faras}, {Alfil, Ferz}}
	search := NewSolver()
	search.NoTables = true
	for _, pr := range pairs {
		e, err := BuildEndgameTable(context.Background(), pr[0], pr[1])
		if err != nil {
			t.Fatal(err)
		}
		checked, wins := 0, 0
		for checked < 300 {
			var s Setup
			sq := rng.Perm(64)
			s.Board[sq[0]] = MakePiece(White, Shah)
			s.Board[sq[1]] = MakePiece(White, pr[0])
			s.Board[sq[2]] = MakePiece(Black, Shah)
			s.Board[sq[3]] = MakePiece(Black, pr[1])
			s.Turn = Color(rng.IntN(2))
			s.Fullmove = 1
			p, err := NewPosition(s)
			if err != nil {
				continue
			}
			if _, over := p.Outcome(); over {
				continue
			}
			checked++
			plies, win, _, err := e.Probe(&p)
			if err != nil {
				t.Fatal(err)
			}
			for n := 1; n <= 3; n++ {
				want := win && (plies+1)/2 <= n
				got, err := search.WinsWithin(context.Background(), p, n)
				if err != nil {
					t.Fatal(err)
				}
				if got != want {
					t.Fatalf("%s: search says win within %d = %v, table %d plies win %v", p.FEN(), n, got, plies, win)
				}
				if got {
					wins++
				}
			}
		}
		t.Logf("K+%v v K+%v: %d positions, %d wins within 3", pr[0], pr[1], checked, wins)
	}
}
