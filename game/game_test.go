package game

import (
	"errors"
	"testing"
	"time"

	"github.com/baten-chess/baten/variant"
)

// TestHandleResignation is the handle_resignation lemma: either side may
// resign at any time, on its turn or not, and loses; nothing can be played
// afterwards. In every built-in game (variant.All).
func TestHandleResignation(t *testing.T) {
	for _, v := range variant.All() {
		for _, by := range []variant.Color{variant.White, variant.Black} {
			g := New(v.Start())
			if err := g.Resign(by); err != nil {
				t.Fatal(err)
			}
			o, over := g.Outcome()
			if !over || o.Draw || o.Winner != by.Other() || o.Reason != variant.Resignation {
				t.Errorf("%v: %v resigns: %v (over %v)", v, by, o, over)
			}
			if err := g.Play(g.Position().Legal()[0]); !errors.Is(err, ErrGameOver) {
				t.Errorf("%v: move after resignation: %v", v, err)
			}
			if err := g.Resign(by.Other()); !errors.Is(err, ErrGameOver) {
				t.Errorf("%v: second resignation: %v", v, err)
			}
		}
	}
}

// TestOfferDraw is the offer_draw lemma: only the player on move may offer;
// the offer stands through the offerer's own move and lapses with the
// opponent's next action.
func TestOfferDraw(t *testing.T) {
	g := New(mustPosition(t, "chess", ""))
	if err := g.OfferDraw(variant.Black); !errors.Is(err, ErrNotYourTurn) {
		t.Fatalf("Black offers on White's turn: %v", err)
	}
	if err := g.OfferDraw(variant.White); err != nil {
		t.Fatal(err)
	}
	mustPlay(t, g, "e4")
	if by, ok := g.DrawOffer(); !ok || by != variant.White {
		t.Fatalf("offer after the offerer's move: %v %v", by, ok)
	}
	if err := g.AcceptDraw(variant.White); !errors.Is(err, ErrNoOffer) {
		t.Fatalf("the offerer accepts its own offer: %v", err)
	}
	mustPlay(t, g, "e5") // Black moves on: the offer lapses
	if _, ok := g.DrawOffer(); ok {
		t.Fatal("offer still stands after the opponent's move")
	}
	if err := g.AcceptDraw(variant.Black); !errors.Is(err, ErrNoOffer) {
		t.Fatalf("accepting a lapsed offer: %v", err)
	}
	// Declining withdraws it at once.
	if err := g.OfferDraw(variant.White); err != nil {
		t.Fatal(err)
	}
	if err := g.DeclineDraw(variant.Black); err != nil {
		t.Fatal(err)
	}
	if _, ok := g.DrawOffer(); ok {
		t.Fatal("offer stands after it was declined")
	}
}

// TestDrawOfferLapses: in every built-in game an offer stands through the
// offerer's own actions (a ban and a move in Ban-Chess), may be accepted
// while the opponent is to act, and lapses with the opponent's first
// action.
func TestDrawOfferLapses(t *testing.T) {
	for _, v := range variant.All() {
		g := New(v.Start())
		by := g.Position().Turn()
		if err := g.OfferDraw(by); err != nil {
			t.Fatalf("%v: %v", v, err)
		}
		own := 0
		for g.Position().Turn() == by {
			if err := g.Play(g.Position().Legal()[0]); err != nil {
				t.Fatal(err)
			}
			own++
		}
		if got, ok := g.DrawOffer(); !ok || got != by {
			t.Fatalf("%v: the offer lapsed with the offerer's %d own actions", v, own)
		}
		if err := g.Play(g.Position().Legal()[0]); err != nil {
			t.Fatal(err)
		}
		if _, ok := g.DrawOffer(); ok {
			t.Fatalf("%v: the offer stands after the opponent's action", v)
		}
		if err := g.AcceptDraw(by.Other()); !errors.Is(err, ErrNoOffer) {
			t.Fatalf("%v: accepting a lapsed offer: %v", v, err)
		}
		if _, over := g.Outcome(); over {
			t.Fatalf("%v: a lapsed offer ended the game", v)
		}
	}
}

// TestAcceptDraw is the accept_draw lemma: the opponent's acceptance of a
// standing offer ends the game as a draw by agreement, in every built-in
// game.
func TestAcceptDraw(t *testing.T) {
	for _, v := range variant.All() {
		g := New(v.Start())
		first := g.Position().Turn()
		if err := g.OfferDraw(first); err != nil {
			t.Fatal(err)
		}
		if err := g.AcceptDraw(first.Other()); err != nil {
			t.Fatalf("%v: %v", v, err)
		}
		if o, over := g.Outcome(); !over || !o.Draw || o.Reason != variant.Agreement {
			t.Errorf("%v: %v (over %v)", v, o, over)
		}
	}
}

