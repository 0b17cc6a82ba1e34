package rules

// Pseudo-royal pieces: Fairy-Stockfish's extinctionPseudoRoyal
// (ExtinctionRule.PseudoRoyal). While a side has at most Count+1 pieces of
// one of the extinction rule's kinds, those pieces are guarded as royal
// pieces are: no move may leave one attacked, and a side without a legal
// move while one is attacked is checkmated. A move that takes an enemy
// pseudo-royal piece en passant is legal all the same; one that takes it
// on the square it lands on must not leave the mover's attacked either
// (Fairy-Stockfish exempts a move only where the enemy piece's square is
// left empty). Since they cannot be taken,
// the extinction rule itself no longer ends the game. Counts are those of
// the position before the move, as in Fairy-Stockfish; a promotion to a
// counted kind makes the kind royal only while its side had at most Count
// of it.

// pseudoRoyals reports whether the variant has pseudo-royal pieces.
func (p *Position) pseudoRoyals() bool {
	e := p.v.Extinction
	return e != nil && e.PseudoRoyal
}

// countedKind reports whether id is one of the extinction rule's kinds.
func (p *Position) countedKind(id KindID) bool {
	letter := p.v.Kind(id).Letter
	for i := 0; i < len(p.v.Extinction.Kinds); i++ {
		if p.v.Extinction.Kinds[i] == letter {
			return true
		}
	}
	return false
}

// pseudoRoyalPiece reports whether pc is pseudo-royal in p.
func (p *Position) pseudoRoyalPiece(pc Piece) bool {
	return !pc.Empty() && p.countedKind(pc.Kind) && p.countKind(pc.Owner, pc.Kind) <= p.v.Extinction.Count+1
}

// pseudoRoyalAttacked reports whether a pseudo-royal piece of player
// stands attacked in p: with no legal move, that player is checkmated.
func (p *Position) pseudoRoyalAttacked(player Player) bool {
	if !p.pseudoRoyals() {
		return false
	}
	if p.dupleChecked(player) { // family: royal guards
		return true
	}
	for _, sq := range p.v.Size.Squares() {
		pc := p.board.At(sq)
		if pc.Owner == player && p.pseudoRoyalPiece(pc) && p.Attacked(sq, player.Opponent()) &&
			!p.touchesPseudoRoyal(sq, player.Opponent()) { // family: atomic
			return true
		}
	}
	return false
}

// exposesPseudoRoyal reports whether m, played from p to next, leaves a
// pseudo-royal piece of the mover attacked (or castles a pseudo-royal king
// out of or through an attacked square).
func (p *Position) exposesPseudoRoyal(m Move, next *Position) bool {
	if !p.pseudoRoyals() {
		return false
	}
	if p.petrifiesPseudoRoyal(m) { // family: petrify
		return true
	}
	if p.v.blasts() { // family: atomic
		return p.blastExposes(m, next)
	}
	us := p.turn
	for _, sq := range m.Captures {
		if sq != m.To && p.pseudoRoyalPiece(p.board.At(sq)) {
			return false // taking an enemy pseudo-royal piece en passant is always legal (petrify: not on To, as Fairy-Stockfish has it)
		}
	}
	if m.Castle && p.pseudoRoyalPiece(p.board.At(m.From)) {
		if p.Attacked(m.From, us.Opponent()) {
			return true
		}
		for _, sq := range squaresFromTo(m.From, m.To) {
			if sq != m.To && p.Attacked(sq, us.Opponent()) {
				return true
			}
		}
	}
	for _, sq := range next.v.Size.Squares() {
		pc := next.board.At(sq)
		if pc.Empty() || pc.Owner != us || !p.countedKind(pc.Kind) {
			continue
		}
		limit := p.v.Extinction.Count + 1
		if m.Promotion == pc.Kind {
			limit-- // one more of the kind after the promotion
		}
		if p.countKind(us, pc.Kind) <= limit && next.capturerAttacks(sq, us.Opponent()) { // family: petrify: capturerAttacks
			return true
		}
	}
	return false
}
