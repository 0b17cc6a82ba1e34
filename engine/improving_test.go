package engine

import (
	"testing"
	"time"
)

// A quiet middlegame position (no captures, no checks) for the node-level
// tests below.
const quietFEN = "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4"

// TestImproving: a node improves when its static evaluation is above the
// same side's two plies before, or four plies before when that node was in
// check, and counts as improving without either; a node in check has no
// evaluation.
func TestImproving(t *testing.T) {
	const fenInCheck = "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1"
	tests := []struct {
		name       string
		fen        string
		ply        int
		two, four  int // evals[ply-2], evals[ply-4] relative to the node's (noEval: none)
		improving  bool
		wantNoEval bool
	}{
		{"above two plies before", quietFEN, 4, -10, +50, true, false},
		{"below two plies before", quietFEN, 4, +10, -50, false, false},
		{"equal is not improving", quietFEN, 4, 0, -50, false, false},
		{"two plies before in check: four", quietFEN, 4, noEval, -10, true, false},
		{"two plies before in check: four, below", quietFEN, 4, noEval, +10, false, false},
		{"neither known", quietFEN, 4, noEval, noEval, true, false},
		{"near the root", quietFEN, 1, 0, 0, true, false},
		{"in check", fenInCheck, 4, -10, -10, false, true},
	}
	for _, tc := range tests {
		g, s := chessNode(t, tc.fen)
		e := g.Evaluate()
		rel := func(d int) int {
			if d == noEval {
				return noEval
			}
			return e + d
		}
		if tc.ply >= 4 {
			s.evals[tc.ply-4] = rel(tc.four)
		}
		if tc.ply >= 2 {
			s.evals[tc.ply-2] = rel(tc.two)
		}
		eval, improving := s.nodeEval(tc.ply, g.InCheck(), 0, boundNone)
		switch {
		case tc.wantNoEval && (eval != noEval || s.evals[tc.ply] != noEval):
			t.Errorf("%s: evaluation %d (recorded %d), want none", tc.name, eval, s.evals[tc.ply])
		case !tc.wantNoEval && (eval != e || s.evals[tc.ply] != e):
			t.Errorf("%s: evaluation %d (recorded %d), want %d", tc.name, eval, s.evals[tc.ply], e)
		case improving != tc.improving:
			t.Errorf("%s: improving %v, want %v", tc.name, improving, tc.improving)
		}
	}
	// The table's score refines the returned evaluation, not the recorded one.
	g, s := chessNode(t, quietFEN)
	e := g.Evaluate()
	if eval, _ := s.nodeEval(2, false, e+300, boundLower); eval != e+300 || s.evals[2] != e {
		t.Errorf("refined: evaluation %d, recorded %d; want %d and %d", eval, s.evals[2], e+300, e)
	}
}

// TestReverseFutility: at depths 1 and 2 (below null-move and razoring
// reach at these windows) a node is cut exactly when its evaluation less
// rfpMargin a ply, less rfpImproving when improving, is at or above beta.
func TestReverseFutility(t *testing.T) {
	for _, depth := range []int{1, 2} {
		for _, improving := range []bool{false, true} {
			margin := rfpMargin * depth
			if improving {
				margin -= rfpImproving
			}
			for _, above := range []int{0, 1} { // beta above eval - margin
				g, s := chessNode(t, quietFEN)
				eval := g.Evaluate()
				beta := eval - margin + above
				sc, ok := s.prune(depth, 1, beta, g.Key(), false, false, eval, improving)
				if want := above == 0; ok != want || ok && sc != eval {
					t.Errorf("depth %d, improving %v, beta %+d from the margin: cut %v with %d, want cut %v with %d",
						depth, improving, above, ok, sc, want, eval)
				}
			}
		}
	}
}

