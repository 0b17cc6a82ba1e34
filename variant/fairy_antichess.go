package variant

import (
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant/ini"
)

// antichessConfig is the antichess family's settings of a section:
// mustCapture, stalematePieceCount and extinctionPseudoRoyal (the other
// extinction keys it uses are the extinction rule's, on fairyConfig).
type antichessConfig struct {
	mustCapture         bool // a capture, when one is legal, is compulsory
	stalematePieceCount bool // stalemate decided by counting pieces
	pseudoRoyal         bool // the extinction kinds' last pieces guarded as royal
}

// isAntichessKey reports a key of the antichess family.
func isAntichessKey(key string) bool {
	return key == "mustCapture" || key == "stalematePieceCount" || key == "extinctionPseudoRoyal"
}

// applyAntichess sets one key of the antichess family.
func (a *antichessConfig) apply(key, value string) error {
	b, err := parseBool(value)
	if err != nil {
		return err
	}
	switch key {
	case "mustCapture":
		a.mustCapture = b
	case "stalematePieceCount":
		a.stalematePieceCount = b
	case "extinctionPseudoRoyal":
		a.pseudoRoyal = b
	}
	return nil
}

// build sets the family's rules on def: mandatory capture (the rule
// English draughts has, with the same meaning: when a legal move
// captures, only captures are legal), the stalemate rule, and pseudo-royal
// pieces, which need an extinction rule of kinds (not "*").
func (a *antichessConfig) build(s *ini.Section, def *rules.Variant) error {
	def.MandatoryCapture = a.mustCapture
	if a.stalematePieceCount {
		def.Stalemate = &rules.StalemateRule{ByPieceCount: true}
	}
	if !a.pseudoRoyal {
		return nil
	}
	e := def.Extinction
	switch {
	case e != nil && e.All:
		return keyErr(s, "extinctionPseudoRoyal", "not supported yet: extinctionPseudoRoyal with \"*\" in extinctionPieceTypes")
	case e == nil || e.Kinds == "":
		return keyErr(s, "extinctionPseudoRoyal", "extinctionPseudoRoyal needs an extinction rule (extinctionValue) with piece letters in extinctionPieceTypes")
	}
	e.PseudoRoyal = true
	return nil
}

// antichessFrom reads the family's settings back from a registered game's
// rules, for a section that names it as its parent.
func antichessFrom(v *rules.Variant) antichessConfig {
	return antichessConfig{mustCapture: v.MandatoryCapture, stalematePieceCount: v.Stalemate != nil && v.Stalemate.ByPieceCount,
		pseudoRoyal: v.Extinction != nil && v.Extinction.PseudoRoyal}
}

// antichessReason is the registry's reason for the family's own ends.
func antichessReason(r rules.Reason) Reason {
	if r == rules.PieceCount {
		return PieceCount
	}
	return NoMovesWin
}
