package variant

import (
	"slices"

	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/kinematics"
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant/ini"
)

// initialRegion is one colour's double-step region (doubleStepRegionWhite
// or Black) as squares, for a region that is not a run of whole ranks
// (wolf's second rank with b3, c3, f3 and g3): the lowest and highest
// relative ranks it touches on the board, and its squares there, which
// rules.SideKind.InitialSquares keeps. Fairy-Stockfish gives any piece
// its i (first move) moves on those squares, the pawn its double step.
// A region with no square on the board is none (0, 0).
func (c *fairyConfig) initialRegion(side int, size geom.Size) (lo, hi int, squares []geom.Square) {
	for _, sq := range c.colour.dsRegion[side] {
		if !size.Contains(sq) {
			continue
		}
		r := sq.Rank + 1
		if side == 1 {
			r = size.H - sq.Rank
		}
		if lo == 0 || r < lo {
			lo = r
		}
		hi = max(hi, r)
		squares = append(squares, sq)
	}
	return lo, hi, squares
}

// rankRun reports whether one colour's double-step region is none or a
// run of whole ranks, which InitialRank and InitialRankMin say alone.
func (c *fairyConfig) rankRun(side int, size geom.Size) bool {
	r, ok := colourRanks(c.colour.dsRegion[side], side, size)
	return ok && (len(r) == 0 || r[len(r)-1]-r[0] == len(r)-1)
}

// initialPasses records a piece other than the pawn that has first-move
// (i) moves and no en passant role as one whose first-move steps leave
// en passant squares, which the pieces of the en passant role take as a
// pawn's: Fairy-Stockfish leaves the squares any piece's first-move-only
// step passed (wolf's sergeant, fKifmnD: b2b4 leaves b3, taken by a pawn
// on a4 or c4 capturing onto it). Where no square may be taken en passant
// (spartan's enPassantRegion = -) it leaves none. A first-move step off
// the piece's file is not supported yet there.
func (c *fairyConfig) initialPasses(s *ini.Section, p fairyPiece, k *rules.PieceKind, roles *pawnRoles) error {
	if roles.epRegion != nil && len(roles.epRegion) == 0 {
		return nil // guard: no en passant square anywhere
	}
	for _, m := range k.Movement {
		if m.Mods&kinematics.Initial != 0 && m.Delta.File != 0 {
			return keyErr(s, p.name, "not supported yet: en passant after an i (first move) step off the piece's file")
		}
	}
	if !slices.Contains(c.eps.initial, p.name) {
		c.eps.initial = append(c.eps.initial, p.name)
	}
	return nil
}

// pawnPiecePromotion is the letter of the kind the pawn's
// promotedPieceType names (wolf: p:e, the elephant), which Fairy-Stockfish
// offers beside the promotion choices whenever its pawn promotes (its
// piece promotion, written a9a10+); 0 for none and for other kinds,
// whose promotedPieceType is a promotion of its own (shogi's).
func (c *fairyConfig) pawnPiecePromotion(name string) byte {
	if to := c.promoted[name]; name == "pawn" && to != "" {
		if q := c.piece(to); q != nil {
			return q.letter
		}
	}
	return 0
}