// TestClaimFiftyMove is the claim_fifty_move lemma: the claim is offered
// exactly when the counter reaches 100 plies (80 in draughts), and claiming
// ends the game with that reason.
func TestClaimFiftyMove(t *testing.T) {
	tests := []struct {
		v      string
		fen    string
		moves  []string // the last brings the counter to the limit
		reason variant.Reason
	}{
		{"chess", "4k2r/8/8/8/8/8/8/R3K3 w - - 98 80", []string{"Ra2", "Kd8"}, variant.FiftyMoves},
		{"chess960", "4k2r/8/8/8/8/8/8/R3K3 w - - 98 80", []string{"Ra2", "Kd8"}, variant.FiftyMoves},
		{"shatranj", "4k2r/8/8/8/8/8/8/R3K3 w - - 98 80", []string{"Ra2", "Kd8"}, variant.FiftyMoves},
		{"banchess", "4k2r/8/8/8/8/8/8/R3K3 w - - 98 80 1", []string{"b:a1a8", "Ra2", "b:e8e7", "Kd8"}, variant.FiftyMoves},
	}
	for _, tt := range tests {
		g := New(mustPosition(t, tt.v, tt.fen))
		for i, text := range tt.moves {
			if g.CanClaimMoveRule() {
				t.Fatalf("%v: claim offered before %s", tt.v, text)
			}
			if _, err := g.Claim(); !errors.Is(err, ErrNoClaim) && i == 0 {
				t.Fatalf("%v: early claim: %v", tt.v, err)
			}
			mustPlay(t, g, text)
		}
		if !g.CanClaimMoveRule() {
			t.Fatalf("%v: no claim at the limit", tt.v)
		}
		if o, err := g.Claim(); err != nil || !o.Draw || o.Reason != tt.reason {
			t.Errorf("%v: claim gives %v, %v", tt.v, o, err)
		}
	}
	// Draughts: the forty-move rule counts 80 plies without capture or
	// man move; PDN FEN has no counter, so the game counts them. The kings
	// wander to positions not yet seen twice, so that no repetition claim
	// comes first.
	g := New(mustPosition(t, "draughts", "B:WK29,K32:BK1,K4"))
	for i := range 80 {
		if g.CanClaimMoveRule() {
			t.Fatalf("draughts: claim offered after %d plies", i)
		}
		wander(t, g, 1)
	}
	if o, err := g.Claim(); err != nil || !o.Draw || o.Reason != variant.FortyMoves {
		t.Fatalf("draughts claim: %v, %v", o, err)
	}
}

// shuffles are four plies per variant that return to the start position.
var shuffles = map[string][]string{
	"chess":    {"Nf3", "Nf6", "Ng1", "Ng8"},
	"chess960": {"Nf3", "Nf6", "Ng1", "Ng8"},
	"shatranj": {"Nf3", "Nf6", "Ng1", "Ng8"},
	"banchess": {"b:a2a3", "Nf3", "b:a7a6", "Nf6", "b:a2a3", "Ng1", "b:a7a6", "Ng8"},
	"draughts": nil, // men cannot return; see TestClaimRepetition
}

