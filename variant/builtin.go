package variant

// builtinGames is the one list of Baten's built-in games, in the order
// every surface shows them: the games with bitboard packages of their own,
// then the fairy variants of the embedded fairy.ini (Capablanca chess
// among them), played by the reference generator.
func builtinGames() []*Variant {
	fairy, err := Fairy()
	if err != nil {
		panic(err) // the embedded file is constant data, loaded by every test
	}
	return append(append(chessGames(), shatranjGame(), banChessGame(), draughtsGame()), fairy...)
}
