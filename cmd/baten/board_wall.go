package main

import (
	"github.com/baten-chess/baten/rules"
	"github.com/baten-chess/baten/variant"
)

// wallMark is how the board shows a wall square (the duck, an arrow, a
// snail's trail, crossderby's blocked squares).
const wallMark = "#"

// wallCells marks p's wall squares and returns the legend line that
// names them, "" when the position has none.
func wallCells(cells [][]cell, p variant.Position) string {
	rp, ok := p.(interface{ Rules() *rules.Position })
	if !ok {
		return ""
	}
	walls := rp.Rules().Walls()
	for _, sq := range walls {
		cells[sq.Rank][sq.File].text = wallMark
	}
	if len(walls) == 0 {
		return ""
	}
	if w := rp.Rules().Variant().Walling; w != nil && w.Rule == rules.WallDuck {
		return wallMark + " the duck: no piece enters or crosses it"
	}
	return wallMark + " a wall: no piece enters or crosses it"
}