// TestFutile: a late quiet move is pruned when the evaluation and a margin
// growing with its reduced depth stay at or below alpha, never without an
// evaluation, beyond futilityDepth, or against a mate bound.
func TestFutile(t *testing.T) {
	const eval = 20
	at := func(d int) int { return eval + futilityBase + futilityMargin*d }
	tests := []struct {
		name             string
		eval, alpha, lmr int
		want             bool
	}{
		{"reaches alpha at depth 1", eval, at(1), 1, true},
		{"one short of alpha", eval, at(1) - 1, 1, false},
		{"far below at the deepest", eval, at(futilityDepth) + 500, futilityDepth, true},
		{"too deep", eval, at(futilityDepth+1) + 500, futilityDepth + 1, false},
		{"a negative depth counts as 0", eval, at(0), -2, true},
		{"no evaluation (in check)", noEval, 0, 1, false},
		{"alpha a mate score", eval, mateBound, 1, false},
	}
	for _, tc := range tests {
		if got := futile(tc.eval, tc.alpha, tc.lmr); got != tc.want {
			t.Errorf("%s: futile(%d, %d, %d) = %v, want %v", tc.name, tc.eval, tc.alpha, tc.lmr, got, tc.want)
		}
	}
}

// TestLateMovePruning: at a shallow non-PV node the quiet moves after the
// first lateMoves[improving][depth] are pruned; an improving node keeps
// more, a PV node and a deeper one keep them all, and a move that is not
// a late quiet one is never pruned.
func TestLateMovePruning(t *testing.T) {
	_, s := chessNode(t, quietFEN)
	for depth := 1; depth < len(lateMoves[0]); depth++ {
		for imp, improving := range []bool{false, true} {
			n := lateMoves[imp][depth]
			if s.reduction(depth, n-1, lmrNode{improving: improving}, true, 0) < 0 {
				t.Errorf("depth %d, improving %v: move %d pruned, want searched", depth, improving, n-1)
			}
			if s.reduction(depth, n, lmrNode{improving: improving}, true, 0) >= 0 {
				t.Errorf("depth %d, improving %v: move %d searched, want pruned", depth, improving, n)
			}
			if s.reduction(depth, n, lmrNode{pv: true, improving: improving}, true, 0) < 0 {
				t.Errorf("depth %d, improving %v: move %d pruned at a PV node", depth, improving, n)
			}
			if s.reduction(depth, n, lmrNode{improving: improving}, false, 0) != 0 {
				t.Errorf("depth %d, improving %v: move %d not quiet, reduced or pruned", depth, improving, n)
			}
		}
		if lateMoves[1][depth] <= lateMoves[0][depth] {
			t.Errorf("depth %d: an improving node keeps %d moves, not more than %d", depth, lateMoves[1][depth], lateMoves[0][depth])
		}
	}
	if d := len(lateMoves[0]); s.reduction(d, 60, lmrNode{}, true, 0) < 0 {
		t.Errorf("depth %d: pruned", d)
	}
	// Not improving reduces a ply more.
	if a, b := s.reduction(10, 20, lmrNode{}, true, 0), s.reduction(10, 20, lmrNode{improving: true}, true, 0); a != b+1 {
		t.Errorf("depth 10, move 20: reduced %d not improving, %d improving; want one more", a, b)
	}
}

// TestCutNodeReduction: an expected cut node and a table move that
// captures each reduce a late quiet move one ply more, from the second
// move on, and never below a ply's search.
func TestCutNodeReduction(t *testing.T) {
	_, s := chessNode(t, quietFEN)
	for _, c := range []struct {
		name string
		kind lmrNode
		more int
	}{
		{"cut node", lmrNode{cut: true}, 1},
		{"table capture", lmrNode{ttCapture: true}, 1},
		{"both", lmrNode{cut: true, ttCapture: true}, 2},
		{"both, improving", lmrNode{cut: true, ttCapture: true, improving: true}, 2},
	} {
		base := c.kind
		base.cut, base.ttCapture = false, false
		if a, b := s.reduction(12, 20, c.kind, true, 0), s.reduction(12, 20, base, true, 0); a != b+c.more {
			t.Errorf("%s: depth 12, move 20 reduced %d, %d otherwise; want %d more", c.name, a, b, c.more)
		}
		if got := s.reduction(8, 1, c.kind, true, 0); got != c.more {
			t.Errorf("%s: depth 8, second move reduced %d, want %d", c.name, got, c.more)
		}
		if got := s.reduction(12, 20, c.kind, false, 0); got != 0 {
			t.Errorf("%s: a move not quiet reduced %d", c.name, got)
		}
		for depth := 1; depth < 3; depth++ {
			if got := s.reduction(depth, 1, c.kind, true, 0); got != 0 {
				t.Errorf("%s: depth %d, second move reduced %d", c.name, depth, got)
			}
		}
		for depth := 3; depth < 40; depth++ {
			for i := 1; i < 70; i++ {
				if got := s.reduction(depth, i, c.kind, true, -1<<16); got > depth-2 {
					t.Errorf("%s: depth %d, move %d reduced %d, past a ply's search", c.name, depth, i, got)
				}
			}
		}
	}
	// A good history takes reductions away but not the cut node's ply.
	if got := s.reduction(12, 20, lmrNode{cut: true}, true, 1<<16); got != 1 {
		t.Errorf("a cut node's move of the best history reduced %d, want 1", got)
	}
}

