package shatranj

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/baten-chess/baten/internal/race"
)

// longProofs reports whether the slow proof (no win within 7 for
// Dilaram's Legacy, half a minute on one core) runs: in the plain run,
// not with -short or under the race detector.
func longProofs() bool { return !testing.Short() && !race.Enabled }

// TestMansubat solves every problem of Mansubat and checks the stated
// result: the shortest win has exactly the stated length (a shorter one
// would mean the data is wrong), it ends as stated, and every attacker
// move of the stated line keeps a win within the moves that remain.
func TestMansubat(t *testing.T) {
	s := NewSolver()
	ctx := context.Background()
	for _, mb := range Mansubat {
		t.Run(mb.Name, func(t *testing.T) {
			p := mustPos(t, mb.FEN)
			start := time.Now()
			var sol Solution
			var err error
			if mb.Name == "Dilaram's Legacy" && !longProofs() {
				// The full-width proof that no win in 7 exists is left to
				// the plain run (see longProofs). Here: no win within 6
				// (full width), no checking win within 7, a win within 8,
				// and the stated line.
				if _, err := s.Solve(ctx, p, 6); !errors.Is(err, ErrNoWin) {
					t.Fatalf("a win within 6 (err %v)", err)
				}
				if n, _, ok := SolveCheckingMate(&p, 7); ok {
					t.Fatalf("a checking win in %d", n)
				}
				if ok, err := s.WinsWithin(ctx, p, mb.Moves); !ok || err != nil {
					t.Fatalf("no win within %d: %v", mb.Moves, err)
				}
				stated, err := ParseLine(p, mb.Line)
				if err != nil {
					t.Fatal(err)
				}
				checkLine(t, s, p, stated, mb.Moves, true)
				t.Logf("no win within 6, no checking win within 7, stated line wins in 8: %v", time.Since(start))
				return
			}
			sol, err = s.Solve(ctx, p, mb.Moves)
			if err != nil {
				t.Fatalf("no win within %d: %v", mb.Moves, err)
			}
			if sol.Moves != mb.Moves {
				t.Errorf("shortest win in %d, stated %d: the data is wrong", sol.Moves, mb.Moves)
			}
			if sol.Result.Reason != mb.Result || sol.Result.Winner != p.Turn() {
				t.Errorf("main line ends in %v, stated %v", sol.Result, mb.Result)
			}
			checkLine(t, s, p, sol.Line, mb.Moves, true)
			stated, err := ParseLine(p, mb.Line)
			if err != nil {
				t.Fatal(err)
			}
			checkLine(t, s, p, stated, mb.Moves, false)
			t.Logf("%d moves (%v), table %v, %d nodes, %v", sol.Moves, sol.Result, sol.Table, sol.Nodes, time.Since(start))
		})
	}
}

// checkLine verifies a line of play from p: each attacker move keeps a
// win within the moves that remain (so the first stated move is a winning
// first move); a complete line must end in the attacker's win.
func checkLine(t *testing.T, s *Solver, p Position, line []Move, moves int, complete bool) {
	t.Helper()
	us := p.Turn()
	for i, m := range line {
		if !p.IsLegal(m) {
			t.Fatalf("ply %d: %v is illegal", i+1, m)
		}
		if i%2 == 0 {
			left := moves - i/2
			if !keepsWin(s, &p, m, left) {
				t.Fatalf("ply %d: %s does not win within %d moves", i+1, SAN(&p, m), left)
			}
		}
		p = p.Play(m)
	}
	if complete {
		if o, over := p.Outcome(); !over || !attackerWon(o, us) {
			t.Errorf("the line does not end in a win: %v %v", o, over)
		}
	}
}

// keepsWin reports whether the attacker's move m in p wins within n moves.
func keepsWin(s *Solver, p *Position, m Move, n int) bool {
	c := p.Play(m)
	if o, over := c.Outcome(); over {
		return attackerWon(o, p.Turn())
	}
	s.ctx = context.Background()
	defer func() { s.ctx = nil }()
	if e, ok := s.table(&c); ok {
		plies, win, _, _ := e.Probe(&c)
		return !win && (plies+2)/2 <= n // the defender loses plies after m
	}
	return s.defenderLoses(&c, c.Key(), p.Turn(), n-1)
}

// TestDilaramNotInFive checks the refutation of the popular mate in 5:
// after 1.Rh8+ Kxh8 2.Bf5+ the interposition 2...Rh2 leaves no mate in the
// 3 moves that remain.
func TestDilaramNotInFive(t *testing.T) {
	p := mustPos(t, "1r4k1/8/5PP1/8/K1n3NR/7B/1r6/7R w - - 0 1")
	line, err := ParseLine(p, "1.Rh8+ Kxh8 2.Bf5+ Rh2")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range line {
		p = p.Play(m)
	}
	s := NewSolver()
	if ok, err := s.WinsWithin(context.Background(), p, 3); err != nil || ok {
		t.Errorf("a win within 3 after 2...Rh2: %v %v", ok, err)
	}
	if ok, _ := s.WinsWithin(context.Background(), p, 4); !ok {
		t.Error("no win within 4 after 2...Rh2")
	}
}

// TestSolveErrors covers bad input and a finished game.
func TestSolveErrors(t *testing.T) {
	ctx := context.Background()
	p := mustPos(t, "6k1/5R2/7R/4N1Q1/8/1qn5/r2r4/2K5 w - - 0 1")
	for _, n := range []int{0, -1, maxSolve + 1} {
		if _, err := Solve(ctx, p, n); err == nil {
			t.Errorf("limit %d accepted", n)
		}
	}
	if _, err := Solve(ctx, p, 4); !errors.Is(err, ErrNoWin) {
		t.Errorf("mate in 5 solved within 4: %v", err)
	}
	over := mustPos(t, "8/8/8/3k4/8/8/8/R2K4 w - - 0 1") // Black's bare king, decided
	if _, err := Solve(ctx, over, 3); !errors.Is(err, ErrGameOver) {
		t.Errorf("finished game: %v", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := Solve(cancelled, mustPos(t, "rnb1kbnr/p2ppppp/1pp5/4NN2/2Q5/2K1B3/8/8 w - - 0 1"), 8); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled search: %v", err)
	}
}

// TestSolveSimpleWins: a mate in 1, a stalemate win and a bare-king win
// by capture, found by the search with the tables turned off.
func TestSolveSimpleWins(t *testing.T) {
	cases := []struct {
		fen    string
		moves  int
		reason Reason
	}{
		{"6k1/8/6K1/8/8/1p6/1P6/R7 w - - 0 1", 1, Checkmate}, // 1.Ra8#
		{"k7/2K4p/7P/2Q5/8/8/8/8 w - - 0 1", 1, Stalemate},   // 1.Fb6: stalemate is a win
		{"8/8/8/3k4/8/8/2r5/2RK4 w - - 0 1", 1, BareKing},    // 1.Rxc2 (or Kxc2)
	}
	s := NewSolver()
	s.NoTables = true
	for _, c := range cases {
		sol, err := s.Solve(context.Background(), mustPos(t, c.fen), 3)
		if err != nil || sol.Moves != c.moves || sol.Result.Reason != c.reason {
			t.Errorf("%s: %+v %v, want %v in %d", c.fen, sol, err, c.reason, c.moves)
		}
	}
}
