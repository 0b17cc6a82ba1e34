package rules_test

import (
	"slices"
	"testing"

	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
)

// specPosition is a position of a game with rules as data.
type specPosition interface {
	Rules() *rules.Position
	Move(a variant.Action) (rules.Move, bool)
}

// chased plays moves from fen in the built-in xiangqi and returns the
// chase set of the last one.
func chased(t *testing.T, fen string, moves []string) []string {
	t.Helper()
	xq, err := variant.Lookup("xiangqi")
	if err != nil {
		t.Fatal(err)
	}
	p, err := xq.FromFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	var last rules.Move
	var before *rules.Position
	for _, text := range moves {
		a, err := p.Parse(text)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		sp, ok := p.(specPosition)
		if !ok {
			t.Fatalf("%T has no reference moves", p)
		}
		m, ok := sp.Move(a)
		if !ok {
			t.Fatalf("%s: no reference move", text)
		}
		before, last = sp.Rules(), m
		if p, err = p.Play(a); err != nil {
			t.Fatal(err)
		}
	}
	out := []string{}
	for _, sq := range before.Chased(last) {
		out = append(out, sq.String())
	}
	return out
}

// TestChased: the chase set of a move (rules.Position.Chased), one case
// per kind of the Asian Xiangqi Federation's examples. want is
// Fairy-Stockfish c19b5f6's "Chased:" line of the d command after the
// moves, but where a case says Baten differs.
func TestChased(t *testing.T) {
	for _, c := range []struct {
		name, fen string
		moves     []string
		want      []string
	}{
		{"chariot chases unprotected horse", "5k3/9/9/2n6/9/9/9/9/9/R2K5 w - - 0 1", []string{"a1a7"}, []string{"c7"}},
		{"horse chases protected chariot", "5k3/9/9/9/9/3r3r1/9/9/9/1N2K4 w - - 0 1", []string{"b1c3"}, []string{"d5"}},
		{"elephant chases protected horse", "4k4/6r2/9/9/9/6n2/9/9/9/2B2K3 w - - 0 1", []string{"c1e3"}, []string{"g5"}},
		{"chariot does not chase a protected horse", "4k4/9/1n2r4/9/9/9/9/9/9/R2K5 w - - 0 1", []string{"a1b1"}, []string{}},
		{"mutual chariots not a chase", "5k3/9/9/2r6/9/9/9/9/9/R3K4 w - - 0 1", []string{"a1a7"}, []string{}},
		{"mutual horses not a chase", "4k4/9/9/9/9/3n5/9/9/9/1N3K3 w - - 0 1", []string{"b1c3"}, []string{}},
		{"lame horse", "4k4/9/9/9/9/3n5/3c5/9/9/1N3K3 w - - 0 1", []string{"b1c3"}, []string{"d5"}},
		{"pinned protector does not protect", "4k4/9/1n2r4/9/9/9/9/9/4R4/R2K5 w - - 0 1", []string{"a1b1"}, []string{"b8"}},
		{"protector that would let the generals face does not protect", "4k4/9/9/9/4n4/2c6/9/9/9/R3K4 w - - 0 1", []string{"a1a5"}, []string{"c5"}},
		{"protector off the generals' file protects", "4k4/9/9/9/4n4/2c6/9/9/9/R2K5 w - - 0 1", []string{"a1a5"}, []string{}},
		{"soldier not across the river is not chased", "5k3/9/9/2p6/9/9/9/9/9/R3K4 w - - 0 1", []string{"a1a7"}, []string{}},
		{"soldier across the river is chased", "5k3/9/9/9/9/9/2p6/9/9/R3K4 w - - 0 1", []string{"a1a4"}, []string{"c4"}},
		{"general's attack is not a chase", "3k5/9/9/9/9/9/9/9/5n3/4K4 w - - 0 1", []string{"e1e2"}, []string{}},
		// The horse gives check and becomes the cannon's screen: the
		// elephant stays protected by the chariot, the check aside.
		{"check does not unprotect", "4k4/3N4r/C7b/9/9/9/9/9/9/3K5 w - - 0 1", []string{"d9f8"}, []string{}},
		{"discovered chase", "5k3/9/n8/9/9/9/9/N8/9/R3K4 w - - 0 1", []string{"a3c4"}, []string{"a8"}},
		// Baten differs: Fairy-Stockfish leaves out every attack of a
		// chariot or cannon along the line it moved on; taking the cannon
		// on a5, the chariot newly attacks the horse behind it.
		{"capture along the file opens a chase", "5k3/9/n8/9/9/c8/9/9/9/R3K4 w - - 0 1", []string{"a1a5"}, []string{"a8"}},
		// Baten differs: Fairy-Stockfish counts the general as a protector
		// even where it may not take back, the square being guarded (here
		// by the horse on f7); the horse on e9 is unprotected.
		{"general that may not take back does not protect", "4k4/4n4/9/5N3/9/9/9/9/R8/3K5 w - - 0 1", []string{"a2e2"}, []string{"e9"}},
		// Baten differs: Fairy-Stockfish reads pins before the capture;
		// the chariot on f7 is pinned by the cannon's two screens until
		// the cannon takes on f8, and then it may take back.
		{"protector pinned only before the capture protects", "5k3/9/5n3/5r3/9/9/9/7C1/9/4K4 w - - 0 1", []string{"h3f3"}, []string{}},
		// Baten differs: Fairy-Stockfish takes a side's only piece on the
		// enemy general's file as pinned, even with the soldier on e7
		// between the generals; without it the elephant is pinned.
		{"piece between the generals with a soldier between is not pinned", "4k4/9/9/4p4/9/r8/9/4B4/9/2B1K4 b - - 0 1", []string{"a5c5"}, []string{}},
		// Baten differs: Fairy-Stockfish counts any attack on a pinned
		// piece of the attacker's type; this chariot, pinned on the file,
		// may still take its pinner along it.
		{"pinned chariot that may take its pinner is a mutual attack", "4k4/9/9/4r4/9/9/9/9/R8/3K5 w - - 0 1", []string{"a2e2"}, []string{}},
		{"elephant between the generals is pinned", "4k4/9/9/9/9/r8/9/4B4/9/2B1K4 b - - 0 1", []string{"a5c5"}, []string{"c1"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := chased(t, c.fen, c.moves); !slices.Equal(got, c.want) {
				t.Errorf("chased %v, want %v", got, c.want)
			}
		})
	}
}

// TestNoChaseRule: a game without the chasing rule (manchu, which
// Fairy-Stockfish builds on xiangqi without it) has no chase sets.
func TestNoChaseRule(t *testing.T) {
	m, err := variant.Lookup("manchu")
	if err != nil {
		t.Fatal(err)
	}
	p, err := rules.ParseFEN(m.Rules(), "5k3/9/9/2n6/9/9/9/9/9/R2K5 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	mv := rules.Move{From: geom.Square{File: 0, Rank: 0}, To: geom.Square{File: 0, Rank: 6}}
	if got := p.Chased(mv); got != nil {
		t.Errorf("manchu: chased %v, want none", got)
	}
}
