package draughts

// Play returns the position after m, which must be a legal move of p (from
// LegalMoves or ParseMove); p itself is unchanged. Captured pieces leave
// together at the end of the chain, and a man ending on its crowning row
// becomes a king.
func (p Position) Play(m Move) Position {
	p.Make(m)
	return p
}

// Undo is what Unmake needs to take a move back: the kings before it.
type Undo struct {
	kings SquareSet
}

// Make plays m on p in place (see Play) and returns what Unmake needs.
func (p *Position) Make(m Move) Undo {
	u := Undo{p.kings}
	us := p.turn & 1
	p.pieces[us] ^= m.from.Bit() ^ m.to.Bit() // from == to (a king's loop) leaves it in place
	p.pieces[us^1] &^= m.captured
	// The piece is a king on to if it was one on from or lands on its
	// crowning row; computed without branches.
	king := (u.kings>>m.from | crownRows[us]>>m.to) & 1
	p.kings = u.kings&^(m.from.Bit()|m.captured) | king<<m.to
	p.turn ^= 1
	return u
}

// Unmake takes back m, the last move made with Make, which returned u.
func (p *Position) Unmake(m Move, u Undo) {
	p.turn ^= 1
	us := p.turn & 1
	p.pieces[us] ^= m.from.Bit() ^ m.to.Bit()
	p.pieces[us^1] |= m.captured
	p.kings = u.kings
}

// IsIrreversible reports whether m, a legal move of p, is a capture or a
// man's move: the moves after which no earlier position can recur and
// which reset the 40-move count.
func (p Position) IsIrreversible(m Move) bool {
	return m.jumps > 0 || p.kings&m.from.Bit() == 0
}
