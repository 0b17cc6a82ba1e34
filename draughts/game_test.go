package draughts

import (
	"errors"
	"math/rand/v2"
	"testing"
)

func mustPlay(t *testing.T, g *Game, moves ...string) {
	t.Helper()
	for _, m := range moves {
		if err := g.PlayText(m); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
}

// Lemma repetition_detects_threefold: the same placement with the same side
// to move a third time allows a claim, not before; the same placement with
// the other side to move is another position; a man's move starts the count
// afresh.
func TestRepetitionDetectsThreefold(t *testing.T) {
	g := NewGame(mustPosition(t, "B:WK32,24:BK1,9"))
	cycle := []string{"1-5", "32-28", "5-1", "28-32"}
	for round := 1; round <= 2; round++ {
		for i, m := range cycle {
			if r, ok := g.DrawClaim(); ok {
				t.Fatalf("round %d ply %d: claim %v with %d repetitions", round, i, r, g.Repetitions())
			}
			mustPlay(t, g, m)
		}
		if got := g.Repetitions(); got != round+1 {
			t.Fatalf("after %d cycles the start occurred %d times, want %d", round, got, round+1)
		}
	}
	if r, ok := g.DrawClaim(); !ok || r != Repetition {
		t.Fatalf("third occurrence: claim %v %v", r, ok)
	}
	if err := g.ClaimDraw(); err != nil {
		t.Fatal(err)
	}
	if o, _ := g.Outcome(); o != (Outcome{Draw: true, Reason: Repetition}) {
		t.Fatalf("outcome %+v", o)
	}

	// Same placement, other side to move: another position.
	if mustPosition(t, "B:WK32,24:BK1,9") == mustPosition(t, "W:WK32,24:BK1,9") {
		t.Fatal("the side to move does not count")
	}

	// A man's move: earlier positions cannot recur.
	g = NewGame(mustPosition(t, "B:WK32,24:BK1,9"))
	mustPlay(t, g, "1-5", "32-28", "5-1", "28-32", "9-13", "32-28")
	if g.Repetitions() != 1 || g.QuietPlies() != 1 {
		t.Fatalf("after a man's move: %d repetitions, %d quiet plies", g.Repetitions(), g.QuietPlies())
	}
}

// TestFortyMoveRule: 80 plies (40 moves a side) without a capture or a
// man's move allow a claim, 79 do not; a man's move resets the count.
func TestFortyMoveRule(t *testing.T) {
	rng := rand.New(rand.NewPCG(40, 40))
	g := NewGame(mustPosition(t, "B:WK29,K30,K31:BK2,K3,K4"))
	for ply := 0; ply < FortyMovePlies; ply++ {
		if _, ok := g.DrawClaim(); ok {
			t.Fatalf("claim after %d quiet plies", ply)
		}
		// A random king move that neither allows a capture nor repeats a
		// position a third time.
		p := g.Position()
		var ml MoveList
		p.LegalMoves(&ml)
		played := false
		for _, i := range rng.Perm(ml.Len()) {
			m := ml.At(i)
			q := p.Play(m)
			if m.IsCapture() || q.jumpers() != 0 || g.seen(q) >= 2 {
				continue
			}
			if err := g.Play(m); err != nil {
				t.Fatal(err)
			}
			played = true
			break
		}
		if !played {
			t.Fatalf("no quiet move at ply %d in %s", ply, p)
		}
	}
	if g.QuietPlies() != FortyMovePlies || g.Repetitions() >= 3 {
		t.Fatalf("%d quiet plies, %d repetitions", g.QuietPlies(), g.Repetitions())
	}
	if r, ok := g.DrawClaim(); !ok || r != FortyMove {
		t.Fatalf("after 80 quiet plies: %v %v", r, ok)
	}

	g = NewGame(mustPosition(t, "B:WK32,24:BK1,9"))
	mustPlay(t, g, "1-5", "32-28", "9-13")
	if g.QuietPlies() != 0 {
		t.Fatalf("a man's move leaves %d quiet plies", g.QuietPlies())
	}
}

// seen counts earlier occurrences of q since the last irreversible move.
func (g *Game) seen(q Position) int {
	n := 0
	for _, p := range g.positions[g.since:] {
		if p == q {
			n++
		}
	}
	return n
}

// TestGameActions: offers lapse when the opponent moves, only the
// opponent accepts, resignation loses, a finished game takes no moves, and
// illegal moves are refused with a typed error.
func TestGameActions(t *testing.T) {
	g := NewGame(Start())
	if err := g.PlayText("9-15"); !errors.Is(err, ErrIllegalMove) {
		t.Fatalf("9-15: %v", err)
	}
	if err := g.OfferDraw(Black); err != nil {
		t.Fatal(err)
	}
	if err := g.AcceptDraw(Black); !errors.Is(err, ErrNoOffer) {
		t.Fatalf("self-accept: %v", err)
	}
	mustPlay(t, g, "11-15") // the offerer's own move keeps the offer
	if by, ok := g.DrawOffer(); !ok || by != Black {
		t.Fatalf("offer lost after the offerer moved")
	}
	mustPlay(t, g, "22-18") // the opponent moves: declined
	if _, ok := g.DrawOffer(); ok {
		t.Fatalf("offer stands after the opponent moved")
	}
	if err := g.ClaimDraw(); !errors.Is(err, ErrNoClaim) {
		t.Fatalf("claim: %v", err)
	}
	mustPlay(t, g, "15x22")
	_ = g.OfferDraw(White)
	if err := g.AcceptDraw(Black); err != nil {
		t.Fatal(err)
	}
	if o, over := g.Outcome(); !over || o != (Outcome{Draw: true, Reason: Agreement}) {
		t.Fatalf("outcome %+v %v", o, over)
	}
	if err := g.PlayText("25x18"); !errors.Is(err, ErrGameOver) {
		t.Fatalf("move after the end: %v", err)
	}

	g = NewGame(Start())
	if err := g.Resign(White); err != nil {
		t.Fatal(err)
	}
	if o, _ := g.Outcome(); o != (Outcome{Winner: Black, Reason: Resignation}) || o.Result() != BlackWins {
		t.Fatalf("outcome %+v", o)
	}
	if err := g.Resign(Black); !errors.Is(err, ErrGameOver) {
		t.Fatalf("second resignation: %v", err)
	}

	g = NewGame(mustPosition(t, "B:W:B14"))
	mustPlay(t, g, "14-18")
	if o, over := g.Outcome(); !over || o != (Outcome{Winner: Black, Reason: NoPieces}) {
		t.Fatalf("no pieces: %+v %v", o, over)
	}
	if len(g.Moves()) != 1 || g.Start() != mustPosition(t, "B:W:B14") {
		t.Fatalf("record: %v from %s", g.Moves(), g.Start())
	}
}
