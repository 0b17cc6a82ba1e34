package fairy

// The rules that differ between the players (rules.ColourRules) are
// compiled into the tables that are already kept per player (leaps, rays,
// promotion zones, the en passant and clock flags of kindInfo), so the
// generator's hot path is the mirrored games' own. The squares a kind may
// stand on (mobilityRegion) are left out of its attack tables, and its
// moves are filtered by a step of their own, taken for those kinds alone.

// keepStand drops the moves of l from index n on whose destination the
// moving kind may not stand (ok).
func keepStand(l *MoveList, n int, ok *[256]bool) {
	j := n
	for _, m := range l.Moves[n:l.N] {
		if ok[m.to()] {
			l.Moves[j] = m
			j++
		}
	}
	l.N = j
}

// offStand is the mask of the kinds whose pieces of player X may not
// stand on s, and so do not attack it (rules.SideKind.Stand).
func (r *Rules) offStand(X int, s uint8) uint32 {
	var m uint32
	for id := 1; id < len(r.kinds); id++ {
		if k := &r.kinds[id]; k.stand[X] && !k.standOK[X][s] {
			m |= 1 << id
		}
	}
	return m
}
