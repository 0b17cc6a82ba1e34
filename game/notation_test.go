package game

import (
	"slices"
	"testing"
)

// TestMoveRoundtrip is the move_roundtrip lemma: for every legal move m of
// every position of random games in every variant (at least 100,000 moves
// per variant), parsing its human notation and its machine notation gives m
// back.
func TestMoveRoundtrip(t *testing.T) {
	for _, v := range Variants {
		count := 0
		for games := 50; count < 100_000; games *= 2 {
			count = 0
			randomGames(t, v, games, 120, func(p Position) {
				for _, m := range p.Moves() {
					count++
					for _, text := range []string{p.Notation(m), m.String()} {
						got, err := p.ParseMove(text)
						if err != nil || got != m {
							t.Fatalf("%v %s: %q parses to %v, %v; want %v", v, p.FEN(), text, got, err, m)
						}
					}
				}
			})
		}
		t.Logf("%v: %d moves", v, count)
	}
}

// TestParsePrintInverse is the parse_print_inverse lemma: printed notation
// is a fixed point — print(parse(s)) == s for every s the printer writes —
// and lenient spellings (UCI, missing check marks, 0-0) print canonically.
func TestParsePrintInverse(t *testing.T) {
	for _, v := range Variants {
		randomGames(t, v, 20, 80, func(p Position) {
			for _, m := range p.Moves() {
				s := p.Notation(m)
				got, err := p.ParseMove(s)
				if err != nil || p.Notation(got) != s {
					t.Fatalf("%v %s: %q reprints as %q (%v)", v, p.FEN(), s, p.Notation(got), err)
				}
			}
		})
	}
	lenient := []struct {
		v         Variant
		fen, text string
		want      string
	}{
		{Chess, "", "e2e4", "e4"},
		{Chess, "", "Ng1-f3", "Nf3"},
		{Chess, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "0-0", "O-O"},
		{Chess, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O"},
		{Chess960, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1h1", "O-O"},
		{Chess, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a8Q", "a8=Q+"},
		{Chess, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8n", "a8=N"},
		{Chess, "", "e4!?", "e4"},
		{Shatranj, "", "b1c3", "Nc3"},
		{Shatranj, "", "Nc3", "Nc3"},
		{BanChess, "", "b:e2e4", "b:e2e4"},
		{BanChess, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 2:e2e4", "d2d4", "d4"},
		{Draughts, "", "11-15", "11-15"},
	}
	for _, tt := range lenient {
		p := mustPosition(t, tt.v, tt.fen)
		m, err := p.ParseMove(tt.text)
		if err != nil {
			t.Errorf("%v %q: %v", tt.v, tt.text, err)
			continue
		}
		if got := p.Notation(m); got != tt.want {
			t.Errorf("%v %q prints as %q, want %q", tt.v, tt.text, got, tt.want)
		}
	}
}

// TestParseMoveInverse is the parse_move_inverse lemma: the machine text of
// a move (UCI, action text, PDN path) parses back to it, and no two legal
// moves share a text, so the notation is injective.
func TestParseMoveInverse(t *testing.T) {
	for _, v := range Variants {
		randomGames(t, v, 20, 80, func(p Position) {
			seen := map[string]bool{}
			human := map[string]bool{}
			for _, m := range p.Moves() {
				if seen[m.String()] || human[p.Notation(m)] {
					t.Fatalf("%v %s: two moves print as %q / %q", v, p.FEN(), m.String(), p.Notation(m))
				}
				seen[m.String()], human[p.Notation(m)] = true, true
			}
		})
	}
}

// TestFENRoundtrip is the fen_roundtrip lemma for every variant: the FEN of
// every position of random games reads back to a position with the same
// FEN, key and legal moves.
func TestFENRoundtrip(t *testing.T) {
	for _, v := range Variants {
		randomGames(t, v, 30, 150, func(p Position) {
			q, err := NewPosition(v, p.FEN())
			if err != nil {
				t.Fatalf("%v %s: %v", v, p.FEN(), err)
			}
			if q.FEN() != p.FEN() || q.Key() != p.Key() {
				t.Fatalf("%v: %s reads back as %s", v, p.FEN(), q.FEN())
			}
			if !slices.Equal(q.Moves(), p.Moves()) {
				t.Fatalf("%v %s: moves differ after the round trip", v, p.FEN())
			}
		})
	}
}

// TestReachablePreservesWF is the reachable_preserves_wf lemma: every
// position reached by legal moves is well formed — its FEN is accepted by
// the variant's validating constructor — and each legal move's result is
// again accepted.
func TestReachablePreservesWF(t *testing.T) {
	for _, v := range Variants {
		randomGames(t, v, 20, 150, func(p Position) {
			for _, m := range p.Moves() {
				q, err := p.Play(m)
				if err != nil {
					t.Fatalf("%v %s: legal %v refused: %v", v, p.FEN(), m, err)
				}
				if _, err := NewPosition(v, q.FEN()); err != nil {
					t.Fatalf("%v: %v leads to an invalid position %s: %v", v, m, q.FEN(), err)
				}
			}
		})
	}
}

func TestParseVariant(t *testing.T) {
	for text, want := range map[string]Variant{
		"chess": Chess, "Standard": Chess, "Chess960": Chess960, "chess 960": Chess960,
		"Fischerandom": Chess960, "fischer-random": Chess960, "Shatranj": Shatranj,
		"Ban Chess": BanChess, "banchess": BanChess, "English draughts": Draughts, "checkers": Draughts,
	} {
		if got, err := ParseVariant(text); err != nil || got != want {
			t.Errorf("ParseVariant(%q) = %v, %v; want %v", text, got, err, want)
		}
	}
	for _, v := range Variants {
		if got, err := ParseVariant(v.String()); err != nil || got != v {
			t.Errorf("ParseVariant(%q) = %v, %v", v.String(), got, err)
		}
	}
	if _, err := ParseVariant("xiangqi"); err == nil {
		t.Error("xiangqi accepted")
	}
}
