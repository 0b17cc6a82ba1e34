package shatranj

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/baten-chess/baten/rules"
)

func mustPos(t *testing.T, fen string) Position {
	t.Helper()
	p, err := ParsePosition(fen)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// specOutcome is the reference verdict.
func specOutcome(t *testing.T, fen string) (rules.Outcome, bool) {
	t.Helper()
	r, err := rules.ParseFEN(rules.Shatranj(), fen)
	if err != nil {
		t.Fatal(err)
	}
	return r.Outcome()
}

func TestStalemateWins(t *testing.T) {
	for _, fen := range []string{
		"k7/2K5/1F6/7p/7P/8/8/8 b - - 0 1", // Black stalemated, a blocked baidaq
		"k7/2K5/1F6/8/8/8/8/8 b - - 0 1",   // Black bare but to move against one piece: stalemate decides
		"7K/5k2/6f1/8/8/p7/P7/8 w - - 0 1", // White stalemated by Black
	} {
		p := mustPos(t, fen)
		o, ok := p.Outcome()
		want := Outcome{Winner: p.Turn().Other(), Reason: Stalemate}
		if !ok || o != want || p.InCheck() || p.HasMoves() {
			t.Errorf("%s: %v %v, want %v", fen, o, ok, want)
		}
		if ro, rok := specOutcome(t, fen); !rok || ro.Reason != rules.Stalemate || Color(ro.Winner) != want.Winner {
			t.Errorf("%s: spec says %v %v", fen, ro, rok)
		}
	}
}

func TestBareKingWins(t *testing.T) {
	for _, fen := range []string{
		"8/8/4k3/8/8/3K4/3Q4/8 w - - 0 1",  // Black bare, White to move
		"8/8/4k3/8/8/3K4/3F4/7R b - - 0 1", // Black bare to move, two pieces left
		"8/8/8/3k4/3R4/8/3P4/3K4 b - - 0 1",
	} {
		p := mustPos(t, fen)
		o, ok := p.Outcome()
		if !ok || o != (Outcome{Winner: White, Reason: BareKing}) || p.HasMoves() || p.Perft(1) != 0 {
			t.Errorf("%s: %v %v", fen, o, ok)
		}
	}
	// Baring by capture in a game: Rxe8 leaves Black with the Shah alone
	// against Shah, Rukh and Ferz.
	g := NewGame(mustPos(t, "2k1r3/8/8/8/8/8/3F4/3KR3 w - - 0 1"))
	if err := g.PlayText("Rxe8+"); err != nil {
		t.Fatal(err)
	}
	if o, ok := g.Outcome(); !ok || o != (Outcome{Winner: White, Reason: BareKing}) {
		t.Errorf("after Rxe8: %v %v", o, ok)
	}
	if err := g.PlayText("Kxe8"); !errors.Is(err, ErrGameOver) {
		t.Errorf("move after the end: %v", err)
	}
}

func TestCounterBareDraw(t *testing.T) {
	p := mustPos(t, "8/8/8/3k4/3R4/8/8/3K4 b - - 0 1")
	if o, ok := p.Outcome(); ok {
		t.Fatalf("counter-bare chance already decided: %v", o)
	}
	g := NewGame(p)
	if err := g.PlayText("Kxd4"); err != nil {
		t.Fatal(err)
	}
	if o, ok := g.Outcome(); !ok || o != (Outcome{Draw: true, Reason: CounterBare}) {
		t.Errorf("after Kxd4: %v %v", o, ok)
	}
	// Missing the chance loses by bare king.
	g = NewGame(p)
	if err := g.PlayText("Kc5"); err != nil {
		t.Fatal(err)
	}
	if o, ok := g.Outcome(); !ok || o != (Outcome{Winner: White, Reason: BareKing}) {
		t.Errorf("after Kc5: %v %v", o, ok)
	}
	// Two bare Shahs from a setup: insufficient material.
	q := mustPos(t, "8/8/8/3k4/8/8/8/3K4 w - - 0 1")
	if o, ok := NewGame(q).Outcome(); !ok || o != (Outcome{Draw: true, Reason: InsufficientMaterial}) {
		t.Errorf("K v K: %v %v", o, ok)
	}
}

func TestCheckDetection(t *testing.T) {
	cases := map[string]bool{
		"4k3/8/8/8/8/8/8/r3K3 w - - 0 1":    true,  // rukh on the rank
		"4k3/8/8/8/8/8/8/r1N1K3 w - - 0 1":  false, // blocked
		"4k3/8/8/8/8/3n4/8/4K3 w - - 0 1":   true,  // faras
		"4k3/8/8/8/8/2a5/3N4/4K3 w - - 0 1": true,  // alfil leaps over d2
		"4k3/8/8/8/8/8/3f4/4K3 w - - 0 1":   true,  // ferz
		"4k3/8/8/8/8/8/5p2/4K3 w - - 0 1":   true,  // baidaq
		"4k3/8/8/8/8/8/4p3/4K3 w - - 0 1":   false, // baidaq ahead does not attack
		"4k3/8/8/8/8/8/8/4K2a w - - 0 1":    false,
		"4k3/8/8/8/8/8/8/4K1a1 w - - 0 1":   false, // alfil two files away on the rank
		"4k3/8/8/8/4F3/8/8/4K3 b - - 0 1":   false,
		"4k3/3P4/8/8/8/8/8/4K3 b - - 0 1":   true,
	}
	for fen, want := range cases {
		p := mustPos(t, fen)
		r, err := rules.ParseFEN(rules.Shatranj(), fen)
		if err != nil {
			t.Fatal(err)
		}
		if p.InCheck() != want || r.InCheck() != want {
			t.Errorf("%s: in check %v (spec %v), want %v", fen, p.InCheck(), r.InCheck(), want)
		}
	}
}

// randomWalk plays seeded random games from every start and calls f at
// each position.
func randomWalk(t *testing.T, games int, f func(p *Position)) {
	starts := specStarts(t)
	rng := rand.New(rand.NewPCG(7, 11))
	for i := range games {
		p := mustPos(t, starts[i%len(starts)])
		for range 200 {
			f(&p)
			var ml MoveList
			p.LegalMoves(&ml)
			if ml.Len() == 0 {
				break
			}
			p = p.Play(ml.At(rng.IntN(ml.Len())))
		}
	}
}

func TestLegalPreventsSelfCheck(t *testing.T) {
	randomWalk(t, 200, func(p *Position) {
		var ml MoveList
		p.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			q := p.Play(m)
			if q.IsAttacked(q.Shah(p.Turn()), q.Turn()) {
				t.Fatalf("%s: %v leaves the shah attacked", p.FEN(), m)
			}
		}
	})
	// A pinned piece may not leave the pin line.
	p := mustPos(t, "3kr3/8/8/8/8/8/4N3/4K3 w - - 0 1")
	var ml MoveList
	p.LegalMoves(&ml)
	for _, m := range ml.Slice() {
		if m.From() == bbSquare("e2") {
			t.Errorf("pinned faras moves: %v", m)
		}
	}
}

