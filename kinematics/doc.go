// Package kinematics describes how a piece kind moves, as data: a set of
// elementary displacement vectors (deltas), each with a kind of motion —
// step, leap, slide (optionally limited to a range), draughts-style jump,
// cannon-style hop, grasshopper hop, lame (blockable) leap — and modifiers
// (move-only, capture-only, forward-relative or turned for the second
// player, first-move-only).
//
// Movements are read and written in Betza notation as Fairy-Stockfish's
// variants.ini uses it: ParseBetza("mRcpR") is the xiangqi cannon,
// Knight().Betza() is "N". Equal compares movements by what they do, not
// by how their components are written.
//
// Kinematics knows only geometry and which squares are occupied. Whose
// pieces stand there, whether the mover's king is left in check, promotion
// and every other rule are the game's guards, applied by package rules.
package kinematics
