package variant

import (
	"fmt"
	"slices"
	"strings"

	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/rules"
)

// The palaces family's keys (docs/rules-xiangqi.md, docs/rules-janggi.md):
// soldierPromotionRank, the rank from which xiangqi's soldier (the
// soldier piece type) may step sideways (rules.SoldierRule);
// diagonalLines, the squares of janggi's palace lines, and the
// janggiCannon piece type (rules.PalaceLines); bikjangRule
// (rules.RoyalGuards.Bikjang); chasingRule (axf or none), xiangqi's rule
// against perpetual chase (rules.ChaseRule, which the game record judges
// on a repetition: RepetitionRule.PerpetualChase). The palace itself is mobilityRegion
// (fairy_colour.go), the generals' face-off flyingGeneral
// (fairy_royal.go).

// palaceConfig is the family's settings of a section.
type palaceConfig struct {
	soldierRank int
	lines       []geom.Square // diagonalLines; nil for none
	bikjang     bool
	chase       bool // chasingRule = axf
}

// isPalaceKey reports a key of the palaces family.
func isPalaceKey(key string) bool {
	return key == "soldierPromotionRank" || key == "diagonalLines" || key == "bikjangRule" || key == "chasingRule"
}

// applyPalace sets one key of the family.
func (c *fairyConfig) applyPalace(key, v string) (err error) {
	switch key {
	case "diagonalLines":
		c.palace.lines, err = parseRegion(v)
		if len(c.palace.lines) == 0 {
			c.palace.lines = nil
		}
	case "bikjangRule":
		c.palace.bikjang, err = parseBool(v)
	case "chasingRule":
		switch v {
		case "axf", "none":
			c.palace.chase = v == "axf"
		default:
			err = fmt.Errorf("want axf or none, not %q", v)
		}
	default:
		c.palace.soldierRank, err = parseRank(v)
	}
	return err
}

// buildPalace gives def its soldier rule, once its pieces are set: none
// without a soldier piece, or from the first rank (Fairy-Stockfish's
// default), where it holds no soldier back; and its palace lines and
// cannons (rules.PalaceLines), none without diagonal lines or janggi
// cannons. The pieces that move along the lines are Fairy-Stockfish's:
// the rook, the wazir and a king moving as one, the soldier and the
// janggi cannon, by piece type.
func (c *fairyConfig) buildPalace(def *rules.Variant) {
	if kinds := c.letters("soldier"); kinds != "" && c.palace.soldierRank > 1 {
		def.Soldiers = &rules.SoldierRule{Kinds: kinds, Rank: c.palace.soldierRank}
	}
	cannons := c.letters("janggiCannon")
	if c.palace.lines == nil && cannons == "" {
		return
	}
	steppers := c.letters("wazir")
	if c.kingType == "wazir" {
		steppers += c.letters("king")
	}
	def.Palace = &rules.PalaceLines{Lines: slices.Clone(c.palace.lines), Riders: c.letters("rook"),
		Steppers: steppers, Soldiers: c.letters("soldier"), Cannons: cannons}
}

// buildChase gives def its chase rule (chasingRule = axf), the pieces
// by Fairy-Stockfish's piece types.
func (c *fairyConfig) buildChase(def *rules.Variant) {
	if c.palace.chase {
		def.Chase = &rules.ChaseRule{Chariots: c.letters("rook"), Horses: c.letters("horse"), Cannons: c.letters("cannon"),
			Elephants: c.letters("elephant"), Advisors: c.letters("fers"), Soldiers: c.letters("soldier")}
	}
}

// chaseRepetition is the repetition rule rule (nil for the default) with
// the chasing rule: Fairy-Stockfish judges a chase on the n-fold
// repetition, so it needs one (count, nFoldRule, not 0), and makes the
// rule automatic, as perpetualCheckIllegal does.
func (c *fairyConfig) chaseRepetition(rule *RepetitionRule, count int) *RepetitionRule {
	if !c.palace.chase || count == 0 {
		return rule
	}
	if rule == nil {
		rule = &RepetitionRule{Count: count}
	}
	rule.PerpetualChase = true
	return rule
}

// buildBikjang sets bikjangRule on def's royal guards.
func (c *fairyConfig) buildBikjang(def *rules.Variant) {
	if !c.palace.bikjang {
		return
	}
	if def.Royal == nil {
		def.Royal = &rules.RoyalGuards{}
	}
	def.Royal.Bikjang = true
}

// kingSteps reports whether a parent game's king moves along the lines
// as a wazir: its kingType was wazir.
func kingSteps(rv *rules.Variant) bool {
	if rv.Palace == nil {
		return false
	}
	for _, k := range rv.Pieces {
		if k.Royal && strings.IndexByte(rv.Palace.Steppers, k.Letter) >= 0 {
			return true
		}
	}
	return false
}

// palaceFrom reads the family's settings back from a parent game's rules
// (soldierPromotionRank 1, the default, for no soldier rule).
func palaceFrom(rv *rules.Variant) palaceConfig {
	pc := palaceConfig{soldierRank: 1}
	if rv.Soldiers != nil {
		pc.soldierRank = rv.Soldiers.Rank
	}
	if rv.Palace != nil {
		pc.lines = slices.Clone(rv.Palace.Lines)
	}
	pc.bikjang = rv.Royal != nil && rv.Royal.Bikjang
	pc.chase = rv.Chase != nil
	return pc
}
