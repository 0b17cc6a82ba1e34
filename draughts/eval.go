package draughts

// Weights are the terms of Evaluate, in hundredths of a man. They should
// be non-negative: each rewards what the side has.
type Weights struct {
	// Man and King are the material values.
	Man, King int
	// Advance is paid per row a man has come from its home row (0–6: a man
	// on the seventh row is one step from crowning).
	Advance int
	// Centre is paid per piece on the eight central squares 10, 11, 14,
	// 15, 18, 19, 22, 23.
	Centre int
	// Mobility is paid per step (non-capture move) the side's pieces have,
	// whoever is to move.
	Mobility int
	// Back is paid per man on its home row while the opponent has no
	// king: the men there keep the opponent's from crowning.
	Back int
	// Tempo is the bonus of the side to move for having the move.
	Tempo int
}

// DefaultWeights are: a man 100, a king 150 (the usual rule of thumb that
// a king is worth about one and a half men; the low end of the usual
// 1.5–3 range, because a non-flying king is slow), 1 a row of advance, 5 a
// central piece, 2 a step, 30 a man on the home row, 3 for the move.
// Matches at equal nodes chose the home-row and advance weights (and
// found no gain in other king values; BENCHMARKS.md).
func DefaultWeights() Weights {
	return Weights{Man: 100, King: 150, Advance: 1, Centre: 5, Mobility: 2, Back: 30, Tempo: 3}
}

const centre SquareSet = 1<<9 | 1<<10 | 1<<13 | 1<<14 | 1<<17 | 1<<18 | 1<<21 | 1<<22

// rowMask is the set of squares on row r, counted from the top (squares
// 1–4 are row 0).
func rowMask(r int) SquareSet { return 0xF << (4 * r) }

// Evaluate scores p for the side to move: the difference of both sides'
// Weights terms, plus Tempo. It is a static score (it does not look at
// captures or the end of the game) and lies within ±w.Bound().
func Evaluate(p Position, w Weights) int {
	return side(p, p.turn, w) - side(p, p.turn^1, w) + w.Tempo
}

// side sums the terms for c.
func side(p Position, c Color, w Weights) int {
	men, kings := p.Men(c), p.Kings(c)
	advance := 0
	for r := 1; r < 7; r++ {
		rows := r // Black advances down the board, from row 0
		if c == White {
			rows = 7 - r
		}
		advance += rows * (men & rowMask(r)).Count()
	}
	empty := ^(p.pieces[0] | p.pieces[1])
	down, up := kings, kings
	if c == Black {
		down |= men
	} else {
		up |= men
	}
	steps := (downLeft(down) & empty).Count() + (downRight(down) & empty).Count() +
		(upLeft(up) & empty).Count() + (upRight(up) & empty).Count()
	home := rowMask(0)
	if c == White {
		home = rowMask(7)
	}
	back := 0
	if p.Kings(c^1) == 0 {
		back = w.Back * (men & home).Count()
	}
	return back + w.Man*men.Count() + w.King*kings.Count() + w.Advance*advance +
		w.Centre*(p.pieces[c]&centre).Count() + w.Mobility*steps
}

// Bound is the largest |Evaluate| can be with non-negative weights: one
// side's terms are at most 12 pieces each worth max(Man + 6·Advance,
// King), 4 men on the home row, 8 central pieces and 48 steps (4 for
// each of 12 pieces), the other's at least 0, plus Tempo.
func (w Weights) Bound() int {
	return MaxPieces*max(w.Man+6*w.Advance, w.King) + 4*w.Back + 8*w.Centre + 4*MaxPieces*w.Mobility + w.Tempo
}
