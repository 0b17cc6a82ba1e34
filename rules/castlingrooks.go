package rules

import (
	"strings"

	"github.com/baten-chess/baten/geom"
)

// castlingRookAt reports whether a castling rook of player stands on sq:
// a piece of Castling.Rook's kind, or of one of Castling.Rooks' where the
// variant lists them (the kinds a FEN's K and Q look for).
func (p *Position) castlingRookAt(sq geom.Square, player Player) bool {
	pc := p.board.At(sq)
	if pc.Empty() || pc.Owner != player {
		return false
	}
	letter := p.v.Kind(pc.Kind).Letter
	if rooks := p.v.Castling.Rooks[player]; rooks != "" {
		return strings.IndexByte(rooks, letter) >= 0
	}
	return letter == p.v.Castling.Rook
}