// TestClaimRepetition is the claim_repetition lemma: the claim is offered
// when the current position occurs for the third time, not before, and
// ends the game; in chess, Chess960 and Ban-Chess the fifth occurrence
// ends the game without a claim, in shatranj it does not.
func TestClaimRepetition(t *testing.T) {
	for _, v := range []string{"chess", "chess960", "shatranj", "banchess"} { // draughts below
		g := New(mustPosition(t, v, ""))
		automatic := v != "shatranj" // FIDE 9.6 in the chess family; shatranj knows only claims
		cycle := shuffles[v]
		for round := 1; round <= 4; round++ {
			for _, text := range cycle {
				if round <= 2 && g.CanClaimRepetition() {
					t.Fatalf("%v: claim offered inside round %d", v, round)
				}
				mustPlay(t, g, text)
			}
			if got := g.Repetitions(); got != round+1 {
				t.Fatalf("%v: %d repetitions after %d rounds", v, got, round)
			}
			ended := round+1 >= 5 && automatic
			if want := round+1 >= 3 && !ended; g.CanClaimRepetition() != want {
				t.Fatalf("%v: claim offered %v after %d rounds", v, !want, round)
			}
			if _, over := g.Outcome(); over != ended {
				t.Fatalf("%v: over %v after %d rounds", v, over, round)
			}
		}
		o, over := g.Outcome()
		switch {
		case automatic && (!over || o.Reason != variant.FivefoldRepetition):
			t.Errorf("%v: fivefold gives %v (over %v)", v, o, over)
		case !automatic:
			if over {
				t.Fatalf("%v: ended without a claim: %v", v, o)
			}
			if o, err := g.Claim(); err != nil || o.Reason != variant.ThreefoldRepetition {
				t.Errorf("%v: claim gives %v, %v", v, o, err)
			}
		}
	}
	// Draughts: kings shuffle.
	g := New(mustPosition(t, "draughts", "B:WK29:BK4"))
	for i, text := range []string{"4-8", "29-25", "8-4", "25-29", "4-8", "29-25", "8-4", "25-29"} {
		if g.CanClaimRepetition() {
			t.Fatalf("draughts: claim offered after %d plies", i)
		}
		mustPlay(t, g, text)
	}
	if o, err := g.Claim(); err != nil || o.Reason != variant.ThreefoldRepetition {
		t.Errorf("draughts claim: %v, %v", o, err)
	}
}

// TestSeventyFiveMoves: in chess and Ban-Chess the 75-move rule ends the
// game without a claim, unless the last move mates; in shatranj it is only
// a claim.
func TestSeventyFiveMoves(t *testing.T) {
	g := New(mustPosition(t, "chess", "4k3/8/8/8/8/8/8/R3K3 w - - 149 100"))
	mustPlay(t, g, "Ra2")
	if o, over := g.Outcome(); !over || o.Reason != variant.SeventyFiveMoves {
		t.Errorf("chess: %v (over %v)", o, over)
	}
	// Bans do not count: the ban leaves the counter at 149, the move
	// brings it to 150.
	g = New(mustPosition(t, "banchess", "4k3/8/8/8/8/8/8/R3K3 w - - 149 100 1"))
	mustPlay(t, g, "b:a1a8")
	if _, over := g.Outcome(); over {
		t.Fatal("Ban-Chess: a ban ended the game")
	}
	mustPlay(t, g, "Ra2")
	if o, over := g.Outcome(); !over || o != (variant.Outcome{Draw: true, Reason: variant.SeventyFiveMoves}) {
		t.Errorf("Ban-Chess: %v (over %v)", o, over)
	}
	g = New(mustPosition(t, "chess", "7k/8/6K1/8/8/8/8/R7 w - - 149 100"))
	mustPlay(t, g, "Ra8#")
	if o, over := g.Outcome(); !over || o.Reason != variant.Checkmate {
		t.Errorf("mate on the 150th ply: %v (over %v)", o, over)
	}
	g = New(mustPosition(t, "shatranj", "4k2r/8/8/8/8/8/8/R3K3 w - - 149 100"))
	mustPlay(t, g, "Ra2")
	if _, over := g.Outcome(); over || !g.CanClaimMoveRule() {
		t.Error("shatranj: 75 moves must stay a claim")
	}
}

