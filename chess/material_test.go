package chess

import (
	"testing"

	"github.com/baten-chess/baten/internal/race"
)

func TestInsufficientMaterial(t *testing.T) {
	tests := []struct {
		fen          string
		white, black bool // HasInsufficientMaterial(White), (Black)
	}{
		{"4k3/8/8/8/8/8/8/4K3 w - - 0 1", true, true},
		{"4k3/8/8/8/8/8/8/4KN2 w - - 0 1", true, true},
		{"4k3/8/8/8/8/8/8/4KB2 w - - 0 1", true, true},
		// Bishops all on dark squares: no mate is ever possible.
		{"4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1", true, true},
		// Opposite-coloured bishops: a self-blocked corner mate exists.
		{"4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1", false, false},
		// K+N v K+P: the pawn can block its own king (mate by the knight).
		{"4k3/4p3/8/8/8/8/8/4KN2 w - - 0 1", false, false},
		// K+N v K+Q: the class python-chess decides as insufficient for
		// the knight's side (queens never box in their own king against a
		// lone knight in a reachable mate); the queen's side can mate.
		{"4k3/8/8/8/8/8/3q4/4KN2 w - - 0 1", true, false},
		{"4k3/8/8/8/8/8/8/4KNN1 w - - 0 1", false, true},
		{"4k3/8/8/8/8/8/8/4K2R w - - 0 1", false, true},
		{"4k3/8/8/8/8/8/P7/4K3 w - - 0 1", false, true},
		{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", false, false},
	}
	for _, tt := range tests {
		p := mustPosition(t, tt.fen)
		if got := p.HasInsufficientMaterial(White); got != tt.white {
			t.Errorf("%s: White insufficient %v, want %v", tt.fen, got, tt.white)
		}
		if got := p.HasInsufficientMaterial(Black); got != tt.black {
			t.Errorf("%s: Black insufficient %v, want %v", tt.fen, got, tt.black)
		}
		if got := p.IsInsufficientMaterial(); got != (tt.white && tt.black) {
			t.Errorf("%s: IsInsufficientMaterial %v", tt.fen, got)
		}
	}
}

// TestKnightCannotMateLoneQueen proves, by enumerating every placement of
// white king and knight against black king and queen with Black to move,
// that no checkmate exists: the class HasInsufficientMaterial(White)
// decides for one queen is exact (for more queens it follows python-chess).
func TestKnightCannotMateLoneQueen(t *testing.T) {
	if race.Enabled {
		t.Skip("skipped under -race: an exhaustive single-goroutine proof over 16 million placements, minutes under the race detector; the plain go test runs it")
	}
	var ml MoveList
	for bk := Square(0); bk < 64; bk++ {
		for wk := Square(0); wk < 64; wk++ {
			for n := Square(0); n < 64; n++ {
				for q := Square(0); q < 64; q++ {
					if bk == wk || bk == n || bk == q || wk == n || wk == q || n == q {
						continue
					}
					var s Setup
					s.Board[bk] = MakePiece(Black, King)
					s.Board[wk] = MakePiece(White, King)
					s.Board[n] = MakePiece(White, Knight)
					s.Board[q] = MakePiece(Black, Queen)
					s.Turn = Black
					s.EnPassant = NoSquare
					s.Fullmove = 1
					p, err := NewPosition(s)
					if err != nil || !p.InCheck() {
						continue
					}
					p.LegalMoves(&ml)
					if ml.Len() == 0 {
						t.Errorf("checkmate by a lone knight: %s", p.FEN(CastlingClassic))
					}
				}
			}
		}
	}
}
