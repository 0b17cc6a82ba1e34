package engine

import "github.com/baten-chess/baten/rules"

// giveaway reports a game whose extinction rule gives the win to the side
// that has lost its pieces (Antichess, Giveaway, Suicide, Codrus,
// Losers): there the engine's material counts the other way round, so
// that it plays to give its pieces away.
func giveaway(v *rules.Variant) bool {
	return v.Extinction != nil && v.Extinction.Value == rules.ValueWin
}

// stalemateByCount scores a stalemate under rules.StalemateRule's
// ByPieceCount for the side to move, with mine and theirs pieces: the
// NoMoves result if it has fewer, the opposite with more, a draw with as
// many (as rules.Position.Outcome decides).
func stalemateByCount(rule rules.NoMovesRule, mine, theirs int) int {
	res := -1
	switch rule {
	case rules.NoMovesDraw:
		return 0
	case rules.NoMovesWins:
		res = 1
	}
	switch {
	case mine == theirs:
		return 0
	case mine < theirs:
		return res
	}
	return -res
}