// TestOutcomes checks that each variant's own endings reach the game with
// the right winner and reason.
func TestOutcomes(t *testing.T) {
	tests := []struct {
		v     string
		fen   string
		moves []string
		want  variant.Outcome
	}{
		{"chess", "", []string{"f3", "e5", "g4", "Qh4#"}, variant.Outcome{Winner: variant.Black, Reason: variant.Checkmate}},
		{"chess", "7k/8/6K1/8/8/8/8/5Q2 w - - 0 1", []string{"Qf7"}, variant.Outcome{Draw: true, Reason: variant.Stalemate}},
		{"chess", "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", []string{"Kxd2"}, variant.Outcome{Draw: true, Reason: variant.InsufficientMaterial}},
		// Shatranj: stalemate wins for the stalemating side.
		{"shatranj", "7k/5R2/6K1/8/8/p7/P7/8 w - - 0 1", []string{"Rg7"}, variant.Outcome{Winner: variant.White, Reason: variant.Stalemate}},
		{"shatranj", "4k3/8/8/8/8/8/3r4/R3K3 w - - 0 1", []string{"Kxd2"}, variant.Outcome{Winner: variant.White, Reason: variant.BareKing}},
		// The bared side takes the last piece at once: counter-bare draw.
		{"shatranj", "4k3/8/8/8/8/8/3r4/4K3 w - - 0 1", []string{"Kxd2"}, variant.Outcome{Draw: true, Reason: variant.CounterBare}},
		// A locked Baidaq wall: no sequence of moves decides anything.
		{"shatranj", "4k3/8/8/1p1p1p1p/pPpPpPpP/P1P1P1P1/8/3K4 w - - 0 1", nil, variant.Outcome{Draw: true, Reason: variant.DeadPosition}},
		// Rook mate on the back rank; Black keeps a Baidaq, so no bare king.
		{"shatranj", "3k4/7p/3K4/8/8/8/8/R7 w - - 0 1", []string{"Ra8#"}, variant.Outcome{Winner: variant.White, Reason: variant.Checkmate}},
		{"draughts", "W:W18:B14", []string{"18x9"}, variant.Outcome{Winner: variant.White, Reason: variant.NoPieces}},
		// Black's man on 4 is left with pieces but no move: blocked on 8,
		// no jump over 7 or 8.
		{"draughts", "W:W7,11,12:B4", []string{"12-8"}, variant.Outcome{Winner: variant.White, Reason: variant.NoMoves}},
		{"banchess", "k7/8/1K6/8/8/8/4B3/8 w - - 0 1 1", []string{"b:e2d1", "Bf3+", "b:a8b8"}, variant.Outcome{Winner: variant.White, Reason: variant.Checkmate}},
		// Bh5 gives no check; Black's only move, Kb8, is banned: a draw.
		{"banchess", "k7/8/1K6/8/8/8/4B3/8 w - - 0 1 1", []string{"b:e2d1", "Bh5", "b:a8b8"}, variant.Outcome{Draw: true, Reason: variant.Stalemate}},
	}
	for _, tt := range tests {
		g := New(mustPosition(t, tt.v, tt.fen))
		mustPlay(t, g, tt.moves...)
		if o, over := g.Outcome(); !over || o != tt.want {
			t.Errorf("%v %q %v: %v (over %v), want %v", tt.v, tt.fen, tt.moves, o, over, tt.want)
		}
	}
}

