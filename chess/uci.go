package chess

import (
	"errors"
	"fmt"
)

// Errors ParseUCI wraps, with the offending text, so callers can tell a
// malformed move from an illegal one with errors.Is.
var (
	ErrInvalidUCI  = errors.New("invalid UCI move")
	ErrIllegalMove = errors.New("illegal move")
)

// ParseUCI returns the legal move of p written in UCI notation ("e2e4",
// "e7e8q"). Castling is accepted in both forms whatever the variant: king
// square + rook square ("e1h1", Chess960 style) and king square + king
// destination ("e1g1", classic style); a plain king move wins over the
// second reading when both are legal.
func (p *Position) ParseUCI(s string) (Move, error) {
	if len(s) != 4 && len(s) != 5 {
		return 0, fmt.Errorf("chess: %w %q: want 4 or 5 characters", ErrInvalidUCI, s)
	}
	from, ok1 := ParseSquare(s[0:2])
	to, ok2 := ParseSquare(s[2:4])
	promo := NoRole
	if len(s) == 5 {
		pc, ok := pieceFromChar(s[4])
		if !ok || pc.Color() != Black || pc.Role() == Pawn || pc.Role() == King {
			return 0, fmt.Errorf("chess: %w %q: promotion must be one of n, b, r, q", ErrInvalidUCI, s)
		}
		promo = pc.Role()
	}
	if !ok1 || !ok2 {
		return 0, fmt.Errorf("chess: %w %q: bad square", ErrInvalidUCI, s)
	}
	var ml MoveList
	p.LegalMoves(&ml)
	var castle Move
	for _, m := range ml.Slice() {
		if m.From() != from || m.Promotion() != promo {
			continue
		}
		switch {
		case m.To() == to:
			return m, nil
		case m.IsCastling() && m.KingTo() == to:
			castle = m
		}
	}
	if castle != 0 {
		return castle, nil
	}
	return 0, fmt.Errorf("chess: %w %q in %s", ErrIllegalMove, s, p.FEN(CastlingXFEN))
}
