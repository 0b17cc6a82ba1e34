package variant_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
	"github.com/baten-chess/baten/variant/ini"
)

// TestDropKeys: the drops family's keys give the rules.DropRules they
// name, inherited from a built-in parent (crazyhouse) and from an
// earlier section; the hand order is Fairy-Stockfish's (king, custom
// pieces, then its predefined types from the highest).
func TestDropKeys(t *testing.T) {
	const text = `
[a:crazyhouse]
dropLoop = true
firstRankPawnDrops = true
promotionZonePawnDrops = true
dropRegionWhite = *1 *2
blackDropRegion = *8
dropNoDoubled = p
dropNoDoubledCount = 2
dropChecks = false
dropPromoted = false
mustDrop = false
[b:a]
capturesToHand = false
dropNoDoubled = -
customPiece1 = x:W
mustDrop = true
mustDropType = n
`
	vs, err := variant.LoadINI(strings.NewReader(text), "drops.ini", variant.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	rank := func(r int) []geom.Square {
		var out []geom.Square
		for f := range geom.MaxSide {
			out = append(out, geom.Square{File: f, Rank: r})
		}
		return out
	}
	a := &rules.DropRules{CapturesToHand: true, Loop: true, Region: [2][]geom.Square{append(rank(0), rank(1)...), rank(7)},
		Pawn: 'P', FirstRankPawns: true, ZonePawns: true, NoDoubled: 'P', NoDoubledCount: 2, NoChecks: true, HandOrder: "KQRBNP"}
	b := *a
	b.CapturesToHand, b.NoDoubled, b.HandOrder, b.Must, b.MustKind = false, 0, "KXQRBNP", true, 'N'
	for i, want := range []*rules.DropRules{a, &b} {
		if got := vs[i].Rules().Drops; !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %+v, want %+v", vs[i].Name, got, want)
		}
	}
	for _, tc := range []struct{ text, key, want string }{
		{"[v:crazyhouse]\npieceDrops = maybe\n", "pieceDrops", "true or false"},
		{"[v:crazyhouse]\ndropNoDoubled = z\n", "dropNoDoubled", "no piece"},
		{"[v:crazyhouse]\ndropRegionWhite = q99\n", "dropRegionWhite", "squares"},
		{"[v:crazyhouse]\ndropPromoted = true\n", "dropPromoted", "not supported yet"},
		{"[v:crazyhouse]\nmustDropType = z\n", "mustDropType", "no piece"},
		{"[v:crazyhouse]\npromotedPieceType = p:q\n", "promotedPieceType", "not supported yet: pieceDrops with promotedPieceType"},
		{"[v:atomic]\npieceDrops = true\n", "pieceDrops", "not supported yet: pieceDrops with blastOnCapture"},
		{"[v:crazyhouse]\nenclosingDrop = top\n", "enclosingDrop", "not supported yet"},
	} {
		_, err := variant.LoadINI(strings.NewReader(tc.text), "drops.ini", variant.Builtin())
		var ie *ini.Error
		if !errors.As(err, &ie) || ie.Key != tc.key || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: %v, want an error of key %s saying %q", tc.text, err, tc.key, tc.want)
		}
	}
}

// TestDropGames: the five built-in games by their rules, and a child of
// crazyhouse with dropLoop counting as loop chess does.
func TestDropGames(t *testing.T) {
	for _, tc := range []struct {
		name         string
		toHand, loop bool
		firstRank    bool
		start        string
	}{
		{"crazyhouse", true, false, false, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"},
		{"loop", true, true, false, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"},
		{"chessgi", true, true, true, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"},
		{"pocketknight", false, false, false, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Nn] w KQkq - 0 1"},
		{"capahouse", true, false, false, "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR[] w KQkq - 0 1"},
	} {
		v, err := variant.Lookup(tc.name)
		if err != nil {
			t.Fatal(err)
		}
		d := v.Rules().Drops
		if d == nil || d.CapturesToHand != tc.toHand || d.Loop != tc.loop || d.FirstRankPawns != tc.firstRank || d.ZonePawns || d.NoChecks || d.Pawn != 'P' {
			t.Errorf("%s: %+v", tc.name, d)
		}
		if got := v.Start().FEN(); got != tc.start {
			t.Errorf("%s starts %s, want %s", tc.name, got, tc.start)
		}
	}
	// Loop chess's promoted queen goes back to hand a queen: a child of
	// crazyhouse with dropLoop plays as loop does (Fairy-Stockfish's
	// d after b7a8q c8a8: [Rp] in crazyhouse, [Rq] in loop).
	vs, err := variant.LoadINI(strings.NewReader("[myloop:crazyhouse]\ndropLoop = true\n"), "loop.ini", variant.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		v    *variant.Variant
		want string
	}{{lookupGame(t, "crazyhouse"), "r3k3/8/8/8/8/8/8/4K3[Rp] w - - 0 2"}, {vs[0], "r3k3/8/8/8/8/8/8/4K3[Rq] w - - 0 2"}} {
		p, err := tc.v.FromFEN("r1r1k3/1P6/8/8/8/8/8/4K3[] w - - 0 1")
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range []string{"b7a8q", "c8a8"} {
			a, err := p.Parse(m)
			if err != nil {
				t.Fatal(err)
			}
			if p, err = p.Play(a); err != nil {
				t.Fatal(err)
			}
		}
		if got := p.FEN(); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.v.Name, got, tc.want)
		}
	}
}

// TestPlacementDrops: placement chess's kings and rooks gain castling
// rights as they are dropped, the bishops keep to both colours, and
// every move is a drop while the hand holds a piece: Fairy-Stockfish's d
// and go perft 1 after K@e1 K@e8 R@a1 R@h8 R@h1 B@c8.
func TestPlacementDrops(t *testing.T) {
	v := lookupGame(t, "placement")
	p := v.Start()
	for _, m := range []string{"K@e1", "K@e8", "R@a1", "R@h8", "R@h1", "B@c8"} {
		a, err := p.Parse(m)
		if err != nil {
			t.Fatal(err)
		}
		if p, err = p.Play(a); err != nil {
			t.Fatal(err)
		}
	}
	const want = "2b1k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R[QBBNNqrbnn] w KQk - 0 4"
	if got := p.FEN(); got != want {
		t.Errorf("%s, want %s", got, want)
	}
	if n := len(p.Legal()); n != 15 { // Q, B and N on b1, c1, d1, f1, g1
		t.Errorf("%d moves, want 15", n)
	}
}

// TestDropExtinction: the extinction rule counts the pieces in hand, as
// Fairy-Stockfish's does: in antihouse (giveaway with drops, the example
// file's) a side with no piece on the board but one in hand plays on
// (Fairy-Stockfish's go perft 1: 48 and 21).
func TestDropExtinction(t *testing.T) {
	vs, err := variant.LoadINI(strings.NewReader("[ah:giveaway]\npieceDrops = true\ncapturesToHand = true\ncastling = false\n"), "ah.ini", variant.Builtin())
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		fen  string
		want int
	}{{"8/8/8/8/8/8/8/4k3[P] w - - 0 1", 48}, {"8/8/8/8/8/8/8/3qk3[P] b - - 0 1", 21}} {
		p, err := vs[0].FromFEN(tc.fen)
		if err != nil {
			t.Fatal(err)
		}
		if _, over := p.Outcome(); over || len(p.Legal()) != tc.want {
			t.Errorf("%s: over %v, %d moves, want %d", tc.fen, over, len(p.Legal()), tc.want)
		}
	}
}
