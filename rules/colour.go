package rules

import (
	"slices"

	"github.com/baten-chess/baten/geom"
)

// ColourRules are the rules of the pieces that differ between the
// players: Fairy-Stockfish's per-colour keys (promotionRegionWhite/Black,
// promotionPieceTypes…, doubleStepRegion…, enPassantTypes…,
// nMoveRuleTypes…, mobilityRegion…). A variant whose players play by
// mirrored rules has none (Variant.Colours is nil) and its PieceKind
// fields say everything.
type ColourRules struct {
	// Kinds[player][id-1] is kind id as player has it; it replaces the
	// PieceKind fields of the same names for player's pieces.
	Kinds [2][]SideKind
}

// SideKind is what one player's pieces of one kind do that the other
// player's may do differently.
type SideKind struct {
	// Promotion is nil when player's pieces of the kind never promote.
	Promotion *Promotion
	// InitialRank and InitialRankMin are the relative ranks of the kind's
	// Initial components, as in PieceKind.
	InitialRank, InitialRankMin int
	InitialSquares              []geom.Square // initial squares: when not nil, the Initial components apply on these squares of those ranks only (InitialAt)
	// EnPassant and ResetsClock are PieceKind's.
	EnPassant, ResetsClock bool
	// Stand, when not nil, lists the only squares the kind may move to
	// (Fairy-Stockfish's mobilityRegion: buffalo's pieces, a palace). A
	// piece does not attack the squares it may not move to either, as
	// there: a queen kept to its own half gives no check beyond it.
	Stand []geom.Square
}

// Side is kind id as player pl has it: from Colours when the variant has
// per-colour rules, from the PieceKind otherwise.
func (v *Variant) Side(pl Player, id KindID) SideKind {
	if v.Colours != nil {
		return v.Colours.Kinds[pl][id-1]
	}
	k := v.Kind(id)
	return SideKind{Promotion: k.Promotion, InitialRank: k.InitialRank, InitialRankMin: k.InitialRankMin,
		EnPassant: k.EnPassant, ResetsClock: k.ResetsClock}
}

// firstInitialRank is the lowest rank on which the kind's Initial
// components apply, 0 for none.
func (k SideKind) firstInitialRank() int {
	if k.InitialRank == 0 {
		return 0
	}
	if k.InitialRankMin > 0 && k.InitialRankMin < k.InitialRank {
		return k.InitialRankMin
	}
	return k.InitialRank
}

// InitialOn reports whether the kind's Initial components apply on the
// relative rank r.
func (k SideKind) InitialOn(r int) bool {
	first := k.firstInitialRank()
	return first != 0 && r >= first && r <= k.InitialRank
}

// MayStand reports whether the kind may move to (and attack) sq (Stand).
func (k SideKind) MayStand(sq geom.Square) bool {
	return k.Stand == nil || slices.Contains(k.Stand, sq)
}

// PromotesOn reports whether a piece of player pl arriving on sq is in
// the promotion zone: one of Squares, or of Ranks without them.
func (p *Promotion) PromotesOn(v *Variant, pl Player, sq geom.Square) bool {
	if p.Squares != nil {
		return slices.Contains(p.Squares, sq)
	}
	return slices.Contains(p.Ranks, v.RelativeRank(pl, sq))
}
