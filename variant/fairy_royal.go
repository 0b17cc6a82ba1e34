package variant

import (
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant/ini"
)

// royalConfig is the royal-guards family's settings of a section:
// flyingGeneral and dupleCheck (rules.RoyalGuards), and
// moveRepetitionIllegal (RepetitionRule.MoveRepetition), which the game
// record applies.
type royalConfig struct {
	flying, duple, moveRep bool
}

// isRoyalKey reports a key of the royal-guards family.
func isRoyalKey(key string) bool {
	return key == "flyingGeneral" || key == "dupleCheck" || key == "moveRepetitionIllegal"
}

// apply sets one key of the family.
func (r *royalConfig) apply(key, value string) error {
	b, err := parseBool(value)
	if err != nil {
		return err
	}
	switch key {
	case "flyingGeneral":
		r.flying = b
	case "dupleCheck":
		r.duple = b
	default:
		r.moveRep = b
	}
	return nil
}

// build sets the family's rules on def, once its extinction and capture
// rules are set. dupleCheck without pseudo-royal pieces changes nothing,
// as in Fairy-Stockfish, and is kept so that a child section may add
// them; with blasts neither key is played yet.
func (r *royalConfig) build(s *ini.Section, def *rules.Variant) error {
	if !r.flying && !r.duple {
		return nil
	}
	if def.Capture != nil && def.Capture.Blast {
		key := "dupleCheck"
		if r.flying {
			key = "flyingGeneral"
		}
		return keyErr(s, key, "not supported yet: %s with blastOnCapture", key)
	}
	def.Royal = &rules.RoyalGuards{FlyingGeneral: r.flying, DupleCheck: r.duple}
	return nil
}

// repetition is the repetition rule rule (nil for the default) with
// moveRepetitionIllegal: Fairy-Stockfish tests it with the n-fold rule,
// so it needs one (count, nFoldRule, not 0), and makes the rule
// automatic, as perpetualCheckIllegal does.
func (r *royalConfig) repetition(rule *RepetitionRule, count int) *RepetitionRule {
	if !r.moveRep || count == 0 {
		return rule
	}
	if rule == nil {
		rule = &RepetitionRule{Count: count}
	}
	rule.MoveRepetition = true
	return rule
}

// royalFrom reads the family's settings back from a registered game, for
// a section that names it as its parent.
func royalFrom(g *Variant) royalConfig {
	var r royalConfig
	if rep := g.Repetition; rep != nil {
		r.moveRep = rep.MoveRepetition
	}
	if v := g.Rules(); v.Royal != nil {
		r.flying, r.duple = v.Royal.FlyingGeneral, v.Royal.DupleCheck
	}
	return r
}
