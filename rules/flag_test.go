package rules

import (
	"testing"

	"github.com/baten-chess/baten/geom"
)

// hill is king of the hill defined here in Go: chess, and a king on d4,
// e4, d5 or e5 wins.
func hill() *Variant {
	v := Chess()
	centre := []geom.Square{{File: 3, Rank: 3}, {File: 4, Rank: 3}, {File: 3, Rank: 4}, {File: 4, Rank: 4}}
	v.Flag = &FlagRule{Piece: [2]byte{'K', 'K'}, Region: [2][]geom.Square{centre, centre}, Count: 1}
	return v
}

// TestFlagRule: the king reaching the hill ends the game for the side
// that has just moved, at once and before checkmate or stalemate are
// asked; the position has no legal moves; the side to move with its king
// on the hill has not won (only the mover is judged without flagMove).
func TestFlagRule(t *testing.T) {
	v := hill()
	for _, tc := range []struct {
		fen    string
		over   bool
		winner Player
	}{
		{"4k3/8/8/8/4K3/8/8/8 b - - 0 1", true, First},
		{"8/8/8/3k4/8/8/8/4K3 w - - 0 1", true, Second},
		{"4k3/8/8/8/4K3/8/8/8 w - - 0 1", false, 0},
		// Checkmated, with the king on the hill: the hill came first.
		{"R3k3/R7/8/8/4K3/8/8/8 b - - 0 1", true, First},
	} {
		p := mustFEN(t, v, tc.fen)
		o, over := p.Outcome()
		if tc.over != (over && o.Reason == FlagReached) || over && tc.over && (o.Draw || o.Winner != tc.winner) {
			t.Errorf("%s: %+v %v, want the flag rule %v for %v", tc.fen, o, over, tc.over, tc.winner)
		}
		if tc.over && len(p.LegalMoves()) != 0 {
			t.Errorf("%s: decided, but moves %v", tc.fen, moveTexts(p))
		}
	}
}

// TestShortFEN: Fairy-Stockfish's FEN without castling and en passant
// fields is read, with or without the clocks; a counting variant keeps
// reading a number in the en passant field as its count.
func TestShortFEN(t *testing.T) {
	v := Chess()
	for _, fen := range []string{"4k3/8/8/8/8/8/8/4K3 w", "4k3/8/8/8/8/8/8/4K3 b 7 12"} {
		p := mustFEN(t, v, fen)
		if fen[len(fen)-1] == '2' && (p.Halfmove() != 7 || p.Fullmove() != 12 || p.Turn() != Second) {
			t.Errorf("%s: clocks %d %d, turn %v", fen, p.Halfmove(), p.Fullmove(), p.Turn())
		}
	}
	if _, err := ParseFEN(v, "4k3/8/8/8/8/8/8/4K3 w 7"); err == nil {
		t.Error("three fields read")
	}
}
