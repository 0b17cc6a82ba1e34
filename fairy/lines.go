package fairy

// liveLines is the part of the royal squares' lines (Rules.lines) that the
// opponent can use in this position: the squares of each reverse ray up
// to the farthest enemy piece of the ray's kinds on it (blocked or not),
// and the blockers of each leap whose square holds an enemy piece of its
// kinds. A move that neither leaves nor enters one of them (a royal piece
// not moving) cannot open an attack on us's royal pieces: no attacker
// stands behind the squares it changes. Cannons (xiangqi) make every
// square of the general's file and rank a line; most of them are dead
// in a given position.
func (p *Position) liveLines(us uint8) (live [4]uint64) {
	r := p.r
	them := us ^ 1
	for i := uint8(0); i < p.nroyal[us]; i++ {
		s := p.royal[us][i]
		li := r.atkLeapIdx[them][s]
		for _, e := range r.atkLeap[li.lo:li.hi] {
			if p.enemyOf(e.from, them, e.mask) {
				for _, b := range e.blk[:e.nb] {
					live[b/64] |= 1 << (b % 64)
				}
			}
		}
		ri := r.atkRayIdx[them][s]
		for j := ri.lo; j < ri.hi; j++ {
			e := &r.atkRay[j]
			p.markRay(r.pool[e.start:e.start+uint32(e.n)], them, e.mask, &live)
		}
		if pi := r.palace; pi != nil && pi.on[s] { // family: palaces
			p.liveDiagonals(s, them, &live)
		}
	}
	return live
}

// enemyOf reports whether sq holds a piece of them of a kind in mask.
func (p *Position) enemyOf(sq, them uint8, mask uint32) bool {
	pc := p.board[sq]
	return pc != 0 && pc != wallPiece && owner(pc) == them && mask&(1<<kindOf(pc)) != 0
}

// markRay marks in live the squares of the ray sqs up to the farthest
// that holds a piece of them of mask's kinds, blocked or not.
func (p *Position) markRay(sqs []uint8, them uint8, mask uint32, live *[4]uint64) {
	last := -1
	for k, q := range sqs {
		if p.enemyOf(q, them, mask) {
			last = k
		}
	}
	for _, q := range sqs[:last+1] {
		live[q/64] |= 1 << (q % 64)
	}
}

// onLive reports whether q is one of live's squares (liveLines).
func onLive(live *[4]uint64, q uint8) bool { return live[q/64]&(1<<(q%64)) != 0 }
