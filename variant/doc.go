// Package variant is Baten's one registry of games: every game's names and
// aliases, its UCI_Variant name and PGN Variant tag, board size, notation
// family, named start positions (Chess960 numbers, shatranj tabiyat and
// setups, draughts ballots) and the constructors of playable positions.
// Nothing else in Baten lists games: the game record, the engine, UCI, the
// command and the server ask Lookup and All, so a game added here — built
// in, or defined as data over package rules — appears everywhere at once.
//
// A game is reached through the small Position interface: legal actions,
// play an action, read and write an action in the game's notation, the
// position's own outcome, FEN, a repetition key and the side to act.
// Further capabilities are optional interfaces found by type assertion
// (MoveCounter, WinChecker, Checker, Perfter); free functions such as
// MoveRuleCount, CanWin and Perft supply a sound default for positions
// without them. The fast bitboard packages keep their concrete types; the
// adapters of this package wrap them, and the adapter over package rules
// plays any data-defined game (Capablanca chess among the built-ins).
//
// Color, Reason and Outcome live here, once, for every game.
package variant
