package main

import (
	"fmt"

	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
)

// checksLine is the line drawBoard prints under the board of a
// check-counting game (three-check): the checks each side has given of
// those it must give, "checks: white 1 of 3, black 0 of 3".
func checksLine(p variant.Position) (string, bool) {
	rp, ok := p.(interface{ Rules() *rules.Position })
	if !ok {
		return "", false
	}
	pos := rp.Rules()
	cc := pos.Variant().CheckCounting
	if cc == nil {
		return "", false
	}
	left := pos.ChecksRemaining()
	given := func(pl rules.Player) int { return max(cc.Checks[pl]-left[pl], 0) }
	return fmt.Sprintf("checks: white %d of %d, black %d of %d",
		given(rules.First), cc.Checks[rules.First], given(rules.Second), cc.Checks[rules.Second]), true
}
