// Package geom is board geometry for every Baten game: a board of W×H squares
// (1 ≤ W, H ≤ 16), squares with algebraic names (files a.., ranks 1..),
// offsets that report when they leave the board, a fixed enumeration of all
// squares, and square colours.
//
// Nothing here knows about pieces or rules; it is the ground the kinematics
// and rules packages stand on.
package geom
