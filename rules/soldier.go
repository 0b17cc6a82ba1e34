package rules

import (
	"strings"

	"github.com/baten-chess/baten/geom"
)

// SoldierRule is the palaces family's soldier (Fairy-Stockfish's soldier
// piece type with soldierPromotionRank): xiangqi's soldier steps forward
// only until it has crossed the river, and forward or sideways after.
//
// In plain words, as Fairy-Stockfish plays it: a piece of one of the
// Kinds standing on a rank below Rank (counted from its owner's side, 1
// = the home rank) moves and attacks only along its own file; from Rank
// on it moves and attacks as its movement says. The rule reads where the
// piece stands, not where it goes: a soldier stepping onto Rank gains
// its sideways steps on its next move.
type SoldierRule struct {
	// Kinds are the upper-case letters of the soldier kinds.
	Kinds string
	// Rank is the first relative rank on which a soldier leaves its
	// file; 1 (Fairy-Stockfish's default) would never hold it.
	Rank int
}

// soldierHeld reports whether the piece pc on from is a soldier that may
// not yet leave its file, and to is off it (SoldierRule).
func (p *Position) soldierHeld(pc Piece, from, to geom.Square) bool {
	s := p.v.Soldiers
	return s != nil && to.File != from.File && p.v.RelativeRank(pc.Owner, from) < s.Rank &&
		strings.IndexByte(s.Kinds, p.v.Kind(pc.Kind).Letter) >= 0
}