// TestSoftScale: the soft limit stretches while the best move changes and
// when the score drops, shrinks as the move holds, and scales only a
// clock's limit: a movetime is thought to the end.
func TestSoftScale(t *testing.T) {
	for stable := 1; stable < len(stabilityScale)+2; stable++ {
		if softScale(stable, false) > softScale(stable-1, false) {
			t.Errorf("stable %d: scale %v above %v at %d", stable, softScale(stable, false), softScale(stable-1, false), stable-1)
		}
	}
	if softScale(0, false) <= 1 || softScale(10, false) >= 1 {
		t.Errorf("scales %v (changed) and %v (held): want above and below 1", softScale(0, false), softScale(10, false))
	}
	if softScale(3, true) <= softScale(3, false) {
		t.Errorf("a drop does not stretch: %v, %v", softScale(3, true), softScale(3, false))
	}
	for _, c := range []struct {
		name   string
		limits Limits
		out    bool // after 60 ms, with the soft limit scaled by a half
	}{
		{"clock", Limits{WTime: 4 * time.Second}, true},
		{"movetime", Limits{MoveTime: 200 * time.Millisecond}, false},
	} {
		_, s := chessNode(t, quietFEN)
		s.limits = c.limits
		s.setTime()
		s.soft = 100 * time.Millisecond
		s.start = time.Now().Add(-60 * time.Millisecond)
		if got := s.outOfSoftTime(0.5); got != c.out {
			t.Errorf("%s: out of soft time %v, want %v", c.name, got, c.out)
		}
	}
}

// TestQuiescenceTable: quiescence returns a table entry that decides the
// node, stores its own result at depth 0, and never overwrites a deeper
// entry of the current search for another state.
func TestQuiescenceTable(t *testing.T) {
	g, s := chessNode(t, quietFEN)
	e := g.Evaluate()
	// A fresh node: stand pat (no capture wins material), stored exactly.
	if sc := s.qsearch(1, 0, e-50, e+50); sc != e {
		t.Fatalf("quiescence %d, want the evaluation %d", sc, e)
	}
	if en, ok := s.tt.probe(g.Key()); !ok || en.depth != 0 || en.bound != boundExact || int(en.score) != e {
		t.Errorf("stored %+v (found %v), want %d exact at depth 0", en, ok, e)
	}
	// An entry that decides the window is returned as it is.
	s.tt.store(g.Key(), s.noMove, e+400, 3, boundLower, false)
	if sc := s.qsearch(1, 0, e-50, e+50); sc != e+400 {
		t.Errorf("with a lower bound %d above beta: %d", e+400, sc)
	}
	// The shallow store leaves a deeper entry for another state alone...
	other := g.Key() ^ (s.tt.mask + 1) // the same slot
	s.tt.store(other, s.noMove, 77, 5, boundExact, false)
	s.tt.storeShallow(g.Key(), 11, boundUpper)
	if en, ok := s.tt.probe(other); !ok || en.score != 77 {
		t.Errorf("the deeper entry was overwritten: %+v", en)
	}
	// ...but not one of an earlier search.
	s.tt.age++
	s.tt.storeShallow(g.Key(), 11, boundUpper)
	if en, ok := s.tt.probe(g.Key()); !ok || en.score != 11 || en.depth != 0 {
		t.Errorf("an old entry kept: %+v (found %v)", en, ok)
	}
}
