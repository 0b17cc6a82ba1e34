package shatranj

import (
	"errors"
	"github.com/baten-chess/baten/internal/race"
	"math/rand/v2"
	"slices"
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
// each position: a tenth of the games under the race detector, which
// slows these single-goroutine checks twentyfold and finds no race in
// them.
func randomWalk(t *testing.T, games int, f func(p *Position)) {
	if race.Enabled {
		games = max(1, games/10)
	}
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

// randomChildren calls f with each position of randomWalk's games, each
// of its legal moves and the position after that move.
func randomChildren(t *testing.T, games int, f func(p *Position, m Move, q *Position)) {
	t.Helper()
	randomWalk(t, games, func(p *Position) {
		var ml MoveList
		p.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			q := p.Play(m)
			f(p, m, &q)
		}
	})
}

func TestLegalPreventsSelfCheck(t *testing.T) {
	randomChildren(t, 200, func(p *Position, m Move, q *Position) {
		if q.IsAttacked(q.Shah(p.Turn()), q.Turn()) {
			t.Fatalf("%s: %v leaves the shah attacked", p.FEN(), m)
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

// TestApplyLegalSucceeds: every legal move of random games is accepted
// by Game.Play and ParseMove, and gives the position Play gives — unless
// the game is already over, which Game then says (a bare king without a
// counter-bare capture, or a dead position, where the position still has
// moves).
func TestApplyLegalSucceeds(t *testing.T) {
	randomWalk(t, 100, func(p *Position) {
		var ml MoveList
		p.LegalMoves(&ml)
		base := NewGame(*p)
		_, over := base.Outcome()
		for _, m := range ml.Slice() {
			if m2, err := ParseMove(p, m.String()); err != nil || m2 != m {
				t.Fatalf("%s: ParseMove(%v) = %v, %v", p.FEN(), m, m2, err)
			}
			g := base.clone()
			err := g.Play(m)
			if over {
				if !errors.Is(err, ErrGameOver) {
					t.Fatalf("%s: %v after the end: %v", p.FEN(), m, err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s: %v: %v", p.FEN(), m, err)
			}
			if q := g.Position(); q.Turn() == p.Turn() || q != p.Play(m) {
				t.Fatalf("%s: %v: wrong position", p.FEN(), m)
			}
		}
		if g := NewGame(*p); g.Play(NewMove(0, 0)) == nil {
			t.Fatal("NoMove accepted")
		}
	})
}

// clone returns an independent copy of g, so that a test can try each
// move of a position on a game that judged the position once.
func (g *Game) clone() *Game {
	c := *g
	c.moves, c.keys = slices.Clone(g.moves), slices.Clone(g.keys)
	return &c
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

// TestGameEnds checks the verdicts Game adds to Position.Outcome, each
// reported right after the move that brings it about, and that the game
// then refuses moves.
func TestGameEnds(t *testing.T) {
	cases := []struct {
		name, fen string
		moves     []string
		want      Outcome // zero: not over
	}{
		{"bare king without a counter-bare capture", "k7/4r3/8/8/8/8/4R3/7K w - - 0 1",
			[]string{"Rxe7"}, Outcome{Winner: White, Reason: BareKing}},
		{"bare king, the counter-bare capture still open", "1k6/r7/8/8/8/8/R7/7K w - - 0 1",
			[]string{"Rxa7"}, Outcome{}},
		{"counter-bare declined", "1k6/r7/8/8/8/8/R7/7K w - - 0 1",
			[]string{"Rxa7", "Kc8"}, Outcome{Winner: White, Reason: BareKing}},
		{"counter-bare", "1k6/r7/8/8/8/8/R7/7K w - - 0 1",
			[]string{"Rxa7", "Kxa7"}, Outcome{Draw: true, Reason: CounterBare}},
		{"bare king by Black", "k7/8/8/8/4r3/8/4F2K/8 b - - 0 1",
			[]string{"Rxe2"}, Outcome{Winner: Black, Reason: BareKing}},
		{"move into a dead position (a forced counter-bare)", "k7/1r6/8/8/8/8/1R6/7K w - - 0 1",
			[]string{"Rxb7"}, Outcome{Draw: true, Reason: DeadPosition}},
		{"dead from the start (locked wall)", "4k3/" + deadWall[2:] + "2A1K3 w - - 0 1",
			nil, Outcome{Draw: true, Reason: DeadPosition}},
		{"live", "4k3/8/8/4p3/4P3/8/8/4K3 w - - 0 1", []string{"Kd2"}, Outcome{}},
		{"stalemate wins", "k7/2K5/8/2F5/7p/7P/8/8 w - - 0 1",
			[]string{"Fb6"}, Outcome{Winner: White, Reason: Stalemate}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := NewGame(mustPos(t, c.fen))
			for _, mv := range c.moves {
				if err := g.PlayText(mv); err != nil {
					t.Fatalf("%s: %v", mv, err)
				}
			}
			o, over := g.Outcome()
			if o != c.want || over != (c.want != Outcome{}) {
				t.Fatalf("outcome %v %v, want %v", o, over, c.want)
			}
			if !over {
				return
			}
			p := g.Position()
			var ml MoveList
			p.LegalMoves(&ml)
			if ml.Len() > 0 {
				if err := g.Play(ml.At(0)); !errors.Is(err, ErrGameOver) {
					t.Errorf("move after the end: %v", err)
				}
			}
			if err := g.OfferDraw(p.Turn()); !errors.Is(err, ErrGameOver) {
				t.Errorf("offer after the end: %v", err)
			}
		})
	}
}

// TestDrawOfferOnOwnTurn: a draw is offered on one's own turn; an offer
// out of turn is refused, so it cannot be accepted.
func TestDrawOfferOnOwnTurn(t *testing.T) {
	g := NewGame(StartPosition())
	if err := g.OfferDraw(Black); !errors.Is(err, ErrNotYourTurn) {
		t.Fatalf("Black offers on White's turn: %v", err)
	}
	if _, ok := g.DrawOffered(); ok {
		t.Error("an out-of-turn offer stands")
	}
	if err := g.AcceptDraw(White); !errors.Is(err, ErrNoOffer) {
		t.Errorf("White accepts a refused offer: %v", err)
	}
	if o, over := g.Outcome(); over {
		t.Fatalf("game over: %v", o)
	}
	if err := g.PlayText("e3"); err != nil {
		t.Fatal(err)
	}
	if err := g.OfferDraw(White); !errors.Is(err, ErrNotYourTurn) {
		t.Errorf("White offers on Black's turn: %v", err)
	}
	if err := g.OfferDraw(Black); err != nil {
		t.Fatal(err)
	}
	if err := g.AcceptDraw(White); err != nil {
		t.Fatal(err)
	}
	if o, _ := g.Outcome(); o != (Outcome{Draw: true, Reason: Agreement}) {
		t.Errorf("agreement: %v", o)
	}
}

// TestResults checks the result texts: Outcome.Result, Result.String and
// ParseResult, which also reads PGN's 1/2-1/2.
func TestResults(t *testing.T) {
	for _, c := range []struct {
		o    Outcome
		want string
	}{
		{Outcome{Winner: White, Reason: Checkmate}, "1-0"},
		{Outcome{Winner: Black, Reason: BareKing}, "0-1"},
		{Outcome{Winner: Black, Reason: Stalemate}, "0-1"},
		{Outcome{Draw: true, Reason: CounterBare}, "½-½"},
		{Outcome{Draw: true, Reason: DeadPosition}, "½-½"},
		{Outcome{}, "*"},
	} {
		r := c.o.Result()
		if r.String() != c.want {
			t.Errorf("%v: result %s, want %s", c.o, r, c.want)
		}
		if back, ok := ParseResult(r.String()); !ok || back != r {
			t.Errorf("ParseResult(%s) = %v %v", r, back, ok)
		}
	}
	for text, want := range map[string]Result{"1-0": WhiteWins, "0-1": BlackWins, "½-½": Drawn,
		"1/2-1/2": Drawn, "*": Unfinished} {
		if r, ok := ParseResult(text); !ok || r != want {
			t.Errorf("ParseResult(%q) = %v %v, want %v", text, r, ok, want)
		}
	}
	for _, text := range []string{"", "1-1", "0-0", "2-0", "½", "1/2", "draw", " 1-0", "1-0 "} {
		if r, ok := ParseResult(text); ok {
			t.Errorf("ParseResult(%q) = %v, want not ok", text, r)
		}
	}
	if s := Result(9).String(); s != "*" {
		t.Errorf("invalid result prints %q", s)
	}
	if s := DeadPosition.String(); s != "dead position" {
		t.Errorf("DeadPosition prints %q", s)
	}
}

func FuzzParseResult(f *testing.F) {
	for _, s := range []string{"1-0", "0-1", "½-½", "1/2-1/2", "*", "", "1-1", "½-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		r, ok := ParseResult(text)
		if !ok {
			return
		}
		if back, ok := ParseResult(r.String()); !ok || back != r {
			t.Fatalf("%q: %v does not read back: %v %v", text, r, back, ok)
		}
	})
}

// TestKeyIncremental: the key each move keeps up to date equals the key
// computed from scratch after every legal move of random games (captures
// and promotions among them), and the position read back from its FEN,
// whose key is computed whole, has the same.
func TestKeyIncremental(t *testing.T) {
	randomChildren(t, 100, func(p *Position, m Move, q *Position) {
		if q.Key() != q.computeKey() {
			t.Fatalf("%s, %v: key %x, from scratch %x", p.FEN(), m, q.Key(), q.computeKey())
		}
		if r := mustPos(t, q.FEN()); r.Key() != q.Key() {
			t.Fatalf("%s: key %x, from its FEN %x", q.FEN(), q.Key(), r.Key())
		}
	})
}
