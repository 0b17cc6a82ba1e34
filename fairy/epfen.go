package fairy

import "github.com/baten-chess/baten/rules"

// epUseInfo is a compiled rules.EnPassantUse: where a pawn's step leaves
// an en passant square as Fairy-Stockfish sets one.
type epUseInfo struct {
	pawn uint8
	any  [2]bool // by taker
}

func compileEPUse(v *rules.Variant) *epUseInfo {
	if v.EPUse == nil {
		return nil
	}
	return &epUseInfo{pawn: uint8(v.EPUse.Pawn), any: v.EPUse.Any}
}

// keepUsable drops the en passant squares the straight step mv of a
// piece of kind k of us left that Fairy-Stockfish does not set: those no
// pawn of the taker attacks, unless the taker has other en passant kinds;
// a custom pawn's double step adds its landing square
// (rules.Position.keepUsable).
func (p *Position) keepUsable(us, k uint8, mv Move) {
	u := p.r.epUse
	if u == nil || !p.hasEP {
		return
	}
	from, to := mv.from(), mv.to()
	if k != u.pawn {
		p.addLanding(us, to, mv)
		return
	}
	if from%16 != to%16 || u.any[us^1] {
		return
	}
	var kept [2]uint8
	n := 0
	if p.attackedByPawn(us^1, p.ep) {
		kept[n], n = p.ep, n+1
	}
	if p.hasEP2 && p.attackedByPawn(us^1, p.ep2) {
		kept[n], n = p.ep2, n+1
	}
	p.hasEP, p.hasEP2, p.ep, p.ep2 = n > 0, n > 1, kept[0], kept[1]
	if n == 0 {
		p.victim = 0
	}
}

// attackedByPawn reports whether a pawn of taker stands where it captures
// onto sq: a file aside and a rank beyond it, in the mover's direction.
func (p *Position) attackedByPawn(taker, sq uint8) bool {
	r := p.r
	rank := int(sq/16) + r.v.Forward[taker^1]
	if rank < 0 || rank >= r.h {
		return false
	}
	for _, df := range [2]int{-1, 1} {
		file := int(sq%16) + df
		if file < 0 || file >= r.w {
			continue
		}
		if pc := p.board[sqOf(file, rank)]; pc != 0 && kindOf(pc) == r.epUse.pawn && owner(pc) == taker {
			return true
		}
	}
	return false
}

// addLanding adds the square to a custom pawn's double step mv landed on
// as the second en passant square (rules.Position.addLanding).
func (p *Position) addLanding(us, to uint8, mv Move) {
	if p.hasEP2 || mv&flagDouble == 0 {
		return
	}
	if e := p.r.eps; (e != nil && !e.region[us^1][to]) || (e == nil && !p.r.epOK[to]) {
		return
	}
	p.hasEP2, p.ep2 = true, to
}
