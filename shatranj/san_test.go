package shatranj

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestParseMoveInverse checks ParseSAN(SAN(m)) == m for every legal move of
// the positions of seeded random games, also with "x" and the suffixes
// dropped, and ParseMove(m.String()) == m; and that the end marks agree
// with the game-level verdict (checkSANMark).
func TestParseMoveInverse(t *testing.T) {
	n := 0
	randomWalk(t, 150, func(p *Position) {
		if _, over := NewGame(*p).Outcome(); over {
			return // a Game refuses moves here; the marks describe a game's moves
		}
		var ml MoveList
		p.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			n++
			san := SAN(p, m)
			bare := marks.Replace(san)
			for _, text := range []string{san, bare, m.String()} {
				got, err := ParseSAN(p, text)
				if err != nil || got != m {
					t.Fatalf("%s: ParseSAN(%q) = %v, %v, want %v", p.FEN(), text, got, err, m)
				}
			}
			if got, err := ParseMove(p, m.String()); err != nil || got != m {
				t.Fatalf("%s: ParseMove(%q) = %v, %v", p.FEN(), m, got, err)
			}
			if err := checkSANMark(p, m, san); err != nil {
				t.Fatal(err)
			}
		}
	})
	t.Logf("%d moves", n)
}

// marks removes the capture sign and the end marks of a SAN.
var marks = strings.NewReplacer("x", "", "+", "", "#", "", "BK", "")

// checkSANMark checks the end mark of san, the SAN of the legal move m of
// p, against the verdict of Game after m (rulesOutcome, what Game.Play
// judges by, without replaying p's own verdict for every move): "BK"
// exactly when the game ends by bare king, "#" exactly when it ends by
// checkmate, "+" exactly when it goes on (or ends otherwise) with the side
// to move in check, and nothing else.
func checkSANMark(p *Position, m Move, san string) error {
	q := p.Play(m)
	o, over := rulesOutcome(&q, p.PieceAt(m.To()) != NoPiece)
	want := ""
	switch {
	case over && o.Reason == BareKing:
		want = "BK"
	case over && o.Reason == Checkmate:
		want = "#"
	case q.InCheck():
		want = "+"
	}
	mark := san[len(strings.TrimRight(san, "+#BK")):]
	if mark != want {
		return fmt.Errorf("%s: %s has mark %q, the game says %v %v (in check %v): want %q",
			p.FEN(), san, mark, o, over, q.InCheck(), want)
	}
	return nil
}

// TestSANBareKing checks the BK mark against the game-level verdict
// where the bare-king rule and Fairy-Stockfish's perft convention part:
// after the baring move the bared side is to move against one piece, and
// BK is written exactly when it cannot take that piece at once.
func TestSANBareKing(t *testing.T) {
	cases := []struct {
		fen, move, san string
		want           Outcome // Game.Outcome after the move; zero: not over
	}{
		// The Shah on a8 cannot reach e7: bared, and no counter-bare.
		{"k7/4r3/8/8/8/8/4R3/7K w - - 0 1", "e2e7", "Rxe7BK", Outcome{Winner: White, Reason: BareKing}},
		// The Shah on b8 may take a7 back: the game goes on.
		{"1k6/r7/8/8/8/8/R7/7K w - - 0 1", "a2a7", "Rxa7", Outcome{}},
		// ... and must, its only move: a forced counter-bare, dead.
		{"k7/1r6/8/8/8/8/1R6/7K w - - 0 1", "b2b7", "Rxb7", Outcome{Draw: true, Reason: DeadPosition}},
		// It may take a7 back, out of check: a check, not BK.
		{"k7/r7/8/8/8/8/R7/7K w - - 0 1", "a2a7", "Rxa7+", Outcome{}},
		// a7 is guarded by the Shah on b6: the check bares with no reply.
		{"k7/r7/1K6/8/8/8/R7/8 w - - 0 1", "a2a7", "Rxa7BK", Outcome{Winner: White, Reason: BareKing}},
		// A promotion that takes the last piece: d8 cannot reach a8.
		{"r2k4/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7a8", "bxa8BK", Outcome{Winner: White, Reason: BareKing}},
		// Two pieces left: decided under either convention.
		{"3k4/8/8/8/8/8/3F4/3KR2r w - - 0 1", "e1h1", "Rxh1BK", Outcome{Winner: White, Reason: BareKing}},
		// The bared side declines the counter-bare: its own loss, BK.
		{"8/8/8/3k4/3R4/8/8/3K4 b - - 0 1", "d5c5", "Kc5BK", Outcome{Winner: White, Reason: BareKing}},
		// It takes back instead: a counter-bare draw, no mark.
		{"8/8/8/3k4/3R4/8/8/3K4 b - - 0 1", "d5d4", "Kxd4", Outcome{Draw: true, Reason: CounterBare}},
	}
	for _, c := range cases {
		p := mustPos(t, c.fen)
		m, err := ParseMove(&p, c.move)
		if err != nil {
			t.Fatal(err)
		}
		san := SAN(&p, m)
		if san != c.san {
			t.Errorf("%s %s: SAN %s, want %s", c.fen, c.move, san, c.san)
		}
		if err := checkSANMark(&p, m, san); err != nil {
			t.Error(err)
		}
		g := NewGame(p)
		if err := g.PlayText(san); err != nil {
			t.Fatal(err)
		}
		if o, _ := g.Outcome(); o != c.want {
			t.Errorf("%s %s: game outcome %v, want %v", c.fen, san, o, c.want)
		}
		// The position itself keeps Fairy-Stockfish's convention: the
		// bared side to move against one piece keeps its moves.
		q := p.Play(m)
		_, posOver := q.Outcome()
		w, bare := q.BareKingWinner()
		if wantBare := c.want.Reason == BareKing; bare != wantBare || (bare && w != c.want.Winner) {
			t.Errorf("%s %s: BareKingWinner %v %v", c.fen, san, w, bare)
		}
		if bare && !posOver && !q.HasMoves() {
			t.Errorf("%s %s: Outcome open but no moves", c.fen, san)
		}
	}
}

