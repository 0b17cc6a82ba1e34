package main

import (
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
)

// handsLine is the line drawBoard prints under the board of a game with
// drops (crazyhouse): the pieces each side holds in hand, by FEN letter,
// "in hand: white NP, black q" ("-" for an empty hand).
func handsLine(p variant.Position) (string, bool) {
	rp, ok := p.(interface{ Rules() *rules.Position })
	if !ok || rp.Rules().Variant().Drops == nil {
		return "", false
	}
	pos := rp.Rules()
	hand := func(pl rules.Player) string {
		if h := pos.HandText(pl); h != "" {
			return h
		}
		return "-"
	}
	return "in hand: white " + hand(rules.First) + ", black " + hand(rules.Second), true
}
