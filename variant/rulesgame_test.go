package variant

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/baten-chess/baten/chess"
	"github.com/baten-chess/baten/internal/perftdata"
	"github.com/baten-chess/baten/internal/race"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/san"
)

// TestCapablancaPerft: the generic adapter over the reference generator
// counts Fairy-Stockfish's Capablanca perft, both through the interface
// alone (Legal and Play) and through its Perfter.
func TestCapablancaPerft(t *testing.T) {
	v, err := Lookup("capablanca")
	if err != nil {
		t.Fatal(err)
	}
	cases, err := perftdata.Load("fairy/capablanca.perft")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		p, err := v.FromFEN(c.FEN)
		if err != nil {
			t.Fatalf("%s: %v", c.ID, err)
		}
		for _, want := range c.Counts {
			if want.Nodes > 30000 {
				continue
			}
			slow, err := slowPerft(context.Background(), p, want.Depth)
			if err != nil || slow != want.Nodes {
				t.Errorf("%s depth %d: interface perft %d (%v), want %d", c.ID, want.Depth, slow, err, want.Nodes)
			}
			fast, err := Perft(context.Background(), p, want.Depth, 2)
			if err != nil || fast != want.Nodes {
				t.Errorf("%s depth %d: Perft %d (%v), want %d", c.ID, want.Depth, fast, err, want.Nodes)
			}
		}
	}
}

