package banchess

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/baten-chess/baten/chess"
	"github.com/baten-chess/baten/internal/perftdata"
)

// Lemma legal_action_generation_zero_alloc.
func TestLegalActionsZeroAlloc(t *testing.T) {
	p := Startpos()
	var l ActionList
	q := Startpos()
	mustPlay(t, &q, "b:e2e4")
	if n := testing.AllocsPerRun(100, func() {
		p.LegalActions(&l)
		q.LegalActions(&l)
		_ = p.countActions()
	}); n != 0 {
		t.Fatalf("LegalActions allocates %v times per run", n)
	}
}

// Lemma fen_round_trip: ParseFEN(p.FEN()) is p, and prints the same text,
// for every position along seeded random games and every reference FEN.
func TestFENRoundTrip(t *testing.T) {
	cases, err := perftdata.Load("banchess/banchess.perft")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		p := mustFEN(t, c.FEN)
		if p.FEN() != c.FEN {
			t.Errorf("%s prints as %s", c.FEN, p.FEN())
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var l ActionList
	for game := range 40 {
		p := Startpos()
		for range 200 {
			q, err := ParseFEN(p.FEN())
			if err != nil {
				t.Fatalf("game %d: %s: %v", game, p.FEN(), err)
			}
			if q != p && (q.FEN() != p.FEN() || q.Key() != p.Key()) {
				t.Fatalf("game %d: %s reads back as %s", game, p.FEN(), q.FEN())
			}
			p.LegalActions(&l)
			if l.Len() == 0 {
				break
			}
			if err := p.Play(l.At(rng.IntN(l.Len()))); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// Lemma action_text_round_trip: ParseAction(ActionText(a)) is a for every
// legal action along seeded random games.
func TestActionTextRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var l ActionList
	for range 30 {
		p := Startpos()
		for range 200 {
			p.LegalActions(&l)
			if l.Len() == 0 {
				break
			}
			for _, a := range l.Slice() {
				for _, text := range []string{p.ActionText(a), a.String()} {
					b, err := p.ParseAction(text)
					if err != nil || b != a {
						t.Fatalf("%s: %q reads as %v, %v; want %v", p.FEN(), text, b, err, a)
					}
				}
			}
			if err := p.Play(l.At(rng.IntN(l.Len()))); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestInsufficientMaterial(t *testing.T) {
	for fen, want := range map[string]bool{
		"4k3/8/8/8/8/8/8/4K3 w - - 0 1 1":     true,
		"4k3/8/8/8/8/8/8/4KN2 w - - 0 1 1":    false, // a ban makes knight mates possible
		"4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1 1":  false,
		"4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1 1": false,
		"4k3/8/8/8/8/8/8/4KNN1 w - - 0 1 1":   false,
		"4k3/8/8/8/8/8/8/4K2R w - - 0 1 1":    false,
	} {
		p := mustFEN(t, fen)
		o, over := p.Outcome()
		if got := over && o.Reason == InsufficientMaterial; got != want {
			t.Errorf("%s: insufficient %v, want %v", fen, got, want)
		}
	}
}

// TestLoneBishopMates shows why a lone minor piece is not insufficient
// material in Ban-Chess: the checking side bans the only escape.
func TestLoneBishopMates(t *testing.T) {
	p := mustFEN(t, "k7/8/1K6/8/8/8/4B3/8 w - - 0 1 1")
	mustPlay(t, &p, "b:e2d1", "Bf3+", "b:a8b8")
	o, over := p.Outcome()
	if !over || o.Reason != Checkmate || o.Winner != chess.White {
		t.Fatalf("outcome %v (over %v), want checkmate by White", o, over)
	}
}

func TestAgreementAndResignation(t *testing.T) {
	g := NewGame()
	if err := g.ClaimDraw(); !errors.Is(err, ErrNoClaim) {
		t.Fatalf("claim at the start: %v", err)
	}
	if err := g.Resign(0); err != nil { // White resigns
		t.Fatal(err)
	}
	if o, over := g.Outcome(); !over || o.String() != "0-1 (resignation)" {
		t.Fatalf("outcome %v", o)
	}
	if err := g.AgreeDraw(); !errors.Is(err, ErrGameOver) {
		t.Fatalf("agree after resignation: %v", err)
	}
	h := NewGame()
	if err := h.AgreeDraw(); err != nil {
		t.Fatal(err)
	}
	if o, _ := h.Outcome(); o.String() != "1/2-1/2 (agreement)" {
		t.Fatalf("outcome %v", o)
	}
}

func FuzzParseFEN(f *testing.F) {
	f.Add("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 1")
	f.Add("r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 3 10:h5f7")
	f.Add("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 2:e1h1")
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseFEN(s)
		if err != nil {
			return
		}
		q, err := ParseFEN(p.FEN())
		if err != nil {
			t.Fatalf("%q printed as %q, which fails: %v", s, p.FEN(), err)
		}
		if q.FEN() != p.FEN() {
			t.Fatalf("%q: %q then %q", s, p.FEN(), q.FEN())
		}
		var l ActionList
		p.LegalActions(&l)
		_, _ = p.Outcome()
	})
}

func FuzzParseAction(f *testing.F) {
	for _, s := range []string{"b:e2e4", "m:e2e4", "e4", "Nf3", "O-O", "b:e1h1", "b:a7a8q", "m:e1h1", "", "b:", "m:"} {
		f.Add("", s)
	}
	f.Add("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1 2:e1h1", "O-O-O")
	f.Fuzz(func(t *testing.T, fen, s string) {
		p := Startpos()
		if fen != "" {
			var err error
			if p, err = ParseFEN(fen); err != nil {
				return
			}
		}
		a, err := p.ParseAction(s)
		if err != nil {
			return
		}
		if err := p.Play(a); err != nil {
			t.Fatalf("%s: %q parsed as %v but Play fails: %v", fen, s, a, err)
		}
	})
}

// BenchmarkActionPerft: action perft of the start to depth 4 (144,400
// leaves), reporting nodes/s.
func BenchmarkActionPerft(b *testing.B) {
	p := Startpos()
	var nodes uint64
	for b.Loop() {
		nodes += p.Perft(4)
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

func TestNewPositionValidates(t *testing.T) {
	var zero chess.Position
	if _, err := NewPosition(zero); err == nil {
		t.Fatal("NewPosition accepted a zero chess.Position")
	}
	p, err := NewPosition(chess.Startpos())
	if err != nil || p != Startpos() {
		t.Fatalf("NewPosition(start) = %v, %v", p.FEN(), err)
	}
}

// FuzzReadPGN: no panic; a game that reads back prints PGN that reads
// back to the same actions.
func FuzzReadPGN(f *testing.F) {
	f.Add("[Variant \"Ban Chess\"]\n\n1. {banning: e2e4} d4 {banning: e7e5} d5 *")
	f.Add("1. {banning: e2e4} d4 {banning: d7d5} e5 2. {banning: a2a3} Nf3 1-0")
	f.Add("[SetUp \"1\"]\n[FEN \"k7/8/1K6/8/8/8/4B3/8 w - - 0 1 1\"]\n\n1. {banning: e2d1} Bf3+ {banning: a8b8} 1-0")
	f.Add("{banning: }")
	f.Fuzz(func(t *testing.T, text string) {
		g, err := ReadPGN(text)
		if err != nil {
			return
		}
		again, err := ReadPGN(g.PGN())
		if err != nil {
			t.Fatalf("%q: its PGN %q does not read back: %v", text, g.PGN(), err)
		}
		if len(again.Actions()) != len(g.Actions()) {
			t.Fatalf("%q: %d actions read back as %d", text, len(g.Actions()), len(again.Actions()))
		}
	})
}
