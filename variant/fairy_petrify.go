package variant

import (
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant/ini"
)

// The petrify family's keys (rules.Petrification, docs/rules-petrify.md):
// petrifyOnCaptureTypes and petrifyBlastPieces. The pieces are kept by
// name, as the section names them, and turned into letters when the
// section is built, after every piece is defined.

// petrifyConfig is the family's settings of a section.
type petrifyConfig struct {
	kinds       []string // petrifyOnCaptureTypes
	blastPieces bool     // petrifyBlastPieces
}

// isPetrifyKey reports a key of the petrify family.
func isPetrifyKey(key string) bool {
	return key == "petrifyOnCaptureTypes" || key == "petrifyBlastPieces"
}

// applyPetrify sets one key of the family.
func (c *fairyConfig) applyPetrify(key, v string) (err error) {
	switch key {
	case "petrifyOnCaptureTypes":
		c.petrify.kinds, err = c.pieceSet(v)
	case "petrifyBlastPieces":
		c.petrify.blastPieces, err = parseBool(v)
	}
	return err
}

// buildPetrify gives def its petrification, once its pieces, extinction
// rule and capture effects are set. A piece named but removed later is
// left out, as Fairy-Stockfish forgets it too. Two cases are refused:
// a royal piece that petrifies (its side would lose its royal piece to a
// wall), and a pseudo-royal kind that petrifies where captures explode.
func (c *fairyConfig) buildPetrify(s *ini.Section, def *rules.Variant) error {
	letters := c.letters(c.petrify.kinds...)
	if letters == "" {
		return nil
	}
	for _, l := range []byte(letters) {
		id, _ := def.KindByLetter(l)
		k := def.Kind(id)
		switch {
		case k.Royal:
			return keyErr(s, "petrifyOnCaptureTypes", "not supported yet: a royal piece that petrifies (%s)", c.byLetter(l).name)
		case def.Capture != nil && def.Capture.Blast && def.Extinction != nil && def.Extinction.PseudoRoyal &&
			containsByte(def.Extinction.Kinds, l):
			return keyErr(s, "petrifyOnCaptureTypes", "not supported yet: a pseudo-royal piece that petrifies where captures explode (%s)",
				c.byLetter(l).name)
		}
	}
	def.Petrify = &rules.Petrification{Kinds: letters, BlastPieces: c.petrify.blastPieces}
	return nil
}

func containsByte(s string, b byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == b {
			return true
		}
	}
	return false
}

// petrifyFrom reads the family's settings back from a parent game's
// rules; cfg's pieces are already those of the game.
func petrifyFrom(cfg *fairyConfig, pt *rules.Petrification) petrifyConfig {
	if pt == nil {
		return petrifyConfig{}
	}
	out := petrifyConfig{kinds: []string{}, blastPieces: pt.BlastPieces}
	for _, l := range []byte(pt.Kinds) {
		if p := cfg.byLetter(l); p != nil {
			out.kinds = append(out.kinds, p.name)
		}
	}
	return out
}
