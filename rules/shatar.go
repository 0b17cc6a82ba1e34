package rules

// ShatarMate is Shatar's mating rule (Fairy-Stockfish's shatarMateRule):
// a checkmate counts only when a shak, a check by one of the Shak kinds
// (knight, rook or bers), was among the checks the mating side has given
// without a break, move after move, up to the mate; a mate after checks
// by none of them (niol) is a draw. A mate given by knights alone is not
// allowed: the mated side wins.
//
// The series of checks is position state (moveRulesState), not in the
// FEN: a position read from a FEN starts its series with the check on
// the board, as Fairy-Stockfish's does.
type ShatarMate struct {
	// Knights are the letters of the kinds that may not mate alone.
	Knights string
	// Shak are the letters of the kinds whose check is a shak.
	Shak string
}

// hasLetter reports whether kind id's letter is one of letters.
func (p *Position) hasLetter(id KindID, letters string) bool {
	l := p.v.Kind(id).Letter
	for i := 0; i < len(letters); i++ {
		if letters[i] == l {
			return true
		}
	}
	return false
}

// checkers lists the squares of the pieces that give check to the side
// to move.
func (p *Position) checkers() []Piece {
	var out []Piece
	for _, sq := range p.v.Size.Squares() {
		pc := p.board.At(sq)
		if pc.Empty() || pc.Owner != p.turn || !p.v.Kind(pc.Kind).Royal {
			continue
		}
		for _, from := range p.attackers(sq, p.turn.Opponent(), -1) {
			out = append(out, p.board.At(from))
		}
	}
	return out
}

// countShak updates the series of checks of the player who has just
// moved from before to p: it goes on, with a shak or not, when the move
// gave check, and ends when it did not.
func (p *Position) countShak(before *Position) {
	s := p.v.Moves.Shatar
	mover := p.turn.Opponent()
	checks := p.checkers()
	if len(checks) == 0 {
		p.moves.series[mover] = 0
		return
	}
	p.moves.series[mover] = max(before.moves.series[mover], 1)
	for _, pc := range checks {
		if p.hasLetter(pc.Kind, s.Shak) {
			p.moves.series[mover] = 2
		}
	}
}

// shatarOutcome is the end of a checkmate under ShatarMate: the mated
// side wins when knights alone give the mate, the mate stands when the
// series of checks had a shak, and the game is drawn otherwise.
func (p *Position) shatarOutcome() (Outcome, bool) {
	s := p.v.Moves
	if s == nil || s.Shatar == nil {
		return Outcome{}, false
	}
	knights := true
	for _, pc := range p.checkers() {
		knights = knights && p.hasLetter(pc.Kind, s.Shatar.Knights)
	}
	switch {
	case knights:
		return Outcome{Winner: p.turn, Reason: KnightMate}, true
	case p.moves.series[p.turn.Opponent()] == 2:
		return Outcome{Winner: p.turn.Opponent(), Reason: Checkmate}, true
	}
	return Outcome{Draw: true, Reason: NoShak}, true
}

// startSeries starts the series of checks of a position read from a FEN
// with the check on the board.
func (p *Position) startSeries() {
	if p.v.Moves != nil && p.v.Moves.Shatar != nil {
		p.countShak(p)
	}
}
