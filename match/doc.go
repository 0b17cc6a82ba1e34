// Package match plays matches between two UCI engines and measures the
// difference in strength: the runner behind "baten match".
//
// The runner is the arbiter. It keeps the game record itself
// (package game over a game of the variant registry), checks every move an
// engine sends against the position's legal actions, keeps the clocks and
// ends each game by the rules of its variant (checkmate, stalemate, bare
// king, no moves, the automatic and claimable repetition and move-count
// draws — claims are made for the engines, as tournament managers do) or
// by adjudication: an illegal move, an engine that crashes or stops
// answering, or a flag that falls (beyond a small tolerance) loses the
// game, with the reason recorded in the PGN (PDN for draughts).
//
// Openings come from an EPD/FEN or PGN file (ReadOpenings) or are drawn at
// random (RandomOpenings); each is played twice, the engines swapping
// colours. The summary (Stats) gives wins, draws and losses, the score,
// the logistic Elo difference with a 95% confidence interval from the
// trinomial variance, the likelihood of superiority, and optionally the
// log-likelihood ratio of a GSPRT as fishtest computes it, which ends the
// match once it crosses a bound.
package match
