// Package kinematics describes how a piece kind moves, as data: a set of
// elementary displacement vectors (deltas), each with a kind of motion —
// step, leap, slide, or draughts-style jump — and modifiers (move-only,
// capture-only, forward-relative, first-move-only).
//
// Kinematics knows only geometry and which squares are occupied. Whose
// pieces stand there, whether the mover's king is left in check, promotion
// and every other rule are the game's guards, applied by package rules.
package kinematics