// TestUndo: a take-back restores position, repetition history, draw offer
// and clocks, and reopens a finished game.
func TestUndo(t *testing.T) {
	clock := newFakeClock()
	g := New(mustPosition(t, "chess", ""), WithClock(TimeControl{Base: time.Minute, Increment: 2 * time.Second}, clock.now))
	if err := g.Undo(); !errors.Is(err, ErrNothingToUndo) {
		t.Fatalf("undo at the start: %v", err)
	}
	mustPlay(t, g, "Nf3", "Nf6", "Ng1")
	if err := g.OfferDraw(variant.Black); err != nil {
		t.Fatal(err)
	}
	clock.advance(5 * time.Second)
	mustPlay(t, g, "Ng8") // the start position, second time
	fen, reps := g.Position().FEN(), g.Repetitions()
	whiteLeft, _ := g.Remaining(variant.White)
	clock.advance(7 * time.Second)
	mustPlay(t, g, "f3", "e5", "g4", "Qh4#")
	if _, over := g.Outcome(); !over {
		t.Fatal("no mate")
	}
	for range 4 {
		if err := g.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	if _, over := g.Outcome(); over {
		t.Fatal("the game is still over after take-backs")
	}
	if g.Position().FEN() != fen || g.Repetitions() != reps || len(g.Moves()) != 4 {
		t.Fatalf("after undo: %s, %d repetitions, %d moves", g.Position().FEN(), g.Repetitions(), len(g.Moves()))
	}
	if left, _ := g.Remaining(variant.White); left != whiteLeft {
		t.Fatalf("White's clock %v after undo, want %v", left, whiteLeft)
	}
	if by, ok := g.DrawOffer(); !ok || by != variant.Black {
		t.Fatal("the draw offer was not restored")
	}
	mustPlay(t, g, "Nf3", "Nf6", "Ng1")
	if err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	if _, ok := g.DrawOffer(); ok {
		t.Fatal("Black's offer lapsed with White's move and must stay lapsed")
	}
}

// TestUndoOffBoardEnding: an ending not made by a move — resignation,
// agreement, a claim, a flag fall — is taken back on its own: the game
// reopens with the same moves and position, and only the next Undo takes
// back a move. A resignation before any move can be undone too.
func TestUndoOffBoardEnding(t *testing.T) {
	tests := []struct {
		name  string
		v     string
		moves []string
		end   func(g *Game, clock *fakeClock) error
		want  variant.Reason
	}{
		{"resignation before any move", "chess", nil, func(g *Game, _ *fakeClock) error { return g.Resign(variant.White) }, variant.Resignation},
		{"shatranj resignation before any move", "shatranj", nil, func(g *Game, _ *fakeClock) error { return g.Resign(variant.Black) }, variant.Resignation},
		{"Ban-Chess resignation before any action", "banchess", nil, func(g *Game, _ *fakeClock) error { return g.Resign(variant.White) }, variant.Resignation},
		{"draughts resignation before any move", "draughts", nil, func(g *Game, _ *fakeClock) error { return g.Resign(variant.Black) }, variant.Resignation},
		{"resignation off turn", "chess", []string{"e4", "e5"}, func(g *Game, _ *fakeClock) error { return g.Resign(variant.Black) }, variant.Resignation},
		{"agreement", "shatranj", []string{"e3"}, func(g *Game, _ *fakeClock) error {
			if err := g.OfferDraw(variant.Black); err != nil {
				return err
			}
			return g.AcceptDraw(variant.White)
		}, variant.Agreement},
		{"threefold claim", "chess", []string{"Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"}, func(g *Game, _ *fakeClock) error {
			_, err := g.Claim()
			return err
		}, variant.ThreefoldRepetition},
		{"flag fall", "draughts", []string{"11-15"}, func(g *Game, clock *fakeClock) error {
			clock.advance(2 * time.Minute)
			if _, fell := g.Flag(); !fell {
				return errors.New("no flag fall")
			}
			return nil
		}, variant.TimeForfeit},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			clock := newFakeClock()
			g := New(mustPosition(t, tt.v, ""), WithClock(TimeControl{Base: time.Minute}, clock.now))
			mustPlay(t, g, tt.moves...)
			clock.advance(10 * time.Second)
			turn := g.Position().Turn()
			turnStart, _ := g.Remaining(turn) // what the side to act had when its turn began, less 10 s
			turnStart += 10 * time.Second
			_, offered := g.DrawOffer()
			fen, reps, plies := g.Position().FEN(), g.Repetitions(), len(g.Moves())
			if g.EndedOffBoard() {
				t.Fatal("EndedOffBoard before the end")
			}
			if err := tt.end(g, clock); err != nil {
				t.Fatal(err)
			}
			if o, over := g.Outcome(); !over || o.Reason != tt.want {
				t.Fatalf("ended as %v (over %v), want %v", o, over, tt.want)
			}
			if !g.EndedOffBoard() {
				t.Fatal("not EndedOffBoard after the end")
			}
			if err := g.Undo(); err != nil {
				t.Fatal(err)
			}
			if _, over := g.Outcome(); over || g.EndedOffBoard() {
				t.Fatalf("still over after Undo (EndedOffBoard %v)", g.EndedOffBoard())
			}
			if g.Position().FEN() != fen || g.Repetitions() != reps || len(g.Moves()) != plies {
				t.Fatalf("Undo moved the game: %s, %d repetitions, %d plies; want %s, %d, %d",
					g.Position().FEN(), g.Repetitions(), len(g.Moves()), fen, reps, plies)
			}
			// An accepted offer stands again.
			if _, ok := g.DrawOffer(); ok != (offered || tt.want == variant.Agreement) {
				t.Fatalf("draw offer standing after Undo: %v", ok)
			}
			if left, _ := g.Remaining(turn); left != turnStart {
				t.Fatalf("%v has %v after Undo, want the %v of its turn's start", turn, left, turnStart)
			}
			clock.advance(time.Second)
			if left, _ := g.Remaining(turn); left != turnStart-time.Second {
				t.Fatalf("%v's clock does not run after Undo: %v", turn, left)
			}
			if tt.want == variant.ThreefoldRepetition && !g.CanClaimRepetition() {
				t.Fatal("the claim is no longer offered after Undo")
			}
			err := g.Undo()
			switch {
			case plies == 0 && !errors.Is(err, ErrNothingToUndo):
				t.Fatalf("second Undo before any move: %v", err)
			case plies > 0 && (err != nil || len(g.Moves()) != plies-1):
				t.Fatalf("second Undo: %v, %d plies left of %d", err, len(g.Moves()), plies)
			}
			if err := g.Play(g.Position().Legal()[0]); err != nil {
				t.Fatalf("play after Undo: %v", err)
			}
		})
	}
	// A game ended by its last move did not end off the board: Undo takes
	// the move back.
	g := New(mustPosition(t, "chess", ""))
	mustPlay(t, g, "f3", "e5", "g4", "Qh4#")
	if _, over := g.Outcome(); !over || g.EndedOffBoard() {
		t.Fatalf("after a checkmate: over %v, EndedOffBoard %v", over, g.EndedOffBoard())
	}
}
