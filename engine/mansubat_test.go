package engine

import (
	"context"
	"testing"

	"github.com/baten-chess/baten/shatranj"
)

// mansubat from ../shared/data/shatranj/mansubat.md (Fairy-Stockfish
// letters: Q Ferz, B Alfil), each a forced win in Moves moves.
var mansubat = []struct {
	name   string
	fen    string
	moves  int
	first  string // the published (and Fairy-Stockfish's) first move
	checks bool   // a win by checks, which shatranj.SolveCheckingMate proves
}{
	{"al-Adli mate in 5", "6k1/5R2/7R/4N1Q1/8/1qn5/r2r4/2K5 w - - 0 1", 5, "h6g6", true},
	{"Dilaram's mate in 6", "1r4k1/8/5PP1/8/K1n3NR/7B/1r6/7R w - - 0 1", 6, "h4h8", true},
	{"Dilaram's Legacy mate in 8", "rnb1kbnr/p2ppppp/1pp5/4NN2/2Q5/2K1B3/8/8 w - - 0 1", 8, "f5g7", true},
	// A quiet win of K+F v K+F: its length and key are Fairy-Stockfish's
	// and package shatranj's endgame table's (TestEndgameTableFerzFerz, 40
	// plies to the decided bare king); 1.Kb4 is the only move winning in 20
	// (1.Kc2 takes 21), so the engine must announce exactly that.
	{"as-Suli's Diamond bare king in 20", "8/8/8/3k4/8/1KQ5/8/q7 w - - 0 1", 20, "b3b4", false},
}

// winsByChecks reports, with shatranj.SolveCheckingMate (the package's own
// solver, independent of the engine), whether the UCI move first wins
// within n moves: it must check, and after every reply a checking win in
// n-1 moves must remain.
func winsByChecks(t *testing.T, p shatranj.Position, first string, n int) bool {
	t.Helper()
	m, err := shatranj.ParseMove(&p, first)
	if err != nil {
		t.Fatalf("%s: %v", first, err)
	}
	q := p.Play(m)
	if o, over := q.Outcome(); over {
		return !o.Draw && o.Winner == p.Turn()
	}
	if !q.InCheck() || n == 1 {
		return false
	}
	var ml shatranj.MoveList
	q.LegalMoves(&ml)
	for _, r := range ml.Slice() {
		after := q.Play(r)
		if _, _, ok := shatranj.SolveCheckingMate(&after, n-1); !ok {
			return false
		}
	}
	return true
}

// TestMansubat: for a win by checks the solver confirms each stated
// length and first move; the engine, searching until it announces a win,
// must announce one within the stated length, and its first move must win
// within it (checked by the solver). The quiet K+F v K+F win is the
// engine's endgame table's: announced exactly, with the key, at depth 1.
func TestMansubat(t *testing.T) {
	for _, c := range mansubat {
		t.Run(c.name, func(t *testing.T) {
			p, err := shatranj.ParsePosition(c.fen)
			if err != nil {
				t.Fatal(err)
			}
			if c.checks {
				n, _, ok := shatranj.SolveCheckingMate(&p, c.moves)
				if !ok || n != c.moves {
					t.Fatalf("solver: win in %d (ok %v), want %d", n, ok, c.moves)
				}
				if !winsByChecks(t, p, c.first, c.moves) {
					t.Fatalf("published first move %s does not win in %d", c.first, c.moves)
				}
			}
			e, err := newEngine(Shatranj, Options{HashMB: 32})
			if err != nil {
				t.Fatal(err)
			}
			if err := e.SetPositionText(c.fen, nil); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			announced := 0 // the depth of the first win announced
			r, err := e.Search(ctx, Limits{Depth: 2*c.moves + 1}, func(i Info) {
				if i.Score.Mate > 0 && i.Score.Mate <= c.moves && announced == 0 {
					announced = i.Depth
					cancel() // stop here
				}
			})
			if err != nil {
				t.Fatal(err)
			}
			if r.Score.Mate <= 0 || r.Score.Mate > c.moves {
				t.Fatalf("engine: %v at depth %d, want a win within %d", r.Score, r.Depth, c.moves)
			}
			switch {
			case c.checks && !winsByChecks(t, p, r.BestMove, c.moves):
				t.Errorf("engine's %s does not win within %d", r.BestMove, c.moves)
			case !c.checks && (r.Score.Mate != c.moves || r.BestMove != c.first || announced != 1):
				t.Errorf("engine: %s %v announced at depth %d, want %s mate %d at depth 1", r.BestMove, r.Score, announced, c.first, c.moves)
			}
			t.Logf("%s: mate %d announced at depth %d, %d nodes, pv %v", c.name, r.Score.Mate, announced, r.Nodes, r.PV)
		})
	}
}
