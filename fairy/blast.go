package fairy

import (
	"strings"

	"github.com/baten-chess/baten/rules"
)

// The atomic family (rules.CaptureEffects): a capture explodes the
// capturer and the pieces around it but pawns, Play records what it
// removed in the undo record (nine squares at most, in a fixed array),
// and where the extinction rule's kinds are pseudo-royal (atomic) the
// legality rules of rules.Position's blastExposes apply.

// maxPseudoRoyal bounds the pseudo-royal pieces of a side: the extinction
// kinds times the count at which they become pseudo-royal.
const maxPseudoRoyal = 8

// blastInfo is rules.CaptureEffects compiled, by kind.
type blastInfo struct {
	spared      [maxKinds + 1]bool // survives a blast next to it (pawns)
	immune      [maxKinds + 1]bool // survives every blast
	mutual      [maxKinds + 1]bool // cannot capture its own kind
	pseudoRoyal bool               // the extinction kinds are pseudo-royal
	around      [256][8]uint8      // the squares around a square, on the board
	nAround     [256]uint8
}

// blastUndo is the part of Undo that holds the pieces a blast removed.
type blastUndo struct {
	n  uint8
	sq [9]uint8
	pc [9]uint8
}

// compileBlast compiles v's capture effects, nil for none.
func compileBlast(r *Rules, v *rules.Variant) (*blastInfo, error) {
	c := v.Capture
	if c == nil {
		return nil, nil
	}
	if !c.Blast {
		return nil, unsupported(v, "mutuallyImmuneTypes without blastOnCapture")
	}
	b := &blastInfo{}
	for i := range v.Pieces {
		k := &v.Pieces[i]
		if k.Royal {
			return nil, unsupported(v, "royal pieces with capture effects (%s)", k.Name)
		}
		b.spared[i+1] = strings.IndexByte(c.Pawns, k.Letter) >= 0
		b.immune[i+1] = strings.IndexByte(c.Immune, k.Letter) >= 0
		b.mutual[i+1] = strings.IndexByte(c.MutuallyImmune, k.Letter) >= 0
	}
	if e := v.Extinction; e != nil && e.PseudoRoyal {
		if len(e.Kinds)*(e.Count+1) > maxPseudoRoyal {
			return nil, unsupported(v, "more than %d pseudo-royal pieces a side", maxPseudoRoyal)
		}
		b.pseudoRoyal = true
	}
	for _, sq := range r.squares {
		f, rk := int(sq%16), int(sq/16)
		for df := -1; df <= 1; df++ {
			for dr := -1; dr <= 1; dr++ {
				if (df != 0 || dr != 0) && f+df >= 0 && f+df < r.w && rk+dr >= 0 && rk+dr < r.h {
					b.around[sq][b.nAround[sq]] = sqOf(f+df, rk+dr)
					b.nAround[sq]++
				}
			}
		}
	}
	return b, nil
}

// explode removes the pieces the blast of a capture on to removes (the
// capturer has landed there) and records them in u.
func (p *Position) explode(to uint8, u *Undo) {
	b := p.r.blast
	if pc := p.board[to]; !b.immune[kindOf(pc)] {
		p.blastAway(to, u)
	}
	for _, sq := range b.around[to][:b.nAround[to]] {
		if pc := p.board[sq]; pc != 0 && pc != wallPiece && !b.spared[kindOf(pc)] && !b.immune[kindOf(pc)] { // walling, petrify: a wall never explodes
			p.blastAway(sq, u)
		}
	}
}

// blastAway removes the piece on sq, with its castling rights: a rook's
// and, for the castling king, its side's.
func (p *Position) blastAway(sq uint8, u *Undo) {
	r := p.r
	pc := p.board[sq]
	pl := owner(pc)
	u.blast.sq[u.blast.n], u.blast.pc[u.blast.n] = sq, pc
	u.blast.n++
	p.board[sq] = 0
	p.count[pl][kindOf(pc)]--
	p.nonroyal[pl]--
	if r.castling {
		if r.kinds[kindOf(pc)].castles && int(sq/16) == r.castleRank[pl] {
			p.castle[pl] = 0
		}
		for side := 0; side < 2; side++ {
			if int(sq/16) == r.castleRank[side] {
				p.castle[side] &^= 1 << (sq % 16)
			}
		}
	}
}

// unexplode puts back the pieces of u's blast.
func (p *Position) unexplode(u *Undo) {
	for i := uint8(0); i < u.blast.n; i++ {
		sq, pc := u.blast.sq[i], u.blast.pc[i]
		p.board[sq] = pc
		p.count[owner(pc)][kindOf(pc)]++
		p.nonroyal[owner(pc)]++
	}
}

// pseudoRoyals lists pl's pseudo-royal pieces in s (the pieces of an
// extinction kind of which pl has at most Count+1) and returns how many.
func (p *Position) pseudoRoyals(pl uint8, s *[maxPseudoRoyal]uint8) int {
	e := p.r.ext
	n := 0
	for _, k := range e.kinds {
		c := int(p.count[pl][k])
		if c == 0 || c > e.count+1 {
			continue
		}
		want := pc(k, pl)
		for _, sq := range p.r.squares {
			if p.board[sq] == want {
				s[n] = sq
				n++
				if c--; c == 0 {
					break
				}
			}
		}
	}
	return n
}

