package kinematics

// Direction sets, each delta once.
var (
	orthogonal = []Delta{{0, 1}, {1, 0}, {0, -1}, {-1, 0}}
	diagonal   = []Delta{{1, 1}, {1, -1}, {-1, -1}, {-1, 1}}
	knight     = []Delta{{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}}
)

// all makes one component per delta with the given motion and modifiers.
func all(ds []Delta, m Motion, mods Modifier) Movement {
	out := make(Movement, len(ds))
	for i, d := range ds {
		out[i] = Component{Delta: d, Motion: m, Mods: mods}
	}
	return out
}

// scaled multiplies every delta by k.
func scaled(ds []Delta, k int) []Delta {
	out := make([]Delta, len(ds))
	for i, d := range ds {
		out[i] = Delta{d.File * k, d.Rank * k}
	}
	return out
}

// Union is the movement of a compound piece: every component of each part.
func Union(parts ...Movement) Movement {
	var out Movement
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// Knight leaps to the far corner of a 2×3 rectangle. Like every piece
// constructor here it returns a fresh slice the caller may keep.
func Knight() Movement { return all(knight, Leap, 0) }

// Bishop slides diagonally.
func Bishop() Movement { return all(diagonal, Slide, 0) }

// Rook slides orthogonally.
func Rook() Movement { return all(orthogonal, Slide, 0) }

// Queen slides in all eight directions.
func Queen() Movement { return Union(Rook(), Bishop()) }

// King steps one square in any of eight directions.
func King() Movement { return Union(all(orthogonal, Step, 0), all(diagonal, Step, 0)) }

// Pawn pushes one square forward, two from its initial square when both are
// empty, and captures one square diagonally forward. En passant and
// promotion are rules, not movement.
func Pawn() Movement {
	return Movement{
		{Delta: Delta{0, 1}, Motion: Step, Mods: Forward | MoveOnly},
		{Delta: Delta{0, 2}, Motion: Step, Mods: Forward | MoveOnly | Initial},
		{Delta: Delta{-1, 1}, Motion: Step, Mods: Forward | CaptureOnly},
		{Delta: Delta{1, 1}, Motion: Step, Mods: Forward | CaptureOnly},
	}
}

// Archbishop (Capablanca chess) moves as bishop or knight.
func Archbishop() Movement { return Union(Bishop(), Knight()) }

// Chancellor (Capablanca chess) moves as rook or knight.
func Chancellor() Movement { return Union(Rook(), Knight()) }

// Shah is the shatranj king: one step in any direction.
func Shah() Movement { return King() }

// Ferz is the shatranj counsellor: one diagonal step.
func Ferz() Movement { return all(diagonal, Step, 0) }

// Alfil is the shatranj elephant: a diagonal leap of exactly two squares,
// over anything. It can reach only 8 squares of the 8×8 board.
func Alfil() Movement { return all(scaled(diagonal, 2), Leap, 0) }

// Faras is the shatranj horse: the knight's leap.
func Faras() Movement { return Knight() }

// Rukh is the shatranj rook: an orthogonal slide.
func Rukh() Movement { return Rook() }

// Baidaq is the shatranj pawn: one step forward, captures one step
// diagonally forward, never a double step.
func Baidaq() Movement {
	return Movement{
		{Delta: Delta{0, 1}, Motion: Step, Mods: Forward | MoveOnly},
		{Delta: Delta{-1, 1}, Motion: Step, Mods: Forward | CaptureOnly},
		{Delta: Delta{1, 1}, Motion: Step, Mods: Forward | CaptureOnly},
	}
}

// Man is the draughts man: a forward diagonal step to an empty square, or a
// forward jump over an adjacent piece to the empty square beyond.
func Man() Movement {
	fwd := []Delta{{-1, 1}, {1, 1}}
	return Union(all(fwd, Step, Forward|MoveOnly), all(scaled(fwd, 2), Jump, Forward))
}

// DraughtsKing is the (non-flying) draughts king: a diagonal step to an
// empty square or a diagonal jump, in all four directions.
func DraughtsKing() Movement {
	return Union(all(diagonal, Step, MoveOnly), all(scaled(diagonal, 2), Jump, 0))
}
