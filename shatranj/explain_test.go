package shatranj

import (
	"errors"
	"testing"
)

// TestIllegalMoveReasons checks the reason an illegal or ambiguous move's
// error gives (MoveError.Why, also at the end of Error()), and that the
// error still wraps its sentinel.
func TestIllegalMoveReasons(t *testing.T) {
	const (
		pinned  = "3kr3/8/8/8/8/8/4N3/4K3 w - - 0 1"    // the Faras on e2 is pinned by the Rukh on e8
		check   = "4k3/8/8/7R/8/8/8/r3K3 w - - 0 1"     // the Rukh on a1 checks along the first rank
		twoRukh = "4k3/7R/8/7R/8/8/8/r3K3 w - - 0 1"    // the same, two Rukhs that can reach h6
		won     = "8/8/4k3/8/8/3K4/3Q4/8 w - - 0 1"     // Black bare, White to move: decided
		mated   = "R2k4/8/3K4/8/8/8/8/7a b - - 0 1"     // Black is mated
		twins   = "3k2a1/8/8/8/8/8/1P2K3/R6R w - - 0 1" // two Rukhs reach b1
		promo   = "4k2r/1P6/8/8/8/8/8/4K3 w - - 0 1"    // b7 promotes
		start   = "rnakfanr/pppppppp/8/8/8/8/PPPPPPPP/RNAKFANR w - - 0 1"
		lone    = "4k3/8/8/8/8/8/8/4K3 w - - 0 1"     // two bare Shahs: a draw, but moves go on
		baidaqs = "4k3/8/8/8/4p3/8/4P3/4K3 w - - 0 1" // e2 can step to e3, not capture there
	)
	cases := []struct {
		fen, text string
		parse     func(*Position, string) (Move, error)
		err       error
		why       string
	}{
		{start, "e2e4", ParseMove, ErrIllegalMove, "the baidaq on e2 cannot move to e4"},
		{start, "e4e5", ParseMove, ErrIllegalMove, "no piece on e4"},
		{start, "e7e6", ParseMove, ErrIllegalMove, "the baidaq on e7 is black's, and white is to move"},
		{start, "e2e2", ParseMove, ErrIllegalMove, "a move must leave its square"},
		{start, "e2e3q", ParseMove, ErrIllegalMove, "only a baidaq reaching its last rank takes a promotion letter"},
		{start, "a1a3", ParseMove, ErrIllegalMove, "the rukh on a1 cannot move to a3"},
		{start, "c1c3", ParseMove, ErrIllegalMove, "the alfil on c1 cannot move to c3"},
		{start, "e4", ParseSAN, ErrIllegalMove, "no white baidaq can move to e4"},
		{start, "Nf6", ParseSAN, ErrIllegalMove, "no white faras can move to f6 (the faras on g8 is black's, and white is to move)"},
		{start, "Ra3", ParseSAN, ErrIllegalMove, "no white rukh can move to a3"},
		{start, "Nhf3", ParseSAN, ErrIllegalMove, "white has no faras on the h-file"},
		{start, "R4a3", ParseSAN, ErrIllegalMove, "white has no rukh on rank 4"},
		{start, "Nb1d2", ParseSAN, ErrIllegalMove, "no white faras on b1 can move to d2"},
		{start, "e2e4", ParseSAN, ErrIllegalMove, "the baidaq on e2 cannot move to e4"},
		{lone, "Fd2", ParseSAN, ErrIllegalMove, "white has no ferz"},
		{baidaqs, "dxe3", ParseSAN, ErrIllegalMove, "white has no baidaq on the d-file"},
		{baidaqs, "e4", ParseSAN, ErrIllegalMove, "no white baidaq can move to e4"},
		{pinned, "e2c3", ParseMove, ErrIllegalMove, "the faras on e2 is pinned to its shah"},
		{pinned, "Nc3", ParseSAN, ErrIllegalMove, "the faras on e2 is pinned to its shah"},
		{check, "h5h6", ParseMove, ErrIllegalMove, "white is in check, and the move does not answer it"},
		{check, "Kd1", ParseSAN, ErrIllegalMove, "the shah would be in check on d1"},
		{check, "e1f1", ParseMove, ErrIllegalMove, "the shah would be in check on f1"},
		{twoRukh, "Rh6", ParseSAN, ErrIllegalMove, "white is in check, and the move does not answer it"},
		{won, "d2c3", ParseMove, ErrIllegalMove, "the game is over: white wins by bare king"},
		{mated, "Kc8", ParseSAN, ErrIllegalMove, "the game is over: white wins by checkmate"},
		{twins, "Rb1", ParseSAN, ErrAmbiguousMove, "it fits Rab1 and Rhb1"},
		{promo, "b7b8r", ParseMove, ErrSyntax, ""},
		{start, "Nf9", ParseSAN, ErrSyntax, ""},
	}
	for _, c := range cases {
		p := mustPos(t, c.fen)
		_, err := c.parse(&p, c.text)
		var me *MoveError
		if !errors.Is(err, c.err) || !errors.As(err, &me) {
			t.Errorf("%s %q: %v, want %v", c.fen, c.text, err, c.err)
			continue
		}
		if me.Why != c.why {
			t.Errorf("%s %q: why %q, want %q", c.fen, c.text, me.Why, c.why)
		}
		if want := c.err.Error() + `: "` + c.text + `" in ` + p.FEN(); c.why != "" {
			if want += ": " + c.why; err.Error() != want {
				t.Errorf("message %q, want %q", err, want)
			}
		}
	}
	// Game.Play explains a Move value the same way.
	g := NewGame(mustPos(t, pinned))
	err := g.Play(NewMove(bbSquare("e2"), bbSquare("c3")))
	var me *MoveError
	if !errors.Is(err, ErrIllegalMove) || !errors.As(err, &me) || me.Why != "the faras on e2 is pinned to its shah" {
		t.Errorf("Game.Play of a pinned Faras: %v", err)
	}
	if err := g.Play(NoMove); !errors.As(err, &me) || me.Why != "no piece on a1" {
		t.Errorf("Game.Play(NoMove): %v", err)
	}
}

