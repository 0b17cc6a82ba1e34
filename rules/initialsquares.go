package rules

import (
	"slices"

	"github.com/baten-chess/baten/geom"
)

// InitialAt reports whether the Initial (first-move) components of
// player pl's kind id apply to a piece on sq: on the ranks of
// SideKind.InitialRank, and among SideKind.InitialSquares when the
// variant's double-step region is not whole ranks (wolf: the second rank
// and b3, c3, f3, g3, Fairy-Stockfish's doubleStepRegion, from which it
// gives any piece its i moves).
func (v *Variant) InitialAt(pl Player, id KindID, sq geom.Square) bool {
	k := v.Side(pl, id)
	return k.InitialOn(v.RelativeRank(pl, sq)) && (k.InitialSquares == nil || slices.Contains(k.InitialSquares, sq))
}
