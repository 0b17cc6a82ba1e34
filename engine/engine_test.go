package engine

import (
	"context"
	"errors"
	"fmt"
	"github.com/baten-chess/baten/variant"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/baten-chess/baten/banchess"
)

// TestDeterministic: two fresh engines given the same position, history and
// depth or node limit return the same move, score, node count and line.
func TestDeterministic(t *testing.T) {
	cases := []struct {
		variant string
		fen     string
		moves   []string
		limits  Limits
	}{
		{Chess, "", []string{"e2e4", "e7e5", "g1f3"}, Limits{Depth: 6}},
		{Chess, "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", nil, Limits{Nodes: 20000}},
		{Chess960, "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", nil, Limits{Depth: 5}},
		{Shatranj, "", []string{"e2e3"}, Limits{Depth: 6}},
		{BanChess, "", []string{"e2e4", "d2d4"}, Limits{Depth: 5}},
		{Draughts, "", []string{"11-15"}, Limits{Depth: 9}},
		{Draughts, "", nil, Limits{Nodes: 5000}},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s/%v", c.variant, c.limits), func(t *testing.T) {
			var results [2]Result
			for i := range results {
				e, err := newEngine(c.variant, Options{HashMB: 2})
				if err != nil {
					t.Fatal(err)
				}
				if err := e.SetPositionText(c.fen, c.moves); err != nil {
					t.Fatal(err)
				}
				r, err := e.Search(context.Background(), c.limits, nil)
				if err != nil {
					t.Fatal(err)
				}
				r.Time = 0
				results[i] = r
			}
			a, b := results[0], results[1]
			if a.BestMove == "" || a.BestMove != b.BestMove || a.Score != b.Score || a.Nodes != b.Nodes || !slices.Equal(a.PV, b.PV) {
				t.Errorf("runs differ:\n%+v\n%+v", a, b)
			}
			if c.limits.Nodes > 0 && a.Nodes > c.limits.Nodes+1 && a.Depth > 1 {
				t.Errorf("%d nodes searched, limit %d", a.Nodes, c.limits.Nodes)
			}
		})
	}
}

// TestRepetitionFromHistory: the moves given to SetPosition count for
// repetition. After Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1, Black's Ng8 repeats the
// start a third time; in a lost position the engine takes that draw.
func TestRepetitionFromHistory(t *testing.T) {
	// Black is a queen down; White shuffles Nb1/c3, Black Ng8/f6.
	fen := "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	moves := []string{"g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"}
	e, err := newEngine(Chess, Options{HashMB: 2})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.SetPositionText(fen, moves); err != nil {
		t.Fatal(err)
	}
	r, err := e.Search(context.Background(), Limits{Depth: 4}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if r.BestMove != "f6g8" || r.Score != (Score{}) {
		t.Errorf("got %s %v, want the repetition f6g8 scored 0", r.BestMove, r.Score)
	}
}

// TestTerminalRules: each variant's own end rules, seen from the root.
func TestTerminalRules(t *testing.T) {
	cases := []struct {
		name, variant, fen string
		depth              int
		wantMove           string // "" for no move
		want               Score
	}{
		{"chess stalemate is a draw", Chess, "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", 3, "", Score{}},
		{"chess avoids stalemating", Chess, "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", 3, "", Score{Mate: 1}},
		{"shatranj stalemate wins", Shatranj, "k7/2K5/8/4N3/8/7p/7P/8 w - - 0 1", 3, "e5c6", Score{Mate: 1}},
		{"shatranj bared side to move loses", Shatranj, "4k3/8/8/8/8/8/8/3RK2R b - - 0 1", 3, "", Score{}},
		{"shatranj counter-bare draw", Shatranj, "8/8/8/8/8/4K3/k7/1R6 b - - 0 1", 3, "a2b1", Score{}},
		{"draughts no moves loses", Draughts, "B:W9,14:B5", 3, "", Score{}},
		{"draughts forced capture", Draughts, "B:W18:B14,1", 1, "14x23", Score{}},
		{"banchess ban the only escape", BanChess, "7k/8/5K2/8/8/8/8/R7 w - - 0 1 2", 3, "", Score{Mate: 1}},
		// Wins and losses in one action are never "mate 0", which reads as
		// a draw: the bared Shah loses by its move, the banner of the
		// checked king's last move wins by its ban.
		{"shatranj bared Shah loses by moving", Shatranj, "k7/8/8/8/8/4K3/8/7R b - - 0 1", 1, "", Score{Mate: -1}},
		{"banchess the ban mates", BanChess, "R6k/8/5K2/8/8/8/8/8 b - - 0 1", 1, "h8h7", Score{Mate: 1}},
		{"banchess banner chooses a ban", BanChess, "", 1, "", Score{}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e, r := searchFEN(t, c.variant, c.fen, Limits{Depth: c.depth})
			if c.wantMove != "" && r.BestMove != c.wantMove {
				t.Errorf("best move %q, want %q", r.BestMove, c.wantMove)
			}
			if c.want != (Score{}) && r.Score != c.want {
				t.Errorf("score %v, want %v", r.Score, c.want)
			}
			if c.name == "chess stalemate is a draw" || c.name == "shatranj bared side to move loses" || c.name == "draughts no moves loses" {
				if r.BestMove != "" {
					t.Errorf("a finished game gave the move %q", r.BestMove)
				}
				if _, err := e.BestMove(context.Background(), Limits{Depth: 1}); !errors.Is(err, ErrGameOver) {
					t.Errorf("BestMove error %v, want ErrGameOver", err)
				}
			}
			if c.name == "shatranj counter-bare draw" && r.Score.Mate != 0 {
				t.Errorf("score %v, want a draw", r.Score)
			}
			if c.name == "banchess banner chooses a ban" {
				legal := e.LegalMoves()
				if len(legal) != 20 || !slices.Contains(legal, r.BestMove) {
					t.Errorf("ban %q not among Black's 20 bans %v", r.BestMove, legal)
				}
			}
		})
	}
}

