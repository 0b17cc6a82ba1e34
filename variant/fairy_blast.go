package variant

import (
	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/rules"
)

// The atomic family's keys (rules.CaptureEffects, docs/rules-atomic.md):
// blastOnCapture, blastImmuneTypes and mutuallyImmuneTypes. The pieces
// are kept by name, as the section names them, and turned into letters
// when the section is built, after every piece is defined.

// blastConfig is the family's settings of a section.
type blastConfig struct {
	on     bool     // blastOnCapture
	immune []string // blastImmuneTypes
	mutual []string // mutuallyImmuneTypes
}

// isBlastKey reports a key of the atomic family.
func isBlastKey(key string) bool {
	return key == "blastOnCapture" || key == "blastImmuneTypes" || key == "mutuallyImmuneTypes"
}

// applyBlast sets one key of the family.
func (c *fairyConfig) applyBlast(key, v string) (err error) {
	switch key {
	case "blastOnCapture":
		c.atom.on, err = parseBool(v)
	case "blastImmuneTypes":
		c.atom.immune, err = c.pieceSet(v)
	case "mutuallyImmuneTypes":
		c.atom.mutual, err = c.pieceSet(v)
	}
	return err
}

// buildBlast gives def its capture effects: blasts spare Fairy-Stockfish's
// pawn, the piece named pawn (not the other pawnTypes, which explode, as
// allexplodeatomic has it). A piece named in a set but removed later is
// left out, as Fairy-Stockfish forgets it too.
func (c *fairyConfig) buildBlast(def *rules.Variant) {
	b := c.atom
	if !b.on && len(b.mutual) == 0 {
		return
	}
	def.Capture = &rules.CaptureEffects{Blast: b.on, Pawns: c.letters("pawn"), Immune: c.letters(b.immune...),
		MutuallyImmune: c.letters(b.mutual...)}
}

// blastFrom reads the family's settings back from a parent game's rules;
// cfg's pieces are already those of the game.
func blastFrom(cfg *fairyConfig, e *rules.CaptureEffects) blastConfig {
	if e == nil {
		return blastConfig{}
	}
	names := func(letters string) []string {
		out := []string{}
		for _, l := range []byte(letters) {
			if p := cfg.byLetter(l); p != nil {
				out = append(out, p.name)
			}
		}
		return out
	}
	return blastConfig{on: e.Blast, immune: names(e.Immune), mutual: names(e.MutuallyImmune)}
}

// Exploded lists the squares the blast of a, a legal action of p, empties
// (the capture square first, unless its capturer is immune, then the
// squares around it whose pieces explode with it): what a board shows
// after a capture in atomic. It is nil for an action that explodes
// nothing and for a game whose captures do not explode.
func Exploded(p Position, a Action) []geom.Square {
	r, ok := p.(rulesPosition)
	if !ok {
		return nil
	}
	m, ok := r.Move(a)
	if !ok {
		return nil
	}
	return r.p.Exploded(m)
}
