package rules

import (
	"iter"

	"github.com/baten-chess/baten/geom"
	"github.com/baten-chess/baten/kinematics"
)

// En passant squares for pawns that move as Fairy-Stockfish's custom
// pawns do (pawnsideways' fsmWfceFifmnD, berolina's mfFcfeWimfnA): the
// square a double step passed over blocks nothing and may be moved to
// quietly; a piece that may take en passant captures onto it only with a
// capture that is not also one of its quiet moves there (Fairy-Stockfish
// takes en passant with its attacks less its quiet moves).

// pieceTargets yields the targets of the piece of kind on from: its moves
// on the board as it stands, then, where extra marks the en passant
// square it may take on, its captures onto that square.
func (p *Position) pieceTargets(kind *PieceKind, from geom.Square, extra func(geom.Square) bool) iter.Seq[kinematics.Target] {
	return func(yield func(kinematics.Target) bool) {
		for t := range kind.Movement.Targets(p.frame(from, nil), from) {
			if !yield(t) {
				return
			}
		}
		if extra == nil {
			return
		}
		for t := range kind.Movement.Targets(p.frame(from, extra), from) {
			if t.Capture && !t.Jump && extra(t.To) && !yield(t) {
				return
			}
		}
	}
}

// doubleStep reports whether m is a double step of a pawn that may be
// taken en passant: two squares straight ahead, or two diagonally
// (berolina's imfnA); the square it passed over is the en passant square.
// A move of a kind of the en passant types that goes so far is its
// double step: the kinds Baten reads never move so far otherwise.
func doubleStep(m Move) bool {
	df := abs(m.To.File - m.From.File)
	return abs(m.To.Rank-m.From.Rank) == 2 && (df == 0 || df == 2)
}
