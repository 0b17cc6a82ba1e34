package engine

// TEMPORARY shim until bangame.go's text surface is adapted.

import (
	"github.com/baten-chess/baten/banchess"
	"github.com/baten-chess/baten/variant"
)

type banGameShim struct{ *banGame }

func (g banGameShim) reset(start variant.Position) error { return g.banGame.reset(start.FEN(), false) }
func (g banGameShim) native(a variant.Action) (banAction, bool) {
	b, ok := a.Native().(banchess.Action)
	if !ok {
		return 0, false
	}
	if b.IsBan() {
		return newBan(b.Ban()), true
	}
	return banAction(b.Move()), true
}
func (g banGameShim) moveNumber() (int, bool) { return 0, false }
