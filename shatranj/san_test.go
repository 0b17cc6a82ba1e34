package shatranj

import (
	"errors"
	"strings"
	"testing"
)

// TestParseMoveInverse checks ParseSAN(SAN(m)) == m for every legal move of
// the positions of seeded random games, also with "x" and the suffixes
// dropped, and ParseMove(m.String()) == m.
func TestParseMoveInverse(t *testing.T) {
	n := 0
	randomWalk(t, 150, func(p *Position) {
		var ml MoveList
		p.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			n++
			san := SAN(p, m)
			bare := strings.NewReplacer("x", "", "+", "", "#", "", "BK", "").Replace(san)
			for _, text := range []string{san, bare, m.String()} {
				got, err := ParseSAN(p, text)
				if err != nil || got != m {
					t.Fatalf("%s: ParseSAN(%q) = %v, %v, want %v", p.FEN(), text, got, err, m)
				}
			}
			if got, err := ParseMove(p, m.String()); err != nil || got != m {
				t.Fatalf("%s: ParseMove(%q) = %v, %v", p.FEN(), m, got, err)
			}
			q := p.Play(m)
			o, ended := q.Outcome()
			switch {
			case ended && o.Reason == BareKing:
				if !strings.HasSuffix(san, "BK") {
					t.Fatalf("%s: %s wins by bare king", p.FEN(), san)
				}
			case ended && o.Reason == Checkmate:
				if !strings.HasSuffix(san, "#") {
					t.Fatalf("%s: %s mates", p.FEN(), san)
				}
			case q.InCheck() != strings.HasSuffix(san, "+"):
				t.Fatalf("%s: %s check mark wrong", p.FEN(), san)
			}
		}
	})
	t.Logf("%d moves", n)
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
	if got := SAN(&q, m); got != "bxa8" {
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

func FuzzParseFEN(f *testing.F) {
	for _, s := range []string{StartFEN, AlternativeFEN, "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - -",
		"8/8/8/3k4/3R4/8/8/3K4 b - - 0 1", "8/8/9/8/8/8/8/8 w - - 0 1", "k7/8/8/8/8/8/8/K7 w - - x y"} {
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
		for _, m := range ml.Slice() {
			c := p.Play(m)
			if err := wellFormed(&c); err != nil {
				t.Fatalf("%s after %v: %v", fen, m, err)
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
