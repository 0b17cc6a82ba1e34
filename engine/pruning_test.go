package engine

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/baten-chess/baten/chess"
	"github.com/baten-chess/baten/shatranj"
)

// nullGame is an adapter the search may pass in, reset to a FEN.
type nullGame interface {
	nullMover
	reset0(fen string) error
	key() uint64
	actor() int
	moveTexts() []string
}

type chessNull struct{ chessGame }

func (g *chessNull) reset0(fen string) error { return resetFEN(&g.chessGame, Chess, fen) }
func (g *chessNull) key() uint64             { return g.Key() }
func (g *chessNull) actor() int              { return g.Actor() }
func (g *chessNull) moveTexts() []string {
	var out []string
	for _, m := range g.Moves(nil) {
		out = append(out, g.text(m))
	}
	slices.Sort(out)
	return out
}

type shatranjNull struct{ shatranjGame }

func (g *shatranjNull) reset0(fen string) error { return resetFEN(&g.shatranjGame, Shatranj, fen) }
func (g *shatranjNull) key() uint64             { return g.Key() }
func (g *shatranjNull) actor() int              { return g.Actor() }
func (g *shatranjNull) moveTexts() []string {
	var out []string
	for _, m := range g.Moves(nil) {
		out = append(out, g.text(m))
	}
	slices.Sort(out)
	return out
}

func newNullGame(variant string) nullGame {
	if variant == Chess {
		return &chessNull{}
	}
	return &shatranjNull{}
}

// flipTurn is fen with the other side to move and no en passant square:
// the position a pass leads to, written independently of MakeNull.
func flipTurn(fen string) string {
	f := strings.Fields(fen)
	if f[1] == "w" {
		f[1] = "b"
	} else {
		f[1] = "w"
	}
	f[3] = "-"
	return strings.Join(f, " ")
}

// TestNullSafe: the zugzwang guard. The search passes (and prunes on the
// static evaluation) only for a side with a piece that can lose a tempo at
// will: in chess anything but king and pawns, in shatranj a Rukh or a
// Faras (Ferz, Alfil and Baidaq endings are full of zugzwang).
func TestNullSafe(t *testing.T) {
	tests := []struct {
		variant, fen string
		want         bool
	}{
		{Chess, "", true},
		{Chess, "8/5k2/8/3p4/3P4/8/5K2/8 w - - 0 1", false},        // king and pawns
		{Chess, "8/5k2/8/3p4/3P4/8/5K2/8 b - - 0 1", false},        // the same, Black
		{Chess, "8/5k2/8/3p4/3P4/8/5K2/6N1 b - - 0 1", false},      // White's knight is not Black's
		{Chess, "8/5k2/8/3p4/3P4/8/5K2/6N1 w - - 0 1", true},       // a knight
		{Chess, "8/5k2/8/8/8/8/5K2/6B1 w - - 0 1", true},           // a bishop
		{Shatranj, shatranj.StartFEN, true},                        // the array
		{Shatranj, "4k3/8/8/3p4/3P4/8/4K3/2F2A2 w - - 0 1", false}, // Ferz, Alfil, Baidaq
		{Shatranj, "4k3/8/8/3p4/3P4/8/4K3/2F2A1N w - - 0 1", true}, // and a Faras
		{Shatranj, "4k3/8/8/3p4/3P4/8/4K3/R7 w - - 0 1", true},     // a Rukh
		{Shatranj, "r3k3/8/8/3p4/3P4/8/4K3/2F5 w - - 0 1", false},  // the Rukh is Black's
	}
	for _, tt := range tests {
		g := newNullGame(tt.variant)
		if err := g.reset0(tt.fen); err != nil {
			t.Fatalf("%s %q: %v", tt.variant, tt.fen, err)
		}
		if got := g.NullSafe(); got != tt.want {
			t.Errorf("%s %q: NullSafe = %v, want %v", tt.variant, tt.fen, got, tt.want)
		}
	}
}

