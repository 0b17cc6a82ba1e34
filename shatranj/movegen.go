package shatranj

import bb "github.com/baten-chess/baten/internal/bitboard"

// LegalMoves fills ml with every legal move of the side to move. A position
// already decided by the bare-king rule has none (Fairy-Stockfish's
// convention; see Outcome). The generator is strictly legal: it uses the
// check mask and the pins of Rukhs, not generate-and-test.
func (p *Position) LegalMoves(ml *MoveList) {
	ml.n = p.generate(&ml.moves)
}

// CountMoves returns the number of legal moves without listing them.
func (p *Position) CountMoves() int { return p.generate(nil) }

// HasMoves reports whether the side to move has a legal move.
func (p *Position) HasMoves() bool { return p.generate(nil) > 0 }

func addMoves(buf *[maxMoves]Move, n int, from Square, to Bitboard) int {
	if buf == nil {
		return n + to.Count()
	}
	for to != 0 {
		buf[n] = NewMove(from, to.PopLSB())
		n++
	}
	return n
}

// addShifted adds the moves to every square of to from the square delta
// below it (delta may be negative).
func addShifted(buf *[maxMoves]Move, n int, to Bitboard, delta int) int {
	if buf == nil {
		return n + to.Count()
	}
	for to != 0 {
		t := to.PopLSB()
		buf[n] = NewMove(Square(int(t)-delta), t)
		n++
	}
	return n
}

// bareKingDecided reports whether the bare-king rule has already decided
// the game (see Outcome), and the winner.
func (p *Position) bareKingDecided() (Color, bool) {
	for bared := White; bared <= Black; bared++ {
		if p.byColor[bared]&^p.byType[Shah] != 0 {
			continue
		}
		other := bared ^ 1
		left := p.byColor[other] &^ p.byType[Shah]
		if left == 0 {
			continue
		}
		if p.turn == bared && !left.MoreThanOne() {
			return 0, false
		}
		return other, true
	}
	return 0, false
}

// pinned returns the pieces of own pinned to the Shah on ksq by a Rukh of
// opp, the only piece that can pin (along a rank or file).
func (p *Position) pinned(ksq Square, occ, own, opp Bitboard) Bitboard {
	var pins Bitboard
	for snipers := bb.RookAttacks(ksq, 0) & p.byType[Rukh] & opp; snipers != 0; {
		s := snipers.PopLSB()
		b := bb.Between(ksq, s) & occ
		if b != 0 && !b.MoreThanOne() {
			pins |= b & own
		}
	}
	return pins
}

// generate writes the legal moves into buf (or only counts them when buf
// is nil) and returns their number.
func (p *Position) generate(buf *[maxMoves]Move) int {
	us := p.turn
	them := us ^ 1
	own, opp := p.byColor[us], p.byColor[them]
	if own&^p.byType[Shah] == 0 || opp&^p.byType[Shah] == 0 {
		if _, decided := p.bareKingDecided(); decided {
			return 0
		}
	}
	occ := own | opp
	ksq := (p.byType[Shah] & own).LSB()
	n := 0

	danger := p.attackedBy(them, occ&^ksq.Bit())
	n = addMoves(buf, n, ksq, bb.KingAttacks(ksq)&^own&^danger)

	checkers := p.attackersTo(ksq, occ) & opp
	if checkers.MoreThanOne() {
		return n
	}
	target := ^own
	if checkers != 0 {
		c := checkers.LSB()
		target = checkers
		if p.byType[Rukh].Has(c) {
			target |= bb.Between(ksq, c)
		}
	}

	pinned := p.pinned(ksq, occ, own, opp)
	free := own &^ pinned
	for b := p.byType[Faras] & free; b != 0; {
		s := b.PopLSB()
		n = addMoves(buf, n, s, bb.KnightAttacks(s)&target)
	}
	for b := p.byType[Alfil] & free; b != 0; {
		s := b.PopLSB()
		n = addMoves(buf, n, s, alfilAttacks[s]&target)
	}
	for b := p.byType[Ferz] & free; b != 0; {
		s := b.PopLSB()
		n = addMoves(buf, n, s, ferzAttacks[s]&target)
	}
	for b := p.byType[Rukh] & own; b != 0; {
		s := b.PopLSB()
		to := bb.RookAttacks(s, occ) & target
		if pinned.Has(s) {
			to &= bb.Line(ksq, s)
		}
		n = addMoves(buf, n, s, to)
	}

	// Baidaqs. Pinned ones can only push along the pinning file.
	pawns := p.byType[Baidaq] & own
	empty := ^occ
	pinnedPawns := pawns & pinned
	pawns &^= pinned
	if us == White {
		n = addShifted(buf, n, pawns<<8&empty&target, 8)
		n = addShifted(buf, n, (pawns&notA)<<7&opp&target, 7)
		n = addShifted(buf, n, (pawns&notH)<<9&opp&target, 9)
		for pinnedPawns != 0 {
			s := pinnedPawns.PopLSB()
			n = addMoves(buf, n, s, s.Bit()<<8&empty&target&bb.Line(ksq, s))
		}
	} else {
		n = addShifted(buf, n, pawns>>8&empty&target, -8)
		n = addShifted(buf, n, (pawns&notA)>>9&opp&target, -9)
		n = addShifted(buf, n, (pawns&notH)>>7&opp&target, -7)
		for pinnedPawns != 0 {
			s := pinnedPawns.PopLSB()
			n = addMoves(buf, n, s, s.Bit()>>8&empty&target&bb.Line(ksq, s))
		}
	}
	return n
}