// TestEndsAtTheHorizon: a game end one ply from the root is scored
// exactly at depth 1, where the position after the move is left to
// quiescence, even when the side to move there could stand pat.
func TestEndsAtTheHorizon(t *testing.T) {
	cases := []struct {
		name, variant, fen string
		move               string // the move to play, "" if any
		avoid              string // a move not to play, "" if none
		score              string // the score as UCI prints it, "" if any
	}{
		{"shatranj bare king", Shatranj, "4k3/8/8/8/3p4/8/8/3RK2R w - - 0 1", "d1d4", "", "mate 1"},
		{"shatranj stalemate wins", Shatranj, "k7/2K5/8/4N3/8/7p/7P/8 w - - 0 1", "e5c6", "", "mate 1"},
		// K+F v K+F: the root's other moves get the endgame table's
		// verdicts, the capture leaves the table to quiescence. The bared
		// Shah is to move and cannot take the Ferz, so every reply decides
		// the bare king; then it can, a counter-bare draw.
		{"shatranj bare king on the reply", Shatranj, "7k/8/4q3/3Q4/8/8/8/K7 w - - 0 1", "d5e6", "", "mate 1"},
		{"shatranj counter-bare", Shatranj, "8/8/4qk2/3Q4/8/8/8/K7 w - - 0 1", "d5e6", "", "cp 0"},
		{"chess stalemate is a draw", Chess, "7k/5K1p/7P/8/8/8/8/n6R w - - 0 1", "", "h1a1", ""},
		// Black's only move is Ka7; the only ban stalemates it.
		{"banchess ban stalemates", BanChess, "k7/2K5/8/8/8/7Q/8/8 b - - 0 1", "a8a7", "", "cp 0"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, r := searchFEN(t, c.variant, c.fen, Limits{Depth: 1})
			if (c.move != "" && r.BestMove != c.move) || r.BestMove == c.avoid {
				t.Errorf("best move %s (pv %v), want %q, not %q", r.BestMove, r.PV, c.move, c.avoid)
			}
			if c.score != "" && r.Score.String() != c.score {
				t.Errorf("score %v, want %s", r.Score, c.score)
			}
		})
	}
}

