package variant

import "github.com/baten-chess/baten/rules"

// epUseRule is the variant's rules.EnPassantUse: Fairy-Stockfish sets the
// en passant squares of its pawn's double and triple steps only where a
// pawn of the taker attacks them, unless the taker has en passant types
// (enPassantTypes, pawnTypes) other than the pawn; a custom pawn's double
// step leaves the square it lands on too (berolina's c3d4). Every
// data-defined game has one; Pawn is 0 where there is no pawn.
func (c *fairyConfig) epUseRule(roles *pawnRoles) *rules.EnPassantUse {
	u := &rules.EnPassantUse{}
	for i, p := range c.pieces {
		if p.name == "pawn" {
			u.Pawn = rules.KindID(i + 1)
		}
	}
	for side := range 2 {
		for _, name := range roles.side[side].ep {
			if name != "pawn" && c.piece(name) != nil {
				u.Any[side] = true
			}
		}
	}
	return u
}
