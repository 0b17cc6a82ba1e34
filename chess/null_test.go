package chess

import "testing"

// TestPlayNull: a null move passes the turn, clears the en passant
// square, counts for the 50-move rule, and keeps the Zobrist key equal to
// the key computed from scratch; it is refused in check, leaving the
// position unchanged. NullMove is never legal and prints "0000".
func TestPlayNull(t *testing.T) {
	for _, tt := range []struct {
		fen, after string
		ok         bool
	}{
		{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2", true},
		{"rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3", "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 4", true},
		{"4k3/8/8/8/8/8/8/4K2R w K - 7 40", "4k3/8/8/8/8/8/8/4K2R b K - 8 40", true},
		{"rnbqkbnr/ppppp1pp/5p2/7Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 1 2", "", false},
	} {
		p := mustPosition(t, tt.fen)
		before := p
		if ok := p.PlayNull(); ok != tt.ok {
			t.Errorf("%s: PlayNull = %v", tt.fen, ok)
			continue
		}
		if !tt.ok {
			if p != before {
				t.Errorf("%s: a refused null move changed the position", tt.fen)
			}
			continue
		}
		if got := p.FEN(CastlingClassic); got != tt.after {
			t.Errorf("%s: after null %s, want %s", tt.fen, got, tt.after)
		}
		if fresh := mustPosition(t, tt.after); fresh.Key() != p.Key() {
			t.Errorf("%s: key %x, from scratch %x", tt.fen, p.Key(), fresh.Key())
		}
		var ml MoveList
		before.LegalMoves(&ml)
		if ml.Contains(NullMove) {
			t.Errorf("%s: NullMove among the legal moves", tt.fen)
		}
	}
	if s := NullMove.UCI(false); s != "0000" {
		t.Errorf("NullMove prints %q", s)
	}
}
