package variant

// builtinGames is the one list of Baten's built-in games, in the order
// every surface shows them.
func builtinGames() []*Variant {
	return append(chessGames(), shatranjGame(), banChessGame(), draughtsGame(), capablancaGame())
}
