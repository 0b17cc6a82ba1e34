package banchess

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

func TestPGNFormat(t *testing.T) {
	g := NewGame()
	for _, s := range []string{"b:e2e4", "d4", "b:e7e5", "d5", "b:c2c4"} {
		if err := g.PlayText(s); err != nil {
			t.Fatal(err)
		}
	}
	want := "[Variant \"Ban Chess\"]\n[Result \"*\"]\n\n1. {banning: e2e4} d4 {banning: e7e5} d5 2. {banning: c2c4} *\n"
	if got := g.PGN(); got != want {
		t.Fatalf("PGN:\n%s\nwant:\n%s", got, want)
	}
	// Reading accepts other spacing, move numbers glued to moves, other
	// comments and the "m:" UCI form.
	h, err := ReadPGN("[Variant \"Ban Chess\"]\n1.{banning: e2e4}d4 {a comment} {banning: e7e5} m:d7d5\n2. {banning: c2c4} *")
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(h.Actions(), g.Actions()) {
		t.Fatalf("read %v, want %v", h.Actions(), g.Actions())
	}
	// A ban-chess.ts PGN marks a mating ban with '#'.
	m, err := ReadPGN("[FEN \"k7/8/8/8/8/8/6P1/r6K w - - 0 1 1\"]\n1. {banning: h1h2#} 0-1")
	if err != nil {
		t.Fatal(err)
	}
	if o, over := m.Outcome(); !over || o.Reason != Checkmate || o.Result() != "0-1" {
		t.Fatalf("outcome %v", o)
	}
}

// Lemma pgn_round_trip: a PGN written by Game.PGN reads back to the same
// game (start, actions, outcome) for seeded random games, ending in every
// way a game can end, from the start and from a Black-to-move FEN.
func TestPGNRoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	starts := []string{
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 1",
		"r1bqkbnr/pppp1ppp/2n5/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 2 3 10:h5f7",
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 3",
		"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 4",
		"k7/8/8/8/8/8/6P1/r6K w - - 0 1 1",
	}
	var l ActionList
	for i := range 60 {
		start := mustFEN(t, starts[i%len(starts)])
		g := NewGameFrom(start)
		n := rng.IntN(300)
		for range n {
			if _, over := g.Outcome(); over {
				break
			}
			p := g.Position()
			p.LegalActions(&l)
			if err := g.Play(l.At(rng.IntN(l.Len()))); err != nil {
				t.Fatal(err)
			}
		}
		if _, over := g.Outcome(); !over {
			switch i % 4 {
			case 1:
				_ = g.Resign(g.pos.Actor())
			case 2:
				_ = g.AgreeDraw()
			case 3:
				_ = g.ClaimDraw()
			}
		}
		text := g.PGN()
		h, err := ReadPGN(text)
		if err != nil {
			t.Fatalf("game %d: %v\n%s", i, err, text)
		}
		o1, over1 := g.Outcome()
		o2, over2 := h.Outcome()
		if h.Start() != g.Start() || !slices.Equal(h.Actions(), g.Actions()) || o1 != o2 || over1 != over2 {
			t.Fatalf("game %d reads back differently (%v %v / %v %v):\n%s", i, o1, over1, o2, over2, text)
		}
		if h.PGN() != text {
			t.Fatalf("game %d: PGN not stable:\n%s\n%s", i, text, h.PGN())
		}
		if i%len(starts) == 2 && !strings.Contains(text, "1...") && len(g.Actions()) > 0 {
			t.Fatalf("game %d: Black's first move lacks its number:\n%s", i, text)
		}
	}
}
