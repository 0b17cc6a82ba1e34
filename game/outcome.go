package game

import "github.com/baten-chess/baten/variant"

// offBoard reports whether r ends a game by a player's or an arbiter's
// act rather than by the move that reached the position: Undo takes such
// an ending back on its own, without a move.
func offBoard(r variant.Reason) bool {
	switch r {
	case variant.ThreefoldRepetition, variant.FiftyMoves, variant.FortyMoves, variant.Agreement,
		variant.Resignation, variant.TimeForfeit, variant.Adjudication:
		return true
	}
	return false
}
