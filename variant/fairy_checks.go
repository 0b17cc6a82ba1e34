package variant

import (
	"github.com/baten-chess/baten/rules"
)

// The check-counting family's key, checkCounting (three-check, five-check,
// Kar Ouk). Fairy-Stockfish takes the number of checks from the start
// position's counter ("3+3" in three-check), not from a key; without a
// counter the next check wins.

// applyChecks reads checkCounting = true | false.
func (c *fairyConfig) applyChecks(v string) (err error) {
	c.checkCounting, err = parseBool(v)
	return err
}

// buildChecks gives def its check-counting rule: the checks to give are
// the start position's counter. A start the rules cannot read is left to
// FromRules to report.
func (c *fairyConfig) buildChecks(def *rules.Variant) {
	if !c.checkCounting {
		return
	}
	cc := &rules.CheckCounting{Checks: [2]int{1, 1}}
	def.CheckCounting = cc
	if p, err := rules.ParseFEN(def, def.Start); err == nil {
		cc.Checks = p.ChecksRemaining()
	}
}