func pc(k, pl uint8) uint8 { return k | pl<<5 }

// touches reports whether sq is next to one of the squares.
func (b *blastInfo) touches(sq uint8, squares []uint8) bool {
	for _, a := range b.around[sq][:b.nAround[sq]] {
		for _, s := range squares {
			if a == s {
				return true
			}
		}
	}
	return false
}

// blastLegal keeps in l the legal moves of a variant whose captures
// explode: no capture of a mutually immune kind by its own kind, and, with
// pseudo-royal pieces, the rules of rules.Position's blastExposes. A
// quiet move of another piece, off every line to the mover's
// pseudo-royal pieces, while none of them is attacked, keeps them safe
// without being played.
func (p *Position) blastLegal(l *MoveList) {
	r := p.r
	b := r.blast
	us, them := p.turn, p.turn^1
	var ours, theirs [maxPseudoRoyal]uint8
	var no, nt int
	inCheck := false
	if b.pseudoRoyal {
		no, nt = p.pseudoRoyals(us, &ours), p.pseudoRoyals(them, &theirs)
		for _, sq := range ours[:no] {
			if !b.touches(sq, theirs[:nt]) && p.attacked(sq, them) {
				inCheck = true
			}
		}
	}
	n := 0
	for i := 0; i < l.N; i++ {
		m := l.Moves[i]
		from, to := m.from(), m.to()
		mover, victim := p.board[from], p.board[to]
		if m&flagCastle == 0 && victim != 0 && b.mutual[kindOf(mover)] && kindOf(victim) == kindOf(mover) {
			continue
		}
		if b.pseudoRoyal && !p.blastSafe(m, inCheck, ours[:no], theirs[:nt]) {
			continue
		}
		l.Moves[n] = m
		n++
	}
	l.N = n
}

// blastSafe reports whether m keeps the mover's pseudo-royal pieces ours
// unexploded and unattacked, or removes one of theirs.
func (p *Position) blastSafe(m Move, inCheck bool, ours, theirs []uint8) bool {
	r := p.r
	b := r.blast
	us, them := p.turn, p.turn^1
	from, to := m.from(), m.to()
	mine := false // the mover is pseudo-royal
	for _, sq := range ours {
		mine = mine || sq == from
	}
	promo := m&flagPromo != 0 && r.ext.countsKind(m.extra())
	if !inCheck && !mine && !promo && m&(flagCastle|flagEP) == 0 && p.board[to] == 0 &&
		!p.onPseudoLines(from, ours) && !(r.hasScreens && p.onPseudoLines(to, ours)) {
		return true
	}
	var after [maxPseudoRoyal + 1]uint8
	na := 0
	for _, sq := range ours {
		if sq == from {
			sq = to
		}
		if promo && kindOf(p.board[sq]) == m.extra() && int(p.count[us][m.extra()]) > r.ext.count {
			continue // the kind is plain once promoted to beyond the count
		}
		after[na] = sq
		na++
	}
	if promo && int(p.count[us][m.extra()]) <= r.ext.count && !mine {
		after[na] = to
		na++
	}
	if m&flagCastle != 0 && mine {
		step := 1
		kf, kt := int(from%16), int(to%16)
		if kt < kf {
			step = -1
		}
		for x := kf; ; x += step {
			sq := sqOf(x, int(from/16))
			if x == kt && x != kf {
				break
			}
			if !b.touches(sq, theirs) && p.attacked(sq, them) {
				return false
			}
			if x == kt {
				break
			}
		}
	}
	u := p.Play(m)
	p.liftPetrified(&u) // family: petrify: judged with the blasted squares empty
	ok := true
	for _, sq := range after[:na] {
		if pc := p.board[sq]; pc == 0 || owner(pc) != us {
			ok = false // a self-explosion
		}
	}
	removed := false
	for _, sq := range theirs {
		if pc := p.board[sq]; pc == 0 || owner(pc) != them {
			removed = true
		}
	}
	if ok && !removed {
		for _, sq := range after[:na] {
			if !b.touches(sq, theirs) && p.attacked(sq, them) {
				ok = false
				break
			}
		}
	}
	p.Unplay(m, u)
	return ok
}

// onPseudoLines reports whether q lies on a line along which the
// opponent could attack one of the squares.
func (p *Position) onPseudoLines(q uint8, squares []uint8) bool {
	us := p.turn
	for _, sq := range squares {
		if p.r.lines[us][sq][q/64]&(1<<(q%64)) != 0 {
			return true
		}
	}
	return false
}

// countsKind reports whether the extinction rule counts kind k.
func (e *extinction) countsKind(k uint8) bool {
	for _, c := range e.kinds {
		if c == k {
			return true
		}
	}
	return false
}

// extinctionReason is the reason of an extinction (b may be nil): a king
// exploded where captures explode and the rule counts kinds one by one,
// as rules.Position's blastReason.
func (b *blastInfo) extinctionReason(all bool) rules.Reason {
	if b != nil && !all {
		return rules.KingExploded
	}
	return rules.Extinction
}