// rulesChess is standard chess played by the generic adapter, to compare
// with the chess package's own adapter.
func rulesChess(t *testing.T) *Variant {
	t.Helper()
	v, err := FromRules(Variant{Name: "rules-chess", RulesMoveText: kingMoveCastling}, rules.Chess())
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// TestRulesSANMatchesChess: the generic SAN of the reference adapter
// writes every move of random chess games as package san does (which is
// checked against the shared SAN vectors), and reads it back.
func TestRulesSANMatchesChess(t *testing.T) {
	generic := rulesChess(t)
	native, _ := Lookup("chess")
	rng := rand.New(rand.NewPCG(7, 15))
	games := 12
	if race.Enabled {
		games = 2 // the reference generator is fiftyfold slower under -race
	}
	for game := range games {
		g, n := generic.Start(), native.Start()
		for ply := 0; ply < 80; ply++ {
			gl, nl := g.Legal(), n.Legal()
			if len(gl) != len(nl) {
				t.Fatalf("game %d ply %d %s: %d legal moves, chess has %d", game, ply, n.FEN(), len(gl), len(nl))
			}
			if len(nl) == 0 {
				break
			}
			for _, a := range gl {
				na, err := n.Parse(a.String())
				if err != nil {
					t.Fatalf("%s: %s not legal in chess: %v", n.FEN(), a, err)
				}
				cp, _ := n.(chessPosition).Chess()
				want := san.Format(&cp, na.Native().(chess.Move))
				if got := g.Format(a, Human); got != want {
					t.Errorf("%s: %s written %q, san writes %q", n.FEN(), a, got, want)
				}
				back, err := g.Parse(want)
				if err != nil || back != a {
					t.Errorf("%s: %q parsed as %v (%v), want %v", n.FEN(), want, back, err, a)
				}
			}
			a := nl[rng.IntN(len(nl))]
			var err error
			if n, err = n.Play(a); err != nil {
				t.Fatal(err)
			}
			ga, err := g.Parse(a.String())
			if err != nil {
				t.Fatal(err)
			}
			if g, err = g.Play(ga); err != nil {
				t.Fatal(err)
			}
			if noEP(g.FEN()) != noEP(n.FEN()) {
				t.Fatalf("game %d ply %d: FEN %s, chess %s", game, ply, g.FEN(), n.FEN())
			}
			go1, over1 := g.Outcome()
			no, over2 := n.Outcome()
			if over1 != over2 || (over1 && no.Reason != InsufficientMaterial && go1 != no) {
				t.Fatalf("%s: outcome %v %v, chess %v %v", n.FEN(), go1, over1, no, over2)
			}
		}
	}
}

// TestRulesKeyLikeChess: the generic key repeats exactly where package
// chess's Zobrist key does, en passant squares that allow no capture
// included (1. e4 and 1. e4 Nf6 2. Nf3 Ng8 3. Ng1 are one position).
func TestRulesKeyLikeChess(t *testing.T) {
	generic := rulesChess(t)
	native, _ := Lookup("chess")
	for _, line := range []string{
		"e4 Nf6 Nf3 Ng8 Ng1",
		"e4 Nf6 e5 d5 Nf3 Ng8 Ng1 Nf6 Nf3 Ng8 Ng1",
		"Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8",
	} {
		g, n := generic.Start(), native.Start()
		gk, nk := []uint64{g.Key()}, []uint64{n.Key()}
		for _, m := range strings.Fields(line) {
			ga, err := g.Parse(m)
			if err != nil {
				t.Fatal(err)
			}
			na, _ := n.Parse(m)
			g, _ = g.Play(ga)
			n, _ = n.Play(na)
			gk, nk = append(gk, g.Key()), append(nk, n.Key())
		}
		for i := range gk {
			for j := range i {
				if (gk[i] == gk[j]) != (nk[i] == nk[j]) {
					t.Errorf("%s: plies %d and %d: generic same %v, chess same %v", line, j, i, gk[i] == gk[j], nk[i] == nk[j])
				}
			}
		}
	}
}

// TestRulesKeyRepetition: the generic key ignores the move counters and
// tells different positions apart.
func TestRulesKeyRepetition(t *testing.T) {
	v, _ := Lookup("capablanca")
	p := v.Start()
	for _, m := range []string{"Nc3", "Nc6", "Nb1", "Nb8"} {
		a, err := p.Parse(m)
		if err != nil {
			t.Fatal(err)
		}
		if p, err = p.Play(a); err != nil {
			t.Fatal(err)
		}
	}
	if p.Key() != v.Start().Key() {
		t.Errorf("after Nc3 Nc6 Nb1 Nb8 the key differs from the start's: %s", p.FEN())
	}
	a, _ := p.Parse("Nc3")
	q, _ := p.Play(a)
	if q.Key() == p.Key() {
		t.Error("different positions have one key")
	}
}

// TestRulesSANCapablanca: archbishop and chancellor moves, disambiguation
// and castling in Capablanca SAN, read back.
func TestRulesSANCapablanca(t *testing.T) {
	v, _ := Lookup("capablanca")
	for _, c := range []struct{ fen, move, want string }{
		{v.Start().FEN(), "c1d3", "Ad3"},
		{v.Start().FEN(), "h1i3", "Ci3"},
		{"r4k4/10/10/10/10/10/10/R3K4R w KQ - 0 1", "e1c1", "O-O-O"},
		{"r4k4/10/10/10/10/10/10/R3K4R w KQ - 0 1", "e1i1", "O-O"},
		{"r4k4/10/10/10/10/10/10/R3K4R w KQ - 0 1", "e1g1", ""},
		{"5k4/10/10/10/10/10/5K4/R8R w - - 0 1", "a1e1", "Rae1"},
		{"5k4/10/10/10/10/R9/5K4/R9 w - - 0 1", "a1a2", "R1a2"},
		{"5k4/10/10/10/10/10/P9/A4K4 w - - 0 1", "a1c2", "Ac2"},
		{"4k5/P9/10/10/10/10/10/4K5 w - - 0 1", "a7a8c", "a8=C+"},
	} {
		p, err := v.FromFEN(c.fen)
		if err != nil {
			t.Fatalf("%s: %v", c.fen, err)
		}
		a, err := p.Parse(c.move)
		if c.want == "" {
			if err == nil {
				t.Errorf("%s: %s is no legal move here but parsed", c.fen, c.move)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %s: %v", c.fen, c.move, err)
			continue
		}
		if got := p.Format(a, Human); got != c.want {
			t.Errorf("%s: %s written %q, want %q", c.fen, c.move, got, c.want)
		}
		if back, err := p.Parse(strings.TrimSuffix(c.want, "+")); err != nil || back != a {
			t.Errorf("%s: %q read as %v (%v)", c.fen, c.want, back, err)
		}
	}
}

// noEP drops the en passant field, which package rules writes after every
// double step and package chess only when a capture is legal.
func noEP(fen string) string {
	f := strings.Fields(fen)
	if len(f) > 3 {
		f[3] = "-"
	}
	return strings.Join(f, " ")
}
