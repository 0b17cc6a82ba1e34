// Package shatranj plays shatranj, the medieval ancestor of chess, on 8×8
// bitboards: a fast, strictly legal, allocation-free move generator checked
// against the reference generator of package rules (the spec).
//
// The pieces are the Shah (king step), Ferz (one diagonal step), Alfil
// (diagonal leap of exactly two squares, over anything), Faras (knight),
// Rukh (rook) and Baidaq (one step forward, captures one step diagonally
// forward, no double step, no en passant, promoted to a Ferz on the last
// rank without choice). There is no castling. A player may not leave his
// Shah attacked.
//
// The game ends by checkmate (the attacker wins), stalemate (the
// stalemating player wins) or bare king (a side left with only its Shah
// loses, unless it is to move and can at once capture the opponent's last
// piece, which is a draw: counter-bare); two bare Shahs are a draw. The
// fifty-move rule and threefold repetition are draws a player may claim;
// see Game.
//
// Positions are values. Text becomes a Position in two steps: ParseFEN
// reads a plain Setup, NewPosition validates it and returns a *SetupError
// listing every problem. FEN uses the native letters K F A N R P and also
// reads Fairy-Stockfish's Q (Ferz) and B (Alfil); FENLetters(FSF) prints
// them. Moves are small values printed in long algebraic form ("e2e3");
// Perft follows Fairy-Stockfish's convention that a position already won by
// the bare-king rule has no moves, so its counts match Fairy-Stockfish's.
package shatranj
