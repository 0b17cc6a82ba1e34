package fairy

import "github.com/baten-chess/baten/rules"

// countingInfo is a compiled rules.Counting: the kinds of each role as
// bit masks by KindID.
type countingInfo struct {
	rule                          rules.CountingRule
	pawn, rook, khon, knight, met uint32
}

func compileCounting(v *rules.Variant) countingInfo {
	c := v.Counting
	if c == nil {
		return countingInfo{}
	}
	mask := func(letters string) uint32 {
		var m uint32
		for i := range v.Pieces {
			for j := 0; j < len(letters); j++ {
				if v.Pieces[i].Letter == letters[j] {
					m |= 1 << (i + 1)
				}
			}
		}
		return m
	}
	return countingInfo{rule: c.Rule, pawn: mask(c.Pawn), rook: mask(c.Rook), khon: mask(c.Khon),
		knight: mask(c.Knight), met: mask(c.Met)}
}

// Counting returns the running count of the variant's counting rule, in
// plies: its limit (0 while none runs) and the plies counted
// (rules.Position.Counting).
func (p *Position) Counting() (limit, ply int) { return int(p.countLimit), int(p.countPly) }

// CountingExpired reports whether a running count has passed its limit:
// the game is drawn unless the side to move is checkmated
// (rules.Position.CountingExpired).
func (p *Position) CountingExpired() bool {
	return p.countLimit != 0 && p.countPly > p.countLimit
}

// pieces counts all of pl's pieces.
func (p *Position) pieces(pl uint8) int { return int(p.nroyal[pl]) + int(p.nonroyal[pl]) }

// countKinds counts pl's pieces of the kinds in mask.
func (p *Position) countKinds(pl uint8, mask uint32) int {
	n := 0
	for ; mask != 0; mask &= mask - 1 {
		k := 0
		for mask>>k&1 == 0 {
			k++
		}
		n += int(p.count[pl][k])
	}
	return n
}

// updateCount applies the counting rule after a move, as
// rules.Position.updateCount does; captured says whether it took a piece.
func (p *Position) updateCount(captured bool) {
	stm := p.turn
	mine := p.pieces(stm)
	if p.countLimit != 0 && !(captured && mine == 1) {
		return
	}
	limit := p.countingLimit(stm)
	if limit == 0 {
		return
	}
	p.countLimit, p.countPly = int32(2*limit), 0
	if p.r.count.rule == rules.MakrukCounting && mine == 1 {
		p.countPly = int32(2 * (mine + p.pieces(stm^1)))
	}
}

// countingLimit is the rule's limit in moves for a count of side, 0 for
// none (rules.Counting).
func (p *Position) countingLimit(side uint8) int {
	c := &p.r.count
	other := side ^ 1
	mine := p.pieces(side)
	switch c.rule {
	case rules.MakrukCounting:
		if p.countKinds(0, c.pawn)+p.countKinds(1, c.pawn) > 0 || p.pieces(other) == 1 {
			return 0
		}
		if mine > 1 {
			return 64
		}
		switch rooks, khons := p.countKinds(other, c.rook), p.countKinds(other, c.khon); {
		case rooks > 1:
			return 8
		case rooks == 1:
			return 16
		case khons > 1:
			return 22
		case p.countKinds(other, c.knight) > 1:
			return 32
		case khons == 1:
			return 44
		}
		return 64
	case rules.ASEANCounting:
		if mine > 1 {
			return 0
		}
		mets := p.countKinds(other, c.met)
		switch {
		case p.countKinds(other, c.rook) > 0:
			return 16
		case p.countKinds(other, c.khon) > 0 && mets > 0:
			return 44
		case p.countKinds(other, c.knight) > 0 && mets > 0:
			return 64
		}
	}
	return 0
}
