package variant

import "github.com/baten-chess/baten/rules"

// The palaces family's keys (docs/rules-xiangqi.md): soldierPromotionRank,
// the rank from which xiangqi's soldier (the soldier piece type) may step
// sideways (rules.SoldierRule). The palace itself is mobilityRegion
// (fairy_colour.go), the generals' face-off flyingGeneral (fairy_royal.go).

// isPalaceKey reports a key of the palaces family read so far.
func isPalaceKey(key string) bool { return key == "soldierPromotionRank" }

// applyPalace sets one key of the family.
func (c *fairyConfig) applyPalace(v string) (err error) {
	c.soldierRank, err = parseRank(v)
	return err
}

// buildPalace gives def its soldier rule, once its pieces are set: none
// without a soldier piece, or from the first rank (Fairy-Stockfish's
// default), where it holds no soldier back.
func (c *fairyConfig) buildPalace(def *rules.Variant) {
	if kinds := c.letters("soldier"); kinds != "" && c.soldierRank > 1 {
		def.Soldiers = &rules.SoldierRule{Kinds: kinds, Rank: c.soldierRank}
	}
}

// soldierRankFrom reads soldierPromotionRank back from a parent game's
// rules (1, the default, for none).
func soldierRankFrom(rv *rules.Variant) int {
	if rv.Soldiers == nil {
		return 1
	}
	return rv.Soldiers.Rank
}