// TestIllegalReasonsComplete: in the positions of random games, every
// move a piece of the side to move could make by its movement alone but
// that is not legal gets a reason about its Shah that is true of the
// position: a Shah move into an attacked square, a pinned piece leaving
// its line, or a check left unanswered only when in check.
func TestIllegalReasonsComplete(t *testing.T) {
	n := 0
	randomWalk(t, 60, func(p *Position) {
		if _, over := p.Outcome(); over {
			return
		}
		for b := p.ByColor(p.Turn()); b != 0; {
			from := b.PopLSB()
			for to := Square(0); to < 64; to++ {
				if !p.reaches(from, to) || p.IsLegal(NewMove(from, to)) {
					continue
				}
				n++
				why := p.whyIllegal(from, to)
				q := p.Play(NewMove(from, to))
				if !q.IsAttacked(q.Shah(p.Turn()), q.Turn()) {
					t.Fatalf("%s: %v%v is not legal, but the shah is safe after it (%s)", p.FEN(), from, to, why)
				}
				shah := p.PieceAt(from).Type() == Shah
				var ok bool
				switch why {
				case "the shah would be in check on " + to.String():
					ok = shah
				case "the " + p.PieceAt(from).Type().String() + " on " + from.String() + " is pinned to its shah":
					ok = !shah
				case p.Turn().String() + " is in check, and the move does not answer it":
					ok = !shah && p.InCheck()
				}
				if !ok {
					t.Fatalf("%s: %v%v: wrong reason %q", p.FEN(), from, to, why)
				}
			}
		}
	})
	if n == 0 {
		t.Error("no illegal move tried")
	}
	t.Logf("%d illegal moves explained", n)
}
