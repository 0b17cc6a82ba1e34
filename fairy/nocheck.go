package fairy

// checkZone is, for a variant with checks forbidden (rules.Variant's
// NoChecking), the set of squares from or to which a move of the side to
// move might give check: every square whose occupancy may change whether
// its pieces attack an enemy royal piece (the lines to it and the leap
// blockers), and every square a leap attacks one from. A move that
// neither leaves nor reaches one of them (and is not castling or en
// passant, which move a second piece) gives no check, so LegalMoves need
// not play it to see.
type checkZone [4]uint64

func (p *Position) checkZone() checkZone {
	r := p.r
	us := p.turn
	var z checkZone
	for i := uint8(0); i < p.nroyal[us^1]; i++ {
		k := p.royal[us^1][i]
		for j, w := range r.lines[us^1][k] {
			z[j] |= w
		}
		li := r.atkLeapIdx[us][k]
		for _, e := range r.atkLeap[li.lo:li.hi] {
			z[e.from/64] |= 1 << (e.from % 64)
		}
	}
	return z
}

// quiet reports whether m, not castling or en passant, surely gives no
// check (see checkZone).
func (z *checkZone) quiet(m Move) bool {
	from, to := m.from(), m.to()
	return z[from/64]&(1<<(from%64)) == 0 && z[to/64]&(1<<(to%64)) == 0
}