func bbSquare(s string) Square { sq, _ := parseSquare(s); return sq }

func TestApplyLegalSucceeds(t *testing.T) {
	randomWalk(t, 100, func(p *Position) {
		var ml MoveList
		p.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			g := NewGame(*p)
			if err := g.Play(m); err != nil {
				t.Fatalf("%s: %v: %v", p.FEN(), m, err)
			}
			if q := g.Position(); q.Turn() == p.Turn() || q != p.Play(m) {
				t.Fatalf("%s: %v: wrong position", p.FEN(), m)
			}
			if m2, err := ParseMove(p, m.String()); err != nil || m2 != m {
				t.Fatalf("%s: ParseMove(%v) = %v, %v", p.FEN(), m, m2, err)
			}
		}
		if g := NewGame(*p); g.Play(NewMove(0, 0)) == nil {
			t.Fatal("NoMove accepted")
		}
	})
}

// wellFormed checks the invariants of a Position: board and bitboards
// agree, one Shah a side, no Baidaq on its last rank, the side not to move
// not in check, counters in range.
func wellFormed(p *Position) error {
	var types [7]Bitboard
	var colors [2]Bitboard
	for s := Square(0); s < 64; s++ {
		if pc := p.board[s]; pc != NoPiece {
			types[pc.Type()] |= s.Bit()
			colors[pc.Color()] |= s.Bit()
		}
	}
	if types != p.byType || colors != p.byColor || colors[0]&colors[1] != 0 {
		return errors.New("board and bitboards disagree")
	}
	_, err := NewPosition(p.Setup())
	return err
}

func TestReachablePreservesWF(t *testing.T) {
	n := 0
	randomWalk(t, 400, func(p *Position) {
		n++
		if err := wellFormed(p); err != nil {
			t.Fatalf("%s: %v", p.FEN(), err)
		}
	})
	t.Logf("%d positions", n)
}

func TestGameClaimsAndOffers(t *testing.T) {
	g := NewGame(StartPosition())
	if _, err := g.ClaimDraw(); !errors.Is(err, ErrNoClaim) {
		t.Errorf("claim at the start: %v", err)
	}
	for range 2 {
		for _, mv := range []string{"g1f3", "g8f6", "f3g1", "f6g8"} {
			if err := g.PlayText(mv); err != nil {
				t.Fatal(err)
			}
		}
	}
	if g.Repetitions() != 3 || !g.CanClaimThreefold() {
		t.Errorf("repetitions %d", g.Repetitions())
	}
	if o, err := g.ClaimDraw(); err != nil || o != (Outcome{Draw: true, Reason: ThreefoldRepetition}) {
		t.Errorf("claim: %v %v", o, err)
	}
	g = NewGame(mustPos(t, "3k4/8/8/8/8/8/7r/3KR3 w - - 99 80"))
	if g.CanClaimFiftyMoves() {
		t.Error("fifty moves at 99 plies")
	}
	if err := g.PlayText("Rf1"); err != nil {
		t.Fatal(err)
	}
	if o, err := g.ClaimDraw(); err != nil || o.Reason != FiftyMoves {
		t.Errorf("fifty-move claim: %v %v", o, err)
	}
	g = NewGame(StartPosition())
	if err := g.AcceptDraw(Black); !errors.Is(err, ErrNoOffer) {
		t.Errorf("accept without offer: %v", err)
	}
	_ = g.OfferDraw(White)
	_ = g.PlayText("e3")
	if _, ok := g.DrawOffered(); !ok {
		t.Error("offer lapsed on the offerer's own move")
	}
	_ = g.PlayText("e6")
	if _, ok := g.DrawOffered(); ok {
		t.Error("offer stands after the opponent moved")
	}
	_ = g.OfferDraw(White)
	if err := g.AcceptDraw(White); err == nil {
		t.Error("own offer accepted")
	}
	if err := g.AcceptDraw(Black); err != nil {
		t.Fatal(err)
	}
	if o, _ := g.Outcome(); o != (Outcome{Draw: true, Reason: Agreement}) {
		t.Errorf("agreement: %v", o)
	}
	g = NewGame(StartPosition())
	_ = g.Resign(White)
	if o, _ := g.Outcome(); o.String() != "black wins by resignation" {
		t.Errorf("resign: %v", o)
	}
	if len(g.Moves()) != 0 || g.Start() != StartPosition() {
		t.Error("record")
	}
}
