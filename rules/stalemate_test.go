package rules_test

import (
	"slices"
	"testing"

	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
)

// TestStalemateByPieceCount: in suicide chess (stalematePieceCount) a
// stalemated side with fewer pieces wins, with more loses, with as many
// draws (reason PieceCount); in antichess, without the rule, the
// stalemated side always wins (reason NoMovesWin).
// In each position White is to move and its pawns are blocked.
func TestStalemateByPieceCount(t *testing.T) {
	for _, c := range []struct {
		game, fen string
		want      rules.Outcome
	}{
		{"suicide", "7k/8/8/p7/P7/8/8/8 w - - 0 1", rules.Outcome{Winner: rules.First, Reason: rules.PieceCount}},
		{"suicide", "8/8/8/8/p7/P7/P7/8 w - - 0 1", rules.Outcome{Winner: rules.Second, Reason: rules.PieceCount}},
		{"suicide", "8/8/8/p7/P7/8/8/8 w - - 0 1", rules.Outcome{Draw: true, Reason: rules.PieceCount}},
		{"antichess", "8/8/8/8/p7/P7/P7/8 w - - 0 1", rules.Outcome{Winner: rules.First, Reason: rules.NoMovesWin}},
		{"antichess", "8/8/8/p7/P7/8/8/8 w - - 0 1", rules.Outcome{Winner: rules.First, Reason: rules.NoMovesWin}},
	} {
		g, err := variant.Lookup(c.game)
		if err != nil {
			t.Fatal(err)
		}
		p, err := rules.ParseFEN(g.Rules(), c.fen)
		if err != nil {
			t.Fatal(err)
		}
		if got, over := p.Outcome(); !over || got != c.want {
			t.Errorf("%s %s: %+v %v, want %+v", c.game, c.fen, got, over, c.want)
		}
	}
}

// legalTexts lists p's legal moves as text.
func legalTexts(p *rules.Position) []string {
	var out []string
	for _, m := range p.LegalMoves() {
		out = append(out, p.MoveText(m))
	}
	return out
}

// TestMustCaptureAfterLegality: in losers (a royal king and mustCapture)
// a capture that would leave the king attacked does not oblige, as in
// Fairy-Stockfish, where only a legal capture makes quiet moves illegal:
// the rook pinned on f2 may take the knight on f7 only by leaving the
// king to the bishop, so the king's four moves are the legal ones.
func TestMustCaptureAfterLegality(t *testing.T) {
	g, err := variant.Lookup("losers")
	if err != nil {
		t.Fatal(err)
	}
	p, err := rules.ParseFEN(g.Rules(), "k7/5n2/8/8/7b/8/5R2/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	got := legalTexts(p)
	slices.Sort(got)
	if want := []string{"e1d1", "e1d2", "e1e2", "e1f1"}; !slices.Equal(got, want) {
		t.Errorf("legal moves %v, want %v", got, want)
	}
	// With the knight taken by a free piece, the capture obliges.
	p, err = rules.ParseFEN(g.Rules(), "k7/5n2/8/8/8/8/5R2/4K3 w - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if got := legalTexts(p); !slices.Equal(got, []string{"f2f7"}) {
		t.Errorf("legal moves %v, want [f2f7]", got)
	}
}

// TestCommonerCastlesThroughAttack: in giveaway the castling king is a
// commoner, and Fairy-Stockfish lets a king that is not royal castle out
// of, through and into attacked squares (its legal() skips the attack
// test for it); in chess the same castling is refused.
func TestCommonerCastlesThroughAttack(t *testing.T) {
	for _, c := range []struct {
		game string
		ok   bool
	}{{"giveaway", true}, {"chess", false}} {
		g, err := variant.Lookup(c.game)
		if err != nil {
			t.Fatal(err)
		}
		p, err := rules.ParseFEN(g.Rules(), "k4r2/8/8/8/8/8/8/4K2R w K - 0 1")
		if err != nil {
			t.Fatal(err)
		}
		got := slices.ContainsFunc(p.LegalMoves(), func(m rules.Move) bool { return m.Castle })
		if got != c.ok {
			t.Errorf("%s: castling through the attacked f1 legal: %v, want %v", c.game, got, c.ok)
		}
	}
}
