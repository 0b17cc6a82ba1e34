package fairy

// Pseudo-royal pieces (rules.ExtinctionRule.PseudoRoyal, Fairy-Stockfish's
// extinctionPseudoRoyal), as rules.Position guards them: while a side has
// at most Count+1 pieces of one of the extinction rule's kinds, no move
// may leave one of them attacked, except a move that takes an enemy
// pseudo-royal piece en passant; the counts are those before the move.

// pseudoBefore is what the pseudo-royal test of a move needs from the
// position before it: the mover's counts, and whether the move is legal
// or illegal whatever follows.
type pseudoBefore struct {
	count   [maxKinds + 1]uint8
	exempt  bool // it takes an enemy pseudo-royal piece en passant
	through bool // it castles a pseudo-royal king out of or through an attack
	barred  bool // family: petrify: it turns a pseudo-royal piece into a wall
}

// pseudoRoyalKind reports whether pieces of kind k of player pl are
// pseudo-royal, given pl's count of each kind.
func (p *Position) pseudoRoyalKind(k uint8, count *[maxKinds + 1]uint8) bool {
	e := p.r.ext
	for _, c := range e.kinds {
		if c == k {
			return int(count[k]) <= e.count+1
		}
	}
	return false
}

// beforePseudo records, before m is played, what exposesPseudo needs.
func (p *Position) beforePseudo(m Move) pseudoBefore {
	us, them := p.turn, p.turn^1
	b := pseudoBefore{count: p.count[us]}
	if m&flagCastle != 0 {
		from := m.from()
		if p.pseudoRoyalKind(kindOf(p.board[from]), &b.count) {
			b.through = p.attacked(from, them)
			step := 1
			if m.to()%16 < from%16 {
				step = -1
			}
			for f := int(from % 16); !b.through && f+step != int(m.to()%16); {
				f += step
				b.through = p.attacked(sqOf(f, int(from/16)), them)
			}
		}
		return b
	}
	victim := p.board[m.to()]
	if m&flagEP != 0 {
		victim = p.board[p.victim]
	}
	// petrify: exempt only where the enemy piece's square empties
	b.exempt = m&flagEP != 0 && victim != 0 && p.pseudoRoyalKind(kindOf(victim), &p.count[them])
	b.barred = p.petrifiesPseudo(m, &b.count) // family: petrify
	return b
}

// exposesPseudo reports whether m, just played by player us from the
// position b was recorded in, leaves one of us's pseudo-royal pieces
// attacked. A promotion to a counted kind guards the new piece only if
// the kind was royal with one piece more.
func (p *Position) exposesPseudo(b *pseudoBefore, m Move, us uint8) bool {
	if b.barred { // family: petrify: before the exemption, as in Fairy-Stockfish
		return true
	}
	if b.exempt {
		return false
	}
	if b.through {
		return true
	}
	e := p.r.ext
	promo := uint8(255)
	if m&flagPromo != 0 {
		promo = m.extra()
	}
	var blind blindSet // family: petrify: their petrifying pseudo-royal kinds attack nothing here
	p.blind(us^1, &blind)
	exposed := false
	for _, k := range e.kinds {
		limit := e.count + 1
		if k == promo {
			limit--
		}
		if int(b.count[k]) <= limit && p.kindAttacked(k, us) {
			exposed = true
			break
		}
	}
	p.unblind(&blind)
	return exposed
}

// kindAttacked reports whether a piece of kind k of player us stands
// attacked.
func (p *Position) kindAttacked(k, us uint8) bool {
	want := k | us<<5
	for _, sq := range p.r.squares {
		if p.board[sq] == want && p.attacked(sq, us^1) {
			return true
		}
	}
	return false
}

// PseudoRoyalAttacked reports whether a pseudo-royal piece of the side to
// move stands attacked: without a legal move, that side is checkmated.
func (p *Position) PseudoRoyalAttacked() bool {
	if !p.r.pseudoRoyal {
		return false
	}
	us := p.turn
	if p.dupleChecked(us) { // family: royal guards
		return true
	}
	for _, k := range p.r.ext.kinds {
		if p.pseudoRoyalKind(k, &p.count[us]) && p.kindAttacked(k, us) {
			return true
		}
	}
	return false
}