// TestMakeNull: a pass gives the move to the other side, whose moves are
// those of the same position set up with it to move, and UnmakeNull
// restores the position; in check there is no pass.
func TestMakeNull(t *testing.T) {
	tests := []struct {
		variant, fen string
		inCheck      bool
	}{
		{Chess, "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3", false},
		{Chess, "rnbqkbnr/ppp1pppp/8/8/3pP3/5N2/PPPP1PPP/RNBQKB1R b KQkq e3 0 3", false}, // en passant cleared
		{Chess, "4k3/8/8/8/8/8/4r3/4K3 w - - 0 1", true},
		{Shatranj, shatranj.StartFEN, false},
		{Shatranj, "4k3/8/8/3p4/3P4/8/4K3/R7 b - - 3 30", false},
		{Shatranj, "4k3/8/8/8/8/8/8/r3K3 w - - 0 1", true},
	}
	for _, tt := range tests {
		g := newNullGame(tt.variant)
		if err := g.reset0(tt.fen); err != nil {
			t.Fatalf("%s %q: %v", tt.variant, tt.fen, err)
		}
		key, actor, moves := g.key(), g.actor(), g.moveTexts()
		if tt.inCheck {
			if g.MakeNull() {
				t.Errorf("%s %q: passed in check", tt.variant, tt.fen)
			}
			if g.key() != key || !slices.Equal(g.moveTexts(), moves) {
				t.Errorf("%s %q: a refused pass changed the position", tt.variant, tt.fen)
			}
			continue
		}
		if !g.MakeNull() {
			t.Fatalf("%s %q: MakeNull refused a pass out of check", tt.variant, tt.fen)
		}
		want := newNullGame(tt.variant)
		if err := want.reset0(flipTurn(tt.fen)); err != nil {
			t.Fatalf("%s: flipped %q: %v", tt.variant, tt.fen, err)
		}
		if g.actor() != 1-actor {
			t.Errorf("%s %q: actor after a pass %d, want %d", tt.variant, tt.fen, g.actor(), 1-actor)
		}
		if g.key() != want.key() {
			t.Errorf("%s %q: key after a pass %x, want the flipped position's %x", tt.variant, tt.fen, g.key(), want.key())
		}
		if got, w := g.moveTexts(), want.moveTexts(); !slices.Equal(got, w) {
			t.Errorf("%s %q: moves after a pass %v, want %v", tt.variant, tt.fen, got, w)
		}
		g.UnmakeNull()
		// The search passes at many nodes: a pass allocates nothing.
		if n := testing.AllocsPerRun(100, func() { g.MakeNull(); g.UnmakeNull() }); n != 0 {
			t.Errorf("%s %q: a pass allocates %v times", tt.variant, tt.fen, n)
		}
		if g.key() != key || g.actor() != actor || !slices.Equal(g.moveTexts(), moves) {
			t.Errorf("%s %q: UnmakeNull did not restore the position", tt.variant, tt.fen)
		}
	}
}

// TestNoForwardPruningInZugzwangGames: draughts (zugzwang is how most of
// its games are won) and Ban-Chess (a player moves and bans: a pass has no
// meaning) are searched without null moves or pruning on the evaluation.
func TestNoForwardPruningInZugzwangGames(t *testing.T) {
	for name, g := range map[string]any{"draughts": newDraughtsGame(), "banchess": &banGame{}} {
		if _, ok := g.(nullMover); ok {
			t.Errorf("%s: the search may pass", name)
		}
	}
	for name, g := range map[string]any{"chess": &chessGame{}, "shatranj": &shatranjGame{}} {
		if _, ok := g.(nullMover); !ok {
			t.Errorf("%s: the search may not pass", name)
		}
	}
}

// TestRefineEval: the forward pruning's evaluation takes the table's score
// only where its bound says the position is better or worse than the
// static evaluation, or its value is known, and never a mate score.
func TestRefineEval(t *testing.T) {
	tests := []struct {
		name    string
		eval    int
		ttScore int
		bound   uint8
		want    int
	}{
		{"no entry", 50, 300, boundNone, 50},
		{"exact below", 50, -20, boundExact, -20},
		{"exact above", 50, 120, boundExact, 120},
		{"lower bound above", 50, 120, boundLower, 120},
		{"lower bound below says nothing", 50, -20, boundLower, 50},
		{"upper bound below", 50, -20, boundUpper, -20},
		{"upper bound above says nothing", 50, 120, boundUpper, 50},
		{"mate found", 50, MateScore - 7, boundLower, 50},
		{"mated", 50, -MateScore + 7, boundExact, 50},
	}
	for _, tc := range tests {
		if got := refineEval(tc.eval, tc.ttScore, tc.bound); got != tc.want {
			t.Errorf("%s: refineEval(%d, %d, %d) = %d, want %d", tc.name, tc.eval, tc.ttScore, tc.bound, got, tc.want)
		}
	}
}

// chessNode is a Searcher over the chess position fen, ready for its
// node-level methods to be called as the search calls them.
func chessNode(t *testing.T, fen string) (*chessGame, *Searcher[chess.Move]) {
	t.Helper()
	var g chessGame
	if err := resetFEN(&g, Chess, fen); err != nil {
		t.Fatal(err)
	}
	s := NewSearcher[chess.Move](&g, 1)
	s.ctx = context.Background()
	return &g, s
}