func TestSANExamples(t *testing.T) {
	p := mustPos(t, "3k2a1/8/8/8/8/8/1P2K3/R6R w - - 0 1")
	cases := map[string]string{"a1b1": "Rab1", "h1h5": "Rh5", "b2b3": "b3", "a1a8": "Ra8+"}
	for lan, want := range cases {
		m, err := ParseMove(&p, lan)
		if err != nil {
			t.Fatal(err)
		}
		if got := SAN(&p, m); got != want {
			t.Errorf("%s: SAN %s, want %s", lan, got, want)
		}
	}
	if _, err := ParseSAN(&p, "Rb1"); !errors.Is(err, ErrAmbiguousMove) {
		t.Errorf("Rb1: %v", err)
	}
	if _, err := ParseSAN(&p, "Nf3"); !errors.Is(err, ErrIllegalMove) {
		t.Errorf("Nf3: %v", err)
	}
	if _, err := ParseSAN(&p, "Rz9"); !errors.Is(err, ErrSyntax) {
		t.Errorf("Rz9: %v", err)
	}
	q := mustPos(t, "r2k4/1P6/8/8/8/8/8/4K3 w - - 0 1")
	m, _ := ParseMove(&q, "b7a8")
	if got := SAN(&q, m); got != "bxa8BK" { // d8 cannot take a8 back
		t.Errorf("promotion capture: %s", got)
	}
	if m2, err := ParseSAN(&q, "bxa8=F"); err != nil || m2 != m {
		t.Errorf("bxa8=F: %v %v", m2, err)
	}
	r := mustPos(t, "3k4/8/8/8/8/8/3F4/3KR2r w - - 0 1")
	m, _ = ParseMove(&r, "e1h1")
	if got := SAN(&r, m); got != "Rxh1BK" {
		t.Errorf("bare-king capture: %s", got)
	}
}

// FuzzParseFEN: every accepted FEN round-trips and is well formed, and so
// is the position after each legal move; each legal move reads back from
// its long algebraic and SAN forms (so the move list, ParseMove, SAN and
// the end verdicts run on every accepted position without a panic).
func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{StartFEN, AlternativeFEN, "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - -",
		"8/8/8/3k4/3R4/8/8/3K4 b - - 0 1", "8/8/9/8/8/8/8/8 w - - 0 1", "k7/8/8/8/8/8/8/K7 w - - x y",
		"R5R1/1R5R/4R3/n1R5/k3NK2/N2RNN2/1R5R/R5R1 w - - 0 1", // rejected: it would overflow the move list
		"rnaffanr/fffffffk/8/8/8/8/FFFFFFFK/RNAFFANR w - - 0 1", "k7/4r3/8/8/8/8/4R3/7K w - - 0 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := ParsePosition(fen)
		if err != nil {
			return
		}
		q, err := ParsePosition(p.FEN())
		if err != nil || q != p {
			t.Fatalf("%q: %s does not round-trip: %v", fen, p.FEN(), err)
		}
		if err := wellFormed(&p); err != nil {
			t.Fatal(err)
		}
		var ml MoveList
		p.LegalMoves(&ml)
		if p.CountMoves() != ml.Len() {
			t.Fatalf("%s: CountMoves %d, listed %d", fen, p.CountMoves(), ml.Len())
		}
		_, _ = p.Outcome()
		_, _ = p.BareKingWinner()
		for _, m := range ml.Slice() {
			c := p.Play(m)
			if err := wellFormed(&c); err != nil {
				t.Fatalf("%s after %v: %v", fen, m, err)
			}
			if m2, err := ParseMove(&p, m.String()); err != nil || m2 != m {
				t.Fatalf("%s: ParseMove(%v) = %v, %v", fen, m, m2, err)
			}
			if m2, err := ParseSAN(&p, SAN(&p, m)); err != nil || m2 != m {
				t.Fatalf("%s: ParseSAN(SAN(%v)) = %v, %v", fen, m, m2, err)
			}
		}
	})
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"e2e3", "e3", "Nf3", "Ngf3", "g1f3", "Rxe8+", "bxa8=F#", "KBK", "", "x", "=F", "a1a1a1"} {
		f.Add(StartFEN, s)
	}
	f.Add("3k2a1/8/8/8/8/8/1P2K3/R6R w - - 0 1", "Rab1")
	f.Fuzz(func(t *testing.T, fen, text string) {
		p, err := ParsePosition(fen)
		if err != nil {
			return
		}
		for _, parse := range []func(*Position, string) (Move, error){ParseMove, ParseSAN} {
			m, err := parse(&p, text)
			if err != nil {
				if !errors.Is(err, ErrSyntax) && !errors.Is(err, ErrIllegalMove) && !errors.Is(err, ErrAmbiguousMove) {
					t.Fatalf("%q: untyped error %v", text, err)
				}
				var me *MoveError
				if !errors.As(err, &me) || (me.Why == "") != errors.Is(err, ErrSyntax) {
					t.Fatalf("%q: %v: an illegal or ambiguous move needs a reason, a syntax error none", text, err)
				}
				continue
			}
			if !p.IsLegal(m) {
				t.Fatalf("%q parsed to illegal %v", text, m)
			}
			if m2, err := ParseSAN(&p, SAN(&p, m)); err != nil || m2 != m {
				t.Fatalf("%q: SAN round trip %v %v", text, m2, err)
			}
		}
	})
}
