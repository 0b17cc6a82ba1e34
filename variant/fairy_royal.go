package variant

import (
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant/ini"
)

// royalConfig is the royal-guards family's settings of a section
// (rules.RoyalGuards): flyingGeneral and dupleCheck.
type royalConfig struct {
	flying, duple bool
}

// isRoyalKey reports a key of the royal-guards family.
func isRoyalKey(key string) bool { return key == "flyingGeneral" || key == "dupleCheck" }

// apply sets one key of the family.
func (r *royalConfig) apply(key, value string) error {
	b, err := parseBool(value)
	if err != nil {
		return err
	}
	if key == "flyingGeneral" {
		r.flying = b
	} else {
		r.duple = b
	}
	return nil
}

// build sets the family's rules on def, once its extinction and capture
// rules are set. dupleCheck without pseudo-royal pieces changes nothing,
// as in Fairy-Stockfish, and is kept so that a child section may add
// them; with blasts it is not played yet.
func (r *royalConfig) build(s *ini.Section, def *rules.Variant) error {
	if !r.flying && !r.duple {
		return nil
	}
	if r.duple && def.Capture != nil && def.Capture.Blast {
		return keyErr(s, "dupleCheck", "not supported yet: dupleCheck with blastOnCapture")
	}
	def.Royal = &rules.RoyalGuards{FlyingGeneral: r.flying, DupleCheck: r.duple}
	return nil
}

// royalFrom reads the family's settings back from a registered game's
// rules, for a section that names it as its parent.
func royalFrom(v *rules.Variant) royalConfig {
	if v.Royal == nil {
		return royalConfig{}
	}
	return royalConfig{flying: v.Royal.FlyingGeneral, duple: v.Royal.DupleCheck}
}
