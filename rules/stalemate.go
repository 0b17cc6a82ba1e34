package rules

// StalemateRule refines the result of stalemate (NoMoves) for the
// antichess family. A nil StalemateRule leaves NoMoves alone to decide.
type StalemateRule struct {
	// ByPieceCount is Fairy-Stockfish's stalematePieceCount (suicide
	// chess): a stalemated side with fewer pieces than its opponent gets
	// the NoMoves result, one with more pieces the opposite result, and
	// equal counts draw. Every piece counts, royal ones too.
	ByPieceCount bool
}

// noMovesWon is the reason of a win by the side to move for having no
// legal move: NoMovesWin where it has no royal piece (the reason would
// otherwise be NoMoves, whose words name the side without moves as the
// loser); Stalemate stays as it is.
func noMovesWon(reason Reason) Reason {
	if reason == NoMoves {
		return NoMovesWin
	}
	return reason
}

// stalemateByCount is the outcome of a stalemate of the side to move under
// the variant's StalemateRule, with reason PieceCount; false when the rule
// does not decide it. reason is the reason the stalemate has otherwise.
func (p *Position) stalemateByCount(reason Reason) (Outcome, bool) {
	s := p.v.Stalemate
	if s == nil || !s.ByPieceCount {
		return Outcome{}, false
	}
	us, them := p.turn, p.turn.Opponent()
	mine := p.count(us, false) + p.count(us, true)
	theirs := p.count(them, false) + p.count(them, true)
	reason = PieceCount
	if mine == theirs {
		return Outcome{Draw: true, Reason: reason}, true
	}
	// The NoMoves result goes to the side with fewer pieces.
	fewer := us
	if mine > theirs {
		fewer = them
	}
	switch p.v.NoMoves {
	case NoMovesDraw:
		return Outcome{Draw: true, Reason: reason}, true
	case NoMovesWins:
		return Outcome{Winner: fewer, Reason: reason}, true
	}
	return Outcome{Winner: fewer.Opponent(), Reason: reason}, true
}
