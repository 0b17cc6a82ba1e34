package main

import "github.com/baten-chess/baten/variant"

// handsLine is the line drawBoard prints under the board of a game with
// drops (crazyhouse): the pieces each side holds in hand, by FEN letter,
// "in hand: white NP, black q" ("-" for an empty hand).
func handsLine(p variant.Position) (string, bool) {
	white, black, ok := variant.Hands(p)
	if !ok {
		return "", false
	}
	dash := func(h string) string {
		if h == "" {
			return "-"
		}
		return h
	}
	return "in hand: white " + dash(white) + ", black " + dash(black), true
}
