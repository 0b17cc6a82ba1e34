package fairy

// maxExchange bounds the captures SEE follows on one square.
const maxExchange = 32

// SEE is the static exchange evaluation of m: the material, by values (a
// value by KindID), that m and the captures in turn on its destination
// win for the side to move, each side taking with its least valuable
// attacker and free to stop. The board is changed as the exchange goes
// and restored, so that every piece's attack is the board's own: a
// slider behind a capturer (an x-ray), a hopper whose screen left or
// came, a lame leap unblocked. A royal piece takes only where the
// opponent then attacks the square no more. Pins, promotions during the
// exchange and capture effects (blasts, petrification) are not seen.
// Castling and passes are worth 0.
func (p *Position) SEE(m Move, values []int) int {
	if m&(flagCastle|flagPass) != 0 || m.from() == m.to() {
		return 0
	}
	from, to := m.from(), m.to()
	capSq := to
	if m&flagEP != 0 {
		capSq = p.victim
	}
	mover, victim, onTo := p.board[from], p.board[capSq], p.board[to]
	var gain [maxExchange]int
	if victim != 0 {
		gain[0] = values[kindOf(victim)]
	}
	moved := mover
	if m&flagPromo != 0 {
		moved = m.extra() | owner(mover)<<5
		gain[0] += values[m.extra()] - values[kindOf(mover)]
	}
	p.board[from], p.board[capSq], p.board[to] = 0, 0, moved
	var taken, takers [maxExchange]uint8 // the capturers' squares and pieces
	d := 0
	for side := owner(mover) ^ 1; d+1 < maxExchange; side ^= 1 {
		sq, ok := p.attacker(to, side, values)
		if !ok {
			break
		}
		pc := p.board[sq]
		if p.r.kinds[kindOf(pc)].royal {
			p.board[sq] = 0
			guarded := p.attacked(to, side^1)
			p.board[sq] = pc
			if guarded {
				break
			}
		}
		d++
		gain[d] = values[kindOf(p.board[to])] - gain[d-1]
		taken[d], takers[d] = sq, pc
		p.board[to], p.board[sq] = pc, 0
	}
	for i := 1; i <= d; i++ {
		p.board[taken[i]] = takers[i]
	}
	p.board[to], p.board[capSq], p.board[from] = onTo, victim, mover
	for ; d > 0; d-- {
		gain[d-1] = -max(-gain[d-1], gain[d])
	}
	return gain[0]
}
