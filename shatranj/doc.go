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
// piece, which is a draw: counter-bare); two bare Shahs are a draw, and so
// is a dead position, from which no sequence of legal moves leads to a
// decisive end (IsDead). The fifty-move rule and threefold repetition are
// draws a player may claim. Game applies all of these, a bare king as soon
// as no counter-bare capture is left (BareKingWinner); Outcome.Result
// gives the score, "1-0", "0-1" or "½-½", and ParseResult reads it back
// (also PGN's "1/2-1/2").
//
// Positions are values. Text becomes a Position in two steps: ParseFEN
// reads a plain Setup, NewPosition validates it (one Shah a side, no
// material the initial array and promotion cannot give, the side not to
// move not in check, …) and returns a *SetupError listing every problem. FEN uses the native letters K F A N R P and also
// reads Fairy-Stockfish's Q (Ferz) and B (Alfil); FENLetters(FSF) prints
// them. Moves are small values printed in long algebraic form ("e2e3")
// or algebraic notation (SAN), and read from either (ParseMove, ParseSAN);
// an illegal move's error says why it is illegal (MoveError.Why).
// Perft follows Fairy-Stockfish's convention that a position already won by
// the bare-king rule has no moves, so its counts match Fairy-Stockfish's.
package shatranj