// TestBanGameMatchesBanchess: along seeded random games, the search's
// Ban-Chess adapter (its cached move generation and filtering) lists the
// same actions as banchess.LegalActions and scores the same end verdict.
func TestBanGameMatchesBanchess(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	positions := 0
	for game := range 40 {
		g := &banGame{}
		if err := resetFEN(g, BanChess, ""); err != nil {
			t.Fatal(err)
		}
		for ply := 0; ply < 200; ply++ {
			ref := g.bpos
			var l banchess.ActionList
			ref.LegalActions(&l)
			want := map[string]bool{}
			for _, a := range l.Slice() {
				want[actionUCI(a)] = true
			}
			got := g.Moves(nil)
			if len(got) != len(want) {
				t.Fatalf("game %d ply %d %s: %d actions, want %d", game, ply, ref.FEN(), len(got), len(want))
			}
			for _, a := range got {
				if !want[g.text(a)] {
					t.Fatalf("game %d ply %d %s: %s not legal", game, ply, ref.FEN(), g.text(a))
				}
			}
			positions++
			if o, over := ref.Outcome(); over || len(got) == 0 {
				if len(got) == 0 {
					res := g.NoMoves()
					wantRes := 0
					if o.Decisive {
						wantRes = -1
						if int(o.Winner) == g.Actor() {
							wantRes = 1
						}
					}
					if res != wantRes {
						t.Fatalf("game %d ply %d %s: NoMoves %d, outcome %v", game, ply, ref.FEN(), res, o)
					}
				}
				break
			}
			g.commit(got[rng.IntN(len(got))])
		}
	}
	t.Logf("%d positions", positions)
}

// TestStop: an infinite search ends when its context is cancelled, with a
// legal move.
func TestStop(t *testing.T) {
	e, err := newEngine(Chess, Options{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	r, err := e.Search(ctx, Limits{Infinite: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if el := time.Since(start); el > 2*time.Second {
		t.Errorf("stopped after %v", el)
	}
	if !slices.Contains(e.LegalMoves(), r.BestMove) {
		t.Errorf("best move %q not legal", r.BestMove)
	}
}

// TestTimeManagement: a clock search stays well inside its share, also
// when only the opponent's clock is given (White is to move).
func TestTimeManagement(t *testing.T) {
	e, err := newEngine(Chess, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range []Limits{
		{MoveTime: 150 * time.Millisecond},
		{WTime: 3 * time.Second, BTime: 3 * time.Second, WInc: 20 * time.Millisecond},
		{WTime: 200 * time.Millisecond, BTime: time.Minute, MovesToGo: 1},
		{BTime: 3 * time.Second},
	} {
		// The context only turns a search without a time limit into a
		// failure rather than a hang.
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		start := time.Now()
		r, err := e.Search(ctx, l, nil)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		// The longest hard limit here is 3 s + 20 ms's, 513 ms; 400 ms
		// more for a machine shared with other work (TestTimeLimits).
		el := time.Since(start)
		if el > 913*time.Millisecond || r.BestMove == "" {
			t.Errorf("%+v: %v, move %q", l, el, r.BestMove)
		}
	}
}

// TestErrors: bad variants, positions and moves give clear errors and
// leave a usable engine.
func TestErrors(t *testing.T) {
	if _, err := New(nil, Options{}); !errors.Is(err, variant.ErrUnknownVariant) {
		t.Errorf("New(nil): %v", err)
	}
	e, _ := newEngine(Chess, Options{})
	for _, c := range []struct {
		fen   string
		moves []string
	}{
		{"not a fen", nil},
		{"", []string{"e2e5"}},
		{"", []string{"e2e4", "zz"}},
	} {
		if err := e.SetPositionText(c.fen, c.moves); err == nil {
			t.Errorf("SetPosition(%q, %v): no error", c.fen, c.moves)
		}
	}
	if len(e.LegalMoves()) != 20 {
		t.Errorf("after errors the engine is not at the start: %s", e.FEN())
	}
}

// searchFEN searches fen (the variant's start if empty) with a fresh
// engine and a small table, and returns the engine and its result.
func searchFEN(t *testing.T, variant, fen string, l Limits) (*Engine, Result) {
	t.Helper()
	e, err := newEngine(variant, Options{HashMB: 1})
	if err != nil {
		t.Fatal(err)
	}
	if err := e.SetPositionText(fen, nil); err != nil {
		t.Fatal(err)
	}
	r, err := e.Search(context.Background(), l, nil)
	if err != nil {
		t.Fatal(err)
	}
	return e, r
}
