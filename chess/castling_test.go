package chess

import (
	"errors"
	"testing"
)

// TestCastlingEdgeCases: Chess960 and classic castling corner cases, each
// with an explicit position and the castling move (king square + rook
// square) expected legal or illegal.
func TestCastlingEdgeCases(t *testing.T) {
	tests := []struct {
		name  string
		fen   string
		move  string // Chess960 UCI
		legal bool
	}{
		{"classic h-side", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1h1", true},
		{"classic a-side", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1a1", true},
		{"classic black a-side", "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", "e8a8", true},
		{"king in check", "4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1", "e1h1", false},
		{"king passes attacked f1", "r3kr2/8/8/8/8/8/8/R3K2R w KQq - 0 1", "e1h1", false},
		{"king lands on attacked g1", "4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1", "e1h1", false},
		{"castling rook attacked", "r3k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1a1", true},
		{"b1 attacked, not on the king's path", "1r2k3/8/8/8/8/8/8/R3K3 w Q - 0 1", "e1a1", true},
		{"b1 occupied blocks the rook", "4k3/8/8/8/8/8/8/RN2K3 w Q - 0 1", "e1a1", false},
		{"king already on g1", "4k3/8/8/8/8/8/8/6KR w H - 0 1", "g1h1", true},
		{"king on g1, rook's f1 occupied", "4k3/8/8/8/8/8/8/5NKR w H - 0 1", "g1h1", false},
		{"rook already on f1", "4k3/8/8/8/8/8/8/4KR2 w F - 0 1", "e1f1", true},
		{"rook already on d1", "4k3/8/8/8/8/8/8/3RK3 w D - 0 1", "e1d1", true},
		{"king and rook swap, h-side", "4k3/8/8/8/8/8/8/5KR1 w G - 0 1", "f1g1", true},
		{"king and rook swap, a-side", "4k3/8/8/8/8/8/8/2RK4 w C - 0 1", "d1c1", true},
		{"king crosses the rook's square, a-side", "4k3/8/8/8/8/8/8/1R4K1 w B - 0 1", "g1b1", true},
		{"king crosses the rook's square, h-side", "4k3/8/8/8/8/8/8/1KR5 w C - 0 1", "b1c1", true},
		{"king passes attacked e1 (960)", "4r1k1/8/8/8/8/8/8/1R4K1 w B - 0 1", "g1b1", false},
		{"rook path crosses the king, d1 free", "4k3/8/8/8/8/8/8/RK6 w A - 0 1", "b1a1", true},
		{"rook's d1 occupied", "4k3/8/8/8/8/8/8/RK1N4 w A - 0 1", "b1a1", false},
		{"rook lands on attacked d1", "3r3k/8/8/8/8/8/8/RK6 w A - 0 1", "b1a1", true},
		{"rook lands on attacked f1 the king passes", "k4r2/8/8/8/8/8/8/1K5R w H - 0 1", "b1h1", false},
		{"rook on b1 shields king on c1", "4k3/8/8/8/8/8/8/rRK5 w B - 0 1", "c1b1", false},
		{"rook on b1 shields c1, king from d1", "4k3/8/8/8/8/8/8/rR1K4 w B - 0 1", "d1b1", false},
		{"no shield needed", "4k3/8/8/8/8/8/8/1RK5 w B - 0 1", "c1b1", true},
		{"shielded only on the back rank", "4k3/8/8/8/8/8/8/qRK5 w B - 0 1", "c1b1", false},
		{"enemy piece between", "4k3/8/8/8/8/8/8/R2nK3 w Q - 0 1", "e1a1", false},
		{"no right", "4k3/8/8/8/8/8/8/R3K2R w K - 0 1", "e1a1", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustPosition(t, tt.fen)
			m, err := p.ParseUCI(tt.move)
			if !tt.legal {
				if err == nil && m.IsCastling() {
					t.Fatalf("castling %s accepted", tt.move)
				}
				return
			}
			if err != nil {
				t.Fatalf("castling %s rejected: %v", tt.move, err)
			}
			if !m.IsCastling() {
				t.Fatalf("%s read as a non-castling move", tt.move)
			}
			// The classic spelling (king to its destination) reads the same,
			// unless it also spells a plain king move, which wins.
			if m2, err := p.ParseUCI(m.UCI(false)); err != nil || m2 != m && m2.IsCastling() {
				t.Errorf("classic form %s reads as %v, %v", m.UCI(false), m2, err)
			}
			us := p.Turn()
			kto, rto := m.KingTo(), m.RookTo()
			p.Play(m)
			if p.PieceAt(kto) != MakePiece(us, King) || p.PieceAt(rto) != MakePiece(us, Rook) {
				t.Errorf("after %s: %s", tt.move, p.FEN(CastlingShredder))
			}
			if p.attackersTo(kto, p.Turn(), p.Occupied()) != 0 {
				t.Errorf("after %s the king is in check", tt.move)
			}
			if p.CastlingRooks()&backRank(us) != 0 {
				t.Errorf("castling rights kept after castling")
			}
		})
	}
}

// TestParseUCI: both castling spellings in both modes, promotions, and the
// two error kinds.
func TestParseUCI(t *testing.T) {
	p := mustPosition(t, "r3k2r/1P6/8/8/8/8/8/R3K2R w KQkq - 0 1")
	for _, tt := range []struct{ in, classic, chess960 string }{
		{"e1g1", "e1g1", "e1h1"},
		{"e1h1", "e1g1", "e1h1"},
		{"e1c1", "e1c1", "e1a1"},
		{"b7a8q", "b7a8q", "b7a8q"},
		{"b7b8n", "b7b8n", "b7b8n"},
		{"e1f1", "e1f1", "e1f1"},
	} {
		m, err := p.ParseUCI(tt.in)
		if err != nil {
			t.Errorf("%s: %v", tt.in, err)
			continue
		}
		if m.UCI(false) != tt.classic || m.UCI(true) != tt.chess960 {
			t.Errorf("%s prints %s / %s", tt.in, m.UCI(false), m.UCI(true))
		}
	}
	// Chess960: king f1, rook g1. "f1g1" is castling (g1 holds the rook),
	// and with the king on b1 "b1c1" is a king move, not castling.
	q := mustPosition(t, "4k3/8/8/8/8/8/8/1K4R1 w G - 0 1")
	if m, err := q.ParseUCI("b1c1"); err != nil || m.IsCastling() {
		t.Errorf("b1c1 = %v, %v: want the plain king move", m, err)
	}
	if m, err := q.ParseUCI("b1g1"); err != nil || !m.IsCastling() {
		t.Errorf("b1g1 = %v, %v: want castling", m, err)
	}
	for _, tt := range []struct {
		in   string
		want error
	}{
		{"e1", ErrInvalidUCI}, {"e1g1x", ErrInvalidUCI}, {"e1g1k", ErrInvalidUCI}, {"i1g1", ErrInvalidUCI},
		{"e1e3", ErrIllegalMove}, {"b7b8", ErrIllegalMove}, {"e2e4", ErrIllegalMove},
	} {
		if _, err := p.ParseUCI(tt.in); !errors.Is(err, tt.want) {
			t.Errorf("%s: error %v, want %v", tt.in, err, tt.want)
		}
	}
}

// TestLegalMovesLeaveNoCheck: over random games, no generated move leaves
// the mover's king attacked, and every move lands off the mover's pieces.
func TestLegalMovesLeaveNoCheck(t *testing.T) {
	var ml MoveList
	randomGames(t, 5, 150, func(p *Position, _ Move) {
		p.LegalMoves(&ml)
		for _, m := range ml.Slice() {
			q := *p
			us := q.Turn()
			if !m.IsCastling() && q.ByColor(us).Has(m.To()) {
				t.Fatalf("%s: %v captures its own piece", p.FEN(CastlingShredder), m)
			}
			q.Play(m)
			if q.attackersTo(q.King(us), q.Turn(), q.Occupied()) != 0 {
				t.Fatalf("%s: %v leaves the king in check", p.FEN(CastlingShredder), m)
			}
		}
	})
}
