package main

import (
	"strings"

	"github.com/baten-chess/baten/game"
	"github.com/baten-chess/baten/variant"
)

// blastLine is the line play prints under the board after a capture
// that exploded (atomic): the squares it emptied, "blast: d4 e5 f4".
func blastLine(g *game.Game) (string, bool) {
	moves := g.Moves()
	if len(moves) == 0 {
		return "", false
	}
	squares := variant.Exploded(g.PositionBefore(len(moves)-1), moves[len(moves)-1])
	if len(squares) == 0 {
		return "", false
	}
	names := make([]string, len(squares))
	for i, sq := range squares {
		names[i] = sq.String()
	}
	return "blast: " + strings.Join(names, " "), true
}