// TestRazoring: near the leaves, a node whose evaluation is far below
// beta is cut with its quiescence score, unless a capture lifts that to
// beta; higher up, or not far enough below, it is searched.
func TestRazoring(t *testing.T) {
	// White's rook against Black's queen: no capture for White.
	const hopeless = "3qk3/pp6/8/8/8/8/PP6/R3K3 w - - 0 1"
	// The rook on d1, the king on h8: Rxd8+ wins the queen.
	const saved = "3q3k/pp6/8/8/8/8/PP6/3RK3 w - - 0 1"
	tests := []struct {
		name  string
		fen   string
		depth int
		above int // beta - (eval + razorMargin*depth)
		cut   bool
	}{
		{"far below at depth 1", hopeless, 1, 10, true},
		{"far below at depth 2", hopeless, 2, 10, true},
		{"a capture lifts it to beta", saved, 1, 10, false},
		{"not far enough below", hopeless, 1, -10, false},
		{"too far from the leaves", hopeless, razorDepth + 1, 10, false},
	}
	for _, tc := range tests {
		g, s := chessNode(t, tc.fen)
		eval := g.Evaluate()
		beta := eval + razorMargin*tc.depth + tc.above
		q := s.qsearch(0, 0, beta-1, beta)
		if tc.fen == saved && q < beta {
			t.Fatalf("%s: quiescence scores %d, below beta %d: the case tests nothing", tc.name, q, beta)
		}
		sc, ok := s.prune(tc.depth, 1, beta, g.Key(), false, false, eval, false)
		switch {
		case ok != tc.cut:
			t.Errorf("%s: cut %v (score %d), want %v", tc.name, ok, sc, tc.cut)
		case ok && (sc >= beta || sc != q):
			t.Errorf("%s: cut with %d, want the quiescence score %d below beta %d", tc.name, sc, q, beta)
		}
	}
}

// TestProbCut: a capture that wins more than the margin above beta, by
// its exchange value and by a reduced search, cuts the node and leaves
// the table a lower bound with the capture; a capture worth less than
// the margin is not searched, and a position without captures is not cut.
func TestProbCut(t *testing.T) {
	tests := []struct {
		name  string
		fen   string
		above int // beta - eval
		move  string
	}{
		{"a pawn takes the undefended queen", "4k3/8/8/3q4/4P3/8/8/Q3K3 w - - 0 1", 0, "e4d5"},
		{"the queen is worth less than the raised beta", "4k3/8/8/3q4/4P3/8/8/Q3K3 w - - 0 1", 800, ""},
		{"a pawn is worth less than the margin", "4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", 0, ""},
		// exd5+ uncovers the rook's check and attacks the queen: it wins
		// the queen, but its exchange value is a pawn's.
		{"searched only by the exchange value", "4k3/8/2q5/3p4/4P3/8/8/4R1K1 w - - 0 1", 0, ""},
		{"no capture", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", -500, ""},
	}
	for _, tc := range tests {
		g, s := chessNode(t, tc.fen)
		eval := g.Evaluate()
		beta := eval + tc.above
		const depth = probCutDepth
		sc, ok := s.probCut(depth, 1, beta, g.Key(), false, eval)
		if ok != (tc.move != "") {
			t.Errorf("%s: cut %v (score %d), want %v", tc.name, ok, sc, tc.move != "")
			continue
		}
		e, stored := s.tt.probe(g.Key())
		if !ok {
			if stored {
				t.Errorf("%s: no cut, but the table holds an entry", tc.name)
			}
			continue
		}
		if sc < beta+probCutMargin {
			t.Errorf("%s: cut with %d, below the raised beta %d", tc.name, sc, beta+probCutMargin)
		}
		if !stored || g.text(e.move) != tc.move || e.bound != boundLower || int(e.depth) != depth-probCutReduction+1 {
			t.Errorf("%s: table entry %s, bound %d, depth %d (stored %v), want %s, a lower bound (%d) at depth %d", tc.name, g.text(e.move), e.bound, e.depth, stored, tc.move, boundLower, depth-probCutReduction+1)
		}
	}
}

// TestFailLowKeepsMove: a node where every move fails low names no best
// move, so the table keeps the move it held for the node (here Qg4, which
// loses the queen to Bxg4; another move has the best of the failing
// bounds, so the test fails without the rule), and a node it knew
// nothing of gets no move.
func TestFailLowKeepsMove(t *testing.T) {
	const fen = "rnbqkbnr/ppp2ppp/8/3pp3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 3"
	const depth = 4 // deeper than razoring; far below alpha, no reverse futility or null move
	for _, known := range []bool{true, false} {
		g, s := chessNode(t, fen)
		if known {
			m, err := g.pos.ParseUCI("d1g4")
			if err != nil {
				t.Fatal(err)
			}
			s.tt.store(g.Key(), m, 0, 1, boundLower, false)
		}
		const alpha = 800
		if sc := s.negamax(depth, 1, alpha, alpha+1, false, false); sc > alpha {
			t.Fatalf("known %v: score %d, want a fail low at %d", known, sc, alpha)
		}
		want := depth
		if !known {
			want-- // internal iterative reduction: no table move
		}
		e, ok := s.tt.probe(g.Key())
		switch {
		case !ok || e.bound != boundUpper || int(e.depth) != want:
			t.Errorf("known %v: entry %+v (found %v), want an upper bound at depth %d", known, e, ok, want)
		case known && g.text(e.move) != "d1g4":
			t.Errorf("the entry's move is %s, want the known d1g4", g.text(e.move))
		case !known && e.move != s.noMove:
			t.Errorf("a new entry holds the move %s, want none", g.text(e.move))
		}
	}
}
