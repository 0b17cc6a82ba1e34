package fairy

// En passant for Fairy-Stockfish's custom pawns (rules/epmoves.go): the
// en passant square blocks nothing and may be moved to quietly, and a
// piece takes en passant there only with a capture that is not also one
// of its quiet moves to it.

// quietTo reports whether one of the leap ops ls gives its piece a quiet
// move to the empty square to.
func (p *Position) quietTo(ls span, to uint8) bool {
	r := p.r
leaps:
	for i := ls.lo; i < ls.hi; i++ {
		op := &r.leaps[i]
		if op.to != to || op.mods&opCaptureOnly != 0 {
			continue
		}
		for _, b := range op.blk[:op.nb] {
			if p.board[b] != 0 {
				continue leaps
			}
		}
		return true
	}
	return false
}

// doubleStep reports whether from→to, a move of a kind of the en passant
// types, is its double step (rules' doubleStep): two ranks, straight or
// two files across.
func doubleStep(from, to uint8) bool {
	df := iabs(int(from%16) - int(to%16))
	return iabs(int(from/16)-int(to/16)) == 2 && (df == 0 || df == 2)
}
